using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace FastSerialization.Analyzers;

/// <summary>
/// FSA012 (information): a member of a <c>[BinarySerializable]</c> type is an array or a <c>List&lt;T&gt;</c> of a
/// <c>[BinarySerializable]</c> struct of this compilation that is not fixed-layout and whose serialized members are all
/// fixed-width. Declaring the struct fixed-layout and evolvable (docs/FORMAT.md section 3c) makes its arrays copy as
/// blocks and keeps it able to append members. Reported at the member; the struct's declarations are the additional
/// locations, for the code fix.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class FixedLayoutSuggestionAnalyzer : DiagnosticAnalyzer
{
    private const string BinaryMemberAttribute = "FastSerialization.BinaryMemberAttribute";
    private const string BinaryIgnoreAttribute = "FastSerialization.BinaryIgnoreAttribute";

    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Descriptors.FixedLayoutSuggested);

    /// <inheritdoc/>
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            INamedTypeSymbol? attribute = start.Compilation.GetTypeByMetadataName(KnownTypes.BinarySerializableAttributeName);
            INamedTypeSymbol? list = start.Compilation.GetTypeByMetadataName("System.Collections.Generic.List`1");
            if (attribute is null)
            {
                return;
            }

            start.RegisterSymbolAction(c => AnalyzeMember(c, attribute, list), SymbolKind.Field, SymbolKind.Property);
        });
    }

    private static void AnalyzeMember(SymbolAnalysisContext context, INamedTypeSymbol attribute, INamedTypeSymbol? list)
    {
        ISymbol member = context.Symbol;
        if (member.IsStatic || member.IsImplicitlyDeclared || Serializable(member.ContainingType, attribute) is null || !IsSerializedMember(member))
        {
            return;
        }

        ITypeSymbol? type = member switch
        {
            IFieldSymbol field => field.Type,
            IPropertySymbol property => property.Type,
            _ => null,
        };
        ITypeSymbol? element = type switch
        {
            IArrayTypeSymbol { Rank: 1 } array => array.ElementType,
            INamedTypeSymbol { IsGenericType: true } named when list is not null && SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, list) => named.TypeArguments[0],
            _ => null,
        };
        if (element is not INamedTypeSymbol { TypeKind: TypeKind.Struct } candidate || !Suggested(candidate, attribute, context.Compilation))
        {
            return;
        }

        ImmutableArray<Location> declarations = candidate.DeclaringSyntaxReferences.Select(r => Location.Create(r.SyntaxTree, r.Span)).ToImmutableArray();
        context.ReportDiagnostic(Diagnostic.Create(
            Descriptors.FixedLayoutSuggested,
            member.Locations.FirstOrDefault(),
            declarations,
            candidate.ToDisplayString(SymbolDisplayFormat.CSharpErrorMessageFormat),
            member.ContainingType.Name + "." + member.Name));
    }

    /// <summary>A [BinarySerializable] struct of this compilation, not fixed-layout yet, whose serialized members are all fixed-width.</summary>
    internal static bool Suggested(INamedTypeSymbol type, INamedTypeSymbol attribute, Compilation compilation)
    {
        AttributeData? declared = Serializable(type, attribute);
        if (declared is null || declared.NamedArguments.Any(n => n.Key == "FixedLayout" && n.Value.Value is true)
            || !SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, compilation.Assembly) || type.IsGenericType
            || type.GetMembers().OfType<IFieldSymbol>().Any(f => !f.IsStatic && !f.Type.IsUnmanagedType))
        {
            return false; // a fixed-layout struct's blocks are copied as memory: every field, serialized or not, must be unmanaged
        }

        int count = 0;
        foreach (ISymbol member in type.GetMembers())
        {
            if (member.IsStatic || member.IsImplicitlyDeclared || !IsSerializedMember(member) || member is not (IFieldSymbol or IPropertySymbol))
            {
                continue;
            }

            ITypeSymbol memberType = member is IFieldSymbol f ? f.Type : ((IPropertySymbol)member).Type;
            if (!IsFixedWidth(memberType, attribute))
            {
                return false;
            }

            count++;
        }

        return count > 0;
    }

    private static AttributeData? Serializable(INamedTypeSymbol? type, INamedTypeSymbol attribute) =>
        type?.GetAttributes().FirstOrDefault(a => SymbolEqualityComparer.Default.Equals(a.AttributeClass, attribute));

    /// <summary>What the generator serializes: public instance fields and properties, or others marked [BinaryMember]; not [BinaryIgnore].</summary>
    private static bool IsSerializedMember(ISymbol member)
    {
        if (member is IFieldSymbol { IsConst: true } || member.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == BinaryIgnoreAttribute))
        {
            return false;
        }

        if (member is IPropertySymbol { IsIndexer: true })
        {
            return false;
        }

        return member.DeclaredAccessibility == Accessibility.Public
            || member.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == BinaryMemberAttribute);
    }

    /// <summary>The types a fixed-layout struct may hold (docs/FORMAT.md section 3b).</summary>
    private static bool IsFixedWidth(ITypeSymbol type, INamedTypeSymbol attribute)
    {
        switch (type.SpecialType)
        {
            case SpecialType.System_Boolean:
            case SpecialType.System_Byte:
            case SpecialType.System_SByte:
            case SpecialType.System_Int16:
            case SpecialType.System_UInt16:
            case SpecialType.System_Char:
            case SpecialType.System_Int32:
            case SpecialType.System_UInt32:
            case SpecialType.System_Int64:
            case SpecialType.System_UInt64:
            case SpecialType.System_Single:
            case SpecialType.System_Double:
            case SpecialType.System_Decimal:
            case SpecialType.System_DateTime:
                return true;
        }

        if (type.TypeKind == TypeKind.Enum)
        {
            return true;
        }

        string name = type.ToDisplayString();
        if (name is "System.TimeSpan" or "System.Guid")
        {
            return true;
        }

        // Another fixed-layout struct (of this compilation or a reference).
        return type is INamedTypeSymbol { TypeKind: TypeKind.Struct } named
            && (named.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "FastSerialization.BinaryFixedLayoutAttribute")
                || (Serializable(named, attribute)?.NamedArguments.Any(n => n.Key == "FixedLayout" && n.Value.Value is true) ?? false));
    }
}
