using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// A single-dimensional array of any other element (jagged arrays included). <see cref="TypeShape.NewArrayPrefix"/>
/// and <see cref="TypeShape.NewArraySuffix"/> are the text around the count in <c>new X[count][]</c>.
/// </summary>
internal sealed class ArrayKind : CollectionKind
{
    public static readonly ArrayKind Instance = new();

    private ArrayKind()
    {
    }

    public override string? Accepts => "array";

    protected override string CountProperty => "Length";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (type is not IArrayTypeSymbol { Rank: 1 } array)
        {
            return NotThisKind(out shape, out reason); // multi-dimensional arrays are MultiDimensionalArrayKind's
        }

        TypeShape? element = ParseInner(array.ElementType, depth, out string? why);
        if (element is null)
        {
            return Refused(why, out shape, out reason);
        }

        ITypeSymbol innermost = array.ElementType;
        string suffix = string.Empty;
        while (innermost is IArrayTypeSymbol inner)
        {
            suffix += "[" + new string(',', inner.Rank - 1) + "]"; // int[][,] is new int[count][,]
            innermost = inner.ElementType;
        }

        return Found(new TypeShape(this, Display(type), null, 1, true, element, null, Display(innermost), suffix), out shape, out reason);
    }

    public override string Layout(TypeShape shape) => "Sequence<" + shape.Element!.Kind.Layout(shape.Element) + ">";

    protected override void EmitWriteElements(IndentedWriter w, TypeShape shape, string collection, int depth) =>
        EmitWriteByIndex(w, shape, collection, depth);

    protected override void EmitCreate(IndentedWriter w, TypeShape shape, string made, string count) =>
        w.Line("var {0} = new {1}[{2}]{3};", made, shape.NewArrayPrefix!, count, shape.NewArraySuffix!);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth)
    {
        if (ObjectKind.IsStruct(shape.Element!) && !shape.Element!.BoundedRead)
        {
            // An array of nested structs: ReadObjectArray reads each element where it lives (no copy through a local
            // and a return value) into an array it need not zero first. The bytes are the loop's below.
            w.Line("{0} = reader.ReadObjectArray<{1}>()!;", target, shape.Element!.ReadMethod!);
            return;
        }

        base.EmitRead(w, shape, target, depth);
    }

    protected override bool ReadsBoundedSequence(TypeShape shape) => ObjectKind.IsBoundedRead(shape.Element!);

    protected override bool SequenceMakesCollection => true;

    protected override void EmitReadElement(IndentedWriter w, TypeShape shape, string made, string index, int depth)
    {
        if (ReadsBoundedSequence(shape))
        {
            // A bounded struct, read where it lives in the array.
            string element = Local("__e", depth + 1);
            w.Line("ref {0} {1} = ref {2}[{3}];", shape.Element!.ReadMethod!, element, made, index);
            ObjectKind.EmitSequenceElementInto(w, Sequence(depth), element, depth + 1);
            return;
        }

        EmitReadOf(w, shape.Element!, made + "[" + index + "]", depth + 1);
    }

    protected override void EmitReadPlainElement(IndentedWriter w, TypeShape shape, string made, string index, int depth) =>
        ObjectKind.EmitPlainSequenceElementInto(w, shape.Element!, Sequence(depth), made + "[" + index + "]");

    public override bool CanCopy(TypeShape shape) => shape.Element!.Kind.CanCopy(shape.Element);

    protected override void EmitCopyElements(IndentedWriter w, TypeShape shape, string collection, string made, int depth)
    {
        string i = Local("__i", depth);
        w.Line("var {0} = new {1}[{2}.Length]{3};", made, shape.NewArrayPrefix!, collection, shape.NewArraySuffix!);
        w.Open("for (int " + i + " = 0; " + i + " < " + collection + ".Length; " + i + "++)");
        EmitCopyOf(w, shape.Element!, collection + "[" + i + "]", made + "[" + i + "]", depth + 1);
        w.Close();
    }
}
