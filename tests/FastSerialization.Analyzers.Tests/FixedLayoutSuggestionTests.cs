using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Analyzers.CodeFixes;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace FastSerialization.Analyzers.Tests;

/// <summary>
/// FSA012: a [BinarySerializable] struct of fixed-width members held in an array or a list gets an information
/// diagnostic, and its fix makes it fixed-layout and evolvable (docs/FORMAT.md section 3c).
/// </summary>
public class FixedLayoutSuggestionTests
{
    private static readonly MakeFixedLayoutCodeFix Fix = new();

    private static async Task<ImmutableArray<Diagnostic>> SuggestionsAsync(Project project)
    {
        Compilation compilation = (await project.GetCompilationAsync())!;
        return await compilation.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new FixedLayoutSuggestionAnalyzer())).GetAnalyzerDiagnosticsAsync();
    }

    private static string Source(string tick, string holder) => """
        using System;
        using System.Collections.Generic;
        using FastSerialization;

        namespace Market
        {
        """ + tick + "\n" + holder + """

        }
        """;

    private const string Tick = """
            [BinarySerializable]
            public partial struct Tick
            {
                public long Time;
                public double Price { get; set; }
                public int Size;
                public Side Side;
                public DateTime At;
                [BinaryIgnore] public int Scratch;
            }

            public enum Side { Buy, Sell }
        """;

    [Theory]
    [InlineData("public Tick[]? Ticks { get; set; }", "Book.Ticks")]
    [InlineData("public List<Tick>? Ticks;", "Book.Ticks")]
    public async Task AStructOfFixedWidthMembers_HeldInAnArrayOrAList_IsSuggested(string member, string where)
    {
        string source = Source(Tick, "[BinarySerializable] public sealed partial class Book { " + member + " }");
        ImmutableArray<Diagnostic> diagnostics = await SuggestionsAsync(AnalyzerHarness.Project(source));

        Diagnostic d = diagnostics.Should().ContainSingle().Which;
        d.Id.Should().Be("FSA012");
        d.Severity.Should().Be(DiagnosticSeverity.Info);
        d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain("'Market.Tick'").And.Contain(where)
            .And.Contain("FixedLayout = true, Evolvable = true").And.Contain("compact integers");
    }

    [Theory]
    [InlineData("[BinarySerializable] public partial struct Tick { public long Time; public string? Name; }")] // a string is not fixed-width
    [InlineData("[BinarySerializable(FixedLayout = true)] public partial struct Tick { public long Time; }")] // already fixed-layout
    [InlineData("public struct Tick { public long Time; }")] // not [BinarySerializable]
    [InlineData("[BinarySerializable] public partial struct Tick { public long Time; public int[]? More; }")] // a collection
    [InlineData("[BinarySerializable] public partial struct Tick { public long Time; [BinaryIgnore] public string? Note; }")] // a field that is not unmanaged
    public async Task OtherStructs_AreNotSuggested(string tick)
    {
        string source = Source(tick, "[BinarySerializable] public sealed partial class Book { public Tick[]? Ticks { get; set; } }");
        (await SuggestionsAsync(AnalyzerHarness.Project(source))).Should().BeEmpty();
    }

    [Fact]
    public async Task AStructHeldAlone_OrByATypeNotSerialized_IsNotSuggested()
    {
        string source = Source(Tick, "[BinarySerializable] public sealed partial class Book { public Tick Last; }\npublic sealed class Cache { public Tick[]? Ticks; }");
        (await SuggestionsAsync(AnalyzerHarness.Project(source))).Should().BeEmpty();
    }

    [Fact]
    public async Task TheFix_MakesTheStructFixedLayoutAndEvolvable_AndTheCodeCompilesWithTheGenerator()
    {
        string source = Source(Tick, "[BinarySerializable] public sealed partial class Book { public Tick[]? Ticks { get; set; } }");
        Project project = AnalyzerHarness.Project(source);
        Diagnostic diagnostic = (await SuggestionsAsync(project)).Single();

        Project fixedProject = await AnalyzerHarness.ApplyAsync(project, diagnostic, Fix);

        string text = await AnalyzerHarness.TextAsync(fixedProject);
        text.Should().Contain("[BinarySerializable(FixedLayout = true, Evolvable = true)]\n    public partial struct Tick");
        text.Should().Contain("[BinarySerializable] public sealed partial class Book", "only the struct changes");
        (await AnalyzerHarness.CompileErrorsAsync(fixedProject)).Should().BeEmpty();
        (await SuggestionsAsync(fixedProject)).Should().BeEmpty();
    }

    [Fact]
    public async Task TheFix_KeepsTheAttributesOtherArguments()
    {
        string tick = Tick.Replace("[BinarySerializable]\n    public partial struct Tick", "[BinarySerializable(FixedLayout = false)]\n    public partial struct Tick");
        string source = Source(tick, "[BinarySerializable] public sealed partial class Book { public List<Tick>? Ticks { get; set; } }");
        Project project = AnalyzerHarness.Project(source);
        Diagnostic diagnostic = (await SuggestionsAsync(project)).Single();

        string text = await AnalyzerHarness.TextAsync(await AnalyzerHarness.ApplyAsync(project, diagnostic, Fix));

        text.Should().Contain("[BinarySerializable(FixedLayout = true, Evolvable = true)]");
    }
}
