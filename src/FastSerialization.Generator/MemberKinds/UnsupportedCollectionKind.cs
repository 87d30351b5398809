using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// The last resort for a type no other kind claims that is a collection (it implements <c>IEnumerable</c>): never a shape,
/// only the FSG002 reason, which names the nearest supported type (a dictionary for one with keys, a set for a set, a list
/// otherwise), so that the message says what to change the member to.
/// </summary>
internal sealed class UnsupportedCollectionKind : MemberKind
{
    public static readonly UnsupportedCollectionKind Instance = new();

    private UnsupportedCollectionKind()
    {
    }

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (type is not INamedTypeSymbol named || !Implements(named, "System.Collections.IEnumerable"))
        {
            return NotThisKind(out shape, out reason);
        }

        string nearest =
            Implements(named, "System.Collections.Generic.IDictionary`2") || Implements(named, "System.Collections.Generic.IReadOnlyDictionary`2") || Implements(named, "System.Collections.IDictionary")
                ? "Dictionary<TKey, TValue>"
                : Implements(named, "System.Collections.Generic.ISet`1") || Implements(named, "System.Collections.Generic.IReadOnlySet`1")
                    ? "HashSet<T>"
                    : "List<T>";
        return Refused(
            "it is a collection type the generator does not support (docs/GENERATOR.md lists those it does); the nearest supported type is "
            + nearest + ", or a type of your own marked [BinarySerializable]",
            out shape,
            out reason);
    }

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) => throw new System.InvalidOperationException();

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) => throw new System.InvalidOperationException();

    public override string Layout(TypeShape shape) => throw new System.InvalidOperationException();

    private static bool Implements(INamedTypeSymbol type, string metadataName) =>
        new[] { type }.Concat(type.AllInterfaces).Any(i => i.ContainingNamespace.ToDisplayString() + "." + i.MetadataName == metadataName);
}
