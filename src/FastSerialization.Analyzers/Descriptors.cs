using Microsoft.CodeAnalysis;

namespace FastSerialization.Analyzers;

/// <summary>The migration diagnostics. Ids are stable: FSA001 and up (the generator has FSG001 and up), never reused.</summary>
internal static class Descriptors
{
    public const string BinaryFormatterUsedId = "FSA001";
    public const string SerializableTypeNotMarkedId = "FSA002";

    private const string Category = "FastSerialization.Migration";

    public static readonly DiagnosticDescriptor BinaryFormatterUsed = new(
        BinaryFormatterUsedId,
        "BinaryFormatter is used",
        "{0} uses BinaryFormatter, which can run code named by its input and is removed from .NET 9; use FastSerialization's CustomBinaryFormatter",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "BinaryFormatter instantiates any type named in the data it reads. CustomBinaryFormatter reads only types registered under an id, and offers Serialize(Stream, object) and Deserialize(Stream) through IFormatter too.");

    public static readonly DiagnosticDescriptor SerializableTypeNotMarked = new(
        SerializableTypeNotMarkedId,
        "A [Serializable] type is used with a formatter but CustomBinaryFormatter cannot serialize it",
        "'{0}' is [Serializable] and used with {1}, but CustomBinaryFormatter cannot serialize it: make it partial and mark it [BinarySerializable], or implement ICustomBinarySerializable",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "CustomBinaryFormatter writes and reads only types that implement ICustomBinarySerializable, by hand or through the [BinarySerializable] source generator; [Serializable] alone is BinaryFormatter's contract.");
}
