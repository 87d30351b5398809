using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// Whether a type built through its constructor can refer to itself through a tracked member (FSG016): such an object
/// exists only once its members are read, so a reference back to it while they are read cannot be resolved
/// (docs/FORMAT.md section 3d). The walk follows every member's nested object types, through collections, from the type
/// itself; it reports the first tracked member whose declared type can hold the type.
/// </summary>
internal static class TrackedCycles
{
    /// <summary>How many types the walk looks at before it gives up (a warning is a help, not a proof).</summary>
    private const int MaxTypes = 256;

    /// <summary>The tracked member (its name and its declaring type's) through which <paramref name="self"/> can reach itself, or null.</summary>
    public static (string Member, string Declaring)? Find(INamedTypeSymbol self, List<FoundMember> members, CancellationToken cancellationToken)
    {
        var visited = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default) { self };
        var pending = new Queue<(INamedTypeSymbol Declaring, List<FoundMember> Members)>();
        pending.Enqueue((self, members));
        while (pending.Count > 0)
        {
            (INamedTypeSymbol declaring, List<FoundMember> found) = pending.Dequeue();
            foreach (FoundMember member in found)
            {
                foreach (INamedTypeSymbol nested in NestedObjectTypes(member.Type, 0))
                {
                    cancellationToken.ThrowIfCancellationRequested();
                    bool tracked = !nested.IsValueType && (member.TrackReference || Symbols.IsTracked(nested));
                    if (tracked && CanHold(nested, self))
                    {
                        return (member.Symbol.Name, Symbols.ShortName(declaring));
                    }

                    if (visited.Count < MaxTypes && visited.Add(nested))
                    {
                        // The member's declared type may carry its nullable annotation ('Child?'); the type is named without it.
                        var type = (INamedTypeSymbol)nested.WithNullableAnnotation(NullableAnnotation.NotAnnotated);
                        pending.Enqueue((type, MemberDiscovery.Find(type, cancellationToken)));
                    }
                }
            }
        }

        return null;
    }

    /// <summary>The serializable types a value of <paramref name="type"/> can hold as nested objects: itself, or its elements, keys and values.</summary>
    private static IEnumerable<INamedTypeSymbol> NestedObjectTypes(ITypeSymbol type, int depth)
    {
        if (depth > 8)
        {
            yield break;
        }

        if (type is IArrayTypeSymbol array)
        {
            foreach (INamedTypeSymbol inner in NestedObjectTypes(array.ElementType, depth + 1))
            {
                yield return inner;
            }

            yield break;
        }

        if (type is not INamedTypeSymbol named || named.SpecialType != SpecialType.None)
        {
            yield break;
        }

        if (Symbols.ImplementsSerializable(named))
        {
            yield return named;
            yield break;
        }

        foreach (ITypeSymbol argument in named.TypeArguments)
        {
            foreach (INamedTypeSymbol inner in NestedObjectTypes(argument, depth + 1))
            {
                yield return inner;
            }
        }
    }

    /// <summary>True when a value declared as <paramref name="declared"/> can be a <paramref name="self"/>.</summary>
    private static bool CanHold(INamedTypeSymbol declared, INamedTypeSymbol self)
    {
        for (INamedTypeSymbol? t = self; t is not null; t = t.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(t, declared))
            {
                return true;
            }
        }

        foreach (INamedTypeSymbol implemented in self.AllInterfaces)
        {
            if (SymbolEqualityComparer.Default.Equals(implemented, declared))
            {
                return true;
            }
        }

        return false;
    }
}
