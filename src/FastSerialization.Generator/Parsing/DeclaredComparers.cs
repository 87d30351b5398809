using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// <c>[BinaryComparer(typeof(X), nameof(X.Member))]</c> on a member: the comparer its sorted or hashed collection is
/// rebuilt with when read (<see cref="TypeShape.Comparer"/>), checked here so that a wrong one is FSG002, not an error
/// in generated code.
/// </summary>
internal static class DeclaredComparers
{
    public const string Attribute = "FastSerialization.BinaryComparerAttribute";

    /// <summary>Puts the member's declared comparer, if it has one, on its shape; false with the reason when it cannot.</summary>
    public static bool TryApply(FoundMember member, ref TypeShape shape, out string? reason)
    {
        reason = null;
        AttributeData? attribute = member.Symbol.GetAttributes().FirstOrDefault(a => a.AttributeClass?.ToDisplayString() == Attribute);
        if (attribute is null)
        {
            return true;
        }

        (ComparerRole role, int argument) = shape.Kind switch
        {
            BuiltCollectionKind row => (row.Comparer, row.ComparerArgument),
            HashSetKind or DictionaryKind or LookupKind => (ComparerRole.Equality, 0),
            _ => (ComparerRole.None, 0),
        };
        if (role == ComparerRole.None || member.Type is not INamedTypeSymbol collection)
        {
            reason = "[BinaryComparer] applies to sorted and hashed collections only, and this one takes no comparer";
            return false;
        }

        if (attribute.ConstructorArguments.Length != 2
            || attribute.ConstructorArguments[0].Value is not INamedTypeSymbol declaring
            || attribute.ConstructorArguments[1].Value is not string name)
        {
            reason = "[BinaryComparer] needs a type and the name of a static field or property of it";
            return false;
        }

        ITypeSymbol compared = collection.TypeArguments[argument];
        string wanted = role == ComparerRole.Ordering ? "IComparer`1" : "IEqualityComparer`1";
        string interfaceName = "global::System.Collections.Generic." + (role == ComparerRole.Ordering ? "IComparer<" : "IEqualityComparer<")
            + compared.ToDisplayString(Symbols.TypeFormat) + ">";
        ISymbol? found = declaring.GetMembers(name).FirstOrDefault(s => s is IFieldSymbol or IPropertySymbol { IsIndexer: false });
        ITypeSymbol? type = (found as IFieldSymbol)?.Type ?? (found as IPropertySymbol)?.Type;
        if (found is null || !found.IsStatic || type is null
            || found.DeclaredAccessibility is Accessibility.Private or Accessibility.Protected or Accessibility.ProtectedAndInternal)
        {
            reason = "[BinaryComparer] names '" + name + "', which is not a public or internal static field or property of '" + Symbols.ShortName(declaring) + "'";
            return false;
        }

        bool fits = new[] { type }.Concat(type.AllInterfaces).OfType<INamedTypeSymbol>().Any(i =>
            i.MetadataName == wanted
            && i.ContainingNamespace.ToDisplayString() == "System.Collections.Generic"
            && SymbolEqualityComparer.Default.Equals(i.TypeArguments[0], compared));
        if (!fits)
        {
            reason = "[BinaryComparer] names '" + name + "', which is not an " + interfaceName.Replace("global::System.Collections.Generic.", string.Empty);
            return false;
        }

        shape = shape with { Comparer = "((" + interfaceName + ")" + declaring.ToDisplayString(Symbols.TypeFormat) + "." + name + ")" };
        return true;
    }
}
