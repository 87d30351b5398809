using Microsoft.CodeAnalysis;

namespace FastSerialization.Analyzers;

/// <summary>The analyzers' diagnostics. Ids are stable: FSA001 and up (the generator has FSG001 and up), never reused.</summary>
internal static class Descriptors
{
    public const string BinaryFormatterUsedId = "FSA001";
    public const string SerializableTypeNotMarkedId = "FSA002";

    public const string TypeIdOutOfRangeId = "FSA003";
    public const string TypeIdForTwoTypesId = "FSA004";
    public const string TypeUnderTwoIdsId = "FSA005";

    public const string FixedLayoutSuggestedId = "FSA006";

    private const string Category = "FastSerialization.Migration";
    private const string IdsCategory = "FastSerialization.TypeIds";

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

    public static readonly DiagnosticDescriptor TypeIdOutOfRange = new(
        TypeIdOutOfRangeId,
        "A type id is outside 1..2^31-1",
        "Type id {0} given to '{1}' is not a valid id: type ids run from 1 to 2147483647 (ids below 128 take one byte on the wire); registering it throws ArgumentOutOfRangeException",
        IdsCategory,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        description: "CustomBinaryFormatter.Register and FastSerializationBuilder.Register accept ids from 1 to 2^31-1; a constant id of 0 or less can never be registered.");

    public static readonly DiagnosticDescriptor TypeIdForTwoTypes = new(
        TypeIdForTwoTypesId,
        "One type id is registered for two types on the same formatter",
        "Type id {0} is registered for '{1}' here ({2}) and for '{3}' at {4}, on the same formatter '{5}': give each type an id of its own, and never give an id that has been written to another type",
        IdsCategory,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        description: "A type id stands for one type on the wire. Two types under one id on one formatter make registration throw ArgumentException (on the dependency-injection builder, when the formatter is first resolved); in two builds they make one read the other's records as the wrong type.");

    public static readonly DiagnosticDescriptor TypeUnderTwoIds = new(
        TypeUnderTwoIdsId,
        "One type is registered twice on the same formatter",
        "'{0}' is registered twice on the same formatter '{1}': under type id {2} here ({3}) and under type id {4} at {5}; register each type once, under one id",
        IdsCategory,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        description: "A formatter writes each type under one id. Registering a type a second time, under another id or the same one, makes registration throw ArgumentException (on the dependency-injection builder, when the formatter is first resolved).");

    public static readonly DiagnosticDescriptor FixedLayoutSuggested = new(
        FixedLayoutSuggestedId,
        "A struct of fixed-width members held in an array or list could be fixed-layout and evolvable",
        "'{0}' is held in an array or list ('{1}') and all its members are fixed-width: [BinarySerializable(FixedLayout = true, Evolvable = true)] would copy its arrays and lists as blocks of memory and still let it append members; it gives up compact integers (an int then always takes 4 bytes)",
        "FastSerialization.Performance",
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "A plain [BinarySerializable] struct is written member by member with compact integers and a frame per element. A fixed-layout evolvable struct (docs/FORMAT.md section 3c) is written at its fixed widths, with its size once per array: same-version readers copy the whole block at once, readers one version apart copy each element's common members.");
}
