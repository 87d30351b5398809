using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Analyzers.CodeFixes;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Xunit;

namespace FastSerialization.Analyzers.Tests;

/// <summary>FSA001's fix: the text it produces, and that the result compiles with no FSA001 left.</summary>
public class UseCustomBinaryFormatterFixTests
{
    private static readonly UseCustomBinaryFormatterCodeFix Fix = new();

    [Fact]
    public async Task LocalVariable_SwitchesTheConstruction_AndAddsTheUsing()
    {
        const string before = """
            using System.IO;
            using System.Runtime.Serialization.Formatters.Binary;

            public static class Store
            {
                public static object RoundTrip(object value)
                {
                    var formatter = new BinaryFormatter();
                    using var stream = new MemoryStream();
                    formatter.Serialize(stream, value);
                    stream.Position = 0;
                    return formatter.Deserialize(stream);
                }
            }
            """;
        const string after = """
            using System.IO;
            using System.Runtime.Serialization.Formatters.Binary;
            using FastSerialization;

            public static class Store
            {
                public static object RoundTrip(object value)
                {
                    var formatter = new CustomBinaryFormatter();
                    using var stream = new MemoryStream();
                    formatter.Serialize(stream, value);
                    stream.Position = 0;
                    return formatter.Deserialize(stream);
                }
            }
            """;

        await AssertFixAsync(before, after);
    }

    [Fact]
    public async Task FieldsParametersAndQualifiedNames_AreAllSwitched_FromAnyDiagnosticInTheDocument()
    {
        const string before = """
            // Legacy cache.
            namespace Legacy
            {
                using System.IO;
                using BF = System.Runtime.Serialization.Formatters.Binary.BinaryFormatter;

                public class Cache
                {
                    private readonly System.Runtime.Serialization.Formatters.Binary.BinaryFormatter _formatter = new System.Runtime.Serialization.Formatters.Binary.BinaryFormatter();
                    private readonly BF _other = new BF();

                    public void Save(Stream s, object o) => Write(_formatter, s, o);

                    public object Load(Stream s) => _other.Deserialize(s);

                    private static void Write(System.Runtime.Serialization.Formatters.Binary.BinaryFormatter f, Stream s, object o) => f.Serialize(s, o);
                }
            }
            """;
        const string after = """
            // Legacy cache.
            using FastSerialization;

            namespace Legacy
            {
                using System.IO;
                using BF = FastSerialization.CustomBinaryFormatter;

                public class Cache
                {
                    private readonly CustomBinaryFormatter _formatter = new CustomBinaryFormatter();
                    private readonly BF _other = new BF();

                    public void Save(Stream s, object o) => Write(_formatter, s, o);

                    public object Load(Stream s) => _other.Deserialize(s);

                    private static void Write(CustomBinaryFormatter f, Stream s, object o) => f.Serialize(s, o);
                }
            }
            """;

        // Every diagnostic of the document offers the same whole-document switch.
        Project project = AnalyzerHarness.Project(before);
        ImmutableArray<Diagnostic> diagnostics = await AnalyzerHarness.DiagnosticsAsync(project);
        diagnostics.Should().HaveCount(4).And.OnlyContain(d => d.Id == "FSA001");
        foreach (Diagnostic diagnostic in diagnostics)
        {
            Project fixedProject = await AnalyzerHarness.ApplyAsync(project, diagnostic, Fix);
            (await AnalyzerHarness.TextAsync(fixedProject)).Should().Be(after);
        }

        await AssertCompilesCleanAsync(await AnalyzerHarness.ApplyAsync(project, diagnostics[0], Fix));
    }

    [Fact]
    public async Task InsideTheFastSerializationNamespace_NoUsingIsAdded()
    {
        const string before = """
            namespace FastSerialization.App;

            public static class Store
            {
                public static void Save(System.IO.Stream s, object o) => new System.Runtime.Serialization.Formatters.Binary.BinaryFormatter().Serialize(s, o);
            }
            """;
        const string after = """
            namespace FastSerialization.App;

            public static class Store
            {
                public static void Save(System.IO.Stream s, object o) => new CustomBinaryFormatter().Serialize(s, o);
            }
            """;

        await AssertFixAsync(before, after);
    }

