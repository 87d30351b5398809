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
/// Marks types for the source generator, in every document that declares a part of them: each declaration
/// (and each declaration of an enclosing type) becomes <c>partial</c>, the first declaration gets
/// <c>[BinarySerializable]</c> after its other attributes, <c>[NonSerialized]</c> on a field becomes
/// <c>[BinaryIgnore]</c> and <c>[field: NonSerialized]</c> on an auto-property becomes <c>[BinaryIgnore]</c> on
/// the property; <c>using FastSerialization;</c> is added where the names are not in scope.
/// [Serializable] stays: BinaryFormatter and the importer of its old payloads still see the type as before.
/// </summary>
internal static class SerializableTypeMarker
{
    private const string AttributeName = "BinarySerializable";
    private const string IgnoreName = "BinaryIgnore";
    private const string NonSerializedName = "System.NonSerializedAttribute";

    public static async Task<Solution> MarkAsync(Solution solution, IReadOnlyList<INamedTypeSymbol> types, CancellationToken cancellationToken)
    {
        // Declarations per document, the first declaration of each type getting the attribute.
        var byDocument = new Dictionary<DocumentId, List<(SyntaxReference Reference, bool AddAttribute)>>();
        foreach (INamedTypeSymbol type in types)
        {
            bool first = true;
            foreach (SyntaxReference reference in type.DeclaringSyntaxReferences)
            {
                DocumentId? id = solution.GetDocumentId(reference.SyntaxTree);
                if (id is null)
                {
                    continue;
                }

                if (!byDocument.TryGetValue(id, out List<(SyntaxReference, bool)>? list))
                {
                    byDocument[id] = list = new List<(SyntaxReference, bool)>();
                }

                list.Add((reference, first));
                first = false;
            }
        }

        foreach (KeyValuePair<DocumentId, List<(SyntaxReference Reference, bool AddAttribute)>> entry in byDocument)
        {
            Document document = solution.GetDocument(entry.Key)!;
            document = await MarkInDocumentAsync(document, entry.Value, cancellationToken).ConfigureAwait(false);
            solution = document.Project.Solution;
        }

        return solution;
    }

    private static async Task<Document> MarkInDocumentAsync(Document document, List<(SyntaxReference Reference, bool AddAttribute)> declarations, CancellationToken cancellationToken)
    {
        SyntaxNode root = (await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        SemanticModel model = (await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false))!;
        INamedTypeSymbol? nonSerialized = model.Compilation.GetTypeByMetadataName(NonSerializedName);
        SyntaxTrivia eol = SyntaxHelpers.EndOfLine(root);

        var attributed = new HashSet<TypeDeclarationSyntax>();
        var partials = new HashSet<TypeDeclarationSyntax>();
        var ignored = new HashSet<AttributeSyntax>();
        var ignoredBackingFields = new HashSet<AttributeListSyntax>();
        foreach ((SyntaxReference reference, bool addAttribute) in declarations)
        {
            if (await reference.GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not TypeDeclarationSyntax declaration)
            {
                continue;
            }

            if (addAttribute)
            {
                attributed.Add(declaration);
            }

            foreach (TypeDeclarationSyntax enclosing in declaration.AncestorsAndSelf().OfType<TypeDeclarationSyntax>())
            {
                partials.Add(enclosing);
            }

            foreach (MemberDeclarationSyntax member in declaration.Members)
            {
                foreach (AttributeListSyntax list in member.AttributeLists)
                {
                    bool fieldTarget = list.Target?.Identifier.IsKind(SyntaxKind.FieldKeyword) == true;
                    foreach (AttributeSyntax attribute in list.Attributes)
                    {
                        ISymbol? constructor = model.GetSymbolInfo(attribute, cancellationToken).Symbol;
                        if (nonSerialized is null || !SymbolEqualityComparer.Default.Equals(constructor?.ContainingType, nonSerialized))
                        {
                            continue;
                        }

                        if (member is PropertyDeclarationSyntax && fieldTarget)
                        {
                            ignoredBackingFields.Add(list);
                        }
                        else if (member is FieldDeclarationSyntax)
                        {
                            ignored.Add(attribute);
                        }
                    }
                }
            }
        }

        int position = declarations.Count > 0 ? declarations[0].Reference.Span.Start : 0;
        bool inScope = SyntaxHelpers.IsInScope(model, position, AttributeName + "Attribute", KnownTypes.BinarySerializableAttributeName);

        var nodes = new List<SyntaxNode>();
        nodes.AddRange(partials);
        nodes.AddRange(ignored);
        nodes.AddRange(ignoredBackingFields);
        SyntaxNode newRoot = root.ReplaceNodes(nodes, (original, current) => original switch
        {
            TypeDeclarationSyntax declaration => Mark((TypeDeclarationSyntax)current, attributed.Contains(declaration), eol),
            AttributeSyntax => ((AttributeSyntax)current).WithName(IdentifierName(IgnoreName).WithTriviaFrom(((AttributeSyntax)current).Name)),
            AttributeListSyntax => IgnoreProperty((AttributeListSyntax)current),
            _ => current,
        });

        if (!inScope && newRoot is CompilationUnitSyntax unit)
        {
            newRoot = SyntaxHelpers.AddLibraryUsing(unit);
        }

        return document.WithSyntaxRoot(newRoot);
    }

