using System.Collections.Generic;

namespace FastSerialization.Generator;

/// <summary>
/// A stretch of a type's members in wire order: either one member, written and read on its own, or a run of
/// adjacent fixed-width members (<see cref="MemberKind.RunWidth"/> above 0), written through one
/// <c>FixedRunWriter</c> and read through one <c>FixedRunReader</c>: one bounds check, one position update
/// and one version check for the run instead of one of each per member.
/// </summary>
/// <param name="Start">The index of the first member.</param>
/// <param name="Count">The number of members (1 for a single member).</param>
/// <param name="Size">The run's size in bytes; 0 for a single member.</param>
internal readonly record struct MemberSegment(int Start, int Count, int Size)
{
    public bool IsRun => Size > 0;
}

/// <summary>Splits a type's members into <see cref="MemberSegment"/>s.</summary>
internal static class MemberRuns
{
    /// <summary>The fewest members that make a run: a single member gains nothing from one.</summary>
    public const int MinimumMembers = 2;

    /// <summary>The members, in wire order, as single members and runs.</summary>
    public static List<MemberSegment> Plan(EquatableArray<MemberModel> members)
    {
        var segments = new List<MemberSegment>();
        int i = 0;
        while (i < members.Count)
        {
            int size = 0;
            int end = i;
            while (end < members.Count && Width(members[end]) is int width and > 0)
            {
                size += width;
                end++;
            }

            if (end - i >= MinimumMembers)
            {
                segments.Add(new MemberSegment(i, end - i, size));
                i = end;
            }
            else
            {
                segments.Add(new MemberSegment(i, 1, 0));
                i++;
            }
        }

        return segments;
    }

    /// <summary>The member's width in a run, or 0.</summary>
    public static int Width(MemberModel member) => member.Shape.Kind.RunWidth(member.Shape);
}
