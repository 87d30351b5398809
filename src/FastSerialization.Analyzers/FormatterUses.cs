using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace FastSerialization.Analyzers;

/// <summary>
/// The types a call of a formatter method puts through the formatter: its type arguments
/// (<c>Register&lt;T&gt;</c>, <c>Deserialize&lt;T&gt;</c>, <c>Serialize&lt;T&gt;</c>), the static types of the
/// values passed as <c>object</c> (<c>Serialize(stream, graph)</c>), and the type an <c>object</c> result is
/// cast to, converted to with <c>as</c>, or matched against with <c>is T t</c> (<c>(T)Deserialize(stream)</c>).
/// </summary>
internal static class FormatterUses
{
    public static IEnumerable<Use> Find(IInvocationOperation invocation)
    {
        IMethodSymbol method = invocation.TargetMethod;
        for (int i = 0; i < method.TypeArguments.Length; i++)
        {
            yield return new Use(method.TypeArguments[i], TypeArgumentSyntax(invocation.Syntax, i) ?? invocation.Syntax);
        }

        foreach (IArgumentOperation argument in invocation.Arguments)
        {
            if (argument.Parameter?.Type.SpecialType == SpecialType.System_Object)
            {
                IOperation value = argument.Value;
                // Implicit conversions and casts to object: the value's own type is what gets serialized.
                while (value is IConversionOperation conversion && (conversion.IsImplicit || conversion.Type?.SpecialType == SpecialType.System_Object))
                {
                    value = conversion.Operand;
                }

                if (value.Type is not null)
                {
                    yield return new Use(value.Type, argument.Syntax);
                }
            }
        }

        if (ResultTarget(invocation) is { } target)
        {
            yield return target;
        }
    }

    private static Use? ResultTarget(IInvocationOperation invocation)
    {
        IOperation result = invocation;
        if (result.Parent is IAwaitOperation awaited)
        {
            result = awaited;
        }

        if (result.Type?.SpecialType != SpecialType.System_Object)
        {
            return null;
        }

        IOperation? parent = result.Parent;
        while (parent is IParenthesizedOperation)
        {
            parent = parent.Parent;
        }

        return parent switch
        {
            IConversionOperation { IsImplicit: false, Type: { } type } conversion => new Use(type, conversion.Syntax),
            IIsPatternOperation { Pattern: IDeclarationPatternOperation { MatchedType: { } matched } } pattern => new Use(matched, pattern.Pattern.Syntax),
            IIsPatternOperation { Pattern: ITypePatternOperation { MatchedType: { } matched } } pattern => new Use(matched, pattern.Pattern.Syntax),
            IIsTypeOperation { TypeOperand: { } tested } isType => new Use(tested, isType.Syntax),
            _ => null,
        };
    }

    /// <summary>
    /// The type arguments of a call the compiler could not bind, such as <c>Register&lt;T&gt;(id)</c> with a
    /// <c>T</c> that breaks the <c>ICustomBinarySerializable</c> constraint: every candidate is the same method
    /// name with the same type arguments.
    /// </summary>
    public static IEnumerable<Use> FindInUnboundCall(InvocationExpressionSyntax call, IMethodSymbol candidate)
    {
        for (int i = 0; i < candidate.TypeArguments.Length; i++)
        {
            if (TypeArgumentSyntax(call, i) is { } syntax)
            {
                yield return new Use(candidate.TypeArguments[i], syntax);
            }
        }
    }

    /// <summary>True when the call names its method with explicit type arguments (<c>f.Register&lt;T&gt;(1)</c>).</summary>
    public static bool HasTypeArguments(InvocationExpressionSyntax call) => CalledName(call) is GenericNameSyntax;

    private static SyntaxNode? TypeArgumentSyntax(SyntaxNode syntax, int index) =>
        syntax is InvocationExpressionSyntax call && CalledName(call) is GenericNameSyntax generic && index < generic.TypeArgumentList.Arguments.Count
            ? generic.TypeArgumentList.Arguments[index]
            : null;

    private static SimpleNameSyntax? CalledName(InvocationExpressionSyntax call) => call.Expression switch
    {
        MemberAccessExpressionSyntax access => access.Name,
        MemberBindingExpressionSyntax binding => binding.Name,
        SimpleNameSyntax simple => simple,
        _ => null,
    };

    /// <summary>A type put through a formatter, and the syntax that does it.</summary>
    internal readonly struct Use
    {
        public Use(ITypeSymbol type, SyntaxNode syntax)
        {
            Type = type;
            Syntax = syntax;
        }

        public ITypeSymbol Type { get; }

        public SyntaxNode Syntax { get; }
    }
}
