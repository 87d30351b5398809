using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// An enum wider than a byte in generated code, written as its underlying integer's varint (docs/FORMAT.md
/// section 3a). Not tried by the parser: <see cref="EnumKind.Compact"/> turns an enum's shape into this one where a
/// single value stands. <see cref="TypeShape.Primitive"/> is the underlying integer's compact row (<c>VarInt32</c>).
/// </summary>
internal sealed class VarEnumKind : MemberKind
{
    public static readonly VarEnumKind Instance = new();

    private VarEnumKind()
    {
    }

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        NotThisKind(out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.Write{0}(({1}){2});", shape.Primitive!.Name, shape.Primitive.Keyword, expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = ({1})reader.{2}();", target, shape.TypeDisplay, shape.Primitive!.ReadMethod);

    public override string Layout(TypeShape shape) => "VarEnum<" + shape.Primitive!.Encodes!.Name + ">";

    public override int BoundedSize(TypeShape shape) => shape.Primitive!.InRuns ? shape.Primitive.MaxSize : 0;

    public override bool CanCopy(TypeShape shape) => true;

    public override bool IsImmutable(TypeShape shape) => true;

    // Immutable: the copy may be the value itself, as a read gives an equal one.
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth) =>
        EmitCopyAsIs(w, expression, target);
}
