using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Files.Internal;

namespace FastSerialization.Files;

// This file: creating and opening, appending, flushing and closing. RecordFileWriter.Blocks.cs: a block made, written
// and committed (or the file cut back); RecordFileWriter.Durability.cs: syncs, the durable count, and the interval
// timer's ticks with what they leave for the user's next call.

/// <summary>
/// Appends records to a record file (docs/FORMAT.md section 9): records are buffered into blocks, each block is
/// written whole with its CRC-32C, and the options' <see cref="RecordFileDurability"/> says when blocks are synced.
/// </summary>
/// <remarks>
/// <para>A record whose <c>WriteDataTo</c> throws leaves nothing behind: the block being filled drops its partial bytes,
/// and only whole blocks ever reach the file. A crash during a block's write leaves a torn tail, which the next
/// <see cref="Open"/> truncates (see <see cref="Recovery"/>) and a reader stops before.</para>
/// <para>One writer per file at a time: a writer holds <c>&lt;file&gt;.lock</c> (an empty file left beside it) while it is
/// open, and a second writer, in this process or another, is refused with an <see cref="IOException"/> (also when it
/// names the file through a symbolic link; on Linux also through a hard link, which the writer's lock on the file itself
/// catches). A writer is used
/// from one thread at a time, with one exception: <see cref="DurableRecordCount"/> may be read from any thread, for
/// example one that reports progress. Readers may read the file while it is written: they see the blocks written before they
/// opened it.</para>
/// <para>With <see cref="RecordFileDurability.Interval"/> (the default) a timer of the writer's own writes and syncs the
/// buffered records once the interval has passed, also when no record is appended any more.</para>
/// </remarks>
public sealed partial class RecordFileWriter : IDisposable, IAsyncDisposable
{
    private readonly FileStream _file;
    private readonly WriterLock _lock;
    private readonly string _path;
    private readonly CustomBinaryFormatter _formatter;
    private readonly RecordFileWriterOptions _options;
    private readonly FileHeader _header;
    private readonly BlockMap _blocks;
    private readonly BlockBuffer _block;
    private int _blockRecords;
    private bool _faulted;
    private bool _disposed;

    private RecordFileWriter(FileStream file, WriterLock writerLock, string path, CustomBinaryFormatter formatter, RecordFileWriterOptions options, FileHeader header, BlockMap blocks, RecordFileRecovery recovery)
    {
        _file = file;
        _lock = writerLock;
        _path = path;
        _formatter = formatter;
        _options = options;
        _header = header;
        _blocks = blocks;
        _block = new BlockBuffer(options.BlockSize + (options.BlockSize / 4));
        _durableRecords = blocks.RecordCount;
        Recovery = recovery;
        if (options.Durability == RecordFileDurability.Interval)
        {
            _intervalTimer = new IntervalSyncTimer(this, options.SyncInterval);
        }
    }

    /// <summary>What opening the file found: the whole blocks kept and the bytes of a torn tail truncated (none for a new file).</summary>
    public RecordFileRecovery Recovery { get; }

    /// <summary>The path of the file.</summary>
    public string Path => _path;

    /// <summary>The number of records in the file, those still buffered included: the next record's number.</summary>
    public long RecordCount
    {
        get
        {
            Enter();
            try
            {
                return _blocks.RecordCount + _blockRecords;
            }
            finally
            {
                Exit();
            }
        }
    }

    /// <summary>Creates a new record file; the file must not exist.</summary>
    /// <param name="path">The file to create.</param>
    /// <param name="formatter">The formatter whose registry writes the records; it is closed (frozen) here, and described in the file header.</param>
    /// <param name="options">Block size, durability and compression; null for the defaults.</param>
    /// <returns>A writer positioned after the header.</returns>
    /// <exception cref="IOException">The file exists or cannot be created, or another writer has it open.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a directory, or this process may not open the file (as <see cref="File.Open(string, FileMode)"/> reports it).</exception>
    public static RecordFileWriter Create(string path, CustomBinaryFormatter formatter, RecordFileWriterOptions? options = null)
    {
        Check(path, formatter);
        WriterLock writerLock = WriterLock.Acquire(path);
        FileStream file;
        try
        {
            file = writerLock.OpenFile(path, FileMode.CreateNew);
        }
        catch
        {
            writerLock.Dispose();
            throw;
        }

        return StartNew(file, writerLock, path, formatter, options);
    }

