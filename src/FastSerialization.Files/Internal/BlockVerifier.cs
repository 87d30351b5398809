using System;
using System.Collections.Generic;

namespace FastSerialization.Files.Internal;

/// <summary>
/// Every check of a record file's blocks (docs/FORMAT.md 9.2 and 9.4), in one place for the four paths that read
/// blocks: <see cref="RecordFileReader"/> loading a block or a view of one, <see cref="MappedRecordFile"/>,
/// <see cref="BlockWalker"/> finding the blocks when a file is opened, and <see cref="Salvager"/>. The checks, in the
/// order a block meets them: its header (against the index, or as the next block of a walk, or as a block that may
/// follow damage: the file's own, not going back in record numbers), its checksum (started from the file id when the
/// header's flag bit 0 ties the blocks to the file), its decompression, and its records' framing (they fill the body
/// exactly, each within the formatter's <see cref="CustomBinaryFormatterOptions.MaxRecordLength"/>).
/// </summary>
/// <remarks>
/// A check returns what is wrong (null when nothing is), and the caller decides what a bad block means for it: the
/// reader and the mapped file throw <see cref="Corrupt"/>'s exception (or rebuild a stale index), the walk tells a torn
/// tail from corruption, the salvage skips the block and reports it. What is not damage is thrown by the check itself,
/// for every path alike: a record over the formatter's limit in a whole block (<see cref="RecordLimit"/>).
/// </remarks>
internal sealed class BlockVerifier
{
    public BlockVerifier(FileHeader header, string path, int maxRecordLength)
    {
        Seed = header.BlockChecksumSeed;
        Path = path;
        MaxRecordLength = maxRecordLength;
    }

    /// <summary>What every block checksum of the file starts from (<see cref="FileHeader.BlockChecksumSeed"/>).</summary>
    public uint Seed { get; }

    /// <summary>The file, as messages name it.</summary>
    public string Path { get; }

    /// <summary>The formatter's <see cref="CustomBinaryFormatterOptions.MaxRecordLength"/>.</summary>
    public int MaxRecordLength { get; }

    /// <summary>
    /// Checks the header of the block that <paramref name="map"/> names as block <paramref name="block"/>: valid, and
    /// holding the first record, the record count and the stored length the map gives it.
    /// </summary>
    /// <returns>Null when it does; otherwise what is wrong (with a map from the index beside the file: the index is stale).</returns>
    public static string? CheckAgainstMap(ReadOnlySpan<byte> headerBytes, BlockMap map, int block, out BlockHeader header) =>
        CheckAsNamed(headerBytes, map.FirstRecord(block), map.RecordCountOf(block), map.StoredLength(block), out header);

    /// <summary>
    /// Checks a block header against what an index names: valid, with first record <paramref name="firstRecord"/>,
    /// <paramref name="recordCount"/> records and <paramref name="storedLength"/> bytes of body
    /// (<see cref="IndexFile.TryLoad"/> checks the last block an index names so, before there is a map).
    /// </summary>
    /// <returns>Null when it matches; otherwise what is wrong.</returns>
    public static string? CheckAsNamed(ReadOnlySpan<byte> headerBytes, long firstRecord, long recordCount, long storedLength, out BlockHeader header)
    {
        string? problem = BlockHeader.TryParse(headerBytes, firstRecord, out header);
        if (problem is null && (header.StoredLength != storedLength || header.RecordCount != recordCount))
        {
            problem = $"its header says {header.RecordCount} records in {header.StoredLength} bytes, the index {recordCount} in {storedLength}";
        }

        return problem;
    }

