using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Files.Internal;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Files;

/// <summary>
/// Reads a record file (docs/FORMAT.md section 9): in order, from a record number, or a range, through the index of
/// its blocks, so reading record <c>k</c> costs one read of one block.
/// </summary>
/// <remarks>
/// <para>Opening checks the header (a file written by a registry that does not match is refused before any record is
/// read), loads the index beside the file or walks the block headers, and stops before a torn tail
/// (<see cref="Recovery"/>). Each block is checked against its CRC-32C when it is read: a damaged block is a
/// <see cref="RecordFileCorruptedException"/> naming it and its offset, and no record of it is returned.</para>
/// <para>One reader is used from one thread at a time; open one reader per thread to read in parallel.</para>
/// </remarks>
public sealed class RecordFileReader : IDisposable
{
    /// <summary>How many bytes a scan in order reads at once (more when one block is larger): fewer, larger reads of the file.</summary>
    private const int ReadAheadBytes = 256 * 1024;

    private readonly SafeFileHandle _handle;
    private readonly string _path;
    private readonly CustomBinaryFormatter _formatter;
    private readonly int _maxRecordLength;
    private OpenedFile _file; // replaced once, by the blocks walked anew, when a block disagrees with the index (StaleIndex)
    private int _mapVersion; // counts those replacements: an enumeration under way finds its place again by record number
    private long _fileReads;
    private byte[] _raw = Array.Empty<byte>();
    private byte[] _inflated = Array.Empty<byte>();
    private byte[] _body = Array.Empty<byte>();
    private FixedShape? _fixedShape;
    private Type? _fixedShapeType;

    // Blocks _aheadFirst to _aheadEnd - 1 are in _raw, from its start, read together by a scan in order (ReadFixedBlock).
    private int _aheadFirst = -1;
    private int _aheadEnd = -1;
    private int _lastFixedBlock = -1;
    private int _bodyStart;
    private int _bodyLength;
    private int _cachedBlock = -1;

    private RecordFileReader(SafeFileHandle handle, string path, CustomBinaryFormatter formatter, OpenedFile file, long fileReads)
    {
        _handle = handle;
        _path = path;
        _formatter = formatter;
        _file = file;
        _fileReads = fileReads;
        _maxRecordLength = formatter.Options.MaxRecordLength;
    }

    /// <summary>The number of whole records in the file (as it was when opened).</summary>
    public long RecordCount => _file.Blocks.RecordCount;

    /// <summary>The number of whole blocks in the file (as it was when opened).</summary>
    public int BlockCount => _file.Blocks.Count;

    /// <summary>What opening found: the whole blocks, and the bytes of a torn tail this reader stops before.</summary>
    public RecordFileRecovery Recovery => _file.Recovery;

    /// <summary>
    /// True when the index beside the file is used; false when it was missing or stale and the blocks were walked instead,
    /// at open or when a read found a block that disagrees with it (the blocks are then walked once, and it stays false).
    /// </summary>
    public bool IndexUsed => _file.IndexUsed;

    /// <summary>The number of read calls this reader has made on the file so far, opening included: a measure of what a read costs.</summary>
    public long FileReadCount => _fileReads;

    /// <summary>Opens a record file to read it.</summary>
    /// <param name="path">The file.</param>
    /// <param name="formatter">The formatter whose registry reads the records; the file's must match it.</param>
    /// <returns>The reader.</returns>
    /// <exception cref="RecordFileCorruptedException">The file is not a record file, or a block before its tail is damaged.</exception>
    /// <exception cref="RecordFileRegistryMismatchException">The file was written by a registry that does not match.</exception>
    /// <exception cref="IOException">The file cannot be opened.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a directory, or this process may not open the file (as <see cref="File.Open(string, FileMode)"/> reports it).</exception>
    public static RecordFileReader Open(string path, CustomBinaryFormatter formatter)
    {
        OpenedFile file = OpenedFile.OpenForReading(path, formatter, out SafeFileHandle handle, out long reads);
        return new RecordFileReader(handle, path, formatter, file, reads);
    }

