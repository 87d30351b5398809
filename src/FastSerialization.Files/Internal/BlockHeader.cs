using System;
using System.Buffers.Binary;

namespace FastSerialization.Files.Internal;

/// <summary>
/// The 32 bytes before each block's body (docs/FORMAT.md section 9.2): magic "FSBK", stored body length, record
/// count, compression, three zero bytes, first record number, uncompressed body length, CRC-32C of the header's
/// first 28 bytes followed by the stored body. In a file whose header has <see cref="FileHeader.FlagBlocksTiedToFile"/>,
/// the CRC starts from the file id (<see cref="FileHeader.BlockChecksumSeed"/>), so a block copied from another file
/// (inside a record, say) never checks out as one of this file's.
/// </summary>
internal readonly struct BlockHeader
{
    public const int Size = 32;
    public const uint Magic = 0x4B425346; // "FSBK" read as a little-endian u32
    public const int CrcOffset = 28;

    /// <summary>The largest body a block may have, stored or uncompressed: 64 MiB. Readers refuse more before allocating.</summary>
    public const int MaxBodyLength = 64 * 1024 * 1024;

    /// <summary>The most records a block can hold: one of at least 5 bytes per <see cref="MaxBodyLength"/>.</summary>
    public const int MaxRecordCount = MaxBodyLength / 5;

    /// <summary>The most bytes an LZ4 block decodes to per stored byte (docs/FORMAT.md section 9.2).</summary>
    public const int Lz4MaxExpansion = 255;

    public BlockHeader(int storedLength, int recordCount, RecordFileCompression compression, long firstRecord, int uncompressedLength, uint crc)
    {
        StoredLength = storedLength;
        RecordCount = recordCount;
        Compression = compression;
        FirstRecord = firstRecord;
        UncompressedLength = uncompressedLength;
        Crc = crc;
    }

    public int StoredLength { get; }

    public int RecordCount { get; }

    public RecordFileCompression Compression { get; }

    public long FirstRecord { get; }

    public int UncompressedLength { get; }

    public uint Crc { get; }

    /// <summary>
    /// Writes the header with its CRC over the first 28 bytes and <paramref name="storedBody"/>, started from
    /// <paramref name="seed"/> (the file's <see cref="FileHeader.BlockChecksumSeed"/>).
    /// </summary>
    public static void Write(Span<byte> destination, uint seed, int recordCount, RecordFileCompression compression, long firstRecord, int uncompressedLength, ReadOnlySpan<byte> storedBody)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(destination, Magic);
        BinaryPrimitives.WriteUInt32LittleEndian(destination.Slice(4), (uint)storedBody.Length);
        BinaryPrimitives.WriteUInt32LittleEndian(destination.Slice(8), (uint)recordCount);
        destination[12] = (byte)compression;
        destination[13] = 0;
        destination[14] = 0;
        destination[15] = 0;
        BinaryPrimitives.WriteInt64LittleEndian(destination.Slice(16), firstRecord);
        BinaryPrimitives.WriteUInt32LittleEndian(destination.Slice(24), (uint)uncompressedLength);
        BinaryPrimitives.WriteUInt32LittleEndian(destination.Slice(CrcOffset), Checksum(seed, destination, storedBody));
    }

    /// <summary>
    /// Parses and checks the fields that can be checked without the body: magic, lengths within
    /// <see cref="MaxBodyLength"/>, a record count of 1 or more that the body can hold, a known compression,
    /// zero reserved bytes, and <paramref name="expectedFirstRecord"/> (when not negative).
    /// </summary>
    /// <returns>Null when the header is valid; otherwise what is wrong.</returns>
    public static string? TryParse(ReadOnlySpan<byte> source, long expectedFirstRecord, out BlockHeader header)
    {
        header = default;
        if (source.Length < Size)
        {
            return "the block header is cut short";
        }

        if (BinaryPrimitives.ReadUInt32LittleEndian(source) != Magic)
        {
            return "the block header does not start with \"FSBK\"";
        }

        uint stored = BinaryPrimitives.ReadUInt32LittleEndian(source.Slice(4));
        uint count = BinaryPrimitives.ReadUInt32LittleEndian(source.Slice(8));
        byte compression = source[12];
        long first = BinaryPrimitives.ReadInt64LittleEndian(source.Slice(16));
        uint uncompressed = BinaryPrimitives.ReadUInt32LittleEndian(source.Slice(24));
        if (stored == 0 || stored > MaxBodyLength || uncompressed == 0 || uncompressed > MaxBodyLength)
        {
            return $"the block claims {stored} stored and {uncompressed} uncompressed bytes (1 to {MaxBodyLength} allowed)";
        }

        // The smallest record is 6 bytes (length prefix, a one-byte type id, one payload byte... or none: 5).
        if (count == 0 || count > uncompressed / 5)
        {
            return $"the block claims {count} records in {uncompressed} bytes";
        }

        if (compression > (byte)RecordFileCompression.Lz4 || source[13] != 0 || source[14] != 0 || source[15] != 0)
        {
            return $"the block's compression byte {compression} or its reserved bytes are not valid";
        }

        if (compression == 0 && stored != uncompressed)
        {
            return $"an uncompressed block claims {stored} stored and {uncompressed} uncompressed bytes";
        }

        // LZ4 decodes at most 255 bytes per stored byte (a match's length grows by 255 per length byte), so a larger claim
        // is a lie, refused before a buffer of its size is allocated.
        if (compression == (byte)RecordFileCompression.Lz4 && uncompressed > (ulong)stored * Lz4MaxExpansion)
        {
            return $"an LZ4 block claims {uncompressed} uncompressed bytes from {stored} stored (LZ4 decodes at most {Lz4MaxExpansion} bytes per stored byte)";
        }

        if (first < 0 || (expectedFirstRecord >= 0 && first != expectedFirstRecord))
        {
            return $"the block's first record number is {first}, {expectedFirstRecord} expected";
        }

        header = new BlockHeader((int)stored, (int)count, (RecordFileCompression)compression, first, (int)uncompressed, BinaryPrimitives.ReadUInt32LittleEndian(source.Slice(CrcOffset)));
        return null;
    }

    /// <summary>
    /// True when <paramref name="source"/> starts like a block header of a later version of the format: the magic, a
    /// stored length within <see cref="MaxBodyLength"/>, and a compression byte this version does not know. Such a
    /// block, when its checksum matches, is whole: it must be refused, never dropped as a torn tail.
    /// </summary>
    public static bool HasUnknownCompression(ReadOnlySpan<byte> source, out int storedLength, out byte compression)
    {
        storedLength = 0;
        compression = 0;
        if (source.Length < Size || BinaryPrimitives.ReadUInt32LittleEndian(source) != Magic)
        {
            return false;
        }

        uint stored = BinaryPrimitives.ReadUInt32LittleEndian(source.Slice(4));
        compression = source[12];
        if (stored == 0 || stored > MaxBodyLength || compression <= (byte)RecordFileCompression.Lz4)
        {
            return false;
        }

        storedLength = (int)stored;
        return true;
    }

    /// <summary>
    /// True when the CRC in the header matches its first 28 bytes and <paramref name="storedBody"/>, started from
    /// <paramref name="seed"/> (the file's <see cref="FileHeader.BlockChecksumSeed"/>); readers ask
    /// <see cref="BlockVerifier.ChecksumMatches"/>, which starts it from their file's seed.
    /// </summary>
    public static bool ChecksumMatches(uint seed, ReadOnlySpan<byte> headerBytes, ReadOnlySpan<byte> storedBody) =>
        Checksum(seed, headerBytes, storedBody) == BinaryPrimitives.ReadUInt32LittleEndian(headerBytes.Slice(CrcOffset));

    private static uint Checksum(uint seed, ReadOnlySpan<byte> headerBytes, ReadOnlySpan<byte> storedBody) =>
        ~Crc32C.Update(Crc32C.Update(seed, headerBytes.Slice(0, CrcOffset)), storedBody);
}
