using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace FastSerialization.Analyzers.CodeFixes;

/// <summary>
/// Switches one document from BinaryFormatter to CustomBinaryFormatter: every name of the type (declarations,
/// <c>new</c>, casts, generic arguments, a using alias) becomes CustomBinaryFormatter and
/// <c>using FastSerialization;</c> is added. The calls then bind to CustomBinaryFormatter's own
/// <c>Serialize(Stream, object)</c> and <c>Deserialize(Stream)</c>. Offered only when the document uses nothing
/// of BinaryFormatter that CustomBinaryFormatter lacks (a constructor with arguments, Binder, SurrogateSelector,
/// Context, AssemblyFormat, TypeFormat, FilterLevel, other overloads).
/// </summary>
internal static class BinaryFormatterSwitch
{
    private const string NewName = "CustomBinaryFormatter";

    public static async Task<bool> CanSwitchAsync(Document document, CancellationToken cancellationToken)
    {
        (SyntaxNode root, SemanticModel model, INamedTypeSymbol? binaryFormatter) = await LoadAsync(document, cancellationToken).ConfigureAwait(false);
        if (binaryFormatter is null || model.Compilation.GetTypeByMetadataName(KnownTypes.CustomBinaryFormatterName) is null)
        {
            return false;
        }

        foreach (SyntaxNode node in root.DescendantNodes())
        {
            if (node is not (SimpleNameSyntax or ObjectCreationExpressionSyntax or ImplicitObjectCreationExpressionSyntax))
            {
                continue;
            }

            ISymbol? symbol = model.GetSymbolInfo(node, cancellationToken).Symbol;
            if (symbol is not null && symbol.Kind != SymbolKind.NamedType &&
                SymbolEqualityComparer.Default.Equals(symbol.ContainingType, binaryFormatter) && !IsKept(symbol))
            {
                return false;
            }
        }

        return true;
    }

    public static async Task<Document> SwitchAsync(Document document, CancellationToken cancellationToken)
    {
        (SyntaxNode root, SemanticModel model, INamedTypeSymbol? binaryFormatter) = await LoadAsync(document, cancellationToken).ConfigureAwait(false);
        if (binaryFormatter is null)
        {
            return document;
        }

        var names = new List<SyntaxNode>();
        foreach (IdentifierNameSyntax identifier in root.DescendantNodes().OfType<IdentifierNameSyntax>())
        {
            if (identifier.Identifier.ValueText == binaryFormatter.Name &&
                SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier, cancellationToken).Symbol, binaryFormatter))
            {
                names.Add(WholeName(identifier));
            }
        }

        if (names.Count == 0)
        {
            return document;
        }

        bool inScope = SyntaxHelpers.IsInScope(model, names[0].SpanStart, NewName, KnownTypes.CustomBinaryFormatterName);
        SyntaxNode newRoot = root.ReplaceNodes(names, (original, _) => Replacement(original).WithTriviaFrom(original));
        bool simpleNameUsed = names.Any(n => n.FirstAncestorOrSelf<UsingDirectiveSyntax>() is null);
        if (!inScope && simpleNameUsed && newRoot is CompilationUnitSyntax unit)
        {
            newRoot = SyntaxHelpers.AddLibraryUsing(unit);
        }

        return document.WithSyntaxRoot(newRoot);
    }

    /// <summary>The members CustomBinaryFormatter has too, with the same shape.</summary>
    private static bool IsKept(ISymbol symbol) => symbol is IMethodSymbol method && method.MethodKind switch
    {
        MethodKind.Constructor => method.Parameters.IsEmpty,
        MethodKind.Ordinary => (method.Name == "Serialize" && method.Parameters.Length == 2) ||
                               (method.Name == "Deserialize" && method.Parameters.Length == 1),
        _ => false,
    };

    /// <summary>The name as written: <c>BinaryFormatter</c>, or the qualified name it ends.</summary>
    private static SyntaxNode WholeName(IdentifierNameSyntax identifier)
    {
        SyntaxNode node = identifier;
        while (node.Parent is QualifiedNameSyntax qualified && qualified.Right == node ||
               node.Parent is AliasQualifiedNameSyntax alias && alias.Name == node ||
               node.Parent is MemberAccessExpressionSyntax access && access.Name == node)
        {
            node = node.Parent;
        }

        return node;
    }

    private static SyntaxNode Replacement(SyntaxNode original) =>
        original.FirstAncestorOrSelf<UsingDirectiveSyntax>() is not null
            ? QualifiedName(IdentifierName(SyntaxHelpers.LibraryNamespace), IdentifierName(NewName))
            : IdentifierName(NewName);

    private static async Task<(SyntaxNode Root, SemanticModel Model, INamedTypeSymbol? BinaryFormatter)> LoadAsync(Document document, CancellationToken cancellationToken)
    {
        SyntaxNode? root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        SemanticModel? model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
        {
            throw new System.InvalidOperationException("The document has no syntax tree or semantic model: it is not C#.");
        }

        return (root, model, model.Compilation.GetTypeByMetadataName(KnownTypes.BinaryFormatterName));
    }
}
