using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Analyzers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace FastSerialization.Analyzers.CodeFixes;

/// <summary>
/// The fix for FSA002: the reported type, and the [Serializable] types it needs (SerializableClosure), become
/// partial and [BinarySerializable], with [NonSerialized] turned into [BinaryIgnore].
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(MarkBinarySerializableCodeFix))]
[Shared]
public sealed class MarkBinarySerializableCodeFix : CodeFixProvider
{
    /// <summary>The start of the title shown in the editor (the type's name follows).</summary>
    public const string TitlePrefix = "Mark [BinarySerializable]: ";

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } =
        ImmutableArray.Create(Descriptors.SerializableTypeNotMarkedId);

    /// <summary>No fix-all: each fix marks a whole group of types; apply it once per type.</summary>
    /// <returns>Null.</returns>
    public override FixAllProvider? GetFixAllProvider() => null;

    /// <inheritdoc/>
    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (Diagnostic diagnostic in context.Diagnostics)
        {
            INamedTypeSymbol? type = await ReportedTypeAsync(context.Document.Project.Solution, diagnostic, context.CancellationToken).ConfigureAwait(false);
            if (type is null)
            {
                continue;
            }

            string title = TitlePrefix + type.Name;
            context.RegisterCodeFix(
                CodeAction.Create(title, ct => FixAsync(context.Document.Project.Solution, diagnostic, ct), equivalenceKey: title),
                diagnostic);
        }
    }

    private static async Task<Solution> FixAsync(Solution solution, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        INamedTypeSymbol? type = await ReportedTypeAsync(solution, diagnostic, cancellationToken).ConfigureAwait(false);
        Document? document = diagnostic.AdditionalLocations.Select(l => solution.GetDocument(l.SourceTree)).FirstOrDefault(d => d is not null);
        if (type is null || document is null)
        {
            return solution;
        }

        Compilation compilation = (await document.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
        return await SerializableTypeMarker.MarkAsync(solution, SerializableClosure.Of(type, compilation), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The type the diagnostic names, from its first additional location (a declaration of the type).</summary>
    private static async Task<INamedTypeSymbol?> ReportedTypeAsync(Solution solution, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        foreach (Location location in diagnostic.AdditionalLocations)
        {
            Document? document = solution.GetDocument(location.SourceTree);
            if (document is null)
            {
                continue;
            }

            SyntaxNode? root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
            SemanticModel? model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
            if (root?.FindNode(location.SourceSpan) is TypeDeclarationSyntax declaration && model is not null)
            {
                return model.GetDeclaredSymbol(declaration, cancellationToken) as INamedTypeSymbol;
            }
        }

        return null;
    }
}
