using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace FastSerialization.Analyzers;

/// <summary>
/// FSA002: a <c>[Serializable]</c> class or struct declared in this compilation that is handed to a formatter
/// (BinaryFormatter, IFormatter or CustomBinaryFormatter: Serialize, Deserialize, Register&lt;T&gt; and their
/// variants) but does not implement <c>ICustomBinarySerializable</c> and is not <c>[BinarySerializable]</c>.
/// Reported where it is used; the type's declarations are the additional locations, for the code fix.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SerializableTypeAnalyzer : DiagnosticAnalyzer
{
    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Descriptors.SerializableTypeNotMarked);

    /// <inheritdoc/>
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            KnownTypes known = KnownTypes.From(start.Compilation);
            if (known.BinaryFormatter is null && known.CustomBinaryFormatter is null && known.IFormatter is null)
            {
                return;
            }

            start.RegisterOperationAction(c => AnalyzeInvocation(c, known), OperationKind.Invocation);
            start.RegisterSyntaxNodeAction(c => AnalyzeUnboundCall(c, known), SyntaxKind.InvocationExpression);
        });
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, KnownTypes known)
    {
        var invocation = (IInvocationOperation)context.Operation;
        IMethodSymbol method = invocation.TargetMethod;
        if (!IsFormatter(method.ContainingType, known))
        {
            return;
        }

        foreach (FormatterUses.Use use in FormatterUses.Find(invocation))
        {
            Report(use, method, known, context.Compilation, context.ReportDiagnostic);
        }
    }

    /// <summary>A call with no operation tree: overload resolution failed, as it does for Register&lt;T&gt; when T breaks the constraint.</summary>
    private static void AnalyzeUnboundCall(SyntaxNodeAnalysisContext context, KnownTypes known)
    {
        var call = (InvocationExpressionSyntax)context.Node;
        if (!FormatterUses.HasTypeArguments(call))
        {
            return; // Only explicit type arguments can be read from a call that did not bind; this keeps the common case cheap.
        }

        SymbolInfo info = context.SemanticModel.GetSymbolInfo(call, context.CancellationToken);
        if (info.Symbol is not null || info.CandidateReason != CandidateReason.OverloadResolutionFailure ||
            info.CandidateSymbols.IsEmpty || info.CandidateSymbols[0] is not IMethodSymbol candidate ||
            !IsFormatter(candidate.ContainingType, known))
        {
            return;
        }

        foreach (FormatterUses.Use use in FormatterUses.FindInUnboundCall(call, candidate))
        {
            Report(use, candidate, known, context.SemanticModel.Compilation, context.ReportDiagnostic);
        }
    }

    private static void Report(FormatterUses.Use use, IMethodSymbol method, KnownTypes known, Compilation compilation, System.Action<Diagnostic> report)
    {
        if (use.Type is not INamedTypeSymbol type || !NeedsMarking(type, known, compilation))
        {
            return;
        }

        ImmutableArray<Location> declarations = type.DeclaringSyntaxReferences
            .Select(r => Location.Create(r.SyntaxTree, r.Span))
            .ToImmutableArray();
        report(Diagnostic.Create(
            Descriptors.SerializableTypeNotMarked,
            use.Syntax.GetLocation(),
            declarations,
            type.WithNullableAnnotation(NullableAnnotation.None).ToDisplayString(SymbolDisplayFormat.CSharpErrorMessageFormat),
            $"{method.ContainingType.Name}.{method.Name}"));
    }

    private static bool IsFormatter(INamedTypeSymbol type, KnownTypes known) =>
        SymbolEqualityComparer.Default.Equals(type, known.BinaryFormatter) ||
        SymbolEqualityComparer.Default.Equals(type, known.IFormatter) ||
        SymbolEqualityComparer.Default.Equals(type, known.CustomBinaryFormatter);

    /// <summary>A [Serializable] class or struct of this compilation that CustomBinaryFormatter cannot yet handle.</summary>
    internal static bool NeedsMarking(INamedTypeSymbol type, KnownTypes known, Compilation compilation) =>
        type.IsSerializable &&
        type.TypeKind is TypeKind.Class or TypeKind.Struct &&
        !type.IsStatic &&
        SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, compilation.Assembly) &&
        !type.DeclaringSyntaxReferences.IsEmpty &&
        !known.IsSerializableByCustomFormatter(type);
}
