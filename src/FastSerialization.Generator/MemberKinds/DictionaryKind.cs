using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// A <c>Dictionary&lt;TKey, TValue&gt;</c> or <c>IReadOnlyDictionary&lt;TKey, TValue&gt;</c>: key, value pairs, read into a
/// new <c>Dictionary</c> that refuses a null or duplicate key. <see cref="TypeShape.Element"/> is the key's
/// shape, <see cref="TypeShape.Value"/> the value's.
/// </summary>
internal sealed class DictionaryKind : CollectionKind
{
    public static readonly DictionaryKind Instance = new();

    private DictionaryKind()
    {
    }

    public override string? Accepts => "Dictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (type is not INamedTypeSymbol { IsGenericType: true } named
            || named.OriginalDefinition.ToDisplayString() is not ("System.Collections.Generic.Dictionary<TKey, TValue>" or "System.Collections.Generic.IReadOnlyDictionary<TKey, TValue>"))
        {
            return NotThisKind(out shape, out reason);
        }

        TypeShape? key = ParseInner(named.TypeArguments[0], depth, out string? why);
        if (key is null)
        {
            return Refused(why, out shape, out reason);
        }

        TypeShape? value = ParseInner(named.TypeArguments[1], depth, out why);
        return value is null
            ? Refused(why, out shape, out reason)
            : Found(new TypeShape(this, Display(type), null, 1, true, key, value, null, null), out shape, out reason);
    }

    public override string Layout(TypeShape shape) =>
        "Map<" + shape.Element!.Kind.Layout(shape.Element) + "," + shape.Value!.Kind.Layout(shape.Value) + ">";

    public override TypeShape Compact(TypeShape shape) =>
        shape with { Element = shape.Element!.Kind.Compact(shape.Element), Value = shape.Value!.Kind.Compact(shape.Value!) };

    protected override int MinElementSize(TypeShape shape) => shape.Element!.MinSize + shape.Value!.MinSize;

    protected override string StorageElement(TypeShape shape) =>
        "global::System.Collections.Generic.KeyValuePair<" + shape.Element!.TypeDisplay + ", " + shape.Value!.TypeDisplay + ">";

    protected override void EmitWriteElements(IndentedWriter w, TypeShape shape, string collection, int depth)
    {
        string p = Local("__p", depth);
        w.Open("foreach (var " + p + " in " + collection + ")");
        EmitWriteOf(w, shape.Element!, p + ".Key", depth + 1);
        EmitWriteOf(w, shape.Value!, p + ".Value", depth + 1);
        w.Close();
    }

    /// <summary>The comparer check of <see cref="ComparerChecks"/>: a collection built with its own comparer needs <c>[BinaryComparer]</c>.</summary>
    protected override void EmitWriteCheck(IndentedWriter w, TypeShape shape, string collection) =>
        ComparerChecks.EmitEquality(
            w,
            shape.Element!.TypeDisplay,
            "(" + collection + " as global::System.Collections.Generic.Dictionary<" + shape.Element!.TypeDisplay + ", " + shape.Value!.TypeDisplay + ">)?.Comparer",
            shape.Comparer ?? "global::FastSerialization.KeyComparers.ForUntrustedKeys<" + shape.Element!.TypeDisplay + ">()",
            "Dictionary<TKey, TValue>",
            shape.Comparer is not null);

    protected override void EmitCreate(IndentedWriter w, TypeShape shape, string made, string count) =>
        w.Line(
            "var {0} = new global::System.Collections.Generic.Dictionary<{1}, {2}>({3}, {4});",
            made,
            shape.Element!.TypeDisplay,
            shape.Value!.TypeDisplay,
            Capacity(count),
            shape.Comparer ?? "global::FastSerialization.KeyComparers.ForUntrustedKeys<" + shape.Element!.TypeDisplay + ">()"); // [BinaryComparer], or the default's equality

    protected override void EmitReadElement(IndentedWriter w, TypeShape shape, string made, string index, int depth)
    {
        string k = Local("__k", depth);
        string v = Local("__v", depth);
        w.Line("{0} {1};", shape.Element!.TypeDisplay, k);
        EmitReadOf(w, shape.Element, k, depth + 1);
        w.Line("{0} {1};", shape.Value!.TypeDisplay, v);
        EmitReadOf(w, shape.Value, v, depth + 1);

        // A key that can be null (a reference type or a Nullable<T>) is checked for null as well as for a duplicate.
        string nullCheck = shape.Element.IsReferenceType || shape.Element.Kind is NullableKind ? k + " is null || " : string.Empty;
        w.Open("if (" + nullCheck + made + ".ContainsKey(" + k + "))");
        w.Line("throw reader.CreateMalformedException(\"a dictionary has a null or duplicate key\");");
        w.Close();
        w.Line();
        w.Line("{0}.Add({1}, {2});", made, k, v);
    }

    public override bool CanCopy(TypeShape shape) => shape.Element!.Kind.CanCopy(shape.Element) && shape.Value!.Kind.CanCopy(shape.Value);

    /// <summary>The dictionary with the comparer the reader builds it with; a key whose copy a read would refuse (null, or a duplicate) abandons the copy.</summary>
    protected override void EmitCopyElements(IndentedWriter w, TypeShape shape, string collection, string made, int depth)
    {
        w.Line(
            "var {0} = new global::System.Collections.Generic.Dictionary<{1}, {2}>({3}.Count, {4});",
            made,
            shape.Element!.TypeDisplay,
            shape.Value!.TypeDisplay,
            collection,
            shape.Comparer ?? "global::FastSerialization.KeyComparers.ForUntrustedKeys<" + shape.Element!.TypeDisplay + ">()");
        string p = Local("__p", depth);
        string k = Local("__k", depth);
        string v = Local("__v", depth);
        w.Open("foreach (var " + p + " in " + collection + ")");
        w.Line("{0} {1};", shape.Element!.TypeDisplay, k);
        EmitCopyOf(w, shape.Element, p + ".Key", k, depth + 1);
        w.Line("{0} {1};", shape.Value!.TypeDisplay, v);
        EmitCopyOf(w, shape.Value, p + ".Value", v, depth + 1);
        string nullCheck = shape.Element.IsReferenceType || shape.Element.Kind is NullableKind ? k + " is null || " : string.Empty;
        w.Open("if (" + nullCheck + made + ".ContainsKey(" + k + "))");
        w.Line("context.Abandon();");
        w.Close();
        w.Line();
        w.Line("{0}.Add({1}, {2});", made, k, v);
        w.Close();
    }
}
