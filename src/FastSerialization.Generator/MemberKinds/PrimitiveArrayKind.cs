using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// An array of fixed-width primitives other than bytes, which <c>WriteArray</c> copies in one block.
/// <see cref="TypeShape.ReadMethod"/> is the element type's C# keyword.
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
        type is IArrayTypeSymbol { Rank: 1 } array && Keyword(array.ElementType) is { } keyword
            ? Found(new TypeShape(this, Display(type), keyword, 1, true, null, null, null, null), out shape, out reason)
            : NotThisKind(out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.WriteArray({0});", expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = reader.ReadArray<{1}>()!;", target, shape.ReadMethod!);

    public override string Layout(TypeShape shape) => "Sequence<" + ElementName(shape.ReadMethod!) + ">";

    /// <summary>The C# keyword of an element type that <c>WriteArray</c> copies in bulk, or null.</summary>
    private static string? Keyword(ITypeSymbol element) => element.SpecialType switch
    {
        SpecialType.System_SByte => "sbyte",
        SpecialType.System_Int16 => "short",
        SpecialType.System_UInt16 => "ushort",
        SpecialType.System_Char => "char",
        SpecialType.System_Int32 => "int",
        SpecialType.System_UInt32 => "uint",
        SpecialType.System_Int64 => "long",
        SpecialType.System_UInt64 => "ulong",
        SpecialType.System_Single => "float",
        SpecialType.System_Double => "double",
        _ => null,
    };

    /// <summary>The element's name in the layout: the one a single value of that type has (<c>Int32</c>).</summary>
    private static string ElementName(string keyword) => keyword switch
    {
        "byte" => "Byte",
        "sbyte" => "SByte",
        "short" => "Int16",
        "ushort" => "UInt16",
        "char" => "Char",
        "int" => "Int32",
        "uint" => "UInt32",
        "long" => "Int64",
        "ulong" => "UInt64",
        "float" => "Single",
        "double" => "Double",
        _ => keyword,
    };
}
