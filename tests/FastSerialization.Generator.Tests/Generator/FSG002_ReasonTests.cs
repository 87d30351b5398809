using System.Globalization;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>The reason FSG002 gives, by member kind: the kind that claims a type explains why it refuses it.</summary>
public class FSG002_ReasonTests
{
    private const string NotSupportedCollection = "it is a collection type the generator does not support (docs/GENERATOR.md lists those it does); the nearest supported type is ";
    private const string OrYourOwn = ", or a type of your own marked [BinarySerializable]";

    [Theory]
    [InlineData("System.Text.StringBuilder?", "it is not a supported primitive, string, enum, Nullable<T>, KeyValuePair<TKey, TValue>, ValueTuple, Tuple, immutable, frozen, sorted or concurrent collection, Queue<T>, Stack<T>, LinkedList<T>, PriorityQueue<TElement, TPriority>, ArraySegment<T>, collection interface (docs/GENERATOR.md lists them), multi-dimensional array, BitArray, ILookup<TKey, TElement>, byte[], (ReadOnly)Memory<byte>, array, List<T>, IList<T>, IReadOnlyList<T>, HashSet<T>, Dictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>, nor an ICustomBinarySerializable or [BinarySerializable] type")]
    [InlineData("System.Collections.ArrayList?", NotSupportedCollection + "List<T>" + OrYourOwn)]
    [InlineData("System.Collections.Immutable.ImmutableDictionary<string, int>.Builder?", NotSupportedCollection + "Dictionary<TKey, TValue>" + OrYourOwn)]
    [InlineData("System.Collections.Hashtable?", NotSupportedCollection + "Dictionary<TKey, TValue>" + OrYourOwn)]
    [InlineData("System.Collections.Immutable.ImmutableHashSet<int>.Builder?", NotSupportedCollection + "HashSet<T>" + OrYourOwn)]
    [InlineData("System.Collections.Generic.List<System.Collections.ArrayList>?", NotSupportedCollection + "List<T>" + OrYourOwn)]
    [InlineData("System.ValueTuple<int, int, int, int, int, int, int, int>", "the Rest of a tuple of more than seven elements must be a tuple of the same kind")]
    [InlineData("System.Tuple<int, int, int, int, int, int, int, System.ValueTuple<int>>?", "the Rest of a tuple of more than seven elements must be a tuple of the same kind")]
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
