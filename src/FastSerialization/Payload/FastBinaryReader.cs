using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastSerialization;

/// <summary>
/// Reads the primitive encodings of the FastSerialization wire format (explicit little-endian) from
/// a span, within a frame: the record being read, or the nested object being read. Method names
/// follow <see cref="System.IO.BinaryReader"/>.
/// </summary>
/// <remarks>
/// <para>
/// A read that needs more bytes than the current frame has left throws
/// <see cref="FastSerializationException"/> naming the offset, the type id and both counts: it never
/// reads into the next member of an enclosing object or into the next record. Use
/// <see cref="HasRemaining"/> before reading a member that a newer version of the type appended, so
/// that data written by an older version reads with that member left at its default.
/// </para>
/// <para>
/// Offsets in messages and in <see cref="Position"/> count from the start of the data the reader was
/// made over; for a record read by <see cref="CustomBinaryFormatter"/>, from its length prefix.
/// </para>
/// </remarks>
public ref partial struct FastBinaryReader
{
    // What a record's reader is made of, kept small: it is made for every record (the reader of a small record is set up
    // in a handful of stores; the registry and the limits are one reference to the formatter's ReaderLimits).
    private readonly ReadOnlySpan<byte> _data;
    private readonly ReaderLimits? _limits;
    private readonly int _typeId;
    private int _position;
    private int _end;
    private int _depth;
    private AllocationBudget _allocation;
    private ReadReferences? _references;

    /// <summary>Creates a reader over <paramref name="data"/>, whose frame is the whole span.</summary>
    /// <param name="data">The bytes to read.</param>
    /// <remarks>
    /// A reader made this way has no type registry: it reads nested objects whose declared type is
    /// sealed or a struct, but a polymorphic nested object needs the reader a
    /// <see cref="CustomBinaryFormatter"/> provides. Its depth limit is
    /// <see cref="CustomBinaryFormatterOptions.DefaultMaxDepth"/>, and unread bytes of nested objects
    /// are skipped.
    /// </remarks>
    public FastBinaryReader(ReadOnlySpan<byte> data)
        : this(data, 0, data.Length)
    {
    }

    /// <summary>A reader with no registry and the default limits, whose frame is <paramref name="position"/> to <paramref name="end"/>.</summary>
    internal FastBinaryReader(ReadOnlySpan<byte> data, int position, int end)
        : this(data, position, end, ReaderLimits.Default, typeId: 0)
    {
    }

    /// <summary>A reader for the payload of a record.</summary>
    /// <param name="data">The record's bytes.</param>
    /// <param name="position">Where the payload starts.</param>
    /// <param name="end">Where the record ends.</param>
    /// <param name="limits">The registry and the limits to read with (a formatter's own, made once).</param>
    /// <param name="typeId">The record's type id, for messages.</param>
    internal FastBinaryReader(ReadOnlySpan<byte> data, int position, int end, ReaderLimits limits, int typeId)
    {
        // The fixed-width reads check a value against the frame only (TakeRef): the frame must lie in the data.
        if ((uint)end > (uint)data.Length || (uint)position > (uint)end)
        {
            ThrowBadFrame(position, end, data.Length);
        }

        _data = data;
        _limits = limits;
        _typeId = typeId;
        _position = position;
        _end = end;
        _depth = 0;
        _allocation = new AllocationBudget();
        _references = null;
    }

    /// <summary>The registry and limits to read with; a reader made as <c>default</c> has the default limits and no registry.</summary>
    private readonly ReaderLimits Limits
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _limits ?? ReaderLimits.Default;
    }

    /// <summary>The offset of the next byte to read, from the start of the data.</summary>
    public readonly int Position => _position;

    /// <summary>The number of bytes left in the current frame (the record, or the nested object being read).</summary>
    public readonly int Remaining => _end - _position;

    /// <summary>
    /// True when the current frame has bytes left. Generated readers ask this before each member, so
    /// that members an older writer did not write keep their defaults; hand-written readers may too.
    /// </summary>
    public readonly bool HasRemaining => _position < _end;

    /// <summary>Skips <paramref name="count"/> bytes of the current frame.</summary>
    /// <param name="count">The number of bytes to skip.</param>
    /// <exception cref="FastSerializationException">The frame has fewer bytes left.</exception>
    public void Skip(int count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowNegativeCount(count);
        }

        Take(count, "skipped bytes");
    }

    /// <summary>
    /// Takes the next <paramref name="size"/> bytes of the frame as a run of fixed-width values, read at
    /// their offsets through the returned <see cref="FixedRunReader"/>: one bounds check for the whole run.
    /// </summary>
    /// <param name="size">The run's size in bytes: the sum of its values' widths.</param>
    /// <returns>The run.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="size"/> is negative.</exception>
    /// <exception cref="FastSerializationException">The frame has fewer bytes left (nothing is taken).</exception>
    /// <remarks>
    /// A type whose newer versions append members reads a run this way only when <see cref="Remaining"/>
    /// says the frame holds all of it, and member by member otherwise, so that data from an older writer
    /// still reads with the missing members at their defaults.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public FixedRunReader ReadFixedRun(int size)
    {
        if (size < 0)
        {
            ThrowHelper.ThrowNegativeCount(size);
        }

        int start = _position;
        return new FixedRunReader(Take(size, "fixed run"), start, _typeId);
    }

    /// <summary>Returns the next <paramref name="count"/> bytes of the frame and moves past them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ReadOnlySpan<byte> Take(int count, string what)
    {
        int position = _position;
        if ((uint)count > (uint)(_end - position))
        {
            ThrowTruncated(count, what);
        }

        _position = position + count;
        return _data.Slice(position, count);
    }

    /// <summary>
    /// Returns a reference to the next <paramref name="count"/> bytes of the frame and moves past them: the one
    /// bounds check of a fixed-width read. The frame lies in the data (checked when the reader is made, and a
    /// nested frame only ever shrinks it), so the bytes are there.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref byte TakeRef(int count, string what)
    {
        int position = _position;
        if ((uint)count > (uint)(_end - position))
        {
            ThrowTruncated(count, what);
        }

        _position = position + count;
        return ref Unsafe.Add(ref MemoryMarshal.GetReference(_data), (nint)(uint)position);
    }

    [DoesNotReturn]
    private static void ThrowBadFrame(int position, int end, int length) =>
        throw new ArgumentOutOfRangeException(nameof(end), $"The frame {position}..{end} does not lie in the {length} bytes of data.");

    // A body that only throws (no NoInlining, no return): the JIT then knows a call to it never returns, and keeps
    // the read paths free of what a returning call would cost (registers kept around it, a jump back).
    [DoesNotReturn]
    private readonly void ThrowTruncated(long needed, string what) =>
        throw ThrowHelper.Truncated(what, _position, _typeId, needed, _end - _position);

    [MethodImpl(MethodImplOptions.NoInlining)]
    internal readonly FastSerializationException Malformed(string message) =>
        ThrowHelper.Malformed(message, _position, _typeId);

    /// <summary>Reads a type id: a varuint32 from 1 to 2^31-1.</summary>
    internal uint ReadTypeId()
    {
        int start = _position;
        uint id = ReadVarUInt32();
        if (id == 0 || id > int.MaxValue)
        {
            _position = start;
            throw Malformed(id == 0 ? "type id 0 is reserved and never written" : $"type id {id} is above 2^31-1");
        }

        return id;
    }

    /// <summary>Moves to the end of the current frame (tolerant) or fails naming the type (strict).</summary>
    internal void FinishFrame(Type type)
    {
        if (_position != _end)
        {
            if (Limits.RejectUnreadBytes)
            {
                ThrowHelper.ThrowUnreadBytes(type, _end - _position, _position, _typeId);
            }

            _position = _end;
        }
    }
}
