using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace FastSerialization.Generator;

/// <summary>What the parser found for one [BinarySerializable] type: a value-equatable record with no symbol or syntax node in it.</summary>
/// <remarks><c>EmitsTrackedAttribute</c>: the type says <c>[BinarySerializable(TrackReferences = true)]</c> and gets <c>[BinaryReferenceTracked]</c>. <c>EmitsFactory</c>: the type gets an <c>IBinaryFactory&lt;T&gt;</c> that calls its parameterless constructor (see <see cref="Factories"/>).</remarks>
internal sealed record TypeModel(
    string HintName,
    string? Namespace,
    EquatableArray<ContainingType> ContainingTypes,
    ContainingType Self,
    string FullyQualifiedName,
    bool IsValueType,
    bool IsReadOnlyStruct,
    bool NeedsNewModifier,
    bool GenerateWrite,
    bool GenerateRead,
    ConstructionModel? Construction,
    EquatableArray<MemberModel> Members,
    EquatableArray<DiagnosticInfo> Diagnostics,
    FixedLayoutModel? FixedLayout = null,
    bool EmitsFactory = false,
    int BoundedPayload = 0,
    bool BoundedRead = false,
    Primitive? Primitive = null,
    bool EmitsTrackedAttribute = false);

/// <summary>
/// A fixed-layout struct (<c>[BinarySerializable(FixedLayout = true)]</c>): its size on the wire, and whether its
/// memory layout equals its wire layout (then arrays of it are copied as one block); for an evolvable one
/// (<c>Evolvable = true</c>, docs/FORMAT.md section 3c), where each member ends on the wire.
/// </summary>
internal sealed record FixedLayoutModel(int Size, bool MemoryLayoutMatches, bool Evolvable = false, EquatableArray<int> MemberEnds = default);

/// <summary>A type declaration to reopen as <c>partial</c>: its keyword (class, struct, record, record struct), name and type parameters.</summary>
internal sealed record ContainingType(string Keyword, string NameWithTypeParameters);

/// <summary>
/// How an immutable type is built when read: the constructor's arguments (members, in parameter
/// order) and the members set in an object initializer. Null for a type whose members are all settable.
/// </summary>
/// <param name="ConstructorArguments">The member index of each constructor parameter, in parameter order.</param>
/// <param name="InitializerMembers">The members set in the object initializer.</param>
/// <param name="MemberDefaults">
/// Per member (in member order), the C# expression of the default value of the constructor parameter it is bound to,
/// or an empty string: a member older data does not hold gets the value its parameter would have without an argument.
/// </param>
internal sealed record ConstructionModel(EquatableArray<int> ConstructorArguments, EquatableArray<int> InitializerMembers, EquatableArray<string> MemberDefaults);

/// <summary>One serialized member, in wire order.</summary>
/// <param name="Name">The member's name, as C# text (a keyword escaped).</param>
/// <param name="TypeDisplay">The member's type, as C# text.</param>
/// <param name="Shape">How the member's type is written and read.</param>
/// <param name="IsSettable">True when the member can be assigned from an instance method of the type.</param>
/// <param name="StoresPlainly">
/// True when setting the member only stores the value: a field, or a property whose setter is the compiler's (an
/// auto-property, a record's positional property). Such a member may be set with a value that is then set again.
/// </param>
internal sealed record MemberModel(string Name, string TypeDisplay, TypeShape Shape, bool IsSettable, bool StoresPlainly = false);