    /// <summary>
    /// Checks the header of the block a walk meets next: valid (a later version's compression byte is named as such),
    /// its body within the <paramref name="room"/> bytes left in the file, and its first record number
    /// <paramref name="firstRecord"/> (with <paramref name="gapAllowed"/>, at least that: records lost before it are a
    /// gap, but a block never goes back in record numbers), with room for its records after it. <paramref name="wellFormed"/>
    /// is true when the header itself is valid (only where it stands may be wrong).
    /// </summary>
    /// <returns>Null when the block may be read; otherwise what is wrong.</returns>
    public static string? CheckInWalk(ReadOnlySpan<byte> headerBytes, long firstRecord, bool gapAllowed, long room, out BlockHeader header, out bool wellFormed)
    {
        string? problem = BlockHeader.TryParse(headerBytes, -1, out header);
        wellFormed = problem is null;
        if (problem is not null)
        {
            return BlockHeader.HasUnknownCompression(headerBytes, out _, out byte compression)
                ? $"the block's compression byte is {compression}, which this version of FastSerialization.Files does not know (a later version wrote it)"
                : problem;
        }

        if (header.StoredLength > room)
        {
            return $"the block's {header.StoredLength} bytes run past the end of the file";
        }

        if (gapAllowed ? header.FirstRecord < firstRecord : header.FirstRecord != firstRecord)
        {
            return $"the block's first record number is {header.FirstRecord}, where the records before it end at {firstRecord}";
        }

        if (header.FirstRecord > long.MaxValue - header.RecordCount)
        {
            return $"the block's first record number {header.FirstRecord} leaves no room for its {header.RecordCount} records";
        }

        return null;
    }

    /// <summary>
    /// True when the header at the start of <paramref name="headerBytes"/> may start a block of this file after damage
    /// (docs/FORMAT.md 9.4): valid, its first record number at least <paramref name="minFirstRecord"/> (a block image of
    /// an earlier block inside a record goes back), its body within <paramref name="room"/>; with
    /// <paramref name="laterVersions"/>, also a later version's header, whose first record this version cannot read.
    /// Whether it is the file's own is its checksum's to say (<see cref="ChecksumMatches"/> over
    /// <paramref name="storedLength"/> bytes of body).
    /// </summary>
    public static bool MayFollowDamage(ReadOnlySpan<byte> headerBytes, long minFirstRecord, long room, bool laterVersions, out int storedLength)
    {
        if (BlockHeader.TryParse(headerBytes, -1, out BlockHeader header) is null)
        {
            storedLength = header.StoredLength;
            return header.FirstRecord >= minFirstRecord && storedLength <= room;
        }

        storedLength = 0;
        return laterVersions && BlockHeader.HasUnknownCompression(headerBytes, out storedLength, out _) && storedLength <= room;
    }

    /// <summary>True when the block's checksum matches its header and <paramref name="storedBody"/>, started from the file's <see cref="Seed"/>: the block is this file's, whole.</summary>
    public bool ChecksumMatches(ReadOnlySpan<byte> headerBytes, ReadOnlySpan<byte> storedBody) =>
        BlockHeader.ChecksumMatches(Seed, headerBytes, storedBody);

    /// <summary>
    /// Checks the checksum of <paramref name="block"/> (its header, then its stored body) and decompresses a compressed
    /// body into <paramref name="inflated"/> (see <see cref="BlockCodec.TryDecompress(RecordFileCompression, ReadOnlySpan{byte}, int, ref byte[])"/>).
    /// <paramref name="isInflated"/> is true when the body is then the first <see cref="BlockHeader.UncompressedLength"/>
    /// bytes of <paramref name="inflated"/>, false when it is the stored body.
    /// </summary>
    /// <returns>Null when the body is whole; otherwise what is wrong.</returns>
    public string? CheckBody(in BlockHeader header, ReadOnlySpan<byte> block, ref byte[] inflated, out bool isInflated)
    {
        isInflated = false;
        ReadOnlySpan<byte> stored = block.Slice(BlockHeader.Size);
        if (!ChecksumMatches(block, stored))
        {
            return "its checksum is wrong";
        }

        if (header.Compression == RecordFileCompression.None)
        {
            return null;
        }

        isInflated = true;
        return BlockCodec.TryDecompress(header.Compression, stored, header.UncompressedLength, ref inflated);
    }

