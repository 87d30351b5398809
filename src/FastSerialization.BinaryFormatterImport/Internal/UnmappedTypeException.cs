namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// The <see cref="FastSerializationException"/> thrown for a type that no mapping covers. Internal: callers
/// catch <see cref="FastSerializationException"/>; the converter uses the type name to count it and go on.
/// </summary>
internal sealed class UnmappedTypeException : FastSerializationException
{
    public UnmappedTypeException(string message, string typeName)
        : base(message)
    {
        TypeName = typeName;
    }

    public string TypeName { get; }
}
