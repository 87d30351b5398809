using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// A single integer wider than a byte in generated code, written as a varint (docs/FORMAT.md section 3a):
/// zigzag for signed types, the 32-bit forms for 16-bit types (whose readers refuse values out of range);
/// a single decimal, written as a head byte and the varints of its coefficient (<c>WriteVarDecimal</c>); and, from contract
/// section 2b, a single DateOnly (its day number, <c>WriteVarDateOnly</c>), Int128 and UInt128 (<c>WriteVarInt128</c>, <c>WriteVarUInt128</c>).
/// Not tried by the parser: <see cref="PrimitiveKind.Compact"/> turns a primitive's shape into this one where a
/// single value stands. <see cref="TypeShape.Primitive"/> is the compact row (<c>VarInt32</c>).
/// </summary>
internal sealed class VarIntKind : MemberKind
{
    public static readonly VarIntKind Instance = new();

    private VarIntKind()
    {
    }

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        NotThisKind(out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.Write{0}({1});", shape.Primitive!.Name, expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = reader.{1}();", target, shape.Primitive!.ReadMethod);

    public override string Layout(TypeShape shape) => shape.Primitive!.Name;

    public override int BoundedSize(TypeShape shape) => shape.Primitive!.InRuns ? shape.Primitive.MaxSize : 0;

    public override int LargestSize(TypeShape shape) => shape.Primitive!.MaxSize;

    public override bool CanCopy(TypeShape shape) => true;

    public override bool IsImmutable(TypeShape shape) => true;

    // Immutable: the copy may be the value itself, as a read gives an equal one.
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth) =>
        EmitCopyAsIs(w, expression, target);
}
