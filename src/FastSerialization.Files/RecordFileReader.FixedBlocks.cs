using System;
using System.IO;
using FastSerialization.Files.Internal;

namespace FastSerialization.Files;

/// <summary>Views of fixed-layout blocks (<see cref="ReadFixedBlock{T}"/>), and the read-ahead of a scan in order.</summary>
public sealed partial class RecordFileReader
{
    /// <summary>How many bytes a scan in order reads at once (more when one block is larger): fewer, larger reads of the file.</summary>
    private const int ReadAheadBytes = 256 * 1024;

    private FixedShape? _fixedShape;
    private Type? _fixedShapeType;

    // Blocks _aheadFirst to _aheadEnd - 1 are in _raw, from its start, read together by a scan in order (ReadFixedBlock).
    private int _aheadFirst = -1;
    private int _aheadEnd = -1;
    private int _lastFixedBlock = -1;

    /// <summary>
    /// Reads block <paramref name="blockIndex"/> (at most one read of the file), checks it as every read does, and returns its
    /// records as views of <typeparamref name="T"/> in this reader's block buffer: no record is deserialized or copied
    /// again. The views are valid until this reader reads again (any of its read methods) or is disposed.
    /// </summary>
    /// <typeparam name="T">A fixed-layout struct (<c>[BinarySerializable(FixedLayout = true)]</c>) registered with the formatter.</typeparam>
    /// <param name="blockIndex">0 to <see cref="BlockCount"/> - 1.</param>
    /// <returns>The block's records, in the buffer.</returns>
    /// <remarks>
    /// <para>Compressed blocks are decompressed into the buffer first, which <see cref="MappedRecordFile"/> cannot view.</para>
    /// <para>For a scan of a file opened once and read once, reading its blocks can beat mapping it: the first touch of
    /// each page of a new mapping costs a page fault, and on some virtual machines much more (on the project's benchmark
    /// machine a fresh mapping's first scan ran at a third of the speed of reading the same blocks; see
    /// benchmarks/results/record-files.md). A <see cref="MappedRecordFile"/> kept open is faster from its second scan on,
    /// since it reads and copies nothing.</para>
    /// </remarks>
    /// <exception cref="ArgumentOutOfRangeException">There is no such block.</exception>
    /// <exception cref="RecordFileCorruptedException">The block's header or checksum is wrong, it cannot be decompressed, or its records do not fill it.</exception>
    /// <exception cref="FastSerializationException">A record of the block is not a <typeparamref name="T"/>, or is longer than the formatter's <see cref="CustomBinaryFormatterOptions.MaxRecordLength"/> (the file is not damaged then; the message says how to raise the limit), as when records are read one at a time.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a registered fixed-layout struct.</exception>
    /// <exception cref="PlatformNotSupportedException">The struct's memory layout differs from its wire layout, or the machine is big-endian.</exception>
    public FixedRecordBlock<T> ReadFixedBlock<T>(int blockIndex)
        where T : unmanaged, ICustomBinarySerializable
    {
        try
        {
            return ReadFixedBlockOnce<T>(blockIndex);
        }
        catch (StaleIndexException)
        {
            RebuildWithoutIndex();
            return ReadFixedBlockOnce<T>(blockIndex);
        }
    }

    private FixedRecordBlock<T> ReadFixedBlockOnce<T>(int blockIndex)
        where T : unmanaged, ICustomBinarySerializable
    {
        ObjectDisposedException.ThrowIf(_handle.IsClosed, this);
        BlockMap blocks = _file.Blocks;
        if ((uint)blockIndex >= (uint)blocks.Count)
        {
            throw new ArgumentOutOfRangeException(nameof(blockIndex), blockIndex, $"The file has blocks 0 to {blocks.Count - 1}.");
        }

        FixedShape shape = _fixedShape is { } known && _fixedShapeType == typeof(T) ? known : FixedShape.Of<T>(_formatter);
        _fixedShape = shape;
        _fixedShapeType = typeof(T);
        if (_cachedBlock != blockIndex)
        {
            // The records are checked below against the type's shape, which also checks their framing.
            int length = BlockHeader.Size + blocks.StoredLength(blockIndex);
            int start;
            int read;
            if (blockIndex >= _aheadFirst && blockIndex < _aheadEnd)
            {
                // Read with the block before it, in one read of the file.
                _cachedBlock = -1;
                start = (int)(blocks.Offset(blockIndex) - blocks.Offset(_aheadFirst));
                read = length;
            }
            else
            {
                start = 0;
                read = ReadAhead(blockIndex, length);
            }

            AcceptBlock(blockIndex, start, read, length, checkFraming: false);
        }

        FixedRecordBlock<T> view = _file.Verifier.ViewFixed<T>(shape, _body.AsSpan(_bodyStart, _bodyLength), blocks.RecordCountOf(blockIndex), blocks.FirstRecord(blockIndex), blockIndex, blocks.Offset(blockIndex));
        _cachedBlock = blockIndex; // its records are whole records of T: the other read methods may use the block as it is
        _lastFixedBlock = blockIndex;
        return view;
    }

    /// <summary>
    /// Reads block <paramref name="block"/> into the raw buffer from its start and, when it follows the block viewed last
    /// (a scan in order), the blocks after it up to <see cref="ReadAheadBytes"/> in the same read of the file.
    /// </summary>
    /// <returns>How many bytes of the block itself were read (fewer than <paramref name="length"/>: the file was cut).</returns>
    private int ReadAhead(int block, int length)
    {
        BlockMap blocks = _file.Blocks;
        int end = block + 1;
        long first = blocks.Offset(block);
        if (block == _lastFixedBlock + 1)
        {
            while (end < blocks.Count && (end + 1 < blocks.Count ? blocks.Offset(end + 1) : blocks.End) - first <= ReadAheadBytes)
            {
                end++;
            }
        }

        int total = (int)((end < blocks.Count ? blocks.Offset(end) : blocks.End) - first);
        PrepareRaw(total);
        _fileReads++;
        int read = RandomAccess.Read(_handle, _raw.AsSpan(0, total), first);
        _aheadFirst = block;
        _aheadEnd = read == total ? end : block + 1; // a short read: the blocks after this one are read again, on their own
        return Math.Min(read, length);
    }
}
