using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastSerialization;

/// <summary>
/// Writes the primitive encodings of the FastSerialization wire format (explicit little-endian)
/// into a contiguous buffer: a span borrowed from the destination while the data fits in it, then a
/// pooled array. Method names follow <see cref="System.IO.BinaryWriter"/>.
/// </summary>
/// <remarks>
/// <para>
/// A <see cref="CustomBinaryFormatter"/> hands a writer to <see cref="ICustomBinarySerializable.WriteDataTo"/>;
/// a writer can also be made over any <see cref="IBufferWriter{T}"/> to write a payload by hand, in
/// which case <see cref="Flush"/> commits what was written.
/// </para>
/// <para>
/// Bytes reach the destination only when the writer is flushed (the formatter does this once the
/// record is complete), so an exception thrown while writing leaves no partial record behind.
/// </para>
/// </remarks>
public ref partial struct FastBinaryWriter
{
    private const int MinimumBufferSize = 256;
    private const int MaxArrayLength = 0x7FFFFFC7;

    private Span<byte> _buffer;
    private int _position;
    private byte[]? _rented;
    private readonly IBufferWriter<byte>? _output;
    private readonly TypeRegistry? _registry;
    private readonly int _maxDepth;
    private int _depth;
    private WriteReferences? _references;

    /// <summary>
    /// Creates a writer whose bytes go to <paramref name="output"/> when <see cref="Flush"/> is called.
    /// </summary>
    /// <param name="output">The destination.</param>
    /// <exception cref="ArgumentNullException"><paramref name="output"/> is null.</exception>
    /// <remarks>
    /// A writer made this way has no type registry: it writes nested objects whose declared type is
    /// sealed or a struct, but a polymorphic nested object needs the writer a
    /// <see cref="CustomBinaryFormatter"/> provides. Its depth limit is
    /// <see cref="CustomBinaryFormatterOptions.DefaultMaxDepth"/>.
    /// </remarks>
    public FastBinaryWriter(IBufferWriter<byte> output)
        : this(output, MinimumBufferSize, registry: null, CustomBinaryFormatterOptions.DefaultMaxDepth)
    {
    }

    /// <summary>A writer over the span <paramref name="output"/> gives for <paramref name="sizeHint"/> bytes.</summary>
    /// <param name="output">The destination.</param>
    /// <param name="sizeHint">The size asked of the destination's first span.</param>
    /// <param name="registry">The registry polymorphic nested objects take their ids from, or null.</param>
    /// <param name="maxDepth">How deep nested objects may go.</param>
    internal FastBinaryWriter(IBufferWriter<byte> output, int sizeHint, TypeRegistry? registry, int maxDepth)
    {
        ArgumentNullException.ThrowIfNull(output);
        _output = output;
        _registry = registry;
        _maxDepth = maxDepth;
        _buffer = output.GetSpan(sizeHint);
        _position = 0;
        _rented = null;
        _depth = 0;
        _references = null;
    }

    /// <summary>A writer over a caller-owned span; it moves to a pooled array if the span is too small.</summary>
    internal FastBinaryWriter(Span<byte> initial, TypeRegistry? registry, int maxDepth)
    {
        _output = null;
        _registry = registry;
        _maxDepth = maxDepth;
        _buffer = initial;
        _position = 0;
        _rented = null;
        _depth = 0;
        _references = null;
    }

    /// <summary>A writer that starts in a pooled array of at least <paramref name="sizeHint"/> bytes.</summary>
    internal FastBinaryWriter(int sizeHint, TypeRegistry? registry, int maxDepth)
    {
        _output = null;
        _registry = registry;
        _maxDepth = maxDepth;
        _rented = ArrayPool<byte>.Shared.Rent(Math.Max(sizeHint, MinimumBufferSize));
        _buffer = _rented;
        _position = 0;
        _depth = 0;
        _references = null;
    }

    /// <summary>The number of bytes written so far and not yet flushed.</summary>
    public readonly int BytesPending => _position;

    /// <summary>The bytes written so far (internal: the formatter copies them to a stream or array).</summary>
    internal readonly ReadOnlySpan<byte> WrittenSpan => _buffer.Slice(0, _position);

    /// <summary>True while the bytes still sit in the span the writer was created over (nothing was copied).</summary>
    internal readonly bool IsInInitialBuffer => _rented is null;

    /// <summary>
    /// Commits the bytes written so far to the destination given to the constructor and returns any
    /// pooled buffer. The writer can go on writing afterwards.
    /// </summary>
    /// <exception cref="InvalidOperationException">The writer was not created over an <see cref="IBufferWriter{T}"/>.</exception>
    public void Flush()
    {
        IBufferWriter<byte> output = Commit();
        _buffer = output.GetSpan(MinimumBufferSize);
    }

    /// <summary>Commits the bytes written so far to the destination; the writer needs a new span before it writes again.</summary>
    internal IBufferWriter<byte> Commit()
    {
        IBufferWriter<byte> output = _output ?? throw new InvalidOperationException(
            "This writer was not created over an IBufferWriter<byte>; the CustomBinaryFormatter call that made it writes its bytes when the record is complete.");
        if (_rented is null)
        {
            output.Advance(_position);
        }
        else
        {
            // The data outgrew the span the destination first gave: one copy into it.
            output.Write(_buffer.Slice(0, _position));
            ReturnBuffer();
        }

        _position = 0;
        _buffer = default;
        return output;
    }

    /// <summary>Writes the bytes written so far to <paramref name="stream"/> in one call (pooled-buffer writers only).</summary>
    internal readonly void WriteTo(System.IO.Stream stream) => stream.Write(_rented!, 0, _position);

    /// <summary>Hands the pooled array over to the caller, who returns it to <see cref="ArrayPool{T}.Shared"/>.</summary>
    internal byte[] DetachBuffer(out int length)
    {
        byte[] rented = _rented!;
        length = _position;
        _rented = null;
        _buffer = default;
        _position = 0;
        return rented;
    }

    /// <summary>Returns the pooled array, if any. The writer must not be used afterwards.</summary>
    internal void ReturnBuffer()
    {
        byte[]? rented = _rented;
        if (rented is not null)
        {
            _rented = null;
            _buffer = default;
            _position = 0; // the position never passes the buffer's end: Reserve relies on it
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>
    /// Returns a span of at least <paramref name="count"/> writable bytes at the current position; the
    /// caller fills some of them, then moves past them with <see cref="Advance"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal Span<byte> GetSpan(int count)
    {
        if ((uint)count > (uint)(_buffer.Length - _position))
        {
            Grow(count);
        }

        return _buffer.Slice(_position);
    }

    /// <summary>
    /// Makes room for <paramref name="count"/> bytes at the current position and returns a reference to the
    /// first, without moving past them: the one capacity check of a fixed-width write, which then stores at
    /// the reference (<see cref="LittleEndian"/>) and adds its width to the position. Safe because the position
    /// never passes the buffer's length and the check leaves <paramref name="count"/> bytes after it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref byte Reserve(int count)
    {
        if ((uint)count > (uint)(_buffer.Length - _position))
        {
            Grow(count);
        }

        return ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), (nint)(uint)_position);
    }

    /// <summary>
    /// Reserves the next <paramref name="size"/> bytes for a run of fixed-width values and counts them as
    /// written: one capacity check and one position update for the whole run. Fill the run through the
    /// returned <see cref="FixedRunWriter"/> before the next call on this writer.
    /// </summary>
    /// <param name="size">The run's size in bytes: the sum of its values' widths.</param>
    /// <returns>The run, its bytes zeroed until written.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="size"/> is negative.</exception>
    /// <exception cref="FastSerializationException">The payload would pass 2 GiB.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public FixedRunWriter WriteFixedRun(int size)
    {
        if (size < 0)
        {
            ThrowHelper.ThrowNegativeCount(size);
        }

        Span<byte> run = GetSpan(size).Slice(0, size);
        run.Clear();
        _position += size;
        return new FixedRunWriter(run);
    }

    /// <summary>Moves the written bytes to a pooled array with room for <paramref name="count"/> more.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Grow(int count)
    {
        long needed = (long)_position + count;
        if (needed > int.MaxValue)
        {
            ThrowHelper.ThrowTooLargeToWrite(needed);
        }

        long doubled = Math.Max((long)_buffer.Length * 2, MinimumBufferSize);
        int newSize = (int)Math.Min(Math.Max(doubled, needed), MaxArrayLength);
        if (newSize < needed)
        {
            newSize = (int)needed;
        }

        byte[] next = ArrayPool<byte>.Shared.Rent(newSize);
        _buffer.Slice(0, _position).CopyTo(next);
        byte[]? old = _rented;
        _rented = next;
        _buffer = next;
        if (old is not null)
        {
            ArrayPool<byte>.Shared.Return(old);
        }
    }

    /// <summary>Moves past <paramref name="count"/> bytes filled in the span <see cref="GetSpan"/> returned.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void Advance(int count) => _position += count;

    /// <summary>
    /// Writes the start of a record's header: room for its length, filled in by <see cref="PatchRecordLength"/> once the
    /// payload is written, then its type id. One capacity check for both (a type id below 128, one byte, is stored
    /// directly); returns where the record starts.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int BeginRecordHeader(uint typeId)
    {
        int start = _position;
        ref byte at = ref Reserve(RecordFrame.MaxHeaderSize);
        if (typeId < 0x80)
        {
            Unsafe.Add(ref at, RecordFrame.LengthPrefixSize) = (byte)typeId;
            _position = start + RecordFrame.LengthPrefixSize + 1;
        }
        else
        {
            _position = start + RecordFrame.LengthPrefixSize + VarInt.Write(_buffer.Slice(start + RecordFrame.LengthPrefixSize), typeId);
        }

        return start;
    }

    /// <summary>
    /// Fills in the length of the record that <see cref="BeginRecordHeader"/> began at <paramref name="start"/>. No check:
    /// the header's bytes were reserved then, and the buffer only grows (a larger one holds a copy of them).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal readonly void PatchRecordLength(int start, uint length)
    {
        System.Diagnostics.Debug.Assert((uint)start <= (uint)(_position - RecordFrame.LengthPrefixSize), "the record's header lies before the position");
        LittleEndian.WriteUInt32(ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), (nint)(uint)start), length);
    }
}
