using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// Nested objects of sealed classes that the generated code of the type holding them reads in place: it makes the
/// instance itself (<c>new T()</c>, or what a factory registered for the type makes) and calls the instance's public
/// <c>SetDataFrom</c> (on the exact type, so a direct call) between <c>FastBinaryReader.BeginObject</c> and <c>EndObject</c>, instead of going through
/// <c>ReadObject</c>'s generic path (the shared code of reference types, a delegate that makes the instance, an
/// interface call). The bytes, the checks and the result are the same: <c>ReadObject</c> makes such an instance with
/// the same constructor (the type's generated <c>IBinaryFactory</c>, or a compiled call of its parameterless
/// constructor) and fills it through the same <c>SetDataFrom</c>.
/// </summary>
internal static class NestedClasses
{
    /// <summary>
    /// True for a sealed class that <c>ReadObject</c> would make with its parameterless constructor and fill with its
    /// <c>SetDataFrom</c>, the constructor being one the holder's code may call: not reference-tracked (read as a
    /// reference), not made through a factory or constructor of its own (<c>IBinaryFactory</c> or
    /// <c>IBinaryConstructible</c> implemented by hand, or generated in a referenced assembly), not a type the generator
    /// builds through its constructor (a member without a setter), and with a parameterless constructor that
    /// <c>new T()</c> reaches (public, or internal in this compilation; not obsolete; setting the required members).
    /// </summary>
    public static bool ReadsInPlace(ITypeSymbol type)
    {
        if (type is not INamedTypeSymbol { TypeKind: TypeKind.Class, IsSealed: true, IsAbstract: false, IsStatic: false } named
            || Symbols.IsTracked(named)
            || Factories.MakesItsOwnInstances(named)
            || !Factories.CanEmit(named))
        {
            return false;
        }

        bool inSource = !named.DeclaringSyntaxReferences.IsEmpty;
        IMethodSymbol constructor = named.InstanceConstructors.First(c => c.Parameters.Length == 0);
        bool reachable = constructor.DeclaredAccessibility == Accessibility.Public
            || (inSource && constructor.DeclaredAccessibility is Accessibility.Internal or Accessibility.ProtectedOrInternal);
        if (!reachable)
        {
            return false;
        }

        bool generatedRead = inSource
            && Symbols.HasAttribute(named, Symbols.SerializableAttribute)
            && !Symbols.HasUserMethod(named, "SetDataFrom", "FastBinaryReader");
        if (generatedRead)
        {
            // A member it cannot set: the generator reads it through its constructor (it makes the type
            // IBinaryConstructible, which this compilation cannot see yet), and ReadObject builds it.
            return !MemberDiscovery.Find(named, CancellationToken.None).Any(m => !m.IsSettable);
        }

        // Its own SetDataFrom, called on the exact type (not through the interface: an explicit implementation keeps ReadObject).
        return named.GetMembers("SetDataFrom").OfType<IMethodSymbol>().Any(m =>
            m is { IsStatic: false, DeclaredAccessibility: Accessibility.Public, ReturnsVoid: true, Parameters.Length: 1 }
            && m.Parameters[0].RefKind == RefKind.Ref
            && m.Parameters[0].Type.ToDisplayString() == "FastSerialization.FastBinaryReader");
    }
}
