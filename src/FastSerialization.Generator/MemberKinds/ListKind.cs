using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>A <c>List&lt;T&gt;</c>, <c>IList&lt;T&gt;</c> or <c>IReadOnlyList&lt;T&gt;</c>: written by index, read into a new <c>List&lt;T&gt;</c>.</summary>
internal sealed class ListKind : CollectionKind
{
    public static readonly ListKind Instance = new();

    private ListKind()
    {
    }

    public override string? Accepts => "List<T>, IList<T>, IReadOnlyList<T>";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (type is not INamedTypeSymbol { IsGenericType: true } named
            || named.OriginalDefinition.ToDisplayString() is not ("System.Collections.Generic.List<T>" or "System.Collections.Generic.IList<T>" or "System.Collections.Generic.IReadOnlyList<T>"))
        {
            return NotThisKind(out shape, out reason);
        }

        TypeShape? element = ParseInner(named.TypeArguments[0], depth, out string? why);
        return element is null
            ? Refused(why, out shape, out reason)
            : Found(new TypeShape(this, Display(type), null, 1, true, element, null, null, null), out shape, out reason);
    }

    public override string Layout(TypeShape shape) => "Sequence<" + shape.Element!.Kind.Layout(shape.Element) + ">";

    protected override void EmitWriteElements(IndentedWriter w, TypeShape shape, string collection, int depth) =>
        EmitWriteByIndex(w, shape, collection, depth);

    protected override void EmitCreate(IndentedWriter w, TypeShape shape, string made, string count) =>
        w.Line("var {0} = new global::System.Collections.Generic.List<{1}>({2});", made, shape.Element!.TypeDisplay, Capacity(count));

    protected override bool ReadsBoundedSequence(TypeShape shape) => ObjectKind.IsBoundedRead(shape.Element!);

    protected override void EmitReadElement(IndentedWriter w, TypeShape shape, string made, string index, int depth)
    {
        if (ReadsBoundedSequence(shape))
        {
            // A bounded struct: read into a local, then added.
            string element = Local("__o", depth + 1);
            w.Line("{0} {1} = default;", shape.Element!.ReadMethod!, element);
            ObjectKind.EmitSequenceElementInto(w, Sequence(depth), element, depth + 1);
            w.Line("{0}.Add({1});", made, element);
            return;
        }

        EmitReadAndAdd(w, shape, made, depth);
    }

    protected override void EmitReadPlainElement(IndentedWriter w, TypeShape shape, string made, string index, int depth)
    {
        string element = Local("__o", depth + 1);
        w.Line("{0} {1} = default;", shape.Element!.ReadMethod!, element);
        ObjectKind.EmitPlainSequenceElementInto(w, shape.Element, Sequence(depth), element);
        w.Line("{0}.Add({1});", made, element);
    }

    public override bool CanCopy(TypeShape shape) => shape.Element!.Kind.CanCopy(shape.Element);

    protected override void EmitCopyElements(IndentedWriter w, TypeShape shape, string collection, string made, int depth)
    {
        string i = Local("__i", depth);
        string e = Local("__e", depth);
        w.Line("var {0} = new global::System.Collections.Generic.List<{1}>({2}.Count);", made, shape.Element!.TypeDisplay, collection);
        w.Open("for (int " + i + " = 0; " + i + " < " + collection + ".Count; " + i + "++)");
        w.Line("{0} {1};", shape.Element!.TypeDisplay, e);
        EmitCopyOf(w, shape.Element!, collection + "[" + i + "]", e, depth + 1);
        w.Line("{0}.Add({1});", made, e);
        w.Close();
    }
}
