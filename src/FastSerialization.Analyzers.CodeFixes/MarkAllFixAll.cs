using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace FastSerialization.Analyzers.CodeFixes;

/// <summary>
/// Fix-all for FSA002 (used by the editor's "fix all" and by <c>dotnet format analyzers</c>): every type the
/// diagnostics in scope name is marked in one solution change, each declaration edited once even when
/// several diagnostics, or several types' closures, lead to it.
/// </summary>
internal sealed class MarkAllFixAll : FixAllProvider
{
    public static readonly MarkAllFixAll Instance = new();

    public override IEnumerable<FixAllScope> GetSupportedFixAllScopes() =>
        new[] { FixAllScope.Document, FixAllScope.Project, FixAllScope.Solution };

    public override async Task<CodeAction?> GetFixAsync(FixAllContext fixAllContext)
    {
        var diagnostics = new List<Diagnostic>();
        switch (fixAllContext.Scope)
        {
            case FixAllScope.Document when fixAllContext.Document is not null:
                diagnostics.AddRange(await fixAllContext.GetDocumentDiagnosticsAsync(fixAllContext.Document).ConfigureAwait(false));
                break;
            case FixAllScope.Project:
                diagnostics.AddRange(await fixAllContext.GetAllDiagnosticsAsync(fixAllContext.Project).ConfigureAwait(false));
                break;
            case FixAllScope.Solution:
                foreach (Project project in fixAllContext.Solution.Projects)
                {
                    diagnostics.AddRange(await fixAllContext.GetAllDiagnosticsAsync(project).ConfigureAwait(false));
                }

                break;
            default:
                return null;
        }

        if (diagnostics.Count == 0)
        {
            return null;
        }

        Solution solution = fixAllContext.Solution;
        ImmutableArray<Diagnostic> all = diagnostics.ToImmutableArray();
        return CodeAction.Create(
            "Mark every reported type [BinarySerializable]",
            ct => MarkBinarySerializableCodeFix.FixAsync(solution, all, ct),
            MarkBinarySerializableCodeFix.EquivalenceKey);
    }
}
