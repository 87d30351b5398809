using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace FastSerialization.Analyzers;

/// <summary>
/// FSA001: every construction of <c>System.Runtime.Serialization.Formatters.Binary.BinaryFormatter</c> and
/// every call of one of its methods (Serialize, Deserialize and the rest). A type of the same name in
/// another namespace is not reported.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class BinaryFormatterUsageAnalyzer : DiagnosticAnalyzer
{
    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Descriptors.BinaryFormatterUsed);

    /// <inheritdoc/>
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            INamedTypeSymbol? binaryFormatter = start.Compilation.GetTypeByMetadataName(KnownTypes.BinaryFormatterName);
            if (binaryFormatter is null)
            {
                return;
            }

            start.RegisterOperationAction(
                c =>
                {
                    var creation = (IObjectCreationOperation)c.Operation;
                    if (SymbolEqualityComparer.Default.Equals(creation.Type, binaryFormatter))
                    {
                        c.ReportDiagnostic(Diagnostic.Create(Descriptors.BinaryFormatterUsed, creation.Syntax.GetLocation(), "'new BinaryFormatter()'"));
                    }
                },
                OperationKind.ObjectCreation);

            start.RegisterOperationAction(
                c =>
                {
                    var invocation = (IInvocationOperation)c.Operation;
                    IMethodSymbol method = invocation.TargetMethod;
                    if (SymbolEqualityComparer.Default.Equals(method.ContainingType, binaryFormatter))
                    {
                        c.ReportDiagnostic(Diagnostic.Create(Descriptors.BinaryFormatterUsed, invocation.Syntax.GetLocation(), $"'BinaryFormatter.{method.Name}'"));
                    }
                },
                OperationKind.Invocation);
        });
    }
}
