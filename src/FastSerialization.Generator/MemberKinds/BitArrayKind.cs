using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>A <c>System.Collections.BitArray</c>: the bit count + 1 (0 for null), then the bits packed low bit first (docs/FORMAT.md section 2b).</summary>
internal sealed class BitArrayKind : MemberKind
{
    public static readonly BitArrayKind Instance = new();

    private BitArrayKind()
    {
    }

    public override string? Accepts => "BitArray";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        type is INamedTypeSymbol { Name: "BitArray", IsGenericType: false, ContainingType: null } named && named.ContainingNamespace.ToDisplayString() == "System.Collections"
            ? Found(new TypeShape(this, Display(type), null, 1, true, null, null, null, null), out shape, out reason)
            : NotThisKind(out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.Write({0});", expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = reader.ReadBitArray()!;", target);

    public override string Layout(TypeShape shape) => "Bits";
}
