using System;
using System.IO.Compression;

namespace FastSerialization.Files;

/// <summary>How a <see cref="RecordFileWriter"/> cuts blocks, compresses them and makes them durable.</summary>
public sealed class RecordFileWriterOptions
{
    /// <summary>The default block size: 64 KiB.</summary>
    public const int DefaultBlockSize = 64 * 1024;

    /// <summary>The largest block size accepted: 16 MiB.</summary>
    public const int MaxBlockSize = 16 * 1024 * 1024;

    private int _blockSize = DefaultBlockSize;
    private TimeSpan _syncInterval = TimeSpan.FromSeconds(1);

    /// <summary>
    /// Records are buffered until their bytes reach this size (64 to 16 MiB; default 64 KiB), then written as one block.
    /// A block always holds whole records, so a record larger than this makes a block of its own.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is outside 64 .. <see cref="MaxBlockSize"/>.</exception>
    public int BlockSize
    {
        get => _blockSize;
        set
        {
            if (value < 64 || value > MaxBlockSize)
            {
                throw new ArgumentOutOfRangeException(nameof(value), value, $"A block size is 64 to {MaxBlockSize} bytes.");
            }

            _blockSize = value;
        }
    }

    /// <summary>When written blocks are synced to the device; default <see cref="RecordFileDurability.Interval"/>.</summary>
    public RecordFileDurability Durability { get; set; } = RecordFileDurability.Interval;

    /// <summary>With <see cref="RecordFileDurability.Interval"/>: the time after which written records are synced (default 1 second, at least 1 ms); a record appended is durable within about 1.5 intervals, whether or not more records follow.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is under 1 ms.</exception>
    public TimeSpan SyncInterval
    {
        get => _syncInterval;
        set
        {
            if (value < TimeSpan.FromMilliseconds(1))
            {
                throw new ArgumentOutOfRangeException(nameof(value), value, "A sync interval is at least 1 ms.");
            }

            _syncInterval = value;
        }
    }

    /// <summary>How each block is compressed; default <see cref="RecordFileCompression.None"/>. A block that does not get smaller is stored as it is.</summary>
    public RecordFileCompression Compression { get; set; } = RecordFileCompression.None;

    /// <summary>The compression level, when <see cref="Compression"/> is not None; default <see cref="CompressionLevel.Fastest"/>.</summary>
    public CompressionLevel CompressionLevel { get; set; } = CompressionLevel.Fastest;

    /// <summary>True (the default) to write the index beside the file (<c>&lt;file&gt;.fsidx</c>) when the writer is disposed, so readers open without walking the blocks.</summary>
    public bool WriteIndex { get; set; } = true;

    internal RecordFileWriterOptions Clone() => (RecordFileWriterOptions)MemberwiseClone();
}
