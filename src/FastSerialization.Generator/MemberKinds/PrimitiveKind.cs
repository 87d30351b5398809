using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// A value with a <c>Write</c> overload and a <c>Read{Name}</c> method of its own: bool, the integers, char,
/// float, double, decimal, string, DateTime, TimeSpan, DateTimeOffset, Guid.
/// <see cref="TypeShape.ReadMethod"/> is the reader's method (<c>ReadInt32</c>).
/// </summary>
internal sealed class PrimitiveKind : MemberKind
{
    public static readonly PrimitiveKind Instance = new();

    private PrimitiveKind()
    {
    }

    public override string? Accepts => "primitive, string";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        Describe(type) is (string read, int size)
            ? Found(new TypeShape(this, Display(type), read, size, !type.IsValueType, null, null, null, null), out shape, out reason)
            : NotThisKind(out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.Write({0});", expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = reader.{1}(){2};", target, shape.ReadMethod!, shape.IsReferenceType ? "!" : string.Empty);

    public override string Layout(TypeShape shape) => shape.ReadMethod!.Substring("Read".Length);

    public override int RunWidth(TypeShape shape) => IsRunReader(shape.ReadMethod) ? shape.MinSize : 0;

    public override void EmitRunWrite(IndentedWriter w, TypeShape shape, string expression, string run, int offset) =>
        w.Line("{0}.Write({1}, {2});", run, Offset(offset), expression);

    public override void EmitRunRead(IndentedWriter w, TypeShape shape, string target, string run, int offset) =>
        w.Line("{0} = {1}.{2}({3});", target, run, shape.ReadMethod!, Offset(offset));

    /// <summary>True for the reader methods <c>FixedRunReader</c> has too: bool, the integers, char, float and double.</summary>
    public static bool IsRunReader(string? readMethod) => readMethod switch
    {
        "ReadBoolean" or "ReadByte" or "ReadSByte" or "ReadInt16" or "ReadUInt16" or "ReadChar"
            or "ReadInt32" or "ReadUInt32" or "ReadInt64" or "ReadUInt64" or "ReadSingle" or "ReadDouble" => true,
        _ => false,
    };

    /// <summary>The reader method of a primitive type and the fewest bytes it takes on the wire, or null.</summary>
    public static (string Read, int Size)? Describe(ITypeSymbol type)
    {
        switch (type.SpecialType)
        {
            case SpecialType.System_Boolean: return ("ReadBoolean", 1);
            case SpecialType.System_Byte: return ("ReadByte", 1);
            case SpecialType.System_SByte: return ("ReadSByte", 1);
            case SpecialType.System_Int16: return ("ReadInt16", 2);
            case SpecialType.System_UInt16: return ("ReadUInt16", 2);
            case SpecialType.System_Char: return ("ReadChar", 2);
            case SpecialType.System_Int32: return ("ReadInt32", 4);
            case SpecialType.System_UInt32: return ("ReadUInt32", 4);
            case SpecialType.System_Int64: return ("ReadInt64", 8);
            case SpecialType.System_UInt64: return ("ReadUInt64", 8);
            case SpecialType.System_Single: return ("ReadSingle", 4);
            case SpecialType.System_Double: return ("ReadDouble", 8);
            case SpecialType.System_Decimal: return ("ReadDecimal", 16);
            case SpecialType.System_DateTime: return ("ReadDateTime", 8);
            case SpecialType.System_String: return ("ReadString", 1);
        }

        return type.ToDisplayString() switch
        {
            "System.TimeSpan" => ("ReadTimeSpan", 8),
            "System.DateTimeOffset" => ("ReadDateTimeOffset", 10),
            "System.Guid" => ("ReadGuid", 16),
            _ => null,
        };
    }
}
