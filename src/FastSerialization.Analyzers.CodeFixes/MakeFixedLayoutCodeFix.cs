using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace FastSerialization.Analyzers.CodeFixes;

/// <summary>
/// The fix for FSA012: the struct's <c>[BinarySerializable]</c> gets <c>FixedLayout = true, Evolvable = true</c>
/// (docs/FORMAT.md section 3c), its other arguments kept.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(MakeFixedLayoutCodeFix))]
[Shared]
public sealed class MakeFixedLayoutCodeFix : CodeFixProvider
{
    /// <summary>The start of the title shown in the editor (the struct's name follows).</summary>
    public const string TitlePrefix = "Make fixed-layout and evolvable (blocks copied as memory; no compact integers): ";

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Descriptors.FixedLayoutSuggestedId);

    /// <inheritdoc/>
    public override FixAllProvider GetFixAllProvider() => WellKnownFixAllProviders.BatchFixer;

    /// <inheritdoc/>
    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (Diagnostic diagnostic in context.Diagnostics)
        {
            foreach (Location location in diagnostic.AdditionalLocations)
            {
                Document? document = context.Document.Project.Solution.GetDocument(location.SourceTree);
                SyntaxNode? root = document is null ? null : await document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
                if (document is null || root?.FindNode(location.SourceSpan) is not TypeDeclarationSyntax declaration || FindAttribute(declaration) is null)
                {
                    continue;
                }

                context.RegisterCodeFix(
                    CodeAction.Create(TitlePrefix + declaration.Identifier.Text, ct => FixAsync(document, location, ct), equivalenceKey: "FSA012: " + declaration.Identifier.Text),
                    diagnostic);
                break;
            }
        }
    }

    private static async Task<Solution> FixAsync(Document document, Location location, CancellationToken cancellationToken)
    {
        SyntaxNode root = (await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        if (root.FindNode(location.SourceSpan) is not TypeDeclarationSyntax declaration || FindAttribute(declaration) is not { } attribute)
        {
            return document.Project.Solution;
        }

        SeparatedSyntaxList<AttributeArgumentSyntax> arguments = attribute.ArgumentList?.Arguments ?? default;
        arguments = Set(arguments, "FixedLayout");
        arguments = Set(arguments, "Evolvable");
        AttributeSyntax changed = attribute.WithArgumentList(AttributeArgumentList(arguments));
        return document.WithSyntaxRoot(root.ReplaceNode(attribute, changed)).Project.Solution;
    }

    /// <summary>The arguments with <c>name = true</c>: an existing one replaced, otherwise appended.</summary>
    private static SeparatedSyntaxList<AttributeArgumentSyntax> Set(SeparatedSyntaxList<AttributeArgumentSyntax> arguments, string name)
    {
        AttributeArgumentSyntax argument = AttributeArgument(LiteralExpression(SyntaxKind.TrueLiteralExpression))
            .WithNameEquals(NameEquals(IdentifierName(name)).WithEqualsToken(Token(TriviaList(Space), SyntaxKind.EqualsToken, TriviaList(Space))));
        AttributeArgumentSyntax? existing = arguments.FirstOrDefault(a => a.NameEquals?.Name.Identifier.Text == name);
        if (existing is not null)
        {
            return arguments.Replace(existing, argument);
        }

        var nodes = arguments.ToList();
        nodes.Add(argument);
        return SeparatedList(nodes, Enumerable.Repeat(Token(SyntaxKind.CommaToken).WithTrailingTrivia(Space), nodes.Count - 1));
    }

    /// <summary>The declaration's <c>[BinarySerializable]</c> (by its name, with or without the namespace and the suffix).</summary>
    private static AttributeSyntax? FindAttribute(TypeDeclarationSyntax declaration) =>
        declaration.AttributeLists.SelectMany(list => list.Attributes).FirstOrDefault(a =>
        {
            string name = a.Name.ToString();
            return name is "BinarySerializable" or "BinarySerializableAttribute" or "FastSerialization.BinarySerializable" or "FastSerialization.BinarySerializableAttribute"
                or "global::FastSerialization.BinarySerializable" or "global::FastSerialization.BinarySerializableAttribute";
        });
}