    /// <summary>
    /// Checks that <paramref name="body"/> holds exactly <paramref name="count"/> records, each framed by the core's
    /// <see cref="RecordFrame"/> (length prefix, within the formatter's limit, inside the body). <paramref name="block"/>
    /// is the block's index for the message of a record over the limit (null when not known: salvage);
    /// <paramref name="recordEnds"/>, when not null, is filled with where each record ends.
    /// </summary>
    /// <returns>Null when they do; otherwise what is wrong.</returns>
    /// <exception cref="FastSerializationException">A record of the block is longer than the formatter's limit: not damage (<see cref="RecordLimit"/>).</exception>
    public string? CheckRecords(ReadOnlySpan<byte> body, int count, int? block, long offset, List<int>? recordEnds)
    {
        recordEnds?.Clear();
        int position = 0;
        for (int i = 0; i < count; i++)
        {
            string? problem = NextRecord(body, i, ref position, block, offset);
            if (problem is not null)
            {
                return problem;
            }

            recordEnds?.Add(position);
        }

        return position == body.Length ? null : $"its {count} records end at byte {position} of its {body.Length}";
    }

    /// <summary>Where the record at <paramref name="position"/> of a body whose framing was checked ends.</summary>
    public int RecordEnd(ReadOnlySpan<byte> body, int position)
    {
        _ = RecordFrame.TryReadLength(body.Slice(position), MaxRecordLength, out int length);
        return position + RecordFrame.LengthPrefixSize + length;
    }

    /// <summary>
    /// The <paramref name="count"/> records of <paramref name="body"/> as views of <typeparamref name="T"/>, once the core's
    /// <see cref="RecordFrame.IsFixedRun"/> has seen that each has <paramref name="shape"/>'s header and that they fill the body.
    /// </summary>
    /// <exception cref="RecordFileCorruptedException">The records do not fill the block: it is damaged.</exception>
    /// <exception cref="FastSerializationException">A record is longer than the formatter's limit (not damage), or a record of the block is not a <typeparamref name="T"/>.</exception>
    public FixedRecordBlock<T> ViewFixed<T>(FixedShape shape, ReadOnlySpan<byte> body, int count, long firstRecord, int block, long offset)
        where T : unmanaged
    {
        if (!RecordFrame.IsFixedRun(body, count, shape.TypeId, shape.PayloadSize, MaxRecordLength))
        {
            // Told apart as a reader of records would tell them: a record over the limit, damage, or records of another type.
            if (CheckRecords(body, count, block, offset, null) is { } problem)
            {
                throw Corrupt(block, offset, problem);
            }

            throw new FastSerializationException(shape.Evolvable
                ? $"Block {block} of '{Path}' holds records that are not all {typeof(T)} of this version (type id {shape.TypeId}, {shape.Stride} bytes each): an evolvable struct's records written by another version of it have another size and cannot be viewed in place. Read them one at a time (RecordFileReader.ReadRecord, ReadAll), which reads each one's common members."
                : $"Block {block} of '{Path}' holds records that are not all {typeof(T)} (type id {shape.TypeId}, {shape.Stride} bytes each).");
        }

        return new FixedRecordBlock<T>(body, count, shape.Stride, shape.PayloadOffset, firstRecord);
    }

    /// <summary>The exception for block <paramref name="block"/>, damaged as <paramref name="problem"/> says: the same message from every path, naming what to do.</summary>
    public RecordFileCorruptedException Corrupt(int block, long offset, string problem, Exception? inner = null) =>
        new($"'{Path}' is corrupted: block {block} at offset {offset}: {problem.TrimEnd('.')}. RecordFileReader.Salvage copies the records of the whole blocks into a new file.", block, offset, inner);

    private string? NextRecord(ReadOnlySpan<byte> body, int index, ref int position, int? block, long offset)
    {
        ReadOnlySpan<byte> rest = body.Slice(position);
        int length;
        try
        {
            if (!RecordFrame.TryReadLength(rest, MaxRecordLength, out length) || length > rest.Length - RecordFrame.LengthPrefixSize)
            {
                return $"its record {index} at byte {position} runs past the block's end";
            }
        }
        catch (FastSerializationException e)
        {
            // A whole record over the limit is not damage: the file was written with a larger limit.
            if (RecordLimit.OverLimit(rest, MaxRecordLength, Path, block, offset) is { } overLimit)
            {
                throw overLimit;
            }

            return $"its record {index} at byte {position}: {e.Message.TrimEnd('.')}";
        }

        position += RecordFrame.LengthPrefixSize + length;
        return null;
    }
}
