using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace FastSerialization.Generator;

/// <summary>The names the generator looks for and the questions it asks of symbols.</summary>
internal static class Symbols
{
    public const string SerializableAttribute = "FastSerialization.BinarySerializableAttribute";
    public const string MemberAttribute = "FastSerialization.BinaryMemberAttribute";
    public const string IgnoreAttribute = "FastSerialization.BinaryIgnoreAttribute";
    public const string SerializableInterface = "FastSerialization.ICustomBinarySerializable";
    public const string TrackedAttribute = "FastSerialization.BinaryReferenceTrackedAttribute";

    /// <summary>Fully qualified, with nullable reference annotations: how generated code names types.</summary>
    public static readonly SymbolDisplayFormat TypeFormat = SymbolDisplayFormat.FullyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    /// <summary>How messages name a symbol.</summary>
    public static string ShortName(ISymbol symbol) => symbol.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat);

    public static bool HasAttribute(ISymbol symbol, string name) =>
        symbol.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == name);

    public static bool ImplementsSerializable(ITypeSymbol type) =>
        type.ToDisplayString() == SerializableInterface
        || type.AllInterfaces.Any(i => i.ToDisplayString() == SerializableInterface)
        || HasAttribute(type, SerializableAttribute);

    /// <summary>
    /// True when <paramref name="type"/> asks to be reference-tracked itself: <c>[BinarySerializable(TrackReferences = true)]</c>
    /// (in this compilation, where the generator's own <c>[BinaryReferenceTracked]</c> is not visible yet) or
    /// <c>[BinaryReferenceTracked]</c> (a hand-written type, or a generated one from a referenced assembly).
    /// </summary>
    public static bool AsksForTracking(ITypeSymbol type) =>
        type.GetAttributes().Any(a =>
            a.AttributeClass?.ToDisplayString() == TrackedAttribute
            || (a.AttributeClass?.ToDisplayString() == SerializableAttribute && a.NamedArguments.Any(n => n.Key == "TrackReferences" && n.Value.Value is true)));

    /// <summary>True for a class or interface whose values are reference-tracked: it, or a class it derives from, asks for it.</summary>
    public static bool IsTracked(ITypeSymbol type)
    {
        if (type.IsValueType || type is not INamedTypeSymbol)
        {
            return false;
        }

        for (ITypeSymbol? t = type; t is not null; t = t.BaseType)
        {
            if (AsksForTracking(t))
            {
                return true;
            }
        }

        return false;
    }

    public static bool IsRefLikeOrPointer(ITypeSymbol type) =>
        type.IsRefLikeType || type.TypeKind is TypeKind.Pointer or TypeKind.FunctionPointer;

    /// <summary>True when the type declares <paramref name="name"/>(ref <paramref name="parameterType"/>) itself.</summary>
    public static bool HasUserMethod(INamedTypeSymbol type, string name, string parameterType) =>
        type.GetMembers(name).OfType<IMethodSymbol>().Any(m =>
            m.Parameters.Length == 1 && m.Parameters[0].RefKind == RefKind.Ref && m.Parameters[0].Type.Name == parameterType);

    /// <summary>A member named like a keyword (<c>@class</c>) needs its <c>@</c> back in generated code.</summary>
    public static string EscapeKeyword(string name) =>
        SyntaxFacts.GetKeywordKind(name) != SyntaxKind.None || SyntaxFacts.GetContextualKeywordKind(name) is SyntaxKind.AwaitKeyword
            ? "@" + name
            : name;

    public static string CamelCase(string name) =>
        name.Length == 0 ? name : char.ToLowerInvariant(name[0]).ToString(CultureInfo.InvariantCulture) + name.Substring(1);
}
