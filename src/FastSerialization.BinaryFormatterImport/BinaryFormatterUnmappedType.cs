namespace FastSerialization.BinaryFormatterImport;

/// <summary>
/// What the importer tells <see cref="BinaryFormatterImportOptions.UnmappedType"/> about a type named in a
/// payload that no mapping covers.
/// </summary>
public sealed class BinaryFormatterUnmappedType
{
    internal BinaryFormatterUnmappedType(string typeName, string? assemblyName, string path)
    {
        TypeName = typeName;
        AssemblyName = assemblyName;
        Path = path;
    }

    /// <summary>The type's full name as the payload gives it (never loaded).</summary>
    public string TypeName { get; }

    /// <summary>The assembly name the payload gives for it, if any (never loaded).</summary>
    public string? AssemblyName { get; }

    /// <summary>Where the value sits in the graph being imported, for example <c>root.Orders[3].Customer</c>.</summary>
    public string Path { get; }
}
