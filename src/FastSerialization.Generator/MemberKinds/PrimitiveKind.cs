using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// A value with a <c>Write</c> overload and a <c>Read{Name}</c> method of its own: a row of <see cref="Primitives"/>
/// (bool, the integers, char, float, double, decimal, string, DateTime, TimeSpan, DateTimeOffset, Guid, and the value
/// types of contract section 2b: Half, DateOnly, TimeOnly, Int128, UInt128, BigInteger, Complex, Rune, Uri, Version), which
/// <see cref="TypeShape.Primitive"/> names and every fact of this kind comes from.
/// </summary>
internal sealed class PrimitiveKind : MemberKind
{
    public static readonly PrimitiveKind Instance = new();

    private PrimitiveKind()
    {
    }

    public override string? Accepts => "primitive, string";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        Primitives.Of(type) is { } primitive
            ? Found(new TypeShape(this, Display(type), null, primitive.MinSize, !type.IsValueType, null, null, null, null, Primitive: primitive), out shape, out reason)
            : NotThisKind(out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.Write({0});", expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = reader.{1}(){2};", target, shape.Primitive!.ReadMethod, shape.IsReferenceType ? "!" : string.Empty);

    public override string Layout(TypeShape shape) => shape.Primitive!.Name;

    public override int RunWidth(TypeShape shape) => shape.Primitive!.InRuns ? shape.MinSize : 0;

    public override int BoundedSize(TypeShape shape) => RunWidth(shape);

    public override int LargestSize(TypeShape shape) => shape.Primitive!.MaxSize;

    public override bool InFixedLayouts(TypeShape shape) => shape.Primitive!.InFixedLayouts;

    public override bool MemoryIsWire(TypeShape shape) => shape.Primitive!.MemoryIsWire;

    public override int Alignment(TypeShape shape) => shape.Primitive!.Alignment;

    public override TypeShape Compact(TypeShape shape) =>
        shape.Primitive!.Compact is { } compact
            ? shape with { Kind = VarIntKind.Instance, Primitive = compact, MinSize = compact.MinSize }
            : shape;

    public override void EmitRunWrite(IndentedWriter w, TypeShape shape, string expression, string run, int offset) =>
        w.Line("{0}.Write({1}, {2});", run, Offset(offset), expression);

    public override void EmitRunRead(IndentedWriter w, TypeShape shape, string target, string run, int offset) =>
        w.Line("{0} = {1}.{2}({3});", target, run, shape.Primitive!.ReadMethod, Offset(offset));

    public override bool CanCopy(TypeShape shape) => true;

    public override bool IsImmutable(TypeShape shape) => true;

    // Immutable: the copy may be the value itself, as a read gives an equal one.
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth) =>
        EmitCopyAsIs(w, expression, target);
}
