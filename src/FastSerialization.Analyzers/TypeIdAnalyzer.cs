using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;

namespace FastSerialization.Analyzers;

/// <summary>
/// FSA003 to FSA005: the type ids given as constants to <c>CustomBinaryFormatter.Register&lt;T&gt;(id)</c> and
/// <c>FastSerializationBuilder.Register&lt;T&gt;(id)</c> (with or without a factory).
/// </summary>
/// <remarks>
/// <para>FSA003: a constant id of 0 or less (an <c>int</c> constant cannot pass 2^31-1), on any receiver.</para>
/// <para>
/// FSA004 (one id for two types) and FSA005 (one type registered twice) compare the calls on the <b>same
/// formatter</b>, which the analyzer can only know without running the code in one place: one method body (a
/// constructor, a method, top-level statements, with their lambdas and local functions), calling <c>Register</c> on
/// the same local, parameter, field or auto-property of this object (or a static one), or on a chain of builder
/// calls starting there (<c>b.Register&lt;A&gt;(1).Register&lt;B&gt;(2)</c>). A formatter assigned again between two
/// calls is a new one; two calls in exclusive branches (<c>if</c>/<c>else</c>, <c>?:</c>, switch sections or arms) are
/// not compared. Registrations in two methods, on two variables, or on a formatter a method returns are never
/// compared: an application may rightly register one type on two formatters under two ids, or use one id on two
/// formatters for two types. Non-constant ids are ignored.
/// </para>
/// </remarks>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class TypeIdAnalyzer : DiagnosticAnalyzer
{
    internal const string BuilderName = "FastSerialization.DependencyInjection.FastSerializationBuilder";

    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Descriptors.TypeIdOutOfRange, Descriptors.TypeIdForTwoTypes, Descriptors.TypeUnderTwoIds);

    /// <inheritdoc/>
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            INamedTypeSymbol? formatter = start.Compilation.GetTypeByMetadataName(KnownTypes.CustomBinaryFormatterName);
            INamedTypeSymbol? builder = start.Compilation.GetTypeByMetadataName(BuilderName);
            if (formatter is null && builder is null)
            {
                return;
            }

            start.RegisterOperationBlockAction(c => AnalyzeBlock(c, formatter, builder));
        });
    }

    private static void AnalyzeBlock(OperationBlockAnalysisContext context, INamedTypeSymbol? formatter, INamedTypeSymbol? builder)
    {
        var registrations = new List<Registration>();
        var assignments = new List<(ISymbol Target, int End)>();
        var seen = new HashSet<SyntaxNode>();
        foreach (IOperation block in context.OperationBlocks)
        {
            foreach (IOperation operation in block.DescendantsAndSelf())
            {
                switch (operation)
                {
                    case IInvocationOperation invocation when seen.Add(invocation.Syntax) && Read(invocation, formatter, builder) is { } registration:
                        registrations.Add(registration);
                        break;
                    case IAssignmentOperation assignment when AssignedSymbol(assignment.Target) is { } target:
                        assignments.Add((target, assignment.Syntax.Span.End));
                        break;
                    case IArgumentOperation { Parameter.RefKind: RefKind.Out or RefKind.Ref } argument when AssignedSymbol(argument.Value) is { } target:
                        assignments.Add((target, argument.Syntax.Span.End));
                        break;
                }
            }
        }

        if (registrations.Count == 0)
        {
            return;
        }

        registrations.Sort(static (x, y) => x.Location.SourceSpan.Start.CompareTo(y.Location.SourceSpan.Start));
        var compared = new List<(Registration Registration, ISymbol Receiver, int Generation)>();
        foreach (Registration registration in registrations)
        {
            if (registration.Id <= 0)
            {
                context.ReportDiagnostic(Diagnostic.Create(
                    Descriptors.TypeIdOutOfRange, registration.IdSyntax.GetLocation(), registration.Id, Name(registration.Type)));
                continue;
            }

            if (registration.Receiver is not { } receiver)
            {
                continue;
            }

            // A formatter assigned again is another formatter: count the assignments to the receiver before the call.
            int start = registration.Location.SourceSpan.Start;
            int generation = assignments.Count(a => a.End <= start && SymbolEqualityComparer.Default.Equals(a.Target, receiver));

            Registration? sameId = null;
            Registration? sameType = null;
            foreach ((Registration earlier, ISymbol earlierReceiver, int earlierGeneration) in compared)
            {
                if (earlierGeneration != generation || !SymbolEqualityComparer.Default.Equals(earlierReceiver, receiver) ||
                    InExclusiveBranches(earlier.Call, registration.Call))
                {
                    continue;
                }

                bool typeEqual = SymbolEqualityComparer.Default.Equals(earlier.Type, registration.Type);
                if (sameId is null && earlier.Id == registration.Id && !typeEqual)
                {
                    sameId = earlier;
                }

                if (sameType is null && typeEqual)
                {
                    sameType = earlier;
                }
            }

            if (sameId is not null)
            {
                context.ReportDiagnostic(Diagnostic.Create(
                    Descriptors.TypeIdForTwoTypes,
                    registration.Location,
                    new[] { sameId.Location },
                    registration.Id,
                    Name(registration.Type),
                    Where(registration),
                    Name(sameId.Type),
                    Where(sameId),
                    receiver.Name));
            }

            if (sameType is not null)
            {
                context.ReportDiagnostic(Diagnostic.Create(
                    Descriptors.TypeUnderTwoIds,
                    registration.Location,
                    new[] { sameType.Location },
                    Name(registration.Type),
                    receiver.Name,
                    registration.Id,
                    Where(registration),
                    sameType.Id,
                    Where(sameType)));
            }

            compared.Add((registration, receiver, generation));
        }
    }

    /// <summary>
    /// True when at most one of the two calls runs: they are in two branches of one <c>if</c> or <c>?:</c>, or in two
    /// sections or arms of one <c>switch</c>, the innermost statement or expression holding both.
    /// </summary>
    private static bool InExclusiveBranches(IOperation first, IOperation second)
    {
        var reachedThrough = new Dictionary<IOperation, IOperation>();
        for (IOperation child = first; child.Parent is { } parent; child = parent)
        {
            reachedThrough[parent] = child;
        }

        for (IOperation child = second; child.Parent is { } parent; child = parent)
        {
            if (!reachedThrough.TryGetValue(parent, out IOperation? fromFirst))
            {
                continue;
            }

            // The innermost operation holding both calls decides.
            return parent switch
            {
                IConditionalOperation conditional =>
                    fromFirst != child && IsBranch(conditional, fromFirst) && IsBranch(conditional, child),
                ISwitchOperation => fromFirst != child && fromFirst is ISwitchCaseOperation && child is ISwitchCaseOperation,
                ISwitchExpressionOperation => fromFirst != child && fromFirst is ISwitchExpressionArmOperation && child is ISwitchExpressionArmOperation,
                _ => false,
            };
        }

        return false;
    }

    private static bool IsBranch(IConditionalOperation conditional, IOperation child) =>
        child == conditional.WhenTrue || child == conditional.WhenFalse;

    /// <summary>A <c>Register&lt;T&gt;(id, ...)</c> call of the formatter or the builder with a constant id; null for any other call.</summary>
    internal static Registration? Read(IInvocationOperation invocation, INamedTypeSymbol? formatter, INamedTypeSymbol? builder)
    {
        IMethodSymbol method = invocation.TargetMethod;
        if (method.Name != "Register" || method.TypeArguments.Length != 1 || method.Parameters.Length == 0 ||
            method.Parameters[0].Type.SpecialType != SpecialType.System_Int32 ||
            !(SymbolEqualityComparer.Default.Equals(method.ContainingType, formatter) || SymbolEqualityComparer.Default.Equals(method.ContainingType, builder)))
        {
            return null;
        }

        IArgumentOperation? argument = invocation.Arguments.FirstOrDefault(a => a.Parameter?.Ordinal == 0);
        ITypeSymbol type = method.TypeArguments[0];
        if (argument is null || argument.Value.ConstantValue is not { HasValue: true, Value: int id } || type.TypeKind == TypeKind.Error)
        {
            return null; // an id computed at run time is not checked
        }

        SyntaxNode idSyntax = argument.Value.Syntax.FirstAncestorOrSelf<ArgumentSyntax>()?.Expression ?? argument.Value.Syntax;
        return new Registration(invocation, idSyntax, type, id, Receiver(invocation.Instance, builder));
    }

    /// <summary>
    /// The variable the call's formatter is held in: a local, a parameter, or a field or auto-property of this object
    /// or a static one, through the builder's chained calls. Null when the formatter cannot be named so.
    /// </summary>
    private static ISymbol? Receiver(IOperation? instance, INamedTypeSymbol? builder)
    {
        while (true)
        {
            switch (instance)
            {
                case IConversionOperation { IsImplicit: true } conversion:
                    instance = conversion.Operand;
                    continue;
                case IParenthesizedOperation parenthesized:
                    instance = parenthesized.Operand;
                    continue;
                case IConditionalAccessInstanceOperation access:
                    instance = ConditionalAccessed(access);
                    continue;
                case IInvocationOperation call when builder is not null && !call.TargetMethod.IsStatic &&
                                                    SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType, builder) &&
                                                    SymbolEqualityComparer.Default.Equals(call.TargetMethod.ReturnType, builder):
                    instance = call.Instance; // b.Register<A>(1).Register<B>(2): the same builder
                    continue;
                case ILocalReferenceOperation local:
                    return local.Local;
                case IParameterReferenceOperation parameter:
                    return parameter.Parameter;
                case IFieldReferenceOperation field when field.Instance is null or IInstanceReferenceOperation:
                    return field.Field;
                case IPropertyReferenceOperation property when property.Arguments.IsEmpty &&
                                                               property.Instance is null or IInstanceReferenceOperation &&
                                                               IsAutoProperty(property.Property):
                    return property.Property;
                default:
                    return null;
            }
        }
    }

    /// <summary>What <c>x</c> is in <c>x?.Register&lt;A&gt;(1)</c>: the operand of the nearest conditional access around the call.</summary>
    private static IOperation? ConditionalAccessed(IConditionalAccessInstanceOperation access)
    {
        for (IOperation? parent = access.Parent; parent is not null; parent = parent.Parent)
        {
            if (parent is IConditionalAccessOperation conditional)
            {
                return conditional.Operation;
            }
        }

        return null;
    }

    /// <summary>A property with a compiler-made backing field: it gives back the same formatter each time.</summary>
    private static bool IsAutoProperty(IPropertySymbol property) =>
        property.ContainingType.GetMembers().OfType<IFieldSymbol>().Any(f => SymbolEqualityComparer.Default.Equals(f.AssociatedSymbol, property));

    /// <summary>The variable an assignment (or a ref or out argument) writes, when it is one a receiver can be.</summary>
    private static ISymbol? AssignedSymbol(IOperation target) => target switch
    {
        ILocalReferenceOperation local => local.Local,
        IParameterReferenceOperation parameter => parameter.Parameter,
        IFieldReferenceOperation field => field.Field,
        IPropertyReferenceOperation property => property.Property,
        _ => null,
    };

    private static string Name(ITypeSymbol type) =>
        type.WithNullableAnnotation(NullableAnnotation.None).ToDisplayString(SymbolDisplayFormat.CSharpErrorMessageFormat);

    /// <summary>The call's place as the compiler writes it: <c>Startup.cs(12,9)</c>.</summary>
    private static string Where(Registration registration)
    {
        FileLinePositionSpan span = registration.Location.GetLineSpan();
        string file = string.IsNullOrEmpty(span.Path) ? "<source>" : Path.GetFileName(span.Path);
        return $"{file}({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1})";
    }

    private static Location CallLocation(SyntaxNode call)
    {
        if (call is InvocationExpressionSyntax invocation)
        {
            SimpleNameSyntax? name = invocation.Expression switch
            {
                MemberAccessExpressionSyntax access => access.Name,
                MemberBindingExpressionSyntax binding => binding.Name,
                _ => null,
            };
            if (name is not null)
            {
                return Location.Create(call.SyntaxTree, TextSpan.FromBounds(name.SpanStart, call.Span.End));
            }
        }

        return call.GetLocation();
    }

    internal sealed class Registration
    {
        public Registration(IInvocationOperation call, SyntaxNode idSyntax, ITypeSymbol type, int id, ISymbol? receiver)
        {
            Call = call;
            IdSyntax = idSyntax;
            Type = type;
            Id = id;
            Receiver = receiver;
            Location = CallLocation(call.Syntax);
        }

        /// <summary>Where the call is reported: from the method's name to the end (<c>Register&lt;Trade&gt;(1)</c>), which tells chained calls apart.</summary>
        public Location Location { get; }

        public IInvocationOperation Call { get; }

        public SyntaxNode IdSyntax { get; }

        public ITypeSymbol Type { get; }

        public int Id { get; }

        public ISymbol? Receiver { get; }
    }
}
