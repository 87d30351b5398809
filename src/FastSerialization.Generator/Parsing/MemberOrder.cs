using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace FastSerialization.Generator;

/// <summary>
/// The wire order of the members: explicit when any member has <c>[BinaryMember(n)]</c> (then every member
/// needs one, each its own, running 0 to n with no gap: FSG003, FSG004, FSG005), otherwise declaration order.
/// </summary>
internal static class MemberOrder
{
    public static List<FoundMember> Apply(List<FoundMember> found, ParseContext parse)
    {
        if (!found.Any(m => m.Order is not null))
        {
            return found;
        }

        foreach (FoundMember m in found.Where(m => m.Order is null))
        {
            parse.Report("FSG005", m.Location, m.Symbol.Name, parse.TypeName);
        }

        foreach (IGrouping<int, FoundMember> group in found.Where(m => m.Order is not null).GroupBy(m => m.Order!.Value))
        {
            FoundMember[] same = group.ToArray();
            for (int i = 1; i < same.Length; i++)
            {
                parse.Report(
                    "FSG003", same[i].Location, same[0].Symbol.Name, same[i].Symbol.Name, parse.TypeName, group.Key.ToString(CultureInfo.InvariantCulture));
            }
        }

        int[] orders = found.Where(m => m.Order is not null).Select(m => m.Order!.Value).Distinct().OrderBy(o => o).ToArray();
        int max = orders.Length == 0 ? -1 : orders[orders.Length - 1];
        for (int expected = 0; expected <= max; expected++)
        {
            if (Array.BinarySearch(orders, expected) < 0)
            {
                parse.Report(
                    "FSG004", parse.TypeLocation, parse.TypeName, max.ToString(CultureInfo.InvariantCulture), expected.ToString(CultureInfo.InvariantCulture));
                break;
            }
        }

        if (orders.Length > 0 && orders[0] < 0)
        {
            parse.Report("FSG004", parse.TypeLocation, parse.TypeName, max.ToString(CultureInfo.InvariantCulture), "0 (negative orders are not allowed)");
        }

        return found.Where(m => m.Order is not null).OrderBy(m => m.Order!.Value).ToList();
    }
}
