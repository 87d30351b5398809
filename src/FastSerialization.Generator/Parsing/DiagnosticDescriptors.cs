using System;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>The generator's diagnostics. Ids are stable: FSG001 and up, never reused.</summary>
internal static class DiagnosticDescriptors
{
    private const string Category = "FastSerialization.Generator";

    public static readonly DiagnosticDescriptor TypeNotPartial = new(
        "FSG001",
        "A [BinarySerializable] type must be partial",
        "'{0}' is marked [BinarySerializable] but {1} is not declared partial; declare it 'partial' so the generator can add its ICustomBinarySerializable implementation",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor UnsupportedMemberType = new(
        "FSG002",
        "Member type cannot be serialized",
        "Member '{0}' of '{1}' has type '{2}', which cannot be serialized: {3}; mark it [BinaryIgnore] or change its type",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor DuplicateOrder = new(
        "FSG003",
        "Duplicate [BinaryMember] order",
        "Members '{0}' and '{1}' of '{2}' both have [BinaryMember({3})]; each member needs its own order",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor GappedOrder = new(
        "FSG004",
        "Gap in [BinaryMember] orders",
        "The [BinaryMember] orders of '{0}' must run 0 to {1} with no gap, but order {2} is missing",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor MissingOrder = new(
        "FSG005",
        "Member without [BinaryMember] order",
        "Member '{0}' of '{1}' has no [BinaryMember] order, but other members do; give every serialized member an order, or mark it [BinaryIgnore]",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor NoMatchingConstructor = new(
        "FSG006",
        "No constructor can be matched",
        "No constructor of '{0}' can build it from its serialized members: parameter '{1}' of '{2}' matches no serialized member by name and type; add a constructor whose parameters are named after members, or make the members settable",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor ReadOnlyMemberNotFilled = new(
        "FSG007",
        "Read-only member is not filled by a constructor",
        "Property or field '{0}' of '{1}' has no setter and no constructor parameter fills it, so it cannot be read back; add a setter or init accessor, a constructor parameter named '{2}', or mark it [BinaryIgnore]",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor RefLikeMember = new(
        "FSG008",
        "Ref struct or pointer member",
        "Member '{0}' of '{1}' has type '{2}', a ref struct, pointer or by-reference type, which cannot be stored in a serializable object; mark it [BinaryIgnore]",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor AbstractImmutableType = new(
        "FSG009",
        "Abstract type with read-only members",
        "'{0}' is abstract and member '{1}' has no setter, so reading it would need a constructor call on an abstract type; give its members setters, or mark the concrete derived types [BinarySerializable] instead",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor NotFixedWidthMember = new(
        "FSG010",
        "A fixed-layout struct holds only fixed-width members",
        "Member '{0}' of fixed-layout struct '{1}' has type '{2}', which is not fixed-width: a fixed-layout struct holds only numbers, bool, char, decimal, DateTime, TimeSpan, Guid, enums and other fixed-layout structs; change its type, mark it [BinaryIgnore] (a type that holds no references: FSG018), or drop FixedLayout",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor FixedLayoutOnClass = new(
        "FSG011",
        "FixedLayout applies to structs",
        "'{0}' is a class; [BinarySerializable(FixedLayout = true)] applies to structs only (a class is a reference and has no fixed layout)",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor FixedLayoutCopiedByElement = new(
        "FSG012",
        "Arrays of this fixed-layout struct are copied element by element",
        "Arrays of fixed-layout struct '{0}' are written and read element by element, not as one block: {1}",
        Category,
        DiagnosticSeverity.Info,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor HiddenMember = new(
        "FSG013",
        "Member hides a serialized member of a base type",
        "Member '{0}' of '{1}' hides member '{0}' of '{2}', which is serialized; the generated code reaches members by name, so the base's value would be lost: rename one of them, or mark the base's [BinaryIgnore]",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor NoParameterlessConstructor = new(
        "FSG014",
        "A class read without a constructor",
        "'{0}' has no parameterless constructor, so it is read into an object made without running any constructor or field initializer: fields that are not serialized, and members older data does not hold, stay null or 0; add a parameterless constructor (private is enough), or register a factory with Register<T>(id, factory) and suppress this warning",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor CannotBeTracked = new(
        "FSG015",
        "Reference tracking on something that cannot be tracked",
        "The {0} cannot be reference-tracked: {1}",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor TrackedCycleThroughConstructor = new(
        "FSG016",
        "A type built through its constructor can reach itself through tracked members",
        "'{0}' is built through its constructor, and through tracked member '{1}' of '{2}' it can refer to itself: an object that exists only once its members are read cannot be referred to while they are read, so a cycle through it fails to read back (FastSerializationException); give '{0}' settable members and a parameterless constructor if its graphs can have cycles, or suppress this warning if they cannot",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor EvolvableWithoutFixedLayout = new(
        "FSG017",
        "Evolvable applies to fixed-layout structs",
        "'{0}' says Evolvable = true without FixedLayout = true: Evolvable lets a fixed-layout struct append members (docs/FORMAT.md section 3c), and every other [BinarySerializable] type can already; add FixedLayout = true to a struct, or remove Evolvable",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor FixedLayoutFieldWithReferences = new(
        "FSG018",
        "A fixed-layout struct holds no references, serialized or not",
        "Field '{0}' of fixed-layout struct '{1}' has type '{2}', which holds references: a fixed-layout struct is copied as memory, so every field, [BinaryIgnore] ones included, must be unmanaged (numbers, bool, char, enums and structs of those); remove the field, change its type, or drop FixedLayout",
        Category,
        DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static DiagnosticDescriptor ById(string id) => id switch
    {
        "FSG018" => FixedLayoutFieldWithReferences,
        "FSG017" => EvolvableWithoutFixedLayout,
        "FSG015" => CannotBeTracked,
        "FSG016" => TrackedCycleThroughConstructor,
        "FSG014" => NoParameterlessConstructor,
        "FSG013" => HiddenMember,
        "FSG010" => NotFixedWidthMember,
        "FSG011" => FixedLayoutOnClass,
        "FSG012" => FixedLayoutCopiedByElement,
        "FSG001" => TypeNotPartial,
        "FSG002" => UnsupportedMemberType,
        "FSG003" => DuplicateOrder,
        "FSG004" => GappedOrder,
        "FSG005" => MissingOrder,
        "FSG006" => NoMatchingConstructor,
        "FSG007" => ReadOnlyMemberNotFilled,
        "FSG008" => RefLikeMember,
        "FSG009" => AbstractImmutableType,
        _ => throw new ArgumentOutOfRangeException(nameof(id), id, "Unknown diagnostic id."),
    };
}