    /// <summary>
    /// Copies every record that can still be read from a damaged record file into a new one, and says where the damage
    /// was. Use it when <see cref="Open"/> or a read throws <see cref="RecordFileCorruptedException"/> for damage before
    /// the file's tail (a bad sector, a block overwritten): the blocks are walked from the file header on, each checked as
    /// a reader checks it (header, checksum, compression, every record read with <paramref name="formatter"/>), the
    /// records of each whole block that follows the records before it are copied exactly as they were written, and after
    /// a damaged stretch the walk goes on from the next whole block (docs/FORMAT.md section 9.4). The damaged file is only read; the index beside it is not used.
    /// </summary>
    /// <param name="damagedPath">The damaged record file.</param>
    /// <param name="newPath">The file to create; it must not exist. Its records are numbered from 0 again.</param>
    /// <param name="formatter">A formatter whose registry matches the one that wrote the file, as for <see cref="Open"/>.</param>
    /// <param name="options">The new file's block size and compression; null for the defaults. It is synced before this returns.</param>
    /// <returns>How many records were copied, and each damaged stretch with the records it held.</returns>
    /// <exception cref="RecordFileCorruptedException">The file header is damaged or not a record file's: without it nothing says how to read the blocks.</exception>
    /// <exception cref="RecordFileRegistryMismatchException">The file was written by a registry that does not match <paramref name="formatter"/>'s, or its records include a type of the file's registry that <paramref name="formatter"/> does not register (nothing of the new file is left).</exception>
    /// <exception cref="IOException">The damaged file cannot be read, or the new file exists or cannot be written (nothing of it is left then).</exception>
    public static RecordFileSalvage Salvage(string damagedPath, string newPath, CustomBinaryFormatter formatter, RecordFileWriterOptions? options = null) =>
        Salvager.Run(damagedPath, newPath, formatter, options);

    /// <summary>Reads record number <paramref name="recordNumber"/> (0 is the first): one binary search of the index, then at most one read of its block.</summary>
    /// <param name="recordNumber">0 to <see cref="RecordCount"/> - 1.</param>
    /// <returns>The record.</returns>
    /// <exception cref="ArgumentOutOfRangeException">There is no such record.</exception>
    /// <exception cref="RecordFileCorruptedException">Its block is damaged.</exception>
    /// <exception cref="RecordFileRegistryMismatchException">The record's type id is in the file's registry but not registered with this formatter (an id only one side has does not stop <see cref="Open"/>).</exception>
    public object ReadRecord(long recordNumber)
    {
        CheckRecordNumber(recordNumber, nameof(recordNumber));
        int block = LoadBlockOf(recordNumber);
        int position = SkipRecords((int)(recordNumber - _file.Blocks.FirstRecord(block)));
        return DecodeAt(block, ref position);
    }

    /// <summary>Reads record number <paramref name="recordNumber"/>, which must be a <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The expected type.</typeparam>
    /// <param name="recordNumber">0 to <see cref="RecordCount"/> - 1.</param>
    /// <returns>The record.</returns>
    /// <exception cref="ArgumentOutOfRangeException">There is no such record.</exception>
    /// <exception cref="FastSerializationException">The record is not a <typeparamref name="T"/>, or its block is damaged.</exception>
    public T ReadRecord<T>(long recordNumber) =>
        ReadRecord(recordNumber) is T value
            ? value
            : throw new FastSerializationException($"Record {recordNumber} of '{_path}' is not a {typeof(T)}.");

    /// <summary>Reads every record, in order.</summary>
    /// <returns>The records, read one block at a time as the enumeration goes.</returns>
    public IEnumerable<object> ReadAll() => ReadRange(0, RecordCount);

    /// <summary>Reads the records from <paramref name="firstRecord"/> to the end.</summary>
    /// <param name="firstRecord">0 to <see cref="RecordCount"/>.</param>
    /// <returns>The records.</returns>
    public IEnumerable<object> ReadFrom(long firstRecord) => ReadRange(firstRecord, RecordCount - Math.Min(Math.Max(firstRecord, 0), RecordCount));

