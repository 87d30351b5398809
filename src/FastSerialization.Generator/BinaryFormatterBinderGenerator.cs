using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace FastSerialization.Generator;

/// <summary>
/// Generates a <c>BinaryFormatterBinder</c> for every <c>partial</c> class or struct marked
/// <c>[FastSerialization.BinarySerializable]</c> or <c>[BinaryFormatterType]</c>, in a project that references
/// FastSerialization.BinaryFormatterImport: the importer of BinaryFormatter payloads then creates the type and sets
/// its members without reflection (trimmed and NativeAOT applications). Nothing is generated in other projects.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class BinaryFormatterBinderGenerator : IIncrementalGenerator
{
    /// <inheritdoc />
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        // A type with both attributes is described once, from [BinaryFormatterType]; of a type that carries
        // [BinaryFormatterType] on several partial declarations, only the first declaration's node counts.
        IncrementalValuesProvider<BinderModel?> fromSerializable = context.SyntaxProvider.ForAttributeWithMetadataName(
            Symbols.SerializableAttribute,
            static (node, _) => node is ClassDeclarationSyntax or StructDeclarationSyntax or RecordDeclarationSyntax,
            static (ctx, ct) => ctx.TargetSymbol is INamedTypeSymbol type && !Symbols.HasAttribute(type, BinderParser.TypeAttribute)
                ? BinderParser.Parse(type, ctx.SemanticModel.Compilation, ct)
                : null);
        IncrementalValuesProvider<BinderModel?> fromTypeAttribute = context.SyntaxProvider.ForAttributeWithMetadataName(
            BinderParser.TypeAttribute,
            static (node, _) => node is ClassDeclarationSyntax or StructDeclarationSyntax or RecordDeclarationSyntax,
            static (ctx, ct) => ctx.TargetSymbol is INamedTypeSymbol type && IsFirstDeclaration(type, ctx.TargetNode)
                ? BinderParser.Parse(type, ctx.SemanticModel.Compilation, ct)
                : null);

        RegisterOutput(context, fromSerializable);
        RegisterOutput(context, fromTypeAttribute);
    }

    private static void RegisterOutput(IncrementalGeneratorInitializationContext context, IncrementalValuesProvider<BinderModel?> models)
    {
        context.RegisterSourceOutput(models.Where(static m => m is not null), static (spc, model) =>
            spc.AddSource(model!.HintName, SourceText.From(BinderEmitter.Emit(model), System.Text.Encoding.UTF8)));
    }

    private static bool IsFirstDeclaration(INamedTypeSymbol type, SyntaxNode node)
    {
        SyntaxReference? first = type.GetAttributes()
            .Where(a => a.AttributeClass?.ToDisplayString() == BinderParser.TypeAttribute && a.ApplicationSyntaxReference is not null)
            .Select(a => a.ApplicationSyntaxReference)
            .FirstOrDefault();
        return first is null || (first.SyntaxTree == node.SyntaxTree && node.Span.Contains(first.Span));
    }
}