    [Fact]
    public async Task ThroughIFormatter_TheDeclarationKeepsCompiling()
    {
        const string before = """
            using System.IO;
            using System.Runtime.Serialization;
            using System.Runtime.Serialization.Formatters.Binary;

            public static class Store
            {
                private static IFormatter Create() => new BinaryFormatter();

                public static object Load(Stream s) => Create().Deserialize(s);
            }
            """;
        const string after = """
            using System.IO;
            using System.Runtime.Serialization;
            using System.Runtime.Serialization.Formatters.Binary;
            using FastSerialization;

            public static class Store
            {
                private static IFormatter Create() => new CustomBinaryFormatter();

                public static object Load(Stream s) => Create().Deserialize(s);
            }
            """;

        await AssertFixAsync(before, after);
    }

    [Theory]
    [InlineData("new BinaryFormatter { Binder = null }")]
    [InlineData("new BinaryFormatter(null, new StreamingContext(StreamingContextStates.All))")]
    [InlineData("Configure(new BinaryFormatter())")]
    public async Task MembersCustomBinaryFormatterLacks_MeanNoFixIsOffered(string creation)
    {
        string source = $$"""
            using System.Runtime.Serialization;
            using System.Runtime.Serialization.Formatters;
            using System.Runtime.Serialization.Formatters.Binary;

            public static class Store
            {
                public static object Create() => {{creation}};

                private static BinaryFormatter Configure(BinaryFormatter f)
                {
                    f.AssemblyFormat = FormatterAssemblyStyle.Simple;
                    return f;
                }
            }
            """;
        Project project = AnalyzerHarness.Project(source);
        ImmutableArray<Diagnostic> diagnostics = await AnalyzerHarness.DiagnosticsAsync(project);

        diagnostics.Should().Contain(d => d.Id == "FSA001");
        bool configureUsed = creation.StartsWith("Configure", System.StringComparison.Ordinal);
        foreach (Diagnostic diagnostic in diagnostics)
        {
            IReadOnlyList<CodeAction> actions = await AnalyzerHarness.ActionsAsync(project, diagnostic, Fix);
            actions.Should().BeEmpty(configureUsed
                ? "the document sets AssemblyFormat, which CustomBinaryFormatter does not have"
                : $"'{creation}' has no CustomBinaryFormatter equivalent");
        }
    }

    [Fact]
    public async Task FixAll_SwitchesEveryDocumentOfTheSolution()
    {
        const string first = """
            using System.Runtime.Serialization.Formatters.Binary;

            public static class A
            {
                public static BinaryFormatter Make() => new BinaryFormatter();
            }
            """;
        const string second = """
            using System.IO;

            public static class B
            {
                public static void Save(Stream s, object o) => A.Make().Serialize(s, o);

                public static object Load(Stream s) => new System.Runtime.Serialization.Formatters.Binary.BinaryFormatter().Deserialize(s);
            }
            """;
        Project project = AnalyzerHarness.Project(first, second);

        Project fixedProject = await AnalyzerHarness.FixAllAsync(project, Fix, UseCustomBinaryFormatterCodeFix.Title);

        (await AnalyzerHarness.TextAsync(fixedProject, 0)).Should().Be("""
            using System.Runtime.Serialization.Formatters.Binary;
            using FastSerialization;

            public static class A
            {
                public static CustomBinaryFormatter Make() => new CustomBinaryFormatter();
            }
            """);
        (await AnalyzerHarness.TextAsync(fixedProject, 1)).Should().Be("""
            using System.IO;
            using FastSerialization;

            public static class B
            {
                public static void Save(Stream s, object o) => A.Make().Serialize(s, o);

                public static object Load(Stream s) => new CustomBinaryFormatter().Deserialize(s);
            }
            """);
        await AssertCompilesCleanAsync(fixedProject);
    }

    private static async Task AssertFixAsync(string before, string after)
    {
        Project project = AnalyzerHarness.Project(before);
        ImmutableArray<Diagnostic> diagnostics = await AnalyzerHarness.DiagnosticsAsync(project);
        diagnostics.Should().NotBeEmpty().And.OnlyContain(d => d.Id == "FSA001");

        Project fixedProject = await AnalyzerHarness.ApplyAsync(project, diagnostics[0], Fix);

        (await AnalyzerHarness.TextAsync(fixedProject)).Should().Be(after);
        await AssertCompilesCleanAsync(fixedProject);
    }

    private static async Task AssertCompilesCleanAsync(Project fixedProject)
    {
        (await AnalyzerHarness.CompileErrorsAsync(fixedProject)).Should().BeEmpty();
        (await AnalyzerHarness.DiagnosticsAsync(fixedProject)).Should().NotContain(d => d.Id == "FSA001");
    }
}
