using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace FastSerialization.Analyzers.CodeFixes.Layouts;

/// <summary>
/// The fix for FSA009: the type's lines in BinaryLayout.Unshipped.txt become the ones the diagnostic carries (what the
/// type has beyond its shipped lines), the file created beside BinaryLayout.Shipped.txt when it is missing. Fix-all
/// writes every reported type of a project in one change of the file.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(RecordLayoutCodeFix))]
[Shared]
public sealed class RecordLayoutCodeFix : CodeFixProvider
{
    /// <summary>The equivalence key of every FSA009 fix.</summary>
    public const string EquivalenceKey = "FSA009: record in BinaryLayout.Unshipped.txt";

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Descriptors.LayoutNotRecordedId);

    /// <inheritdoc/>
    public override FixAllProvider GetFixAllProvider() => RecordAllFixAll.Instance;

    /// <inheritdoc/>
    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        Project project = context.TextDocument.Project;
        foreach (Diagnostic diagnostic in context.Diagnostics)
        {
            Dictionary<string, IReadOnlyList<string>> lines = LayoutDocuments.LinesOf(new[] { diagnostic });
            if (lines.Count == 0)
            {
                continue;
            }

            string type = lines.Keys.Single();
            string title = lines[type].Count == 0
                ? $"Remove '{type}' from BinaryLayout.Unshipped.txt"
                : $"Record the layout of '{type}' in BinaryLayout.Unshipped.txt";
            context.RegisterCodeFix(
                CodeAction.Create(title, ct => LayoutDocuments.RecordAsync(project, lines, ct), EquivalenceKey),
                diagnostic);
        }

        return Task.CompletedTask;
    }

    /// <summary>Fix-all: every FSA009 of each project in scope, written to its unshipped file at once.</summary>
    private sealed class RecordAllFixAll : FixAllProvider
    {
        public static readonly RecordAllFixAll Instance = new();

        public override IEnumerable<FixAllScope> GetSupportedFixAllScopes() =>
            new[] { FixAllScope.Document, FixAllScope.Project, FixAllScope.Solution };

        public override Task<CodeAction?> GetFixAsync(FixAllContext fixAllContext)
        {
            IEnumerable<Project> projects = fixAllContext.Scope == FixAllScope.Solution
                ? fixAllContext.Solution.Projects
                : new[] { fixAllContext.Project };
            return Task.FromResult<CodeAction?>(CodeAction.Create(
                "Record every reported layout in BinaryLayout.Unshipped.txt",
                async ct =>
                {
                    Solution solution = fixAllContext.Solution;
                    foreach (Project project in projects.ToList())
                    {
                        // Every FSA009 of the project, in source and in the layout files: the fix rewrites one file.
                        ImmutableArray<Diagnostic> diagnostics = (await fixAllContext.GetAllDiagnosticsAsync(project).ConfigureAwait(false)).ToImmutableArray();
                        Dictionary<string, IReadOnlyList<string>> lines = LayoutDocuments.LinesOf(diagnostics.Where(d => d.Id == Descriptors.LayoutNotRecordedId));
                        if (lines.Count > 0)
                        {
                            solution = await LayoutDocuments.RecordAsync(solution.GetProject(project.Id)!, lines, ct).ConfigureAwait(false);
                        }
                    }

                    return solution;
                },
                EquivalenceKey));
        }
    }
}
