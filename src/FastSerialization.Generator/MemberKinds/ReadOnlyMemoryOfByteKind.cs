using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>A <c>ReadOnlyMemory&lt;byte&gt;</c>: written as a <c>byte[]</c> is, read into a new array.</summary>
internal sealed class ReadOnlyMemoryOfByteKind : MemberKind
{
    public static readonly ReadOnlyMemoryOfByteKind Instance = new();

    private ReadOnlyMemoryOfByteKind()
    {
    }

    public override string? Accepts => "(ReadOnly)Memory<byte>";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        TryParseMemoryOfByte(this, "System.ReadOnlyMemory<T>", type, out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.Write({0}.Span);", expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = new global::System.ReadOnlyMemory<byte>(reader.ReadByteArray());", target);

    public override string Layout(TypeShape shape) => "Bytes";

    public override bool CanCopy(TypeShape shape) => true;

    // A new array of the same bytes, as the reader reads one: the original's memory may be changed through its array.
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth) =>
        w.Line("{0} = new global::System.ReadOnlyMemory<byte>({1}.ToArray());", target, expression);

    /// <summary>Recognizes <c>definition</c> (Memory&lt;T&gt; or ReadOnlyMemory&lt;T&gt;), which only holds bytes here.</summary>
    internal static bool TryParseMemoryOfByte(MemberKind kind, string definition, ITypeSymbol type, out TypeShape? shape, out string? reason)
    {
        if (type is not INamedTypeSymbol { IsGenericType: true } named || named.OriginalDefinition.ToDisplayString() != definition)
        {
            return NotThisKind(out shape, out reason);
        }

        return named.TypeArguments[0].SpecialType != SpecialType.System_Byte
            ? Refused("only Memory<byte> and ReadOnlyMemory<byte> are supported", out shape, out reason)
            : Found(new TypeShape(kind, Display(type), null, 1, false, null, null, null, null), out shape, out reason);
    }
}
