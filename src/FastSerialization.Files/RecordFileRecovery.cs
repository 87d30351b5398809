namespace FastSerialization.Files;

/// <summary>What opening a record file found at its end: how much of it is whole, and what was dropped as a torn tail.</summary>
public sealed class RecordFileRecovery
{
    internal RecordFileRecovery(long validLength, long droppedBytes, long blockCount, long recordCount)
    {
        ValidLength = validLength;
        DroppedBytes = droppedBytes;
        BlockCount = blockCount;
        RecordCount = recordCount;
    }

    /// <summary>The length of the file up to the end of its last whole block.</summary>
    public long ValidLength { get; }

    /// <summary>
    /// The bytes after <see cref="ValidLength"/>: a block cut short or whose checksum is wrong, left by a crash
    /// during an append. A writer truncated them; a reader stopped before them. 0 for a file that was closed cleanly.
    /// </summary>
    public long DroppedBytes { get; }

    /// <summary>True when a torn tail was dropped.</summary>
    public bool DroppedTail => DroppedBytes > 0;

    /// <summary>The number of whole blocks.</summary>
    public long BlockCount { get; }

    /// <summary>The number of records in the whole blocks.</summary>
    public long RecordCount { get; }

    /// <inheritdoc />
    public override string ToString() =>
        DroppedBytes == 0
            ? $"{RecordCount} records in {BlockCount} blocks, {ValidLength} bytes; nothing dropped"
            : $"{RecordCount} records in {BlockCount} blocks, {ValidLength} bytes; a torn tail of {DroppedBytes} bytes dropped";
}
