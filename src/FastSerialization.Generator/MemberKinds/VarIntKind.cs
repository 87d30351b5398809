using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// A single integer wider than a byte in generated code, written as a varint (docs/FORMAT.md section 3a):
/// zigzag for signed types, the 32-bit forms for 16-bit types (whose readers refuse values out of range);
/// and a single decimal, written as a head byte and the varints of its coefficient (<c>WriteVarDecimal</c>).
/// Not tried by the parser: <see cref="CompactIntegers"/> turns a <see cref="PrimitiveKind"/> shape into this
/// one where a single value stands. <see cref="TypeShape.ReadMethod"/> is the varint reader (<c>ReadVarInt32</c>).
/// </summary>
internal sealed class VarIntKind : MemberKind
{
    public static readonly VarIntKind Instance = new();

    private VarIntKind()
    {
    }

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        NotThisKind(out shape, out reason);

    /// <summary>The compact reader for a fixed-width integer (or decimal) reader method, or null when the type stays as it is.</summary>
    public static string? VarReadMethod(string? fixedReadMethod) => fixedReadMethod switch
    {
        "ReadInt16" => "ReadVarInt16",
        "ReadUInt16" => "ReadVarUInt16",
        "ReadInt32" => "ReadVarInt32",
        "ReadUInt32" => "ReadVarUInt32",
        "ReadInt64" => "ReadVarInt64",
        "ReadUInt64" => "ReadVarUInt64",
        "ReadDecimal" => "ReadVarDecimal",
        _ => null,
    };

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.Write{0}({1});", shape.ReadMethod!.Substring("Read".Length), expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = reader.{1}();", target, shape.ReadMethod!);

    public override string Layout(TypeShape shape) => shape.ReadMethod!.Substring("Read".Length);
}
