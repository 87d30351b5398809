using System;

namespace FastSerialization.Files.Internal;

/// <summary>
/// A record of a whole block (its checksum matched) that is longer than the formatter's
/// <see cref="CustomBinaryFormatterOptions.MaxRecordLength"/> is not damage: the file was written by a formatter with a
/// larger limit. The reader and the salvage say so, with the limit and how to raise it, rather than call the file
/// corrupted.
/// </summary>
internal static class RecordLimit
{
    /// <summary>
    /// The exception to throw when the record at the start of <paramref name="rest"/> (the block's bytes from that record
    /// on) claims a length over <paramref name="maxRecordLength"/> that the block holds whole; otherwise null.
    /// </summary>
    public static FastSerializationException? OverLimit(ReadOnlySpan<byte> rest, int maxRecordLength, string path, int? block, long blockOffset)
    {
        int length;
        try
        {
            // The length as the core reads it, under the largest limit there is: only one within it can be a record.
            if (!RecordFrame.TryReadLength(rest, CustomBinaryFormatterOptions.LargestMaxRecordLength, out length))
            {
                return null;
            }
        }
        catch (FastSerializationException)
        {
            return null; // a length of 0, or past any limit: damage, not a record written with a larger limit
        }

        if (length <= maxRecordLength || length > rest.Length - RecordFrame.LengthPrefixSize)
        {
            return null;
        }

        string where = block is { } b ? $"block {b} at offset {blockOffset}" : $"the block at offset {blockOffset}";
        return new FastSerializationException(
            $"'{path}' holds a record of {length} bytes in {where}, more than this formatter's limit of {maxRecordLength} bytes (CustomBinaryFormatterOptions.MaxRecordLength). The file is not damaged: it was written with a larger limit. To read it, create the formatter with new CustomBinaryFormatterOptions {{ MaxRecordLength = {length} }} or more (at most {CustomBinaryFormatterOptions.LargestMaxRecordLength}).");
    }
}
