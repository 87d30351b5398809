using System.Globalization;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// An <c>ILookup&lt;TKey, TElement&gt;</c>: section 2's dictionary whose values are the groups, each a sequence (docs/FORMAT.md
/// section 2b): varuint32 groups + 1 (0 for null), then per group its key and its elements as a sequence. Read back as the
/// lookup <c>Enumerable.ToLookup</c> builds. A key that repeats, or a group that is null or empty (a lookup never holds one),
/// is malformed. <see cref="TypeShape.Element"/> is the key's shape, <see cref="TypeShape.Value"/> the element's.
/// </summary>
internal sealed class LookupKind : MemberKind
{
    public static readonly LookupKind Instance = new();

    private LookupKind()
    {
    }

    public override string? Accepts => "ILookup<TKey, TElement>";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (type is not INamedTypeSymbol { IsGenericType: true } named || BuiltCollections.MetadataNameOf(named) != "System.Linq.ILookup`2")
        {
            return NotThisKind(out shape, out reason);
        }

        TypeShape? key = ParseInner(named.TypeArguments[0], depth, out string? why);
        if (key is null)
        {
            return Refused(why, out shape, out reason);
        }

        TypeShape? element = ParseInner(named.TypeArguments[1], depth, out why);
        return element is null
            ? Refused(why, out shape, out reason)
            : Found(new TypeShape(this, Display(type), null, 1, true, key, element, null, null), out shape, out reason);
    }

    public override string Layout(TypeShape shape) =>
        "Map<" + shape.Element!.Kind.Layout(shape.Element) + ",Sequence<" + shape.Value!.Kind.Layout(shape.Value) + ">>";

    // The key is a single value (compact, as a dictionary's); the elements are a sequence's (fixed widths).
    public override TypeShape Compact(TypeShape shape) => shape with { Element = shape.Element!.Kind.Compact(shape.Element) };

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth)
    {
        string s = Local("__s", depth);
        string g = Local("__g", depth);
        string l = Local("__l", depth);
        string e = Local("__e", depth);
        string element = shape.Value!.TypeDisplay;
        w.Open();
        w.Line("var {0} = {1};", s, expression);
        w.Open("if (" + s + " is null)");
        w.Line("writer.WriteNullCollection();");
        w.Close();
        w.Open("else");
        w.Line("writer.WriteCollectionHeader({0}.Count);", s);
        w.Open("foreach (var " + g + " in " + s + ")");
        EmitWriteOf(w, shape.Element!, g + ".Key", depth + 1);
        w.Line("var {0} = {1} as global::System.Collections.Generic.ICollection<{2}> ?? new global::System.Collections.Generic.List<{2}>({1});", l, g, element);
        w.Line("writer.WriteCollectionHeader({0}.Count);", l);
        w.Open("foreach (var " + e + " in " + l + ")");
        EmitWriteOf(w, shape.Value!, e, depth + 1);
        w.Close();
        w.Close();
        w.Close();
        w.Close();
    }

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth)
    {
        string key = shape.Element!.TypeDisplay;
        string element = shape.Value!.TypeDisplay;
        string pair = "global::System.Collections.Generic.KeyValuePair<" + key + ", " + element + ">";
        string comparer = shape.Comparer ?? "global::FastSerialization.KeyComparers.ForUntrustedKeys<" + key + ">()";
        string c = Local("__c", depth);
        string n = Local("__n", depth);
        string i = Local("__i", depth);
        string j = Local("__j", depth);
        string k = Local("__k", depth);
        string v = Local("__v", depth);
        string pairs = Local("__r", depth);
        string keys = Local("__h", depth);
        w.Open();
        // A group takes at least its key, its count and one element (a lookup has no empty group).
        w.Line("int {0} = reader.ReadCollectionHeader<{1}>({2});", c, pair, (shape.Element.MinSize + 1 + shape.Value.MinSize).ToString(CultureInfo.InvariantCulture));
        w.Open("if (" + c + " < 0)");
        w.Line("{0} = null!;", target);
        w.Close();
        w.Open("else");
        w.Line("var {0} = new global::System.Collections.Generic.List<{1}>(global::System.Math.Min({2}, 1024));", pairs, pair, c);
        w.Line("var {0} = new global::System.Collections.Generic.HashSet<{1}>({2});", keys, key, comparer);
        w.Open("for (int " + i + " = 0; " + i + " < " + c + "; " + i + "++)");
        w.Line("{0} {1};", key, k);
        EmitReadOf(w, shape.Element, k, depth + 1);
        w.Open("if (!" + keys + ".Add(" + k + "))");
        w.Line("throw reader.CreateMalformedException(\"a lookup has a duplicate key\");");
        w.Close();
        w.Line();
        w.Line("int {0} = reader.ReadCollectionHeader<{1}>({2});", n, element, shape.Value.MinSize.ToString(CultureInfo.InvariantCulture));
        w.Open("if (" + n + " <= 0)");
        w.Line("throw reader.CreateMalformedException(\"a lookup has a null or empty group\");");
        w.Close();
        w.Line();
        w.Open("for (int " + j + " = 0; " + j + " < " + n + "; " + j + "++)");
        w.Line("{0} {1};", element, v);
        EmitReadOf(w, shape.Value, v, depth + 1);
        w.Line("{0}.Add(new {1}({2}, {3}));", pairs, pair, k, v);
        w.Close();
        w.Close();
        w.Line("{0} = global::System.Linq.Enumerable.ToLookup({1}, p => p.Key, p => p.Value, {2});", target, pairs, comparer);
        w.Close();
        w.Close();
    }
}