/// <summary>
/// The recursive description of a member's type: its kind, the type as C# text, and the element (or
/// key) and value shapes of collections.
/// </summary>
/// <param name="Kind">The kind, which writes, reads and names values of this shape (a singleton, compared by reference).</param>
/// <param name="TypeDisplay">The type, fully qualified, with nullable annotations.</param>
/// <param name="ReadMethod">
/// For primitive arrays, the element type; for nested objects, the type argument of <c>ReadObject</c> (the type
/// without a nullable annotation); for fixed-layout structs, their layout name; for multi-dimensional arrays, the rank; for an
/// <c>ImmutableArray</c>, what the compilation's System.Collections.Immutable lacks (<see cref="BuiltCollectionKind.LacksMarshal"/>,
/// <see cref="BuiltCollectionKind.LacksSpan"/>). Primitives have <paramref name="Primitive"/> instead.
/// </param>
/// <param name="MinSize">The fewest bytes a value of this shape takes on the wire.</param>
/// <param name="IsReferenceType">True when a value can be null (a read result gets <c>!</c>).</param>
/// <param name="Element">The element (sequences), the underlying value (Nullable), or the key (dictionaries).</param>
/// <param name="Value">The value of a dictionary.</param>
/// <param name="NewArrayPrefix">For arrays, the text before the count in <c>new X[count][]</c>.</param>
/// <param name="NewArraySuffix">For arrays, the text after it.</param>
/// <param name="Alignment">For fixed-layout structs, the alignment of the struct in memory.</param>
/// <param name="CopiesAsBlock">For fixed-layout structs, true when the memory layout equals the wire layout.</param>
/// <param name="BoundedPayload">For a nested bounded struct (<see cref="BoundedObjects"/>) whose writer is generated, the bound of its payload; otherwise 0.</param>
/// <param name="BoundedRead">For a nested bounded struct whose reader is generated member by member, true: it is read through a <c>BoundedRunReader</c>.</param>
/// <param name="Primitive">For a primitive (fixed or compact), its row of <see cref="Primitives"/>; for an enum, its underlying integer's (or that integer's compact form).</param>
/// <param name="Items">For a tuple or a <c>KeyValuePair</c> (<see cref="TupleKind"/>), its elements in wire order (the <c>Rest</c> of a long tuple flattened).</param>
/// <param name="Comparer">For a sorted or hashed collection whose member has <c>[BinaryComparer]</c>, the C# expression of the comparer it is rebuilt with.</param>
/// <param name="Evolvable">For a fixed-layout struct declared evolvable (docs/FORMAT.md section 3c) where it stands alone or in a sequence: true (its size is written before it); false inside another fixed-layout struct, where it is frozen.</param>
/// <param name="Frozen">For a fixed-layout struct declared evolvable held inside another fixed-layout struct (<see cref="FixedLayouts.Frozen"/>): true. Its own reader stops where its frame ends (an older writer's element), so the holder checks first that the frame holds all of it.</param>
/// <param name="ReadsInPlace">For a nested object of a sealed class that the holder's code makes and fills itself (<see cref="NestedClasses"/>): true.</param>
internal sealed record TypeShape(
    MemberKind Kind,
    string TypeDisplay,
    string? ReadMethod,
    int MinSize,
    bool IsReferenceType,
    TypeShape? Element,
    TypeShape? Value,
    string? NewArrayPrefix,
    string? NewArraySuffix,
    int Alignment = 0,
    bool CopiesAsBlock = false,
    int BoundedPayload = 0,
    bool BoundedRead = false,
    Primitive? Primitive = null,
    EquatableArray<TypeShape> Items = default,
    string? Comparer = null,
    bool Evolvable = false,
    bool Frozen = false,
    bool ReadsInPlace = false);

/// <summary>A diagnostic to report, with its location as plain values.</summary>
internal sealed record DiagnosticInfo(string Id, LocationInfo? Location, EquatableArray<string> Arguments)
{
    /// <summary>The diagnostic, located in <paramref name="compilation"/>'s syntax tree when it has the file (so that <c>#pragma warning disable</c> applies).</summary>
    public Diagnostic ToDiagnostic(Compilation? compilation = null) =>
        Diagnostic.Create(DiagnosticDescriptors.ById(Id), Location?.ToLocation(compilation), System.Linq.Enumerable.ToArray(System.Linq.Enumerable.Cast<object>(Arguments)));
}

/// <summary>A source location as plain values (a <see cref="Location"/> holds on to its syntax tree).</summary>
internal sealed record LocationInfo(string FilePath, TextSpan Span, LinePositionSpan LineSpan)
{
    /// <summary>
    /// A location in the syntax tree of <paramref name="compilation"/> that has this file: the compiler checks a source location
    /// against the tree's <c>#pragma warning</c> directives, and skips an external-file location (dotnet/roslyn#68291).
    /// Without the tree, a location by file path and span.
    /// </summary>
    public Location ToLocation(Compilation? compilation = null)
    {
        if (compilation is not null)
        {
            foreach (SyntaxTree tree in compilation.SyntaxTrees)
            {
                if (tree.FilePath == FilePath && Span.End <= tree.Length)
                {
                    return Location.Create(tree, Span);
                }
            }
        }

        return Location.Create(FilePath, Span, LineSpan);
    }

    public static LocationInfo? From(Location? location) =>
        location is null || location.SourceTree is null
            ? null
            : new LocationInfo(location.SourceTree.FilePath, location.SourceSpan, location.GetLineSpan().Span);
}
