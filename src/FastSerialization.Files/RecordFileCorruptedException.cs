using System;

namespace FastSerialization.Files;

/// <summary>
/// A record file whose bytes are damaged where they cannot be a torn tail: a block before the last one whose
/// checksum or header is wrong, or a header that is not a record file's. It is a
/// <see cref="FastSerializationException"/> (so a <c>SerializationException</c>), the one documented type for
/// bad input; its message names the block and its offset in the file.
/// </summary>
public sealed class RecordFileCorruptedException : FastSerializationException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What was wrong and where.</param>
    /// <param name="blockIndex">The index of the damaged block (0 is the first block), or null when the file header is damaged.</param>
    /// <param name="fileOffset">The offset in the file of the damaged block or header.</param>
    /// <param name="innerException">The underlying failure, if any.</param>
    public RecordFileCorruptedException(string message, int? blockIndex, long fileOffset, Exception? innerException = null)
        : base(message, innerException)
    {
        BlockIndex = blockIndex;
        FileOffset = fileOffset;
    }

    /// <summary>The index of the damaged block (0 is the first one), or null when the file header is damaged.</summary>
    public int? BlockIndex { get; }

    /// <summary>The offset in the file of the damaged block (its header's first byte) or of the damaged file header.</summary>
    public long FileOffset { get; }
}
