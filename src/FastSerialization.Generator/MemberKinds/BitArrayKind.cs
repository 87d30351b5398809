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

    public override bool CanCopy(TypeShape shape) => true;

    // A new BitArray of the same bits, as the reader makes one.
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth)
    {
        string s = Local("__s", depth);
        w.Open();
        w.Line("var {0} = {1};", s, expression);
        w.Line("{0} = {1} is null ? null! : new global::System.Collections.BitArray({1});", target, s);
        w.Close();
    }
}
