using System;
using System.Collections.Generic;

namespace FastSerialization;

/// <summary>
/// Whether two member kinds of a layout at the same position match (docs/FORMAT.md section 8): equal, or different
/// only in the members of the evolvable fixed-layout structs they hold (section 3c), which may have had members
/// appended on one side: <c>EvolvableFixed&lt;Ns.Tick(Int64,Double)&gt;</c> matches
/// <c>EvolvableFixed&lt;Ns.Tick(Int64,Double,Int32)&gt;</c> wherever it stands (a member, a sequence's element, a
/// nullable's value, a dictionary's key or value), and nothing else changes.
/// </summary>
internal static class LayoutKinds
{
    /// <summary>What opens an evolvable fixed-layout struct's name in a kind, followed by its name, then its members in parentheses.</summary>
    internal const string EvolvableMarker = "EvolvableFixed<";

    /// <summary>True when <paramref name="ours"/> and <paramref name="theirs"/> are the same kind, up to members appended to evolvable structs.</summary>
    public static bool Match(string ours, string theirs)
    {
        if (string.Equals(ours, theirs, StringComparison.Ordinal))
        {
            return true;
        }

        int i = 0;
        int j = 0;
        while (true)
        {
            int a = ours.IndexOf(EvolvableMarker, i, StringComparison.Ordinal);
            int b = theirs.IndexOf(EvolvableMarker, j, StringComparison.Ordinal);
            if (a < 0 || b < 0)
            {
                // No evolvable struct left on one side at least: the rest must be the same text.
                return a < 0 && b < 0 && SameText(ours, i, ours.Length, theirs, j, theirs.Length);
            }

            // The text before the struct, and the struct's name up to its members, must be equal.
            int openA = ours.IndexOf('(', a);
            int openB = theirs.IndexOf('(', b);
            if (openA < 0 || openB < 0 || !SameText(ours, i, openA, theirs, j, openB))
            {
                return false;
            }

            if (!Members(ours, openA + 1, out List<string> oursMembers, out int closeA)
                || !Members(theirs, openB + 1, out List<string> theirsMembers, out int closeB))
            {
                return false;
            }

            int common = Math.Min(oursMembers.Count, theirsMembers.Count);
            for (int k = 0; k < common; k++)
            {
                if (!string.Equals(oursMembers[k], theirsMembers[k], StringComparison.Ordinal))
                {
                    return false;
                }
            }

            i = closeA + 1;
            j = closeB + 1;
        }
    }

    private static bool SameText(string x, int xStart, int xEnd, string y, int yStart, int yEnd) =>
        xEnd - xStart == yEnd - yStart && string.CompareOrdinal(x, xStart, y, yStart, xEnd - xStart) == 0;

    /// <summary>The comma-separated members from <paramref name="start"/> up to the parenthesis that closes them (at <paramref name="close"/>).</summary>
    private static bool Members(string kind, int start, out List<string> members, out int close)
    {
        members = new List<string>();
        int depth = 0;
        int from = start;
        for (int at = start; at < kind.Length; at++)
        {
            char c = kind[at];
            if (c is '<' or '(')
            {
                depth++;
            }
            else if (c is '>' or ')')
            {
                if (depth == 0)
                {
                    if (c != ')')
                    {
                        break;
                    }

                    if (at > from)
                    {
                        members.Add(kind.Substring(from, at - from));
                    }

                    close = at;
                    return true;
                }

                depth--;
            }
            else if (c == ',' && depth == 0)
            {
                members.Add(kind.Substring(from, at - from));
                from = at + 1;
            }
        }

        close = -1;
        return false;
    }
}
