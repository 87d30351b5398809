using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// Whether a type gets a generated <c>IBinaryFactory&lt;T&gt;</c>: the formatter then makes the instances it
/// reads into with <c>new T()</c> in the type's own code, rather than by reflection or a delegate compiled
/// at run time (which trimming and NativeAOT cannot follow).
/// </summary>
internal static class Factories
{
    private const string FactoryInterface = "FastSerialization.IBinaryFactory<TSelf>";
    private const string SetsRequiredMembers = "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute";

    /// <summary>
    /// True for a class that is not abstract and has a parameterless constructor (of any accessibility: the
    /// generated code is inside the type), or a struct that declares one (a struct without one is its
    /// default value, made with no call at all). False when <c>new T()</c> would not compile or not be the
    /// constructor the formatter used to call: an obsolete constructor, required members the constructor
    /// does not set, or a factory the type implements itself.
    /// </summary>
    public static bool CanEmit(INamedTypeSymbol type)
    {
        if (type.IsAbstract || type.IsStatic || type.TypeKind is not (TypeKind.Class or TypeKind.Struct))
        {
            return false;
        }

        IMethodSymbol? ctor = type.InstanceConstructors.FirstOrDefault(c => c.Parameters.Length == 0);
        if (ctor is null || (type.IsValueType && ctor.IsImplicitlyDeclared))
        {
            return false;
        }

        if (Symbols.HasAttribute(ctor, "System.ObsoleteAttribute"))
        {
            return false;
        }

        if (!Symbols.HasAttribute(ctor, SetsRequiredMembers) && HasRequiredMembers(type))
        {
            return false;
        }

        return !Implements(type, FactoryInterface);
    }

    /// <summary>
    /// True when the type implements <c>IBinaryFactory&lt;T&gt;</c> or <c>IBinaryConstructible&lt;T&gt;</c> for itself:
    /// the formatter makes its instances through that, never as an uninitialized object.
    /// </summary>
    public static bool MakesItsOwnInstances(INamedTypeSymbol type) =>
        Implements(type, FactoryInterface) || Implements(type, "FastSerialization.IBinaryConstructible<TSelf>");

    private static bool Implements(INamedTypeSymbol type, string genericInterface) =>
        type.AllInterfaces.Any(i =>
            i.OriginalDefinition.ToDisplayString() == genericInterface
            && SymbolEqualityComparer.Default.Equals(i.TypeArguments[0], type));

    private static bool HasRequiredMembers(INamedTypeSymbol type)
    {
        for (INamedTypeSymbol? t = type; t is not null; t = t.BaseType)
        {
            foreach (ISymbol member in t.GetMembers())
            {
                if (member is IPropertySymbol { IsRequired: true } or IFieldSymbol { IsRequired: true })
                {
                    return true;
                }
            }
        }

        return false;
    }
}
