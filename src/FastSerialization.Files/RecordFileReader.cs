using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using FastSerialization.Files.Internal;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Files;

// This file: opening, the record reads and their enumerations, decoding. RecordFileReader.Blocks.cs: loading and checking
// a block (and rebuilding a stale index); RecordFileReader.FixedBlocks.cs: views of fixed-layout blocks and the
// read-ahead of a scan in order.

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
public sealed partial class RecordFileReader : IDisposable
{
    private readonly SafeFileHandle _handle;
    private readonly string _path;
    private readonly CustomBinaryFormatter _formatter;
    private readonly int _maxRecordLength;
    private OpenedFile _file; // replaced once, by the blocks walked anew, when a block disagrees with the index (StaleIndex)
    private long _fileReads;

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
