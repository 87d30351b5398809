using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Analyzers.CodeFixes;

/// <summary>
/// The types FSA002's fix marks: the reported type, and every [Serializable] type of the compilation it needs
/// for the generator to accept it: its base classes (the generator serializes base members only of
/// [BinarySerializable] bases) and the types of the members the generator serializes (public instance fields
/// not [NonSerialized], public instance properties with a getter), as themselves, array elements or generic
/// arguments, to any depth.
/// </summary>
internal static class SerializableClosure
{
    private const string NonSerializedName = "System.NonSerializedAttribute";

    /// <summary>
    /// The types to mark, or null when one of them has a generated member whose type involves a type
    /// parameter not constrained to ICustomBinarySerializable (FSG002 would stop the build: no fix is offered).
    /// </summary>
    public static IReadOnlyList<INamedTypeSymbol>? Of(INamedTypeSymbol root, Compilation compilation)
    {
        KnownTypes known = KnownTypes.From(compilation);
        INamedTypeSymbol? nonSerialized = compilation.GetTypeByMetadataName(NonSerializedName);
        var result = new List<INamedTypeSymbol>();
        var seen = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        var queue = new Queue<INamedTypeSymbol>();
        bool blocked = false;
        Enqueue(root.OriginalDefinition);
        while (queue.Count > 0)
        {
            INamedTypeSymbol type = queue.Dequeue();
            result.Add(type);
            if (type.BaseType is { } baseType)
            {
                Enqueue(baseType.OriginalDefinition);
            }

            foreach (ISymbol member in type.GetMembers())
            {
                ITypeSymbol? memberType = member switch
                {
                    IFieldSymbol field when IsMemberCandidate(field) && !field.IsConst && !field.IsImplicitlyDeclared && !HasAttribute(field, nonSerialized) => field.Type,
                    IPropertySymbol property when IsMemberCandidate(property) && !property.IsIndexer && property.GetMethod is not null && !HasIgnoredBackingField(property, nonSerialized) => property.Type,
                    _ => null,
                };
                if (memberType is not null)
                {
                    Walk(memberType);
                }
            }
        }

        return blocked ? null : result;

        void Walk(ITypeSymbol type)
        {
            switch (type)
            {
                case ITypeParameterSymbol parameter:
                    blocked |= !parameter.ConstraintTypes.Any(c => SymbolEqualityComparer.Default.Equals(c, known.ICustomBinarySerializable));
                    break;
                case IArrayTypeSymbol array:
                    Walk(array.ElementType);
                    break;
                case INamedTypeSymbol named:
                    Enqueue(named.OriginalDefinition);
                    foreach (ITypeSymbol argument in named.TypeArguments)
                    {
                        Walk(argument);
                    }

                    break;
            }
        }

        void Enqueue(INamedTypeSymbol type)
        {
            if (SerializableTypeAnalyzer.NeedsMarking(type, known, compilation) && seen.Add(type))
            {
                queue.Enqueue(type);
            }
        }
    }

    private static bool IsMemberCandidate(ISymbol member) =>
        !member.IsStatic && member.DeclaredAccessibility == Accessibility.Public;

    private static bool HasAttribute(ISymbol symbol, INamedTypeSymbol? attribute) =>
        attribute is not null && symbol.GetAttributes().Any(a => SymbolEqualityComparer.Default.Equals(a.AttributeClass, attribute));

    /// <summary><c>[field: NonSerialized]</c> on an auto-property: its backing field carries the attribute.</summary>
    private static bool HasIgnoredBackingField(IPropertySymbol property, INamedTypeSymbol? nonSerialized) =>
        property.ContainingType.GetMembers().OfType<IFieldSymbol>()
            .Any(f => SymbolEqualityComparer.Default.Equals(f.AssociatedSymbol, property) && HasAttribute(f, nonSerialized));
}
