using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>A <c>byte[]</c>: a length prefix (0 for null), then the bytes.</summary>
internal sealed class ByteArrayKind : MemberKind
{
    public static readonly ByteArrayKind Instance = new();

    private ByteArrayKind()
    {
    }

    public override string? Accepts => "byte[]";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        type is IArrayTypeSymbol { Rank: 1, ElementType.SpecialType: SpecialType.System_Byte }
            ? Found(new TypeShape(this, Display(type), null, 1, true, null, null, null, null), out shape, out reason)
            : NotThisKind(out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.Write({0});", expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = reader.ReadByteArray()!;", target);

    public override string Layout(TypeShape shape) => "Bytes";

    public override bool CanCopy(TypeShape shape) => true;

    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth)
    {
        string s = Local("__s", depth);
        w.Open();
        w.Line("var {0} = {1};", s, expression);
        w.Line("{0} = {1} is null ? null! : (byte[]){1}.Clone();", target, s);
        w.Close();
    }
}
