using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// An array of fixed-width primitives other than bytes (those are <see cref="ByteArrayKind"/>'s, tried first)
/// whose memory form is their wire form, which <c>WriteArray</c> copies in one block.
/// <see cref="TypeShape.Primitive"/> is the element's row.
/// </summary>
internal sealed class PrimitiveArrayKind : MemberKind
{
    public static readonly PrimitiveArrayKind Instance = new();

    private PrimitiveArrayKind()
    {
    }

    // Listed as "array".
    public override string? Accepts => null;

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        type is IArrayTypeSymbol { Rank: 1 } array && Primitives.Of(array.ElementType) is { InRuns: true, MemoryIsWire: true } element
            ? Found(new TypeShape(this, Display(type), null, 1, true, null, null, null, null, Primitive: element), out shape, out reason)
            : NotThisKind(out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.WriteArray({0});", expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = reader.ReadArray<{1}>()!;", target, shape.Primitive!.Keyword);

    public override string Layout(TypeShape shape) => "Sequence<" + shape.Primitive!.Name + ">";

    public override bool CanCopy(TypeShape shape) => true;

    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth)
    {
        string s = Local("__s", depth);
        w.Open();
        w.Line("var {0} = {1};", s, expression);
        w.Line("{0} = {1} is null ? null! : ({2}[]){1}.Clone();", target, s, shape.Primitive!.Keyword);
        w.Close();
    }
}
