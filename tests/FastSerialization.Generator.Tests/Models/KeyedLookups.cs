using System;
using System.Collections.Generic;
using System.Collections.Immutable;

namespace FastSerialization.Generator.Tests.Models;

/// <summary>
/// Comparers that count what they are asked, so that a test can tell how many lookups reading a sorted or hashed
/// dictionary takes. The counts are per thread: a test reads on its own thread.
/// </summary>
public static class CountingComparers
{
    [ThreadStatic]
    private static int t_calls;

    /// <summary>Compare, Equals and GetHashCode calls on this thread since the last <see cref="Reset"/>.</summary>
    public static int Calls => t_calls;

    /// <summary>Ordinal ordering of strings, counted.</summary>
    public static IComparer<string> Ordering { get; } = Comparer<string>.Create((x, y) =>
    {
        t_calls++;
        return string.CompareOrdinal(x, y);
    });

    /// <summary>Ordinal equality of strings, counted.</summary>
    public static IEqualityComparer<string> Equality { get; } = new CountedEquality();

    /// <summary>Sets this thread's count to zero.</summary>
    public static void Reset() => t_calls = 0;

    private sealed class CountedEquality : IEqualityComparer<string>
    {
        public bool Equals(string? x, string? y)
        {
            t_calls++;
            return string.Equals(x, y, StringComparison.Ordinal);
        }

        public int GetHashCode(string obj)
        {
            t_calls++;
            return StringComparer.Ordinal.GetHashCode(obj);
        }
    }
}

[BinarySerializable]
public sealed partial class CountedImmutableSortedDictionary
{
    [BinaryComparer(typeof(CountingComparers), nameof(CountingComparers.Ordering))]
    public ImmutableSortedDictionary<string, int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class CountedImmutableDictionary
{
    [BinaryComparer(typeof(CountingComparers), nameof(CountingComparers.Equality))]
    public ImmutableDictionary<string, int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class CountedSortedList
{
    [BinaryComparer(typeof(CountingComparers), nameof(CountingComparers.Ordering))]
    public SortedList<string, int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class ImmutableSortedDictionaryHolder
{
    public ImmutableSortedDictionary<string, int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class ImmutableDictionaryInterfaceHolder
{
    public IImmutableDictionary<string, int>? Value { get; set; }
}
