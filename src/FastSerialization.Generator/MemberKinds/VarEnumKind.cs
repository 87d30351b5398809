using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// An enum wider than a byte in generated code, written as its underlying integer's varint (docs/FORMAT.md
/// section 3a). Not tried by the parser: <see cref="CompactIntegers"/> turns an <see cref="EnumKind"/> shape into
/// this one where a single value stands. <see cref="TypeShape.ReadMethod"/> is the underlying type's varint
/// reader (<c>ReadVarInt32</c>).
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
        w.Line("writer.Write{0}(({1}){2});", shape.ReadMethod!.Substring("Read".Length), Underlying(shape), expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = ({1})reader.{2}();", target, shape.TypeDisplay, shape.ReadMethod!);

    public override string Layout(TypeShape shape) => "VarEnum<" + UnderlyingName(shape) + ">";

    /// <summary>The underlying type as C# names it (<c>int</c>).</summary>
    private static string Underlying(TypeShape shape) => UnderlyingName(shape) switch
    {
        "Int16" => "short",
        "UInt16" => "ushort",
        "Int32" => "int",
        "UInt32" => "uint",
        "Int64" => "long",
        _ => "ulong",
    };

    /// <summary>The underlying type's name (<c>Int32</c>), from the varint reader's name.</summary>
    private static string UnderlyingName(TypeShape shape) => shape.ReadMethod!.Substring("ReadVar".Length);
}
