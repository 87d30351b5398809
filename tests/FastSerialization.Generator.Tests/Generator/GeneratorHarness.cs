using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>Runs the generator over an in-memory compilation with CSharpGeneratorDriver.</summary>
internal static class GeneratorHarness
{
    public static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest);

    private static readonly Lazy<MetadataReference[]> References = new(() =>
    {
        string[] platform = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator);
        return platform
            .Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) is "mscorlib.dll" or "netstandard.dll")
            .Append(typeof(CustomBinaryFormatter).Assembly.Location)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToArray();
    });

    public static CSharpCompilation Compilation(params string[] sources) =>
        CSharpCompilation.Create(
            "GeneratorTestAssembly",
            sources.Select((s, i) => CSharpSyntaxTree.ParseText(s, ParseOptions, path: $"Source{i}.cs")),
            References.Value,
            new CSharpCompilationOptions(
                OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: NullableContextOptions.Enable,
                generalDiagnosticOption: ReportDiagnostic.Error));

    public static GeneratorDriver CreateDriver() =>
        CSharpGeneratorDriver.Create(
            new[] { new BinarySerializableGenerator().AsSourceGenerator() },
            parseOptions: ParseOptions,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));

    /// <summary>Runs the generator; returns its diagnostics, its sources, and the diagnostics of the compilation with them added.</summary>
    public static GeneratorRun Run(params string[] sources)
    {
        CSharpCompilation compilation = Compilation(sources);
        GeneratorDriver driver = CreateDriver().RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> diagnostics);
        GeneratorDriverRunResult result = driver.GetRunResult();
        return new GeneratorRun(
            diagnostics,
            result.Results.Single().GeneratedSources,
            output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToImmutableArray());
    }

    /// <summary>
    /// Compares each generated source with its file under Golden/, or rewrites the files when FS_UPDATE_GOLDEN=1
    /// (after an intended change; then review the diff).
    /// </summary>
    public static void MatchGoldenFiles(System.Collections.Generic.IEnumerable<GeneratedSourceResult> sources)
    {
        string directory = Path.Combine(ProjectDirectory(), "Golden");
        bool update = Environment.GetEnvironmentVariable("FS_UPDATE_GOLDEN") == "1";
        foreach (GeneratedSourceResult generated in sources.OrderBy(s => s.HintName, StringComparer.Ordinal))
        {
            string path = Path.Combine(directory, generated.HintName);
            string text = generated.SourceText.ToString();
            if (update)
            {
                Directory.CreateDirectory(directory);
                File.WriteAllText(path, text);
                continue;
            }

            FluentAssertions.AssertionExtensions.Should(File.Exists(path)).BeTrue("golden file {0} should exist (run with FS_UPDATE_GOLDEN=1 to create it)", path);
            FluentAssertions.AssertionExtensions.Should(text).Be(File.ReadAllText(path).Replace("\r\n", "\n"), "generated {0} should match its golden file", generated.HintName);
        }
    }

    /// <summary>The test project's folder, to find golden files and the models.</summary>
    public static string ProjectDirectory() =>
        typeof(GeneratorHarness).Assembly.GetCustomAttributes<System.Reflection.AssemblyMetadataAttribute>()
            .Single(a => a.Key == "ProjectDirectory").Value!;
}

internal sealed record GeneratorRun(
    ImmutableArray<Diagnostic> GeneratorDiagnostics,
    ImmutableArray<GeneratedSourceResult> Sources,
    ImmutableArray<Diagnostic> CompilationDiagnostics);
