using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Analyzers.Layouts;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace FastSerialization.Analyzers.CodeFixes.Layouts;

/// <summary>The project's layout files as additional documents: found, rewritten, or created beside each other.</summary>
internal static class LayoutDocuments
{
    public const string ShippedHeader =
        "# Wire layouts this project has released, checked at compile time by FastSerialization (FSA006 to FSA011, docs/ANALYZERS.md). A release appends BinaryLayout.Unshipped.txt's lines here; a line here never changes.";

    public const string UnshippedHeader =
        "# Wire layouts added since the last release (the FSA009 code fix writes them); a release moves these lines to BinaryLayout.Shipped.txt.";

    public static TextDocument? Find(Project project, string fileName) =>
        project.AdditionalDocuments.FirstOrDefault(d =>
            string.Equals(Path.GetFileName(d.FilePath ?? d.Name), fileName, StringComparison.OrdinalIgnoreCase));

    /// <summary>
    /// Replaces the unshipped lines of each type in <paramref name="replaced"/> (type name to its lines), creating the
    /// unshipped file beside the shipped one when the project has only that.
    /// </summary>
    public static async Task<Solution> RecordAsync(Project project, IReadOnlyDictionary<string, IReadOnlyList<string>> replaced, CancellationToken cancellationToken)
    {
        TextDocument? unshipped = Find(project, LayoutFile.UnshippedFileName);
        if (unshipped is not null)
        {
            SourceText old = await unshipped.GetTextAsync(cancellationToken).ConfigureAwait(false);
            return project.Solution.WithAdditionalDocumentText(unshipped.Id, SourceText.From(LayoutFile.Rewrite(old, replaced), old.Encoding));
        }

        TextDocument? shipped = Find(project, LayoutFile.ShippedFileName);
        string text = LayoutFile.Rewrite(SourceText.From(UnshippedHeader + "\n"), replaced);
        return Add(project.Solution, project.Id, LayoutFile.UnshippedFileName, text, shipped?.Folders ?? Array.Empty<string>(), Directory(project, shipped?.FilePath));
    }

    public static Solution Add(Solution solution, ProjectId project, string fileName, string text, IReadOnlyList<string> folders, string? directory) =>
        solution.AddAdditionalDocument(
            DocumentId.CreateNewId(project, fileName),
            fileName,
            SourceText.From(text),
            folders,
            directory is null ? null : Path.Combine(directory, fileName));

    /// <summary>The folder the layout files go in: beside <paramref name="sibling"/>, else the project file's folder.</summary>
    public static string? Directory(Project project, string? sibling) =>
        Path.GetDirectoryName(sibling ?? project.FilePath ?? string.Empty) is { Length: > 0 } directory ? directory : null;

    /// <summary>The types and lines FSA009 diagnostics carry, for <see cref="RecordAsync"/>.</summary>
    public static Dictionary<string, IReadOnlyList<string>> LinesOf(IEnumerable<Diagnostic> diagnostics)
    {
        var replaced = new Dictionary<string, IReadOnlyList<string>>(StringComparer.Ordinal);
        foreach (Diagnostic diagnostic in diagnostics)
        {
            if (diagnostic.Properties.TryGetValue(ShippedLayoutAnalyzer.TypeNameProperty, out string? type) && type is not null &&
                diagnostic.Properties.TryGetValue(ShippedLayoutAnalyzer.LinesProperty, out string? lines))
            {
                replaced[type] = string.IsNullOrEmpty(lines) ? Array.Empty<string>() : lines!.Split('\n');
            }
        }

        return replaced;
    }
}
