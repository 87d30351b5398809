namespace FastSerialization.Files;

/// <summary>
/// A record file written by a registry that does not match the reader's (the contract's section 6 rules): one
/// id standing for two types, or a member layout that differs at a position. Raised when the file is opened,
/// before any record is read. It is a <see cref="FastSerializationException"/>.
/// </summary>
public sealed class RecordFileRegistryMismatchException : FastSerializationException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">The id, the type and the position that differ.</param>
    /// <param name="typeId">The type id that differs.</param>
    /// <param name="position">The member position whose kind differs, or null when the type names differ.</param>
    public RecordFileRegistryMismatchException(string message, int typeId, int? position)
        : base(message, null, typeId)
    {
        Position = position;
    }

    /// <summary>The member position whose kind differs, or null when the type names differ.</summary>
    public int? Position { get; }
}
