using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace FastSerialization.Analyzers.CodeFixes;

/// <summary>Small syntax edits shared by the fixes: keeping a file's line ends and indentation, adding a using.</summary>
internal static class SyntaxHelpers
{
    public const string LibraryNamespace = "FastSerialization";

    /// <summary>The file's own line end (the first one found), or a line feed.</summary>
    public static SyntaxTrivia EndOfLine(SyntaxNode root)
    {
        foreach (SyntaxTrivia trivia in root.DescendantTrivia())
        {
            if (trivia.IsKind(SyntaxKind.EndOfLineTrivia))
            {
                return trivia;
            }
        }

        return LineFeed;
    }

    /// <summary>The whitespace that starts the line of <paramref name="token"/> (the end of its leading trivia).</summary>
    public static SyntaxTriviaList Indentation(SyntaxToken token)
    {
        SyntaxTriviaList leading = token.LeadingTrivia;
        return leading.Count > 0 && leading.Last().IsKind(SyntaxKind.WhitespaceTrivia)
            ? TriviaList(leading.Last())
            : TriviaList();
    }

    /// <summary>
    /// True when <paramref name="metadataName"/> (a type of the library) already binds by its simple name at
    /// <paramref name="position"/>: a using, a global using, or an enclosing FastSerialization namespace.
    /// </summary>
    public static bool IsInScope(SemanticModel model, int position, string simpleName, string metadataName)
    {
        INamedTypeSymbol? wanted = model.Compilation.GetTypeByMetadataName(metadataName);
        return model.LookupNamespacesAndTypes(position, name: simpleName)
            .Any(s => wanted is not null && SymbolEqualityComparer.Default.Equals(s, wanted));
    }

    /// <summary>Adds <c>using FastSerialization;</c> to the file, beside the other usings, unless it is there.</summary>
    public static CompilationUnitSyntax AddLibraryUsing(CompilationUnitSyntax root)
    {
        if (root.Usings.Any(u => u.Alias is null && u.StaticKeyword.IsKind(SyntaxKind.None) && u.Name?.ToString() == LibraryNamespace))
        {
            return root;
        }

        SyntaxTrivia eol = EndOfLine(root);
        UsingDirectiveSyntax directive = UsingDirective(IdentifierName(LibraryNamespace))
            .WithUsingKeyword(Token(SyntaxKind.UsingKeyword).WithTrailingTrivia(Space))
            .WithTrailingTrivia(eol);

        if (root.Usings.Count == 0)
        {
            // The file's header (comments, a license) stays first; a blank line separates the using from the code.
            SyntaxToken first = root.GetFirstToken(includeZeroWidth: true);
            directive = directive.WithLeadingTrivia(first.LeadingTrivia).WithTrailingTrivia(eol, eol);
            root = root.ReplaceToken(first, first.WithLeadingTrivia());
            return root.WithUsings(SingletonList(directive));
        }

        // System namespaces first, then the rest in order: after every using that sorts before it.
        int index = 0;
        for (int i = 0; i < root.Usings.Count; i++)
        {
            UsingDirectiveSyntax existing = root.Usings[i];
            string name = existing.Name?.ToString() ?? string.Empty;
            bool before = existing.GlobalKeyword.IsKind(SyntaxKind.GlobalKeyword) ||
                (existing.Alias is null && existing.StaticKeyword.IsKind(SyntaxKind.None) &&
                 (name == "System" || name.StartsWith("System.", System.StringComparison.Ordinal) ||
                  string.CompareOrdinal(name, LibraryNamespace) < 0));
            if (before)
            {
                index = i + 1;
            }
        }

        if (index == 0)
        {
            // Goes first: it takes over the first using's leading trivia (a header comment).
            UsingDirectiveSyntax firstUsing = root.Usings[0];
            directive = directive.WithLeadingTrivia(firstUsing.GetLeadingTrivia());
            root = root.ReplaceNode(firstUsing, firstUsing.WithLeadingTrivia());
        }

        return root.WithUsings(root.Usings.Insert(index, directive));
    }
}