    /// <summary>Reads <paramref name="count"/> records from <paramref name="firstRecord"/> on; only the blocks that hold them are read.</summary>
    /// <param name="firstRecord">0 to <see cref="RecordCount"/>.</param>
    /// <param name="count">How many; <paramref name="firstRecord"/> + <paramref name="count"/> at most <see cref="RecordCount"/>.</param>
    /// <returns>The records.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The range is not within the file (thrown at once).</exception>
    public IEnumerable<object> ReadRange(long firstRecord, long count)
    {
        CheckRange(firstRecord, count);
        return Iterate(firstRecord, count);
    }

    /// <summary>Reads every record, in order, reading the blocks asynchronously.</summary>
    /// <param name="cancellationToken">Stops the enumeration.</param>
    /// <returns>The records.</returns>
    public IAsyncEnumerable<object> ReadAllAsync(CancellationToken cancellationToken = default) => ReadRangeAsync(0, RecordCount, cancellationToken);

    /// <summary>Reads <paramref name="count"/> records from <paramref name="firstRecord"/> on, reading the blocks asynchronously.</summary>
    /// <param name="firstRecord">0 to <see cref="RecordCount"/>.</param>
    /// <param name="count">How many.</param>
    /// <param name="cancellationToken">Stops the enumeration.</param>
    /// <returns>The records.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The range is not within the file (thrown at once).</exception>
    public IAsyncEnumerable<object> ReadRangeAsync(long firstRecord, long count, CancellationToken cancellationToken = default)
    {
        CheckRange(firstRecord, count);
        return IterateAsync(firstRecord, count, cancellationToken);
    }

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

    /// <summary>Closes the file; views handed out by <see cref="ReadFixedBlock{T}"/> are no longer valid.</summary>
    public void Dispose()
    {
        if (_handle.IsClosed)
        {
            return;
        }

        _handle.Dispose();
        _cachedBlock = -1;
        _aheadFirst = -1;
        _aheadEnd = -1;
        _body = Array.Empty<byte>();
        ReturnToPool(_raw);
        ReturnToPool(_inflated);
        _raw = Array.Empty<byte>();
        _inflated = Array.Empty<byte>();
    }

