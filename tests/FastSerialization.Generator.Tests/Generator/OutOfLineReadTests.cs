using System.Linq;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>
/// Built collections (immutable, sorted, frozen, ... collections) are read by a method of their own that the type's read calls,
/// so that the JIT inlines the builder's calls into a small method and can keep the builder off the heap
/// (benchmarks/results/invoice-read.md, 2026-11-28, afternoon). The allocation itself depends on the JIT's tiering and
/// inlining heuristics, so it is measured in that note, not asserted here; these tests pin the structure and that it compiles
/// in every kind of type the generator reads.
/// </summary>
public class OutOfLineReadTests
{
    [Fact]
    public void BuiltCollectionMember_IsReadByAMethodNamedAfterIt()
    {
        const string source = """
            using System.Collections.Generic;
            using System.Collections.Immutable;
            using FastSerialization;
            namespace App;
            [BinarySerializable]
            public sealed partial class Invoice
            {
                public string? Number { get; set; }
                public ImmutableDictionary<string, decimal>? TaxRates { get; set; }
                public List<int>? Plain { get; set; }
                public ImmutableArray<int> Block { get; set; }
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        run.CompilationDiagnostics.Should().BeEmpty();
        string text = run.Sources.Single().SourceText.ToString();

        text.Should().Contain("this.TaxRates = __FastSerializationRead_TaxRates(ref reader);");
        text.Should().Contain("private static global::System.Collections.Immutable.ImmutableDictionary<string, decimal>? __FastSerializationRead_TaxRates(ref global::FastSerialization.FastBinaryReader reader)");

        // A List<T> (no builder) and a primitive ImmutableArray (one ReadArray call) stay inside SetDataFrom.
        text.Should().NotContain("__FastSerializationRead_Plain").And.NotContain("__FastSerializationRead_Block");
        text.Should().Contain("this.Plain = __r0;");
    }

    [Fact]
    public void OutOfLineReads_CompileInEveryKindOfType()
    {
        const string source = """
            using System.Collections.Frozen;
            using System.Collections.Generic;
            using System.Collections.Immutable;
            using FastSerialization;
            namespace App;
            [BinarySerializable]
            public sealed partial record Bound(ImmutableSortedDictionary<string, int>? @class, int Year)
            {
                public ImmutableHashSet<string>? Init { get; init; }
            }
            [BinarySerializable]
            public partial struct Holder
            {
                public FrozenDictionary<int, string>? Frozen { get; set; }
                public SortedSet<long>? Sorted { get; set; }
            }
            [BinarySerializable]
            public readonly partial record struct Pair(ImmutableList<string>? Names, ImmutableQueue<int>? Queue);
            public static partial class Outer<T>
            {
                [BinarySerializable]
                public sealed partial class Generic
                {
                    public ImmutableDictionary<string, List<int>>? ByName { get; set; }
                    public ImmutableArray<Holder> Holders { get; set; }
                }
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        run.CompilationDiagnostics.Should().BeEmpty();
        string all = string.Join("\n", run.Sources.Select(s => s.SourceText.ToString()));

        // A constructor parameter (an escaped keyword) and an init-only member: returned into the locals the constructor takes.
        all.Should().Contain("__m0 = __FastSerializationRead_class(ref reader);");
        all.Should().Contain("__m2 = __FastSerializationRead_Init(ref reader);");
        all.Should().Contain("this.Frozen = __FastSerializationRead_Frozen(ref reader);");
        all.Should().Contain("__m1 = __FastSerializationRead_Queue(ref reader);");
        all.Should().Contain("this.Holders = __FastSerializationRead_Holders(ref reader);");
    }
}
