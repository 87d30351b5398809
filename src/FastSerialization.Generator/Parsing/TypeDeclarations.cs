using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace FastSerialization.Generator;

/// <summary>
/// The declarations the generated code reopens: the type and the types containing it, which must all be
/// <c>partial</c> (FSG001), their keywords and type parameters, and the generated file's name.
/// </summary>
internal static class TypeDeclarations
{
    /// <summary>Reports FSG001 and returns false when the type or a type containing it is not partial.</summary>
    public static bool CheckPartial(ParseContext parse)
    {
        for (INamedTypeSymbol? t = parse.Type; t is not null; t = t.ContainingType)
        {
            if (!IsPartial(t, parse.CancellationToken))
            {
                string which = SymbolEqualityComparer.Default.Equals(t, parse.Type) ? "it" : $"its containing type '{t.Name}'";
                parse.Report("FSG001", parse.TypeLocation, parse.TypeName, which);
                return false;
            }
        }

        return true;
    }

    /// <summary>True when a declaration of <paramref name="type"/> says <c>partial</c>.</summary>
    public static bool IsPartial(INamedTypeSymbol type, CancellationToken cancellationToken) =>
        type.DeclaringSyntaxReferences.Any(r => r.GetSyntax(cancellationToken) is TypeDeclarationSyntax d && d.Modifiers.Any(SyntaxKind.PartialKeyword));

    /// <summary>
    /// True when a base type already has a <c>WriteDataTo</c> (its own, or one it implements or will be
    /// given): the generated methods then hide it with <c>new</c>.
    /// </summary>
    public static bool NeedsNewModifier(INamedTypeSymbol type) =>
        type.BaseType is { SpecialType: not SpecialType.System_Object } baseType
        && (baseType.GetMembers("WriteDataTo").Length > 0 || Symbols.HasAttribute(baseType, Symbols.SerializableAttribute)
            || baseType.AllInterfaces.Any(i => i.ToDisplayString() == Symbols.SerializableInterface));

    /// <summary>The types containing <paramref name="type"/>, outermost first.</summary>
    public static IEnumerable<ContainingType> ContainingTypes(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        var result = new List<ContainingType>();
        for (INamedTypeSymbol? t = type.ContainingType; t is not null; t = t.ContainingType)
        {
            result.Insert(0, Describe(t, cancellationToken));
        }

        return result;
    }

    /// <summary>The keyword (class, struct, record, record struct), name and type parameters of a declaration.</summary>
    public static ContainingType Describe(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        string keyword = type.IsRecord
            ? (type.IsValueType ? "record struct" : "record")
            : type.TypeKind switch
            {
                TypeKind.Struct => "struct",
                TypeKind.Interface => "interface",
                _ => "class",
            };
        _ = cancellationToken;
        string name = type.TypeParameters.Length == 0
            ? type.Name
            : type.Name + "<" + string.Join(", ", type.TypeParameters.Select(p => p.Name)) + ">";
        return new ContainingType(keyword, name);
    }

    /// <summary>The generated file's name: the type's full name, with characters a file name cannot hold replaced.</summary>
    public static string HintName(INamedTypeSymbol type)
    {
        string name = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat).Replace("global::", string.Empty);
        var chars = name.Select(c => char.IsLetterOrDigit(c) || c == '.' || c == '_' ? c : '_').ToArray();
        return new string(chars) + ".BinarySerializable.g.cs";
    }

    /// <summary>The model of a type with errors: its diagnostics, and nothing to generate.</summary>
    public static TypeModel Failed(ParseContext parse) =>
        new(
            HintName(parse.Type),
            null,
            EquatableArray<ContainingType>.Empty,
            new ContainingType("class", parse.Type.Name),
            parse.Type.Name,
            false,
            false,
            false,
            false,
            false,
            null,
            EquatableArray<MemberModel>.Empty,
            EquatableArray<DiagnosticInfo>.From(parse.Diagnostics));
}
