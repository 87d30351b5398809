using System.Globalization;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// An enum, written as its underlying integer at its fixed width; <see cref="TypeShape.MinSize"/> is that
/// integer's width, <see cref="TypeShape.ReadMethod"/> the reader method of the underlying type (<c>ReadInt32</c>).
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
        type.TypeKind == TypeKind.Enum && type is INamedTypeSymbol { EnumUnderlyingType: { } underlying }
            ? Found(new TypeShape(this, Display(type), PrimitiveKind.Describe(underlying)?.Read, PrimitiveKind.Describe(underlying)?.Size ?? 1, false, null, null, null, null), out shape, out reason)
            : NotThisKind(out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.WriteEnum({0});", expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = reader.ReadEnum<{1}>();", target, shape.TypeDisplay);

    public override string Layout(TypeShape shape) => "Enum" + shape.MinSize.ToString(CultureInfo.InvariantCulture);

    public override int RunWidth(TypeShape shape) => Underlying(shape.ReadMethod) is null ? 0 : shape.MinSize;

    public override void EmitRunWrite(IndentedWriter w, TypeShape shape, string expression, string run, int offset) =>
        w.Line("{0}.Write({1}, ({2}){3});", run, Offset(offset), Underlying(shape.ReadMethod)!, expression);

    public override void EmitRunRead(IndentedWriter w, TypeShape shape, string target, string run, int offset) =>
        w.Line("{0} = ({1}){2}.{3}({4});", target, shape.TypeDisplay, run, shape.ReadMethod!, Offset(offset));

    /// <summary>The C# keyword of the underlying type whose reader method is <paramref name="readMethod"/>.</summary>
    private static string? Underlying(string? readMethod) => readMethod switch
    {
        "ReadByte" => "byte",
        "ReadSByte" => "sbyte",
        "ReadInt16" => "short",
        "ReadUInt16" => "ushort",
        "ReadInt32" => "int",
        "ReadUInt32" => "uint",
        "ReadInt64" => "long",
        "ReadUInt64" => "ulong",
        _ => null,
    };
}
