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

    private int _maxRecordLength = DefaultMaxRecordLength;
    private int _maxDepth = DefaultMaxDepth;

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
    /// When <see langword="true"/> (strict), a record or nested object whose reader leaves bytes
    /// unread is an error that names the type. When <see langword="false"/> (tolerant, the default),
    /// those bytes are skipped, so data written by a newer version of a type that appended members
    /// reads into an older version.
    /// </summary>
    public bool RejectUnreadBytes { get; set; }

    internal CustomBinaryFormatterOptions Clone() => (CustomBinaryFormatterOptions)MemberwiseClone();
}
