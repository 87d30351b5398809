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

        string[] defaults = new string[members.Count];
        for (int p = 0; p < best.Parameters.Length; p++)
        {
            defaults[bestArguments![p]] = DefaultValueOf(best.Parameters[p]) ?? string.Empty;
        }

        for (int i = 0; i < defaults.Length; i++)
        {
            defaults[i] ??= string.Empty;
        }

        return new ConstructionModel(EquatableArray<int>.From(bestArguments!), EquatableArray<int>.From(initializer), EquatableArray<string>.From(defaults));
    }

    /// <summary>
    /// The C# expression of a parameter's explicit default value (<c>string Email = "none"</c>), typed as the parameter;
    /// null when it has none, or when it is <c>null</c> / <c>default</c>, which the local's own default already is.
    /// </summary>
    internal static string? DefaultValueOf(IParameterSymbol parameter)
    {
        if (!parameter.HasExplicitDefaultValue || parameter.ExplicitDefaultValue is not { } value)
        {
            return null;
        }

        string type = parameter.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        var invariant = System.Globalization.CultureInfo.InvariantCulture;

        // "G17" and "G9" round-trip on every runtime the compiler runs on ("R" does not on .NET Framework, which also
        // prints negative zero as "0").
        string? literal = value switch
        {
            string text => Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(text, quote: true),
            char c => Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(c, quote: true),
            bool b => b ? "true" : "false",
            double d when double.IsNaN(d) => "global::System.Double.NaN",
            double d when double.IsPositiveInfinity(d) => "global::System.Double.PositiveInfinity",
            double d when double.IsNegativeInfinity(d) => "global::System.Double.NegativeInfinity",
            double d when d == 0 && BitConverter.DoubleToInt64Bits(d) < 0 => "-0.0d",
            double d => d.ToString("G17", invariant) + "d",
            float f when float.IsNaN(f) => "global::System.Single.NaN",
            float f when float.IsPositiveInfinity(f) => "global::System.Single.PositiveInfinity",
            float f when float.IsNegativeInfinity(f) => "global::System.Single.NegativeInfinity",
            float f when f == 0 && BitConverter.DoubleToInt64Bits(f) < 0 => "-0.0f",
            float f => f.ToString("G9", invariant) + "f",
            decimal m => m.ToString(invariant) + "m",
            DateTime t => "new global::System.DateTime(" + t.Ticks.ToString(invariant) + "L, global::System.DateTimeKind." + t.Kind + ")", // [DateTimeConstant]
            byte or sbyte or short or ushort or int or uint or long or ulong => Convert.ToString(value, invariant), // an integer, or an enum's underlying one
            _ => null, // a constant this cannot spell: the member keeps default, as before
        };

        // The cast gives the literal the parameter's type: an enum, a nullable, a byte from an int literal.
        return literal is null ? null : "(" + type + ")(" + literal + ")";
    }
}
