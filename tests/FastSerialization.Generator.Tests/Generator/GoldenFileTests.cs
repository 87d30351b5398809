using System;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>
/// The generated source for representative types, compared with the files under Golden/. Set
/// FS_UPDATE_GOLDEN=1 to rewrite them after an intended change, then review the diff.
/// </summary>
public class GoldenFileTests
{
    private const string Source = """
        using System;
        using System.Collections.Generic;
        using System.Collections.Immutable;
        using FastSerialization;

        namespace Golden
        {
            [BinarySerializable]
            public partial class Customer
            {
                public string? LastName { get; set; }
                public string? FirstName { get; set; }
                public string? Address { get; set; }
                public int Age { get; set; }
                public int Code { get; set; }
            }

            public enum Kind : short { A, B }

            [BinarySerializable]
            public sealed partial class Collections
            {
                [BinaryMember(0)] public int[]? Ints { get; set; }
                [BinaryMember(1)] public List<string?>? Names { get; set; }
                [BinaryMember(2)] public Dictionary<string, Customer?>? ByName { get; set; }
                [BinaryMember(3)] public Kind? MaybeKind { get; set; }
                [BinaryMember(4)] public HashSet<Guid>? Ids { get; set; }
                [BinaryMember(5)] public ReadOnlyMemory<byte> Blob { get; set; }
                [BinaryIgnore] public int Cache { get; set; }
            }

            [BinarySerializable]
            public sealed partial record Person(string Name, int Age)
            {
                public string? Nickname { get; init; }
            }

            [BinarySerializable]
            public partial struct Quote
            {
                public double Bid { get; set; }
                public double Ask { get; set; }
                public bool Firm { get; set; }
                public string? Venue { get; set; }
            }

            [BinarySerializable]
            public sealed partial record Ledger(ImmutableDictionary<string, decimal>? TaxRates, int Year)
            {
                public ImmutableSortedDictionary<string, string>? Tags { get; init; }
                public ImmutableArray<int> Totals { get; init; }
            }

            [BinarySerializable]
            public sealed partial class Notebook
            {
                public string? Title { get; set; }
                public ImmutableList<string?>? Notes { get; set; }
                public ImmutableHashSet<int>? Pages { get; set; }
            }

            public static partial class Outer<T>
            {
                [BinarySerializable]
                public readonly partial record struct Money(decimal Amount, string Currency);
            }
        }
        """;

    [Fact]
    public void GeneratedSources_MatchGoldenFiles()
    {
        GeneratorRun run = GeneratorHarness.Run(Source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        run.CompilationDiagnostics.Should().BeEmpty("generated code compiles without warnings with nullable enabled and warnings as errors");
        run.Sources.Should().HaveCount(7);

        GeneratorHarness.MatchGoldenFiles(run.Sources);
    }
}
