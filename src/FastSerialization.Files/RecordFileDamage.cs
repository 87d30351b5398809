namespace FastSerialization.Files;

/// <summary>
/// One damaged stretch of a record file that <see cref="RecordFileReader.Salvage"/> could not copy: where it is, what
/// was wrong at its start, and which records it held.
/// </summary>
public sealed class RecordFileDamage
{
    internal RecordFileDamage(long fileOffset, long length, long firstRecord, long? recordCount, string problem)
    {
        FileOffset = fileOffset;
        Length = length;
        FirstRecord = firstRecord;
        RecordCount = recordCount;
        Problem = problem;
    }

    /// <summary>Where the damage starts in the damaged file.</summary>
    public long FileOffset { get; }

    /// <summary>
    /// The bytes from <see cref="FileOffset"/> to the next whole block, or to the end of the file. 0 when no byte is
    /// damaged but whole blocks are missing (the block after the last one copied starts with a later record number).
    /// </summary>
    public long Length { get; }

    /// <summary>The number of the first record lost, counted as in the damaged file (record 0 is its first record).</summary>
    public long FirstRecord { get; }

    /// <summary>
    /// How many records were lost here: the difference between the record numbers of the whole blocks on either side.
    /// Null when the damage reaches the end of the file, where nothing says how many records it held.
    /// </summary>
    public long? RecordCount { get; }

    /// <summary>What was wrong where the damage starts, for a person reading a log.</summary>
    public string Problem { get; }

    /// <inheritdoc />
    public override string ToString() =>
        RecordCount switch
        {
            0 => $"{Length} bytes at offset {FileOffset}: no record lost (the bytes held no block that follows the records before them); {Problem}",
            { } count => $"{Length} bytes at offset {FileOffset}: records {FirstRecord} to {FirstRecord + count - 1} lost ({count}); {Problem}",
            null => $"{Length} bytes at offset {FileOffset}, to the end of the file: records from {FirstRecord} on lost; {Problem}",
        };
}
