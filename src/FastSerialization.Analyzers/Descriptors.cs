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

    public const string ShippedMemberChangedId = "FSA006";
    public const string ShippedFixedLayoutChangedId = "FSA007";
    public const string ShippedIdChangedId = "FSA008";
    public const string LayoutNotRecordedId = "FSA009";
    public const string LayoutsNotTrackedId = "FSA010";
    public const string LayoutFileLineInvalidId = "FSA011";
    public const string FixedLayoutSuggestedId = "FSA012";

    private const string Category = "FastSerialization.Migration";
    private const string IdsCategory = "FastSerialization.TypeIds";
    private const string CompatibilityCategory = "FastSerialization.Compatibility";

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

    public static readonly DiagnosticDescriptor ShippedMemberChanged = new(
        ShippedMemberChangedId,
        "A shipped member is removed, reordered or retyped",
        "'{0}' breaks its shipped wire layout: {1}. Records written by the shipped version would be read as garbage or not at all; members are only appended, never removed, reordered or retyped: restore it (if no data of the shipped layout exists anywhere, edit BinaryLayout.Shipped.txt instead).",
        CompatibilityCategory,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        customTags: WellKnownDiagnosticTags.CompilationEnd,
        description: "BinaryLayout.Shipped.txt records the wire layout of every [BinarySerializable] type as released: its members in wire order, with their kinds and encodings as the IPC handshake names them. A new build must read what a released one wrote, so a shipped member may not be removed, moved, renamed or given another kind, encoding or width, and a shipped type may not disappear.");

    public static readonly DiagnosticDescriptor ShippedFixedLayoutChanged = new(
        ShippedFixedLayoutChangedId,
        "A shipped fixed-layout struct is changed",
        "Fixed-layout struct '{0}' differs from BinaryLayout.Shipped.txt: {1}. A fixed-layout struct has no frame, so its readers know its size and members only from their own build: any change, an appended member included, breaks every record the shipped version wrote. Restore it, or declare a new type for the new layout.",
        CompatibilityCategory,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        customTags: WellKnownDiagnosticTags.CompilationEnd,
        description: "A fixed-layout struct ([BinarySerializable(FixedLayout = true)], docs/FORMAT.md section 3b) is written inline at a size known at compile time; unlike other types it cannot evolve, so its shipped layout must stay exactly as recorded.");

    public static readonly DiagnosticDescriptor ShippedIdChanged = new(
        ShippedIdChangedId,
        "A shipped type id is changed",
        "{0}: a type id that a release has written stands for its type forever. Restore the shipped id (if no data of the shipped version exists anywhere, edit BinaryLayout.Shipped.txt instead).",
        IdsCategory,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        customTags: WellKnownDiagnosticTags.CompilationEnd,
        description: "BinaryLayout.Shipped.txt records the constant type ids the project registered its types under when it was released. Moving a type to another id, or giving its id to another type, makes the next build read the shipped records as the wrong type or not at all.");

    public static readonly DiagnosticDescriptor LayoutNotRecorded = new(
        LayoutNotRecordedId,
        "A wire layout is not recorded",
        "{0}: record it in BinaryLayout.Unshipped.txt (the code fix writes it); a release moves the unshipped lines to BinaryLayout.Shipped.txt",
        CompatibilityCategory,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        customTags: WellKnownDiagnosticTags.CompilationEnd,
        description: "Every [BinarySerializable] type of a project that tracks its wire layouts is recorded in BinaryLayout.Shipped.txt (released) or BinaryLayout.Unshipped.txt (since the last release): a new type, an appended member or a new constant type id is recorded in the unshipped file, and an unshipped entry follows the type until it is released.");

    public static readonly DiagnosticDescriptor LayoutsNotTracked = new(
        LayoutsNotTrackedId,
        "The project does not track its wire layouts",
        "'{0}' has a wire layout, and this project has no BinaryLayout.Shipped.txt: the code fix creates the layout files, so that the build checks that later versions read what this one writes",
        CompatibilityCategory,
        DiagnosticSeverity.Hidden,
        isEnabledByDefault: true,
        description: "Opt-in: a project with the additional files BinaryLayout.Shipped.txt and BinaryLayout.Unshipped.txt has its [BinarySerializable] types' wire layouts checked at compile time (docs/ANALYZERS.md). This hidden diagnostic only carries the code fix that creates them.");

    public static readonly DiagnosticDescriptor LayoutFileLineInvalid = new(
        LayoutFileLineInvalidId,
        "A line of a layout file is invalid",
        "'{0}' in {1} is not a layout line: {2}",
        CompatibilityCategory,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        customTags: WellKnownDiagnosticTags.CompilationEnd,
        description: "BinaryLayout.Shipped.txt and BinaryLayout.Unshipped.txt hold one fact per line: 'Type', 'Type id=N', 'Type fixed=S' or 'Type[position] Name Kind' (docs/ANALYZERS.md); a line that says anything else, or contradicts another line, would weaken the check, so it is an error.");

    public static readonly DiagnosticDescriptor FixedLayoutSuggested = new(
        FixedLayoutSuggestedId,
        "A struct of fixed-width members held in an array or list could be fixed-layout and evolvable",
        "'{0}' is held in an array or list ('{1}') and all its members are fixed-width: [BinarySerializable(FixedLayout = true, Evolvable = true)] would copy its arrays and lists as blocks of memory and still let it append members; it gives up compact integers (an int then always takes 4 bytes)",
        "FastSerialization.Performance",
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "A plain [BinarySerializable] struct is written member by member with compact integers and a frame per element. A fixed-layout evolvable struct (docs/FORMAT.md section 3c) is written at its fixed widths, with its size once per array: same-version readers copy the whole block at once, readers one version apart copy each element's common members.");
}
