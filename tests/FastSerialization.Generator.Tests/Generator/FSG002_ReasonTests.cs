using System.Globalization;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>The reason FSG002 gives, by member kind: the kind that claims a type explains why it refuses it.</summary>
public class FSG002_ReasonTests
{
    [Theory]
    [InlineData("System.Uri?", "it is not a supported primitive, string, enum, Nullable<T>, KeyValuePair<TKey, TValue>, ValueTuple, Tuple, immutable, frozen, sorted or concurrent collection, Queue<T>, Stack<T>, LinkedList<T>, PriorityQueue<TElement, TPriority>, ArraySegment<T>, collection interface (docs/GENERATOR.md lists them), multi-dimensional array, byte[], (ReadOnly)Memory<byte>, array, List<T>, IList<T>, IReadOnlyList<T>, HashSet<T>, Dictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>, nor an ICustomBinarySerializable or [BinarySerializable] type")]
    [InlineData("System.Memory<int>", "only Memory<byte> and ReadOnlyMemory<byte> are supported")]
    [InlineData("System.ReadOnlyMemory<char>", "only Memory<byte> and ReadOnlyMemory<byte> are supported")]
    [InlineData("System.Collections.Generic.Dictionary<string, System.Memory<int>>?", "only Memory<byte> and ReadOnlyMemory<byte> are supported")]
    [InlineData("int?[][][][][][][][][][][][][][][][][]?", "it nests collections too deeply")]
    public void Reason_NamesWhatIsWrong(string memberType, string reason)
    {
        string source = $$"""
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                public {{memberType}} Member { get; set; }
            }
            """;

        Diagnostic diagnostic = DiagnosticAssert.Single(source, "FSG002", "Member");

        diagnostic.GetMessage(CultureInfo.InvariantCulture).Should().EndWith(": " + reason + "; mark it [BinaryIgnore] or change its type");
    }

    [Fact]
    public void UnconstrainedTypeParameter_SaysItNeedsTheConstraint()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder<T>
            {
                public T? Member { get; set; }
            }
            """;

        Diagnostic diagnostic = DiagnosticAssert.Single(source, "FSG002", "Member");

        diagnostic.GetMessage(CultureInfo.InvariantCulture).Should().Contain(": a type parameter must be constrained to ICustomBinarySerializable to be serialized;");
    }
}
