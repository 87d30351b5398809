using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// Which fields and properties are serialized: those of base types marked <c>[BinarySerializable]</c>
/// first, then the type's own, in declaration order; public ones and those marked <c>[BinaryMember]</c>,
/// less those marked <c>[BinaryIgnore]</c> and computed properties.
/// </summary>
internal static class MemberDiscovery
{
    public static List<FoundMember> Find(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        var chain = new List<INamedTypeSymbol> { type };
        for (INamedTypeSymbol? b = type.BaseType; b is not null && Symbols.HasAttribute(b, Symbols.SerializableAttribute); b = b.BaseType)
        {
            chain.Insert(0, b);
        }

        var found = new List<FoundMember>();
        foreach (INamedTypeSymbol declaring in chain)
        {
            bool inherited = !SymbolEqualityComparer.Default.Equals(declaring, type);
            foreach (ISymbol member in declaring.GetMembers())
            {
                cancellationToken.ThrowIfCancellationRequested();
                FoundMember? m = Consider(declaring, member, inherited);
                if (m is not null)
                {
                    found.Add(m);
                }
            }
        }

        return found;
    }

    /// <summary>
    /// Reports FSG013 for each member of <paramref name="type"/> or of a base between it and a serialized base member
    /// that hides that member (<c>new</c>, or any member of the same name that is not an override), serialized or not:
    /// the generated code reaches members by name (<c>this.A</c>), which is the hiding one, so the base's value would be
    /// lost (or the generated code would not compile, when the types differ).
    /// </summary>
    public static void ReportHidden(INamedTypeSymbol type, List<FoundMember> found, ParseContext parse)
    {
        foreach (FoundMember member in found)
        {
            INamedTypeSymbol declaring = member.Symbol.ContainingType;
            for (INamedTypeSymbol? below = type; below is not null && !SymbolEqualityComparer.Default.Equals(below, declaring); below = below.BaseType)
            {
                foreach (ISymbol hiding in below.GetMembers(member.Symbol.Name))
                {
                    if (!hiding.IsOverride && !hiding.IsImplicitlyDeclared)
                    {
                        parse.Report(
                            "FSG013",
                            LocationInfo.From(hiding.Locations.FirstOrDefault()),
                            hiding.Name,
                            below.ToDisplayString(),
                            declaring.ToDisplayString());
                    }
                }
            }
        }
    }

    private static FoundMember? Consider(INamedTypeSymbol declaring, ISymbol member, bool inherited)
    {
        if (member.IsStatic || member.IsImplicitlyDeclared)
        {
            return null;
        }

        ITypeSymbol memberType;
        RefKind refKind;
        bool settable;
        bool initOnly;
        bool required;
        switch (member)
        {
            case IFieldSymbol field when !field.IsConst && field.AssociatedSymbol is null:
                memberType = field.Type;
                refKind = field.RefKind;
                settable = !field.IsReadOnly;
                initOnly = false;
                required = field.IsRequired;
                break;
            case IPropertySymbol property when !property.IsIndexer && property.GetMethod is not null
                && property.ExplicitInterfaceImplementations.Length == 0:
                memberType = property.Type;
                refKind = property.RefKind;
                IMethodSymbol? setter = property.SetMethod;
                bool setterAccessible = setter is not null && !(inherited && setter.DeclaredAccessibility == Accessibility.Private);
                settable = setterAccessible && !setter!.IsInitOnly;
                initOnly = setterAccessible && setter!.IsInitOnly;
                required = property.IsRequired;
                break;
            default:
                return null;
        }

        if (Symbols.HasAttribute(member, Symbols.IgnoreAttribute))
        {
            return null;
        }

        AttributeData? order = member.GetAttributes().FirstOrDefault(a => a.AttributeClass?.ToDisplayString() == Symbols.MemberAttribute);
        if (order is null && member.DeclaredAccessibility != Accessibility.Public)
        {
            return null;
        }

        if (inherited && member.DeclaredAccessibility == Accessibility.Private)
        {
            return null;
        }

        // A get-only property is a member only when it stores a value (an auto-property) or is marked
        // [BinaryMember]; computed properties (=> A + B) are left out.
        if (order is null && member is IPropertySymbol { SetMethod: null } getOnly && !IsAutoProperty(declaring, getOnly))
        {
            return null;
        }

        // [BinaryMember] without an argument gives no order; [BinaryMember(n)] with n not an int is refused (-1).
        int? orderValue = order is not null && order.ConstructorArguments.Length == 1 && order.ConstructorArguments[0].Value is int o ? o : null;
        if (order is not null && orderValue is null && order.ConstructorArguments.Length != 0)
        {
            orderValue = -1;
        }

        bool fixedWidth = order is not null && order.NamedArguments.Any(a => a.Key == "FixedWidth" && a.Value.Value is true);
        bool trackReference = order is not null && order.NamedArguments.Any(a => a.Key == "TrackReference" && a.Value.Value is true);
        return new FoundMember(member, memberType, refKind, orderValue, settable, initOnly, required, LocationInfo.From(member.Locations.FirstOrDefault()), fixedWidth, trackReference);
    }

    /// <summary>The backing field of an auto-property (or of a property that uses the <c>field</c> keyword), or null.</summary>
    public static IFieldSymbol? BackingField(INamedTypeSymbol declaring, IPropertySymbol property) =>
        declaring.GetMembers().OfType<IFieldSymbol>().FirstOrDefault(f => SymbolEqualityComparer.Default.Equals(f.AssociatedSymbol, property));

    private static bool IsAutoProperty(INamedTypeSymbol declaring, IPropertySymbol property) => BackingField(declaring, property) is not null;
}