    /// <summary>
    /// Opens a record file to append to it, creating it when it does not exist. An existing file is checked first: its
    /// header against <paramref name="formatter"/>'s registry, and its tail: a torn last block (a crash during a write)
    /// is truncated, and <see cref="Recovery"/> says how many bytes were dropped.
    /// </summary>
    /// <param name="path">The file.</param>
    /// <param name="formatter">The formatter whose registry writes the records; it is closed (frozen) here.</param>
    /// <param name="options">Block size, durability and compression; null for the defaults.</param>
    /// <returns>A writer positioned after the last whole block.</returns>
    /// <exception cref="RecordFileCorruptedException">The file is not a record file, or a block before its tail is damaged (nothing is changed).</exception>
    /// <exception cref="RecordFileRegistryMismatchException">The file was written by a registry that does not match.</exception>
    /// <exception cref="IOException">The file cannot be opened, or another writer has it open.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a directory, or this process may not open the file (as <see cref="File.Open(string, FileMode)"/> reports it).</exception>
    public static RecordFileWriter Open(string path, CustomBinaryFormatter formatter, RecordFileWriterOptions? options = null)
    {
        Check(path, formatter);
        WriterLock writerLock = WriterLock.Acquire(path);
        FileStream file;
        try
        {
            file = writerLock.OpenFile(path, FileMode.OpenOrCreate);
        }
        catch
        {
            writerLock.Dispose();
            throw;
        }

        try
        {
            if (file.Length == 0)
            {
                return StartNew(file, writerLock, path, formatter, options);
            }

            formatter.Freeze();
            long reads = 0;
            OpenedFile opened = OpenedFile.Open(file.SafeFileHandle, path, formatter, ref reads);
            if (opened.DroppedBytes > 0)
            {
                // The index goes first: an index that covered the dropped bytes must never outlive them.
                IndexFile.Delete(path);
                file.SetLength(opened.Blocks.End);
            }

            file.Position = opened.Blocks.End;
            file.Flush(flushToDisk: true);
            return new RecordFileWriter(file, writerLock, path, formatter, (options ?? new RecordFileWriterOptions()).Clone(), opened.Header, opened.Blocks, opened.Recovery);
        }
        catch
        {
            writerLock.Dispose(); // releases the data file's own lock, closes the data file, then the lock file
            throw;
        }
    }

    /// <summary>
    /// Appends one record. It is buffered; once the buffered records reach the block size they are written as a block
    /// (and synced, as the durability policy says).
    /// </summary>
    /// <typeparam name="T">The record's type, registered with the formatter.</typeparam>
    /// <param name="value">The record.</param>
    /// <exception cref="FastSerializationException">The type is not registered, or its record cannot be written; nothing of it is kept.</exception>
    /// <exception cref="ArgumentException">The record alone is larger than a block may be (64 MiB); nothing of it is kept.</exception>
    /// <exception cref="IOException">Writing a block failed: the file is cut back to its last whole block and the writer can no longer be used.</exception>
    public void Append<T>(T value)
    {
        Enter();
        try
        {
            AppendCore(value);
        }
        finally
        {
            Exit();
        }
    }

    private void AppendCore<T>(T value)
    {
        ThrowIfUnusable();
        int before = _block.BodyLength;
        try
        {
            _formatter.Serialize(_block, value);
        }
        catch
        {
            _block.TruncateBody(before);
            throw;
        }

        if (_block.BodyLength > BlockHeader.MaxBodyLength)
        {
            _block.TruncateBody(before);
            throw new ArgumentException($"The record takes {_block.BodyLength - before} bytes; a record file block holds at most {BlockHeader.MaxBodyLength}.", nameof(value));
        }

        RecordAdded();
    }

    /// <summary>
    /// Appends a whole record as bytes (length prefix, type id, payload) that a reader of the same registry has already
    /// checked: <see cref="RecordFileReader.Salvage"/> copies the records of whole blocks exactly as they were written.
    /// </summary>
    internal void AppendRecordBytes(ReadOnlySpan<byte> record)
    {
        Enter();
        try
        {
            ThrowIfUnusable();
            record.CopyTo(_block.GetSpan(record.Length));
            _block.Advance(record.Length);
            RecordAdded();
        }
        finally
        {
            Exit();
        }
    }

    /// <summary>Counts the record just added to the block, and writes (and syncs) the block when it is full or the interval is due.</summary>
    private void RecordAdded()
    {
        _blockRecords++;
        bool intervalDue = _options.Durability == RecordFileDurability.Interval && _sinceSync.Elapsed >= _options.SyncInterval;
        if (_block.BodyLength >= _options.BlockSize || intervalDue)
        {
            WriteBlock();
            if (_options.Durability == RecordFileDurability.EveryBlock || intervalDue)
            {
                Sync();
            }
        }
    }

    /// <summary>Writes the buffered records as a block and syncs the file to the device: every record appended so far is durable when it returns.</summary>
    /// <exception cref="IOException">Writing or syncing failed.</exception>
    public void Flush()
    {
        Enter();
        try
        {
            ThrowIfUnusable();
            WriteBlock();
            Sync();
        }
        finally
        {
            Exit();
        }
    }

