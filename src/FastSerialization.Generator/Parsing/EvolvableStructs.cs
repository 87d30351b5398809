using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// Evolvable fixed-layout structs (<c>[BinarySerializable(FixedLayout = true, Evolvable = true)]</c>, docs/FORMAT.md
/// section 3c): the option's own check (FSG017), where such a struct may stand (FSG002 elsewhere), and the arguments
/// the generator adds to its <c>[BinaryFixedLayout]</c>.
/// </summary>
internal static class EvolvableStructs
{
    /// <summary>
    /// FSG017 for <c>Evolvable</c> without <c>FixedLayout</c>; FSG002 for a member that holds an evolvable struct
    /// where the format gives it no encoding: only a member, an array, a <c>List&lt;T&gt;</c> or a memory of it, a
    /// nullable's value and a dictionary's key or value carry its size (a set or another collection of it would not).
    /// </summary>
    public static void Check(INamedTypeSymbol type, bool fixedLayout, List<FoundMember> found, List<MemberModel> members, ParseContext parse)
    {
        if (!fixedLayout && FixedLayouts.AskedForEvolvable(type))
        {
            parse.Report("FSG017", parse.TypeLocation, parse.TypeName);
        }

        if (fixedLayout || members.Count != found.Count)
        {
            return; // a fixed-layout struct's members are frozen; a refused member was reported already
        }

        for (int i = 0; i < members.Count; i++)
        {
            if (Misplaced(members[i].Shape, allowedHere: true) is { } holder)
            {
                parse.Report(
                    "FSG002",
                    found[i].Location,
                    found[i].Symbol.Name,
                    parse.TypeName,
                    Symbols.ShortName(found[i].Type),
                    "it holds evolvable fixed-layout struct '" + holder + "' in a collection that does not carry its size (docs/FORMAT.md section 3c: a member, an array, a List<T>, a Memory<T>, a nullable and a dictionary's keys and values do); hold it in an array or a List<T>");
            }
        }
    }

    /// <summary>The arguments after the size and the layout flag: <c>, Evolvable = true, MemberEnds = new int[] { 8, 16 }</c>, or nothing.</summary>
    public static string AttributeArguments(FixedLayoutModel model) =>
        model.Evolvable
            ? ", Evolvable = true, MemberEnds = new int[] { " + string.Join(", ", model.MemberEnds.Select(end => end.ToString(CultureInfo.InvariantCulture))) + " }"
            : string.Empty;

    /// <summary>The evolvable struct held where its size is not carried, or null.</summary>
    private static string? Misplaced(TypeShape shape, bool allowedHere)
    {
        if (shape.Kind is FixedStructKind && shape.Evolvable && !allowedHere)
        {
            return shape.TypeDisplay;
        }

        // What carries an evolvable struct's size: an array, list or memory of it (one size for all), a nullable's value and
        // a dictionary's keys and values (a size each, as a member's).
        bool carries = shape.Kind is FixedSequenceKind or NullableKind || shape.Value is not null;
        foreach (TypeShape? inner in new[] { shape.Element, shape.Value })
        {
            if (inner is not null && Misplaced(inner, carries) is { } found)
            {
                return found;
            }
        }

        foreach (TypeShape item in shape.Items)
        {
            if (Misplaced(item, allowedHere: false) is { } found)
            {
                return found;
            }
        }

        return null;
    }
}
