using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Analyzers.Layouts;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace FastSerialization.Analyzers.CodeFixes.Layouts;

/// <summary>
/// The fix for FSA010 (a project without layout files): creates BinaryLayout.Shipped.txt and BinaryLayout.Unshipped.txt
/// in the project's folder, with every [BinarySerializable] type's layout and constant ids in one of them: the shipped
/// file when the layouts are already in production (their records exist), the unshipped file when nothing was released.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(CreateLayoutFilesCodeFix))]
[Shared]
public sealed class CreateLayoutFilesCodeFix : CodeFixProvider
{
    /// <summary>The title (and equivalence key) of the action that records today's layouts as shipped.</summary>
    public const string AsShippedTitle = "Track wire layouts: create BinaryLayout.Shipped.txt with today's layouts as released";

    /// <summary>The title (and equivalence key) of the action that records today's layouts as not yet released.</summary>
    public const string AsUnshippedTitle = "Track wire layouts: create BinaryLayout.Shipped.txt, with today's layouts in BinaryLayout.Unshipped.txt (nothing released yet)";

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Descriptors.LayoutsNotTrackedId);

    /// <summary>No fix-all: one action creates the files for the whole project.</summary>
    public override FixAllProvider? GetFixAllProvider() => null;

    /// <inheritdoc/>
    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        Project project = context.TextDocument.Project;
        string? directory = LayoutDocuments.Directory(project, context.TextDocument.FilePath is { } path && project.FilePath is null ? path : null);
        foreach (Diagnostic diagnostic in context.Diagnostics)
        {
            context.RegisterCodeFix(CodeAction.Create(AsShippedTitle, ct => CreateAsync(project, directory, shipped: true, ct), AsShippedTitle), diagnostic);
            context.RegisterCodeFix(CodeAction.Create(AsUnshippedTitle, ct => CreateAsync(project, directory, shipped: false, ct), AsUnshippedTitle), diagnostic);
        }

        return Task.CompletedTask;
    }

    private static async Task<Solution> CreateAsync(Project project, string? directory, bool shipped, CancellationToken cancellationToken)
    {
        // The analyzer itself says what to record: run over the project with an empty unshipped file, it reports every
        // type, with its layout and constant ids, as not recorded (FSA009).
        Compilation? compilation = await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false);
        var lines = new Dictionary<string, IReadOnlyList<string>>(StringComparer.Ordinal);
        if (compilation is not null)
        {
            string path = Path.Combine(directory ?? string.Empty, LayoutFile.UnshippedFileName);
            var options = new AnalyzerOptions(ImmutableArray.Create<AdditionalText>(new EmptyFile(path)), project.AnalyzerOptions.AnalyzerConfigOptionsProvider);
            ImmutableArray<Diagnostic> diagnostics = await compilation
                .WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new ShippedLayoutAnalyzer()), options)
                .GetAnalyzerDiagnosticsAsync(cancellationToken)
                .ConfigureAwait(false);
            foreach (KeyValuePair<string, IReadOnlyList<string>> type in LayoutDocuments.LinesOf(diagnostics))
            {
                lines[type.Key] = type.Value;
            }
        }

        string recorded = LayoutFile.Rewrite(SourceText.From((shipped ? LayoutDocuments.ShippedHeader : LayoutDocuments.UnshippedHeader) + "\n"), lines);
        string shippedText = shipped ? recorded : LayoutDocuments.ShippedHeader + "\n";
        string unshippedText = shipped ? LayoutDocuments.UnshippedHeader + "\n" : recorded;
        Solution solution = project.Solution;
        solution = LayoutDocuments.Add(solution, project.Id, LayoutFile.ShippedFileName, shippedText, Array.Empty<string>(), directory);
        return LayoutDocuments.Add(solution, project.Id, LayoutFile.UnshippedFileName, unshippedText, Array.Empty<string>(), directory);
    }

    private sealed class EmptyFile : AdditionalText
    {
        public EmptyFile(string path) => Path = path;

        public override string Path { get; }

        public override SourceText GetText(CancellationToken cancellationToken = default) => SourceText.From(string.Empty);
    }
}