    /// <summary>As <see cref="Flush"/>, writing asynchronously; the sync runs on the thread pool.</summary>
    /// <param name="cancellationToken">Cancels the wait (a write already started completes).</param>
    /// <returns>A task that completes when every record appended so far is durable.</returns>
    public async Task FlushAsync(CancellationToken cancellationToken = default)
    {
        Enter();
        try
        {
            await FlushCoreAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            Exit();
        }
    }

    private async Task FlushCoreAsync(CancellationToken cancellationToken)
    {
        ThrowIfUnusable();
        if (_blockRecords > 0)
        {
            int length = PrepareBlock(out byte[] bytes);
            try
            {
                await _file.WriteAsync(bytes.AsMemory(0, length), cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e)
            {
                CutBack();
                throw AsWriteFailure(e);
            }

            CommitBlock(length, bytes);
        }

        if (_unsynced)
        {
            long records = _blocks.RecordCount;
            await Task.Run(() => _file.Flush(flushToDisk: true), cancellationToken).ConfigureAwait(false);
            MarkSynced(records);
        }
    }

    /// <summary>Flushes (every record becomes durable), writes the index beside the file (unless the options say not to) and closes the file.</summary>
    /// <exception cref="IOException">
    /// Writing or syncing the last records failed; or, with <see cref="RecordFileDurability.Interval"/>, a write or sync by
    /// the interval timer failed earlier and no call has reported it yet: the records appended after the last durable one
    /// may be lost. The file is closed and the writer's lock released all the same.
    /// </exception>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        BeginClose();
        IOException? unreported;
        try
        {
            if (!_faulted)
            {
                WriteBlock();
                Sync();
                SaveIndex();
            }
        }
        finally
        {
            unreported = EndClose();
        }

        if (unreported is not null)
        {
            throw unreported;
        }
    }

    /// <summary>As <see cref="Dispose"/>, flushing asynchronously.</summary>
    /// <returns>A task that completes when the file is closed.</returns>
    /// <exception cref="IOException">As for <see cref="Dispose"/>.</exception>
    public async ValueTask DisposeAsync()
    {
        if (_disposed)
        {
            return;
        }

        BeginClose();
        IOException? unreported;
        try
        {
            if (!_faulted)
            {
                await FlushCoreAsync(CancellationToken.None).ConfigureAwait(false);
                SaveIndex();
            }
        }
        finally
        {
            unreported = EndClose();
        }

        if (unreported is not null)
        {
            throw unreported;
        }
    }

    /// <summary>What <see cref="Dispose"/> and <see cref="DisposeAsync"/> do before the last block: stop the interval flushes, take the writer.</summary>
    private void BeginClose()
    {
        _intervalTimer?.Dispose();
        Enter();
    }

    /// <summary>Writes the index file beside the data file, when the options ask for one and there are blocks to index.</summary>
    private void SaveIndex()
    {
        if (_options.WriteIndex && _blocks.Count > 0)
        {
            IndexFile.Save(_path, _header, _blocks);
        }
    }

    /// <summary>
    /// What closing does whether or not the last block was written: marks the writer disposed, releases the data file's
    /// own lock, closes the data file, then the lock file, and lets other callers in.
    /// </summary>
    /// <returns>A background failure no caller was told of (<see cref="Dispose"/> throws it), or null.</returns>
    private IOException? EndClose()
    {
        _disposed = true;
        IOException? unreported = UnreportedBackgroundFailure(_blocks.RecordCount + _blockRecords, DurableRecordCount);
        _lock.Dispose();
        Exit();
        return unreported;
    }

    private static void Check(string path, CustomBinaryFormatter formatter)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(formatter);
    }

    private static RecordFileWriter StartNew(FileStream file, WriterLock writerLock, string path, CustomBinaryFormatter formatter, RecordFileWriterOptions? options)
    {
        try
        {
            formatter.Freeze();
            IndexFile.Delete(path); // an index left by an earlier file of that name names another file id anyway
            FileHeader header = FileHeader.Create(formatter);
            file.Write(header.Bytes);
            file.Flush(flushToDisk: true);
            DirectorySync.SyncParentOf(path);
            var blocks = new BlockMap(header.Length);
            return new RecordFileWriter(file, writerLock, path, formatter, (options ?? new RecordFileWriterOptions()).Clone(), header, blocks, new RecordFileRecovery(header.Length, 0, 0, 0));
        }
        catch
        {
            writerLock.Dispose(); // releases the data file's own lock, closes the data file, then the lock file
            throw;
        }
    }

    private void ThrowIfUnusable()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (_faulted)
        {
            _backgroundFailureReported |= _backgroundFailure is not null;
            throw new InvalidOperationException($"An earlier write to '{_path}' failed; open the file again to go on appending.", _backgroundFailure);
        }
    }
}
