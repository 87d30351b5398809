using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
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

    /// <summary>The equivalence key of every FSA002 fix: fix-all marks every reported type at once.</summary>
    public const string EquivalenceKey = "FSA002: mark [BinarySerializable]";

    /// <inheritdoc/>
    public override FixAllProvider GetFixAllProvider() => MarkAllFixAll.Instance;

    /// <inheritdoc/>
    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (Diagnostic diagnostic in context.Diagnostics)
        {
            INamedTypeSymbol? type = await ReportedTypeAsync(context.Document.Project.Solution, diagnostic, context.CancellationToken).ConfigureAwait(false);
            Compilation? compilation = await context.Document.Project.GetCompilationAsync(context.CancellationToken).ConfigureAwait(false);
            if (type is null || compilation is null || SerializableClosure.Of(type, compilation) is null)
            {
                continue; // A generic member the generator cannot serialize: marking would not compile (docs/ANALYZERS.md).
            }

            context.RegisterCodeFix(
                CodeAction.Create(TitlePrefix + type.Name, ct => FixAsync(context.Document.Project.Solution, ImmutableArray.Create(diagnostic), ct), equivalenceKey: EquivalenceKey),
                diagnostic);
        }
    }

    /// <summary>Marks the types the diagnostics name, and the types they need, in one change of the solution.</summary>
    internal static async Task<Solution> FixAsync(Solution solution, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var types = new List<INamedTypeSymbol>();
        var seen = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (Diagnostic diagnostic in diagnostics)
        {
            INamedTypeSymbol? type = await ReportedTypeAsync(solution, diagnostic, cancellationToken).ConfigureAwait(false);
            Document? document = diagnostic.AdditionalLocations.Select(l => solution.GetDocument(l.SourceTree)).FirstOrDefault(d => d is not null);
            if (type is null || document is null)
            {
                continue;
            }

            Compilation compilation = (await document.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
            types.AddRange((SerializableClosure.Of(type, compilation) ?? Array.Empty<INamedTypeSymbol>()).Where(seen.Add));
        }

        return await SerializableTypeMarker.MarkAsync(solution, types, cancellationToken).ConfigureAwait(false);
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
