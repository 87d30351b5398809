using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// How an immutable type (one with a member that has no setter) is built when read: the constructor
/// whose parameters all match members by name and type, the most parameters winning, and an object
/// initializer for the members it leaves (FSG006, FSG007); an abstract one cannot be built (FSG009).
/// </summary>
internal static class ConstructorMatcher
{
    /// <summary>The construction of the type, or null when every member is settable (or errors were found already).</summary>
    public static ConstructionModel? Match(List<FoundMember> members, ParseContext parse)
    {
        if (parse.HasErrors || !members.Any(m => !m.IsSettable))
        {
            return null;
        }

        if (parse.Type.IsAbstract)
        {
            // FSG009: an abstract type cannot be built by a constructor call; its concrete types are.
            FoundMember first = members.First(m => !m.IsSettable);
            parse.Report("FSG009", parse.TypeLocation, parse.TypeName, first.Symbol.Name);
            return null;
        }

        return MatchConstructor(members, parse);
    }

    private static ConstructionModel? MatchConstructor(List<FoundMember> members, ParseContext parse)
    {
        INamedTypeSymbol type = parse.Type;
        IMethodSymbol? best = null;
        int[]? bestArguments = null;
        IMethodSymbol? firstFailed = null;
        IParameterSymbol? firstFailedParameter = null;
        foreach (IMethodSymbol ctor in type.InstanceConstructors.OrderByDescending(c => c.Parameters.Length))
        {
            if (ctor.Parameters.Length == 1 && SymbolEqualityComparer.Default.Equals(ctor.Parameters[0].Type, type))
            {
                continue; // a record's copy constructor
            }

            var arguments = new int[ctor.Parameters.Length];
            bool ok = true;
            for (int p = 0; p < ctor.Parameters.Length && ok; p++)
            {
                IParameterSymbol parameter = ctor.Parameters[p];
                int index = members.FindIndex(m =>
                    string.Equals(m.Symbol.Name, parameter.Name, StringComparison.OrdinalIgnoreCase)
                    && SymbolEqualityComparer.Default.Equals(m.Type, parameter.Type));
                if (index < 0 || Array.IndexOf(arguments, index, 0, p) >= 0 || parameter.RefKind is RefKind.Ref or RefKind.Out)
                {
                    ok = false;
                    if (firstFailed is null)
                    {
                        firstFailed = ctor;
                        firstFailedParameter = parameter;
                    }
                }
                else
                {
                    arguments[p] = index;
                }
            }

            if (ok && (best is null || ctor.Parameters.Length > best.Parameters.Length))
            {
                best = ctor;
                bestArguments = arguments;
            }
        }

        if (best is null)
        {
            LocationInfo? location = firstFailed is not null && !firstFailed.IsImplicitlyDeclared
                ? LocationInfo.From(firstFailed.Locations.FirstOrDefault())
                : parse.TypeLocation;
            parse.Report(
                "FSG006",
                location,
                parse.TypeName,
                firstFailedParameter?.Name ?? "?",
                firstFailed is not null ? Symbols.ShortName(firstFailed) : parse.TypeName);
            return null;
        }

        bool setsRequired = best.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute");
        var initializer = new List<int>();
        for (int i = 0; i < members.Count; i++)
        {
            bool bound = Array.IndexOf(bestArguments!, i) >= 0;
            FoundMember m = members[i];
            if (!bound || (m.IsRequired && !setsRequired))
            {
                if (m.IsSettable || m.IsInitOnly)
                {
                    initializer.Add(i);
                }
                else
                {
                    parse.Report("FSG007", m.Location, m.Symbol.Name, parse.TypeName, Symbols.CamelCase(m.Symbol.Name));
                }
            }
        }

        return new ConstructionModel(EquatableArray<int>.From(bestArguments!), EquatableArray<int>.From(initializer));
    }
}
