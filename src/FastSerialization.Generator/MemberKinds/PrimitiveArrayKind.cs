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
}
