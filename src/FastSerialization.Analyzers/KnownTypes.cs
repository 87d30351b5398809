using Microsoft.CodeAnalysis;

namespace FastSerialization.Analyzers;

/// <summary>The types the analyzers look for, resolved once per compilation; any of them may be absent.</summary>
internal sealed class KnownTypes
{
    public const string BinaryFormatterName = "System.Runtime.Serialization.Formatters.Binary.BinaryFormatter";
    public const string IFormatterName = "System.Runtime.Serialization.IFormatter";
    public const string CustomBinaryFormatterName = "FastSerialization.CustomBinaryFormatter";
    public const string ICustomBinarySerializableName = "FastSerialization.ICustomBinarySerializable";
    public const string BinarySerializableAttributeName = "FastSerialization.BinarySerializableAttribute";

    private KnownTypes(Compilation compilation)
    {
        BinaryFormatter = compilation.GetTypeByMetadataName(BinaryFormatterName);
        IFormatter = compilation.GetTypeByMetadataName(IFormatterName);
        CustomBinaryFormatter = compilation.GetTypeByMetadataName(CustomBinaryFormatterName);
        ICustomBinarySerializable = compilation.GetTypeByMetadataName(ICustomBinarySerializableName);
        BinarySerializableAttribute = compilation.GetTypeByMetadataName(BinarySerializableAttributeName);
    }

    public INamedTypeSymbol? BinaryFormatter { get; }

    public INamedTypeSymbol? IFormatter { get; }

    public INamedTypeSymbol? CustomBinaryFormatter { get; }

    public INamedTypeSymbol? ICustomBinarySerializable { get; }

    public INamedTypeSymbol? BinarySerializableAttribute { get; }

    public static KnownTypes From(Compilation compilation) => new(compilation);

    /// <summary>True when <paramref name="type"/> already writes and reads itself for CustomBinaryFormatter.</summary>
    public bool IsSerializableByCustomFormatter(INamedTypeSymbol type)
    {
        foreach (AttributeData attribute in type.GetAttributes())
        {
            if (attribute.AttributeClass is { } cls &&
                (SymbolEqualityComparer.Default.Equals(cls, BinarySerializableAttribute) ||
                 (BinarySerializableAttribute is null && cls.ToDisplayString() == BinarySerializableAttributeName)))
            {
                return true;
            }
        }

        foreach (INamedTypeSymbol contract in type.AllInterfaces)
        {
            if (SymbolEqualityComparer.Default.Equals(contract, ICustomBinarySerializable))
            {
                return true;
            }
        }

        return false;
    }
}
