using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastSerialization.Files;

/// <summary>
/// The records of one block of a record file, all of the fixed-layout struct <typeparamref name="T"/>, as views: into
/// the mapped file (<see cref="MappedRecordFile.GetFixedBlock{T}"/>, nothing is copied; valid until the file is
/// disposed), or into a reader's block buffer (<see cref="RecordFileReader.ReadFixedBlock{T}"/>, the block read once;
/// valid until the reader reads again).
/// </summary>
/// <typeparam name="T">The fixed-layout struct (docs/FORMAT.md section 3b).</typeparam>
/// <remarks>
/// The records sit one after another with their 5-byte headers between them, so an element may start at any byte:
/// the views rely on unaligned loads, which x64 and Arm64 do in hardware (as <c>FastBinaryReader.ReadFixedView</c> does).
/// </remarks>
public readonly ref struct FixedRecordBlock<T>
    where T : unmanaged
{
    private readonly ReadOnlySpan<byte> _body;
    private readonly int _stride;
    private readonly int _payloadOffset;

    internal FixedRecordBlock(ReadOnlySpan<byte> body, int count, int stride, int payloadOffset, long firstRecordNumber)
    {
        _body = body;
        Count = count;
        _stride = stride;
        _payloadOffset = payloadOffset;
        FirstRecordNumber = firstRecordNumber;
    }

    /// <summary>The number of records in the block.</summary>
    public int Count { get; }

    /// <summary>The record number of the block's first record.</summary>
    public long FirstRecordNumber { get; }

    /// <summary>The record at <paramref name="index"/> in the block, in place.</summary>
    /// <param name="index">0 to <see cref="Count"/> - 1.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside the block.</exception>
    public ref readonly T this[int index]
    {
        get
        {
            if ((uint)index >= (uint)Count)
            {
                ThrowIndex(index);
            }

            return ref Unsafe.As<byte, T>(ref Unsafe.Add(ref MemoryMarshal.GetReference(_body), (index * _stride) + _payloadOffset));
        }
    }

    /// <summary>Enumerates the records in place: <c>foreach (ref readonly T record in block)</c>.</summary>
    /// <returns>The enumerator.</returns>
    public Enumerator GetEnumerator() => new(_body, Count, _stride, _payloadOffset);

    private static void ThrowIndex(int index) => throw new ArgumentOutOfRangeException(nameof(index), index, "Outside the block.");

    /// <summary>Walks the records of a <see cref="FixedRecordBlock{T}"/> in place.</summary>
    public ref struct Enumerator
    {
        private readonly ref byte _start;
        private readonly int _stride;
        private readonly int _count;
        private int _index;

        internal Enumerator(ReadOnlySpan<byte> body, int count, int stride, int payloadOffset)
        {
            _start = ref count == 0 ? ref MemoryMarshal.GetReference(body) : ref Unsafe.Add(ref MemoryMarshal.GetReference(body), payloadOffset);
            _stride = stride;
            _count = count;
            _index = -1;
        }

        /// <summary>The current record, in place.</summary>
        public readonly ref readonly T Current
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)] // a call per record would cost as much as the scan's own work
            get => ref Unsafe.As<byte, T>(ref Unsafe.Add(ref _start, _index * _stride));
        }

        /// <summary>Moves to the next record.</summary>
        /// <returns>False after the last one.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool MoveNext() => ++_index < _count;
    }
}
