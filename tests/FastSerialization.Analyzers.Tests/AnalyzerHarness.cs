using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Analyzers.CodeFixes;
using FastSerialization.Generator;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace FastSerialization.Analyzers.Tests;

/// <summary>
/// Runs the analyzers over sources in a Roslyn AdhocWorkspace, applies their code fixes the way an editor
/// does (the code action's ApplyChangesOperation), and compiles the result with the core library and the
/// source generator.
/// </summary>
internal static class AnalyzerHarness
{
    public static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest);

    private static readonly Lazy<MetadataReference[]> References = new(() =>
    {
        string[] platform = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator);
        return platform
            .Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) is "mscorlib.dll" or "netstandard.dll")
            .Append(typeof(CustomBinaryFormatter).Assembly.Location)
            .Append(typeof(FastSerialization.DependencyInjection.FastSerializationBuilder).Assembly.Location)
            .Append(typeof(Microsoft.Extensions.DependencyInjection.IServiceCollection).Assembly.Location)
            .Append(typeof(Microsoft.Extensions.Configuration.IConfiguration).Assembly.Location)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToArray();
    });

    private static readonly ImmutableArray<DiagnosticAnalyzer> Analyzers =
        ImmutableArray.Create<DiagnosticAnalyzer>(new BinaryFormatterUsageAnalyzer(), new SerializableTypeAnalyzer(), new TypeIdAnalyzer());

    /// <summary>A project of the given files (named Source0.cs, Source1.cs, ...), referencing the core library and the dependency-injection package.</summary>
    public static Project Project(params string[] sources)
    {
        var workspace = new AdhocWorkspace();
        ProjectId id = ProjectId.CreateNewId();
        Solution solution = workspace.CurrentSolution.AddProject(ProjectInfo.Create(
            id,
            VersionStamp.Default,
            "AnalyzerTestProject",
            "AnalyzerTestProject",
            LanguageNames.CSharp,
            compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable),
            parseOptions: ParseOptions,
            metadataReferences: References.Value));
        for (int i = 0; i < sources.Length; i++)
        {
            solution = solution.AddDocument(DocumentId.CreateNewId(id), $"Source{i}.cs", SourceText.From(sources[i]), filePath: $"/src/Source{i}.cs");
        }

        return solution.GetProject(id)!;
    }

    /// <summary>The analyzers' diagnostics over the project, in source order.</summary>
    public static async Task<ImmutableArray<Diagnostic>> DiagnosticsAsync(Project project)
    {
        Compilation compilation = (await project.GetCompilationAsync())!;
        ImmutableArray<Diagnostic> diagnostics = await compilation.WithAnalyzers(Analyzers).GetAnalyzerDiagnosticsAsync();
        return diagnostics
            .OrderBy(d => d.Location.SourceTree?.FilePath, StringComparer.Ordinal)
            .ThenBy(d => d.Location.SourceSpan.Start)
            .ToImmutableArray();
    }

    /// <summary>The code actions the provider offers for one diagnostic.</summary>
    public static async Task<IReadOnlyList<CodeAction>> ActionsAsync(Project project, Diagnostic diagnostic, CodeFixProvider provider)
    {
        Document document = project.GetDocument(diagnostic.Location.SourceTree)!;
        var actions = new List<CodeAction>();
        var context = new CodeFixContext(document, diagnostic, (action, _) => actions.Add(action), CancellationToken.None);
        await provider.RegisterCodeFixesAsync(context);
        return actions;
    }

    /// <summary>Applies the single action offered for the diagnostic; returns the changed project.</summary>
    public static async Task<Project> ApplyAsync(Project project, Diagnostic diagnostic, CodeFixProvider provider)
    {
        IReadOnlyList<CodeAction> actions = await ActionsAsync(project, diagnostic, provider);
        if (actions.Count != 1)
        {
            throw new InvalidOperationException($"Expected one code action for {diagnostic}, got {actions.Count}.");
        }

        return await ApplyAsync(project, actions[0]);
    }

    public static async Task<Project> ApplyAsync(Project project, CodeAction action)
    {
        ImmutableArray<CodeActionOperation> operations = await action.GetOperationsAsync(CancellationToken.None);
        ApplyChangesOperation apply = operations.OfType<ApplyChangesOperation>().Single();
        return apply.ChangedSolution.GetProject(project.Id)!;
    }

    /// <summary>Applies the provider's fix-all over the whole solution for the given equivalence key.</summary>
    public static async Task<Project> FixAllAsync(Project project, CodeFixProvider provider, string equivalenceKey) =>
        await FixAllAsync(project, provider, equivalenceKey, await DiagnosticsAsync(project));

    /// <summary>Applies the provider's fix-all over the whole solution for the given diagnostics (another analyzer's).</summary>
    public static async Task<Project> FixAllAsync(Project project, CodeFixProvider provider, string equivalenceKey, ImmutableArray<Diagnostic> all)
    {
        ImmutableArray<Diagnostic> fixable = all.Where(d => provider.FixableDiagnosticIds.Contains(d.Id)).ToImmutableArray();
        Document first = project.GetDocument(fixable[0].Location.SourceTree)!;
        var context = new FixAllContext(
            first,
            provider,
            FixAllScope.Solution,
            equivalenceKey,
            provider.FixableDiagnosticIds,
            new FixedDiagnostics(fixable),
            CancellationToken.None);
        CodeAction action = (await provider.GetFixAllProvider()!.GetFixAsync(context))!;
        return await ApplyAsync(project, action);
    }

    public static async Task<string> TextAsync(Project project, int index = 0)
    {
        Document document = project.Documents.Single(d => d.Name == $"Source{index}.cs");
        return (await document.GetTextAsync()).ToString();
    }

    /// <summary>
    /// Compiles the project with the core library and the source generator; returns every error: the
    /// generator's (FSG001...) and the compiler's on the code with the generated files added.
    /// </summary>
    public static async Task<ImmutableArray<Diagnostic>> CompileErrorsAsync(Project project)
    {
        Compilation compilation = (await project.GetCompilationAsync())!;
        GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new BinarySerializableGenerator().AsSourceGenerator() }, parseOptions: ParseOptions);
        driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> generatorDiagnostics);
        return generatorDiagnostics.Concat(output.GetDiagnostics())
            .Where(d => d.Severity == DiagnosticSeverity.Error)
            .ToImmutableArray();
    }

    /// <summary>Compiles as <see cref="CompileErrorsAsync"/> does and emits the assembly, for tests that run the fixed code.</summary>
    public static async Task<byte[]> EmitAsync(Project project)
    {
        Compilation compilation = (await project.GetCompilationAsync())!;
        GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new BinarySerializableGenerator().AsSourceGenerator() }, parseOptions: ParseOptions);
        driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out _);
        using var stream = new MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult result = output.Emit(stream);
        if (!result.Success)
        {
            throw new InvalidOperationException("The fixed code does not compile:\n" + string.Join("\n", result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)));
        }

        return stream.ToArray();
    }

    private sealed class FixedDiagnostics : FixAllContext.DiagnosticProvider
    {
        private readonly ImmutableArray<Diagnostic> _diagnostics;

        public FixedDiagnostics(ImmutableArray<Diagnostic> diagnostics) => _diagnostics = diagnostics;

        public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
            Task.FromResult<IEnumerable<Diagnostic>>(_diagnostics);

        public override async Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
        {
            SyntaxTree? tree = await document.GetSyntaxTreeAsync(cancellationToken);
            return _diagnostics.Where(d => d.Location.SourceTree == tree);
        }

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
            Task.FromResult(_diagnostics.Where(d => !d.Location.IsInSource));
    }
}
