using System.Globalization;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// An enum, written as its underlying integer at its fixed width; <see cref="TypeShape.MinSize"/> is that
/// integer's width, <see cref="TypeShape.Primitive"/> the underlying integer's row (<c>Int32</c>).
/// Generated members use <see cref="VarEnumKind"/> instead for enums wider than a byte (docs/FORMAT.md section 3a).
/// </summary>
internal sealed class EnumKind : MemberKind
{
    public static readonly EnumKind Instance = new();

    private EnumKind()
    {
    }

    public override string? Accepts => "enum";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        type.TypeKind == TypeKind.Enum && type is INamedTypeSymbol { EnumUnderlyingType: { } underlying } && Primitives.Of(underlying) is { } integer
            ? Found(new TypeShape(this, Display(type), null, integer.MinSize, false, null, null, null, null, Primitive: integer), out shape, out reason)
            : NotThisKind(out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.WriteEnum({0});", expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = reader.ReadEnum<{1}>();", target, shape.TypeDisplay);

    public override string Layout(TypeShape shape) => "Enum" + shape.MinSize.ToString(CultureInfo.InvariantCulture);

    public override int RunWidth(TypeShape shape) => shape.Primitive!.InRuns ? shape.MinSize : 0;

    public override int BoundedSize(TypeShape shape) => shape.MinSize; // the underlying integer, fixed-width

    public override bool InFixedLayouts(TypeShape shape) => true;

    public override bool MemoryIsWire(TypeShape shape) => true;

    public override int Alignment(TypeShape shape) => shape.Primitive!.Alignment;

    public override TypeShape Compact(TypeShape shape) =>
        shape.MinSize > 1 && shape.Primitive!.Compact is { } compact
            ? shape with { Kind = VarEnumKind.Instance, Primitive = compact, MinSize = compact.MinSize }
            : shape;

    public override void EmitRunWrite(IndentedWriter w, TypeShape shape, string expression, string run, int offset) =>
        w.Line("{0}.Write({1}, ({2}){3});", run, Offset(offset), shape.Primitive!.Keyword, expression);

    public override void EmitRunRead(IndentedWriter w, TypeShape shape, string target, string run, int offset) =>
        w.Line("{0} = ({1}){2}.{3}({4});", target, shape.TypeDisplay, run, shape.Primitive!.ReadMethod, Offset(offset));

    public override bool CanCopy(TypeShape shape) => true;

    public override bool IsImmutable(TypeShape shape) => true;

    // Immutable: the copy may be the value itself, as a read gives an equal one.
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth) =>
        EmitCopyAsIs(w, expression, target);
}
