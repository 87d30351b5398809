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
