using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace FastSerialization.Analyzers.CodeFixes;

/// <summary>The fix for FSA001: the document switches from BinaryFormatter to CustomBinaryFormatter.</summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(UseCustomBinaryFormatterCodeFix))]
[Shared]
public sealed class UseCustomBinaryFormatterCodeFix : CodeFixProvider
{
    /// <summary>The title shown in the editor, and the fix's equivalence key.</summary>
    public const string Title = "Use CustomBinaryFormatter";

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } =
        ImmutableArray.Create(Descriptors.BinaryFormatterUsedId);

    /// <inheritdoc/>
    public override FixAllProvider GetFixAllProvider() => DocumentFixAll.Instance;

    /// <inheritdoc/>
    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        if (!await BinaryFormatterSwitch.CanSwitchAsync(context.Document, context.CancellationToken).ConfigureAwait(false))
        {
            return;
        }

        context.RegisterCodeFix(
            CodeAction.Create(Title, ct => BinaryFormatterSwitch.SwitchAsync(context.Document, ct), equivalenceKey: Title),
            context.Diagnostics);
    }

    /// <summary>Fix all: each document with a diagnostic is switched once (the switch covers the whole document).</summary>
    private sealed class DocumentFixAll : DocumentBasedFixAllProvider
    {
        public static readonly DocumentFixAll Instance = new();

        protected override async Task<Document?> FixAllAsync(FixAllContext fixAllContext, Document document, ImmutableArray<Diagnostic> diagnostics)
        {
            return diagnostics.Any() && await BinaryFormatterSwitch.CanSwitchAsync(document, fixAllContext.CancellationToken).ConfigureAwait(false)
                ? await BinaryFormatterSwitch.SwitchAsync(document, fixAllContext.CancellationToken).ConfigureAwait(false)
                : document;
        }
    }
}
