using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>A <c>Memory&lt;byte&gt;</c>: written as a <c>byte[]</c> is, read into a new array.</summary>
internal sealed class MemoryOfByteKind : MemberKind
{
    public static readonly MemoryOfByteKind Instance = new();

    private MemoryOfByteKind()
    {
    }

    // Listed with ReadOnlyMemory<byte>: "(ReadOnly)Memory<byte>".
    public override string? Accepts => null;

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        ReadOnlyMemoryOfByteKind.TryParseMemoryOfByte(this, "System.Memory<T>", type, out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.Write((global::System.ReadOnlySpan<byte>){0}.Span);", expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = new global::System.Memory<byte>(reader.ReadByteArray());", target);

    public override string Layout(TypeShape shape) => "Bytes";

    public override bool CanCopy(TypeShape shape) => true;

    // A new array of the same bytes, as the reader reads one.
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth) =>
        w.Line("{0} = new global::System.Memory<byte>({1}.ToArray());", target, expression);
}