    private static void ReturnToPool(byte[] buffer)
    {
        if (buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private IEnumerable<object> Iterate(long firstRecord, long count)
    {
        long end = firstRecord + count;
        long next = firstRecord;
        while (next < end)
        {
            int block = LoadBlockOf(next);
            int version = _mapVersion;
            int position = SkipRecords((int)(next - _file.Blocks.FirstRecord(block)));
            long blockEnd = Math.Min(end, _file.Blocks.FirstRecord(block) + _file.Blocks.RecordCountOf(block));
            while (next < blockEnd)
            {
                if (_cachedBlock != block || version != _mapVersion)
                {
                    // Another read on this reader came between two records: the block is found and loaded again.
                    break;
                }

                object value = DecodeAt(block, ref position);
                next++;
                yield return value;
            }
        }
    }

    private async IAsyncEnumerable<object> IterateAsync(long firstRecord, long count, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        long end = firstRecord + count;
        long next = firstRecord;
        while (next < end)
        {
            int block = _file.Blocks.FindBlock(next);
            if (_cachedBlock != block)
            {
                int length = PrepareRawForBlock(block);
                _fileReads++;
                int read = await RandomAccess.ReadAsync(_handle, _raw.AsMemory(0, length), _file.Blocks.Offset(block), cancellationToken).ConfigureAwait(false);
                try
                {
                    AcceptBlock(block, read, length);
                }
                catch (StaleIndexException)
                {
                    RebuildWithoutIndex();
                    block = LoadBlockOf(next); // once, synchronously: the index beside the file was wrong
                }
            }

            int version = _mapVersion;
            int position = SkipRecords((int)(next - _file.Blocks.FirstRecord(block)));
            long blockEnd = Math.Min(end, _file.Blocks.FirstRecord(block) + _file.Blocks.RecordCountOf(block));
            while (next < blockEnd)
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (_cachedBlock != block || version != _mapVersion)
                {
                    break; // another read on this reader came between two records: the block is found and loaded again
                }

                object value = DecodeAt(block, ref position);
                next++;
                yield return value;
            }
        }
    }

    /// <summary>
    /// Loads the block that holds <paramref name="record"/> and returns its index. When the block disagrees with the index
    /// beside the file (a stale or hand-made index whose checksum is right), the index is dropped, the blocks are walked
    /// (docs/FORMAT.md 9.3: a stale index is rebuilt from the blocks), and the block is found again.
    /// </summary>
    private int LoadBlockOf(long record)
    {
        int block = _file.Blocks.FindBlock(record);
        try
        {
            LoadBlock(block);
        }
        catch (StaleIndexException)
        {
            RebuildWithoutIndex();
            block = _file.Blocks.FindBlock(record);
            LoadBlock(block);
        }

        return block;
    }

    /// <summary>Replaces the blocks the index named by those found by walking the block headers from the file header on.</summary>
    /// <exception cref="RecordFileCorruptedException">The walk finds damage.</exception>
    private void RebuildWithoutIndex()
    {
        long records = _file.Blocks.RecordCount;
        OpenedFile walked = OpenedFile.Open(_handle, _path, _formatter, ref _fileReads, useIndex: false);
        PrepareRaw(0);
        _lastFixedBlock = -1;
        _mapVersion++;
        _file = walked;
        if (walked.Blocks.RecordCount < records)
        {
            // The index named records the blocks do not hold; the walk found a torn tail where the index said blocks were.
            throw new RecordFileCorruptedException(
                $"'{_path}' is corrupted: its index beside it names {records} records, but its blocks hold {walked.Blocks.RecordCount}. RecordFileReader.Salvage copies the records of the whole blocks into a new file.",
                walked.Blocks.Count,
                walked.Blocks.End);
        }
    }

    private void LoadBlock(int block)
    {
        if (_cachedBlock == block)
        {
            return;
        }

        int length = PrepareRawForBlock(block);
        _fileReads++;
        int read = RandomAccess.Read(_handle, _raw.AsSpan(0, length), _file.Blocks.Offset(block));
        AcceptBlock(block, read, length);
    }

    private int PrepareRawForBlock(int block) => PrepareRaw(BlockHeader.Size + _file.Blocks.StoredLength(block));

    /// <summary>Makes room for <paramref name="length"/> bytes in the raw buffer, whose content (the loaded block, the blocks read ahead) is then gone.</summary>
    private int PrepareRaw(int length)
    {
        _cachedBlock = -1;
        _aheadFirst = -1;
        _aheadEnd = -1;
        if (_raw.Length < length)
        {
            // Pooled: a reader opened for one scan reuses the pages of the buffers of readers before it.
            byte[] old = _raw;
            _raw = ArrayPool<byte>.Shared.Rent(length);
            ReturnToPool(old);
        }

        return length;
    }

    /// <summary>Checks a block just read into the start of the raw buffer, as below, and makes it the loaded block.</summary>
    private void AcceptBlock(int block, int read, int length) => AcceptBlock(block, 0, read, length, checkFraming: true);

    /// <summary>
    /// Checks a block just read, at <paramref name="start"/> in the raw buffer, with the file's <see cref="BlockVerifier"/>
    /// (header against the index, CRC, decompression); with <paramref name="checkFraming"/>, checks that its records fill
    /// it exactly and makes it the loaded block (otherwise the caller checks its records and decides).
    /// </summary>
    /// <exception cref="StaleIndexException">The header disagrees with the index beside the file, which was used.</exception>
    /// <exception cref="RecordFileCorruptedException">The block is damaged.</exception>
    private void AcceptBlock(int block, int start, int read, int length, bool checkFraming)
    {
        BlockVerifier verifier = _file.Verifier;
        long offset = _file.Blocks.Offset(block);
        if (read != length)
        {
            throw verifier.Corrupt(block, offset, $"only {read} of its {length} bytes could be read (was the file truncated while open?)");
        }

        ReadOnlySpan<byte> raw = _raw.AsSpan(start, length);
        string? problem = BlockVerifier.CheckAgainstMap(raw, _file.Blocks, block, out BlockHeader header);
        if (problem is not null && _file.IndexUsed)
        {
            // The header disagrees with the index (or the bytes there are not a header): the index is wrong, not the file.
            throw new StaleIndexException();
        }

        if (problem is not null)
        {
            throw verifier.Corrupt(block, offset, problem);
        }

        problem = verifier.CheckBody(header, raw, ref _inflated, out bool inflated);
        if (problem is not null)
        {
            throw verifier.Corrupt(block, offset, problem);
        }

        _body = inflated ? _inflated : _raw;
        _bodyStart = inflated ? 0 : start + BlockHeader.Size;
        _bodyLength = header.UncompressedLength;
        if (!checkFraming)
        {
            return;
        }

        problem = verifier.CheckRecords(_body.AsSpan(_bodyStart, _bodyLength), header.RecordCount, block, offset, null);
        if (problem is not null)
        {
            throw verifier.Corrupt(block, offset, problem);
        }

        _cachedBlock = block;
    }

    /// <summary>The position in the loaded block of its record number <paramref name="index"/> (the block's framing was checked when loaded).</summary>
    private int SkipRecords(int index)
    {
        ReadOnlySpan<byte> body = _body.AsSpan(_bodyStart, _bodyLength);
        int position = 0;
        for (int i = 0; i < index; i++)
        {
            position = _file.Verifier.RecordEnd(body, position);
        }

        return position;
    }

    private object DecodeAt(int block, ref int position)
    {
        try
        {
            object value = _formatter.Deserialize(_body.AsSpan(_bodyStart + position, _bodyLength - position), out int consumed);
            position += consumed;
            return value;
        }
        catch (FastSerializationException e)
        {
            if (e.TypeId is { } id && !_formatter.Registry.TryGetRegistration(id, out _) && _file.Header.TypeNameOf(id) is { } name)
            {
                // The file is whole: this formatter lacks a type the file's registry has.
                throw new RecordFileRegistryMismatchException(
                    $"'{_path}': the record at byte {position} of block {block} has type id {id}, which stands for {name} in the file's registry but is not registered with this formatter. The file is not damaged: register {name} with id {id} to read it.",
                    id,
                    null);
            }

            if (RecordLimit.OverLimit(_body.AsSpan(_bodyStart + position, _bodyLength - position), _maxRecordLength, _path, block, _file.Blocks.Offset(block)) is { } overLimit)
            {
                throw overLimit;
            }

            throw _file.Verifier.Corrupt(block, _file.Blocks.Offset(block), $"its record at byte {position} cannot be read: {e.Message}", e);
        }
    }

    /// <summary>A block's header disagrees with the index beside the file: thrown to the read that rebuilds the index, never out of the reader.</summary>
    private sealed class StaleIndexException : Exception
    {
    }

    private void CheckRecordNumber(long recordNumber, string name)
    {
        ObjectDisposedException.ThrowIf(_handle.IsClosed, this);
        if (recordNumber < 0 || recordNumber >= RecordCount)
        {
            throw new ArgumentOutOfRangeException(name, recordNumber, $"The file holds records 0 to {RecordCount - 1}.");
        }
    }

    private void CheckRange(long firstRecord, long count)
    {
        ObjectDisposedException.ThrowIf(_handle.IsClosed, this);
        if (firstRecord < 0 || count < 0 || firstRecord > RecordCount || count > RecordCount - firstRecord)
        {
            throw new ArgumentOutOfRangeException(nameof(count), $"Records {firstRecord} to {firstRecord + count - 1} are not all in the file, which holds 0 to {RecordCount - 1}.");
        }
    }
}
