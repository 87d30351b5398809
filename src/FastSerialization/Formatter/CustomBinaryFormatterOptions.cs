using System;

namespace FastSerialization;

/// <summary>
/// Limits and behaviour of a <see cref="CustomBinaryFormatter"/>. The defaults are safe for input
/// from an untrusted source; a formatter copies the values when it is created, so changing an
/// options object afterwards does not affect formatters made from it.
/// </summary>
public sealed class CustomBinaryFormatterOptions
{
    /// <summary>The default of <see cref="MaxRecordLength"/>: 16 MiB.</summary>
    public const int DefaultMaxRecordLength = 16 * 1024 * 1024;

    /// <summary>
    /// The largest value <see cref="MaxRecordLength"/> accepts: the largest byte array .NET can
    /// allocate (0x7FFFFFC7) less the 4-byte length prefix.
    /// </summary>
    public const int LargestMaxRecordLength = 0x7FFFFFC7 - 4;

    /// <summary>The default of <see cref="MaxDepth"/>: 64 nested objects.</summary>
    public const int DefaultMaxDepth = 64;

    /// <summary>The default of <see cref="MaxAllocationPerInputByte"/>: 64 bytes.</summary>
    public const int DefaultMaxAllocationPerInputByte = 64;

    /// <summary>
    /// What reading any record may allocate on top of <see cref="MaxAllocationPerInputByte"/> times its
    /// length: 1 MiB, so that small records are never refused for what they allocate.
    /// </summary>
    public const int ReadAllocationAllowance = 1024 * 1024;

    /// <summary>The default of <see cref="MaxBigIntegerBytes"/>: 4,096 bytes (a number of up to 32,767 bits).</summary>
    public const int DefaultMaxBigIntegerBytes = 4096;

    /// <summary>The default of <see cref="MaxTrackedObjects"/>: 4,194,304 objects.</summary>
    public const int DefaultMaxTrackedObjects = 4 * 1024 * 1024;

    private int _maxTrackedObjects = DefaultMaxTrackedObjects;
    private int _maxRecordLength = DefaultMaxRecordLength;
    private int _maxDepth = DefaultMaxDepth;
    private int _maxAllocationPerInputByte = DefaultMaxAllocationPerInputByte;
    private int _maxBigIntegerBytes = DefaultMaxBigIntegerBytes;

    /// <summary>
    /// The largest record, in bytes after its 4-byte length prefix (type id and payload), that the
    /// formatter writes or accepts. A longer length prefix is rejected before anything is allocated
    /// or read. Between 1 and <see cref="LargestMaxRecordLength"/>; default 16 MiB.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is outside 1..<see cref="LargestMaxRecordLength"/>.</exception>
    public int MaxRecordLength
    {
        get => _maxRecordLength;
        set => _maxRecordLength = value is >= 1 and <= LargestMaxRecordLength
            ? value
            : throw new ArgumentOutOfRangeException(
                nameof(value), value, $"MaxRecordLength must be between 1 and {LargestMaxRecordLength} (the largest byte array less the length prefix).");
    }

    /// <summary>
    /// How deep nested objects may go, when writing and when reading, before the formatter stops with
    /// a <see cref="FastSerializationException"/> (never a stack overflow). Between 1 and 10,000;
    /// default 64.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is outside 1..10,000.</exception>
    public int MaxDepth
    {
        get => _maxDepth;
        set => _maxDepth = value is >= 1 and <= 10_000
            ? value
            : throw new ArgumentOutOfRangeException(nameof(value), value, "MaxDepth must be between 1 and 10,000.");
    }

    /// <summary>
    /// How many bytes reading a record may make the reader allocate, per byte of the record, on top of
    /// <see cref="ReadAllocationAllowance"/> (1 MiB). A record of 1-byte elements that each become an object,
    /// a set or a large struct could otherwise make a reader allocate hundreds of times its size; past this
    /// budget the read stops with a <see cref="FastSerializationException"/> naming this option. Between 1
    /// and 1,000,000; default 64, far above what real data needs (a list of one-character strings takes
    /// about 16 bytes of memory per byte, a list of small objects 5 to 10).
    /// </summary>
    /// <remarks>
    /// The budget is counted as collections and nested objects are made: a collection's element storage is
    /// checked before it is allocated, and what the objects and their constructors allocated is measured
    /// (<c>GC.GetAllocatedBytesForCurrentThread</c>) every few hundred objects, so a refused read has
    /// allocated at most the budget and what a few hundred objects make. On .NET Framework, which cannot
    /// measure, an estimate per object and per collection is counted instead.
    /// </remarks>
    /// <exception cref="ArgumentOutOfRangeException">The value is outside 1..1,000,000.</exception>
    public int MaxAllocationPerInputByte
    {
        get => _maxAllocationPerInputByte;
        set => _maxAllocationPerInputByte = value is >= 1 and <= 1_000_000
            ? value
            : throw new ArgumentOutOfRangeException(nameof(value), value, "MaxAllocationPerInputByte must be between 1 and 1,000,000.");
    }

    /// <summary>
    /// The most bytes a <see cref="System.Numerics.BigInteger"/> read may take (docs/FORMAT.md section 2b: its byte
    /// count, then its two's complement). A longer one is refused with a <see cref="FastSerializationException"/>
    /// naming this option before anything is allocated: building a huge number from hostile bytes, and computing
    /// with it afterwards, costs far more time than reading the bytes did. Between 1 and
    /// <see cref="LargestMaxRecordLength"/>; default 4,096 bytes (a number of up to 32,767 bits).
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is outside 1..<see cref="LargestMaxRecordLength"/>.</exception>
    public int MaxBigIntegerBytes
    {
        get => _maxBigIntegerBytes;
        set => _maxBigIntegerBytes = value is >= 1 and <= LargestMaxRecordLength
            ? value
            : throw new ArgumentOutOfRangeException(nameof(value), value, $"MaxBigIntegerBytes must be between 1 and {LargestMaxRecordLength}.");
    }

    /// <summary>
    /// The most reference-tracked objects (docs/FORMAT.md section 8) one record may number when it is read; one more
    /// is refused with a <see cref="FastSerializationException"/> naming this option. The reader's table of them also
    /// counts against <see cref="MaxAllocationPerInputByte"/>. Between 1 and 2^31-1; default 4,194,304.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is below 1.</exception>
    public int MaxTrackedObjects
    {
        get => _maxTrackedObjects;
        set => _maxTrackedObjects = value >= 1
            ? value
            : throw new ArgumentOutOfRangeException(nameof(value), value, "MaxTrackedObjects must be at least 1.");
    }

    /// <summary>
    /// When <see langword="true"/> (strict), a record or nested object whose reader leaves bytes
    /// unread is an error that names the type. When <see langword="false"/> (tolerant, the default),
    /// those bytes are skipped, so data written by a newer version of a type that appended members
    /// reads into an older version.
    /// </summary>
    public bool RejectUnreadBytes { get; set; }

    internal CustomBinaryFormatterOptions Clone() => (CustomBinaryFormatterOptions)MemberwiseClone();
}
