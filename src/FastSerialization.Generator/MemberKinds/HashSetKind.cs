using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>A <c>HashSet&lt;T&gt;</c>: written in enumeration order, read into a new set that refuses a duplicate element.</summary>
internal sealed class HashSetKind : CollectionKind
{
    public static readonly HashSetKind Instance = new();

    private HashSetKind()
    {
    }

    public override string? Accepts => "HashSet<T>";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (type is not INamedTypeSymbol { IsGenericType: true } named
            || named.OriginalDefinition.ToDisplayString() != "System.Collections.Generic.HashSet<T>")
        {
            return NotThisKind(out shape, out reason);
        }

        TypeShape? element = ParseInner(named.TypeArguments[0], depth, out string? why);
        return element is null
            ? Refused(why, out shape, out reason)
            : Found(new TypeShape(this, Display(type), null, 1, true, element, null, null, null), out shape, out reason);
    }

    public override string Layout(TypeShape shape) => "Sequence<" + shape.Element!.Kind.Layout(shape.Element) + ">";

    protected override void EmitWriteElements(IndentedWriter w, TypeShape shape, string collection, int depth)
    {
        string e = Local("__e", depth);
        w.Open("foreach (var " + e + " in " + collection + ")");
        EmitWriteOf(w, shape.Element!, e, depth + 1);
        w.Close();
    }

    /// <summary>The comparer check of <see cref="ComparerChecks"/>: a collection built with its own comparer needs <c>[BinaryComparer]</c>.</summary>
    protected override void EmitWriteCheck(IndentedWriter w, TypeShape shape, string collection) =>
        ComparerChecks.EmitEquality(
            w,
            shape.Element!.TypeDisplay,
            collection + ".Comparer",
            shape.Comparer ?? "global::FastSerialization.KeyComparers.ForUntrustedKeys<" + shape.Element!.TypeDisplay + ">()",
            "HashSet<T>",
            shape.Comparer is not null);

    protected override void EmitCreate(IndentedWriter w, TypeShape shape, string made, string count) =>
        w.Line(
            "var {0} = new global::System.Collections.Generic.HashSet<{1}>({2});",
            made,
            shape.Element!.TypeDisplay,
            shape.Comparer ?? "global::FastSerialization.KeyComparers.ForUntrustedKeys<" + shape.Element!.TypeDisplay + ">()"); // [BinaryComparer], or the default's equality

    /// <summary>
    /// Reads an element and adds it; an element the set already holds is malformed data, as a duplicate
    /// dictionary key is (docs/FORMAT.md section 4): a writer never writes one, so it can only come from a
    /// corrupt or hostile record, and reading it silently would change the count the record declared.
    /// </summary>
    protected override void EmitReadElement(IndentedWriter w, TypeShape shape, string made, string index, int depth)
    {
        string e = Local("__e", depth);
        w.Line("{0} {1};", shape.Element!.TypeDisplay, e);
        EmitReadOf(w, shape.Element, e, depth + 1);
        w.Open("if (!" + made + ".Add(" + e + "))");
        w.Line("throw reader.CreateMalformedException(\"a set has a duplicate element\");");
        w.Close();
    }

    public override bool CanCopy(TypeShape shape) => shape.Element!.Kind.CanCopy(shape.Element);

    /// <summary>The set with the comparer the reader builds it with; copies that collide (a read would refuse the duplicate) abandon the copy.</summary>
    protected override void EmitCopyElements(IndentedWriter w, TypeShape shape, string collection, string made, int depth)
    {
        EmitCreate(w, shape, made, collection + ".Count");
        string e = Local("__e", depth);
        string x = Local("__x", depth);
        w.Open("foreach (var " + e + " in " + collection + ")");
        w.Line("{0} {1};", shape.Element!.TypeDisplay, x);
        EmitCopyOf(w, shape.Element!, e, x, depth + 1);
        w.Open("if (!" + made + ".Add(" + x + "))");
        w.Line("context.Abandon();");
        w.Close();
        w.Close();
    }
}
