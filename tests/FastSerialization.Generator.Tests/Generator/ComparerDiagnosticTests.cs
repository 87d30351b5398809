using System.Globalization;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>[BinaryComparer] that cannot be honoured is FSG002 with the reason, never generated code that does not compile or a silent default.</summary>
public class ComparerDiagnosticTests
{
    [Theory]
    [InlineData("System.Collections.Generic.List<string>?", "typeof(System.StringComparer), nameof(System.StringComparer.Ordinal)", "[BinaryComparer] applies to sorted and hashed collections only, and this one takes no comparer")]
    [InlineData("System.Collections.Generic.SortedSet<string>?", "typeof(Comparers), \"Missing\"", "[BinaryComparer] names 'Missing', which is not a public or internal static field or property of 'Comparers'")]
    [InlineData("System.Collections.Generic.SortedSet<string>?", "typeof(Comparers), nameof(Comparers.Instance)", "[BinaryComparer] names 'Instance', which is not a public or internal static field or property of 'Comparers'")]
    [InlineData("System.Collections.Generic.SortedSet<string>?", "typeof(Comparers), nameof(Comparers.Hidden)", "[BinaryComparer] names 'Hidden', which is not a public or internal static field or property of 'Comparers'")]
    [InlineData("System.Collections.Generic.SortedSet<int>?", "typeof(Comparers), nameof(Comparers.Strings)", "[BinaryComparer] names 'Strings', which is not an IComparer<int>")]
    [InlineData("System.Collections.Generic.HashSet<string>?", "typeof(Comparers), nameof(Comparers.Ordering)", "[BinaryComparer] names 'Ordering', which is not an IEqualityComparer<string>")]
    [InlineData("System.Collections.Generic.PriorityQueue<string, int>?", "typeof(Comparers), nameof(Comparers.Ordering)", "[BinaryComparer] names 'Ordering', which is not an IComparer<int>")]
    public void AComparerThatCannotBeUsed_IsFSG002WithTheReason(string memberType, string arguments, string reason)
    {
        string source = $$"""
            using System.Collections.Generic;
            using FastSerialization;
            public class Comparers
            {
                public static IComparer<string> Ordering { get; } = Comparer<string>.Default;
                public static IComparer<string> Strings = Comparer<string>.Default;
                public IComparer<string> Instance { get; } = Comparer<string>.Default;
                private static IComparer<string> Hidden { get; } = Comparer<string>.Default;
            }

            [BinarySerializable]
            public partial class Holder
            {
                [BinaryComparer({{arguments}})]
                public {{memberType}} Member { get; set; }
            }
            """;

        Diagnostic diagnostic = DiagnosticAssert.Single(source, "FSG002", "Member");

        diagnostic.GetMessage(CultureInfo.InvariantCulture).Should().EndWith(": " + reason + "; mark it [BinaryIgnore] or change its type");
    }

    [Fact]
    public void AComparerOfTheRightType_CompilesWithoutADiagnostic()
    {
        const string source = """
            using System;
            using System.Collections.Generic;
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                [BinaryComparer(typeof(StringComparer), nameof(StringComparer.OrdinalIgnoreCase))]
                public SortedDictionary<string, int>? Sorted { get; set; }

                [BinaryComparer(typeof(StringComparer), nameof(StringComparer.OrdinalIgnoreCase))]
                public System.Collections.Concurrent.ConcurrentDictionary<string, int>? Concurrent { get; set; }
            }
            """;

        GeneratorRun run = GeneratorHarness.Run(source);

        run.GeneratorDiagnostics.Should().BeEmpty();
        run.CompilationDiagnostics.Should().BeEmpty();
    }
}
