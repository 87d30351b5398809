using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace FastSerialization.Generator;

/// <summary>
/// Generates the <c>ICustomBinarySerializable</c> implementation of every <c>partial</c> type marked
/// <c>[FastSerialization.BinarySerializable]</c>.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class BinarySerializableGenerator : IIncrementalGenerator
{
    /// <summary>The tracking name of the parsed models (tests check that an unrelated edit leaves it cached).</summary>
    public const string ModelsStep = "FastSerialization.Models";

    /// <inheritdoc />
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        IncrementalValuesProvider<TypeModel> models = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                Symbols.SerializableAttribute,
                static (node, _) => node is ClassDeclarationSyntax or StructDeclarationSyntax or RecordDeclarationSyntax,
                static (ctx, ct) => Parser.Parse(ctx, ct))
            .Where(static model => model is not null)
            .Select(static (model, _) => model!)
            .WithTrackingName(ModelsStep);

        context.RegisterSourceOutput(models, static (spc, model) =>
        {
            bool failed = model.Diagnostics.Any(d => DiagnosticDescriptors.ById(d.Id).DefaultSeverity == DiagnosticSeverity.Error);
            if (!failed && (model.GenerateWrite || model.GenerateRead))
            {
                spc.AddSource(model.HintName, SourceText.From(Emitter.Emit(model), System.Text.Encoding.UTF8));
            }
        });

        // The diagnostics apart, located in the compilation's own syntax trees so that #pragma warning disable applies to
        // them (a model keeps plain locations, not trees, to stay cacheable). Only models with diagnostics reach this
        // step, which runs again with each compilation: the code above stays incremental.
        IncrementalValuesProvider<EquatableArray<DiagnosticInfo>> diagnostics = models
            .Select(static (model, _) => model.Diagnostics)
            .Where(static list => list.Count > 0);
        context.RegisterSourceOutput(diagnostics.Combine(context.CompilationProvider), static (spc, pair) =>
        {
            foreach (DiagnosticInfo diagnostic in pair.Left)
            {
                spc.ReportDiagnostic(diagnostic.ToDiagnostic(pair.Right));
            }
        });
    }
}