    /// <summary><c>[field: NonSerialized]</c> (alone in its list) becomes <c>[BinaryIgnore]</c> on the property itself.</summary>
    private static AttributeListSyntax IgnoreProperty(AttributeListSyntax list)
    {
        AttributeSyntax ignore = Attribute(IdentifierName(IgnoreName));
        return list.Attributes.Count == 1
            ? list.WithTarget(null).WithAttributes(SingletonSeparatedList(ignore))
            : list; // Mixed with other attributes meant for the field: left for the user (the generator then reports it).
    }

    private static TypeDeclarationSyntax Mark(TypeDeclarationSyntax declaration, bool addAttribute, SyntaxTrivia eol)
    {
        if (addAttribute)
        {
            declaration = AddAttribute(declaration, eol);
        }

        if (declaration.Modifiers.Any(SyntaxKind.PartialKeyword))
        {
            return declaration;
        }

        if (declaration.Modifiers.Count == 0)
        {
            SyntaxToken keyword = declaration.Keyword;
            SyntaxToken partial = Token(keyword.LeadingTrivia, SyntaxKind.PartialKeyword, TriviaList(Space));
            return declaration.WithKeyword(keyword.WithLeadingTrivia()).WithModifiers(TokenList(partial));
        }

        return declaration.WithModifiers(declaration.Modifiers.Add(Token(SyntaxKind.PartialKeyword).WithTrailingTrivia(Space)));
    }

    private static TypeDeclarationSyntax AddAttribute(TypeDeclarationSyntax declaration, SyntaxTrivia eol)
    {
        AttributeListSyntax list = AttributeList(SingletonSeparatedList(Attribute(IdentifierName(AttributeName))));
        if (declaration.AttributeLists.Count > 0)
        {
            SyntaxTriviaList indentation = SyntaxHelpers.Indentation(declaration.AttributeLists.Last().GetFirstToken());
            list = list.WithLeadingTrivia(indentation).WithTrailingTrivia(eol);
            return declaration.WithAttributeLists(declaration.AttributeLists.Add(list));
        }

        // No attribute yet: the attribute takes the declaration's leading trivia (comments, indentation) and
        // the declaration goes on the next line at the same indentation.
        SyntaxToken first = declaration.GetFirstToken();
        list = list.WithLeadingTrivia(first.LeadingTrivia).WithTrailingTrivia(eol);
        declaration = declaration.ReplaceToken(first, first.WithLeadingTrivia(SyntaxHelpers.Indentation(first)));
        return declaration.WithAttributeLists(SingletonList(list));
    }
}
