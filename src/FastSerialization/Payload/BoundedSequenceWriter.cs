using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastSerialization;

/// <summary>
/// The elements of a collection of nested structs whose payloads have a known bound, written one after another into the
/// <see cref="FastBinaryWriter"/>'s buffer with the position in a register: each element as
/// <see cref="FastBinaryWriter.BeginBoundedObject{T}"/> and <see cref="FastBinaryWriter.EndBoundedObject"/> write it (the
/// same bytes: a one-byte length, then the payload), without going back to the writer between them. The depth limit is
/// asked once, by <see cref="FastBinaryWriter.BeginBoundedSequence{T}"/>; the room for the next element is one compare.
/// </summary>
/// <typeparam name="T">The struct type of the elements.</typeparam>
/// <remarks>
/// For each element, call <see cref="BeginElement"/> with the writer, write the element's payload through the run it
/// gives, then pass the run to <see cref="EndElement"/>. After the last element, give the sequence back to the writer
/// with <see cref="FastBinaryWriter.EndBoundedSequence{T}"/> before any other call on the writer. The source generator
/// writes arrays and lists of bounded structs (docs/GENERATOR.md) this way.
/// </remarks>
[System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
public ref struct BoundedSequenceWriter<T>
    where T : struct, ICustomBinarySerializable
{
    private readonly int _start;
    private readonly int _bound;
    private readonly int _maxDepth;
    private readonly bool _tooDeep;
    private Span<byte> _bytes;
    private int _position;
    private int _last;

    internal BoundedSequenceWriter(Span<byte> bytes, int start, int bound, bool tooDeep, int maxDepth)
    {
        _bytes = bytes;
        _start = start;
        _position = start;
        _bound = bound;
        _tooDeep = tooDeep;
        _maxDepth = maxDepth;
        _last = LastStart(bytes.Length, bound, tooDeep);
    }

    /// <summary>The writer's position after the elements written so far.</summary>
    public readonly int Position => _position;

    /// <summary>Where the first element began: where the writer stood at <see cref="FastBinaryWriter.BeginBoundedSequence{T}"/>.</summary>
    internal readonly int Start => _start;

    /// <summary>The first byte of the buffer the elements are in, to tell it from any other.</summary>
    internal readonly ref byte BufferStart => ref MemoryMarshal.GetReference(_bytes);

    /// <summary>The buffer's length.</summary>
    internal readonly int BufferLength => _bytes.Length;

    /// <summary>
    /// Begins the next element: makes room for its length byte and its bound (moving to a larger buffer when the writer's
    /// is full) and returns the run its payload is written through.
    /// </summary>
    /// <param name="writer">The writer this sequence came from (it gives a larger buffer when this one is full).</param>
    /// <returns>The element's payload writer: write the payload, then pass it to <see cref="EndElement"/>.</returns>
    /// <exception cref="FastSerializationException">Nesting would go deeper than <see cref="CustomBinaryFormatterOptions.MaxDepth"/>, as for <see cref="FastBinaryWriter.WriteObject{T}"/>.</exception>
    /// <exception cref="InvalidOperationException"><paramref name="writer"/> is not the writer this sequence came from, or was written to since.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public BoundedRunWriter BeginElement(scoped ref FastBinaryWriter writer)
    {
        if (_position > _last)
        {
            _bytes = MakeRoom(ref writer, _start, _position, _bound, _tooDeep, _maxDepth, ref MemoryMarshal.GetReference(_bytes));
            _last = LastStart(_bytes.Length, _bound, tooDeep: false);
        }

        return new BoundedRunWriter(_bytes.Slice(_position + 1, _bound), _position);
    }

    /// <summary>
    /// Ends the element <see cref="BeginElement"/> began: stores its length in front of the payload written through
    /// <paramref name="run"/> and moves past both.
    /// </summary>
    /// <param name="run">The run <see cref="BeginElement"/> gave, as the payload left it.</param>
    /// <exception cref="InvalidOperationException"><paramref name="run"/> is not the run of this sequence's last element.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndElement(scoped ref BoundedRunWriter run)
    {
        int header = _position;
        if (run.Header != header || run.Capacity != _bound || (uint)(header + 1 + _bound) > (uint)_bytes.Length
            || !Unsafe.AreSame(ref run.First, ref Unsafe.Add(ref MemoryMarshal.GetReference(_bytes), (nint)(uint)(header + 1))))
        {
            ThrowHelper.ThrowForeignBoundedRunWriter();
        }

        int written = run.Written;
        Unsafe.Add(ref MemoryMarshal.GetReference(_bytes), (nint)(uint)header) = (byte)(written + 1);
        _position = header + 1 + written;
    }

    /// <summary>
    /// The element that does not fit in the buffer, or one too deep: refused, or the writer grows its buffer (keeping the
    /// elements written so far) and the sequence goes on in the new one. Out of line, so that each element pays one
    /// compare, and static, so that the sequence itself stays in registers.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static Span<byte> MakeRoom(scoped ref FastBinaryWriter writer, int start, int position, int bound, bool tooDeep, int maxDepth, ref byte buffer)
    {
        if (tooDeep)
        {
            ThrowHelper.ThrowWriteTooDeep(typeof(T), maxDepth);
        }

        return writer.GrowForBoundedSequence(start, position, 1 + bound, ref buffer);
    }

    /// <summary>The last position an element can start at in a buffer of <paramref name="length"/> bytes; -1 (every element goes out of line) when too deep.</summary>
    private static int LastStart(int length, int bound, bool tooDeep) => tooDeep ? -1 : length - 1 - bound;
}
