using System;
using System.Collections.Immutable;
using System.Linq;
using FastSerialization.BinaryFormatterImport;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>
/// The binders of <see cref="BinaryFormatterBinderGenerator"/>: written only where the importer is referenced, for
/// partial types; they compile without warnings (nullable enabled, warnings as errors) for every way a member is
/// declared; and their text matches Golden/ (FS_UPDATE_GOLDEN=1 rewrites it).
/// </summary>
public class BinderGeneratorTests
{
    private const string Source = """
        using System;
        using System.Collections.Generic;
        using FastSerialization;
        using FastSerialization.BinaryFormatterImport;

        namespace Golden
        {
            [BinaryFormatterType("Legacy.Shapes")]
            public sealed partial class Shapes
            {
                private int _secret;
                public readonly string? Fixed;
                public int @class;
                public int GetOnly { get; }
                public string? InitOnly { get; init; }
                public required int Required { get; set; }
                [BinaryFormatterMember("OldName")] public string? Renamed { get; set; }
                [BinaryIgnore] public int Ignored;
                public int Computed => _secret;
                public int WithSetter { get => _secret; set => _secret = value; }
                public IReadOnlyList<int[]>? Lists { get; set; }
                public IDictionary<string, HashSet<Guid>>? Map;
                public int Secret() => _secret;
            }

            [BinarySerializable]
            public readonly partial struct Money
            {
                public readonly long Units;
                public string? Currency { get; init; }
            }

            public partial class Outer
            {
                [BinaryFormatterType("Legacy.Inner")]
                public abstract partial class Inner
                {
                    protected Inner(int value) => Value = value;
                    public int Value;
                }
            }

            [BinaryFormatterType("Legacy.NoDefault")]
            public sealed partial record NoDefault(string Name, DateTime At);
        }

        namespace NoBinders
        {
            [BinaryFormatterType("Legacy.NotPartial")]
            public sealed class NotPartial { public int Value; }

            [BinaryFormatterType("Legacy.Generic")]
            public sealed partial class Generic<T> { public T? Value; }
        }
        """;

    [Fact]
    public void Binders_CompileWithoutWarnings_AndMatchGoldenFiles()
    {
        (ImmutableArray<GeneratedSourceResult> sources, ImmutableArray<Diagnostic> diagnostics) = Run(withImporter: true);

        diagnostics.Should().BeEmpty("generated binders compile without warnings with nullable enabled and warnings as errors");
        sources.Select(s => s.HintName).Should().BeEquivalentTo(
            "Golden.Shapes.BinaryFormatterBinder.g.cs", "Golden.Money.BinaryFormatterBinder.g.cs",
            "Golden.Outer.Inner.BinaryFormatterBinder.g.cs", "Golden.NoDefault.BinaryFormatterBinder.g.cs");

        GeneratorHarness.MatchGoldenFiles(sources);
    }

    [Fact]
    public void Binders_DescribeEveryMemberButIgnoredAndComputedOnes()
    {
        string shapes = Run(withImporter: true).Sources.Single(s => s.HintName.StartsWith("Golden.Shapes", StringComparison.Ordinal)).SourceText.ToString();

        foreach (string member in new[] { "AddField(\"_secret\"", "AddField(\"Fixed\"", "AddField(\"class\"", "AddAutoProperty(\"GetOnly\"", "AddAutoProperty(\"InitOnly\"",
            "AddAutoProperty(\"Required\"", "AddAutoProperty(\"Renamed\"", "AddProperty(\"WithSetter\"", "AddField(\"Map\"", "AddAutoProperty(\"Lists\"" })
        {
            shapes.Should().Contain(member);
        }

        shapes.Should().NotContain("\"Ignored\"").And.NotContain("\"Computed\"");
        shapes.Should().Contain("SetRenamed, \"OldName\")", "the [BinaryFormatterMember] alias");
    }

    [Fact]
    public void WithoutTheImporter_NoBinderIsWritten()
    {
        Run(withImporter: false, "using FastSerialization; [BinarySerializable] public partial class Plain { public int Value { get; set; } }")
            .Sources.Should().BeEmpty();
    }

    private static (ImmutableArray<GeneratedSourceResult> Sources, ImmutableArray<Diagnostic> Diagnostics) Run(bool withImporter, string source = Source)
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(source);
        compilation = withImporter
            ? compilation.AddReferences(MetadataReference.CreateFromFile(typeof(BinaryFormatterBinder).Assembly.Location))
            : compilation.WithReferences(compilation.References.Where(r => r.Display?.Contains("BinaryFormatterImport", StringComparison.Ordinal) != true));
        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            new[] { new BinaryFormatterBinderGenerator().AsSourceGenerator(), new BinarySerializableGenerator().AsSourceGenerator() },
            parseOptions: GeneratorHarness.ParseOptions);
        driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out _);
        ImmutableArray<GeneratedSourceResult> binders = driver.GetRunResult().Results
            .SelectMany(r => r.GeneratedSources)
            .Where(s => s.HintName.EndsWith(".BinaryFormatterBinder.g.cs", StringComparison.Ordinal))
            .ToImmutableArray();
        return (binders, output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToImmutableArray());
    }
}
