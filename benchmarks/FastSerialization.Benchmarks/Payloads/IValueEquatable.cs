using System;
using System.Collections.Generic;

namespace FastSerialization.Benchmarks.Payloads;

/// <summary>
/// A hand-written payload that can tell whether another instance holds the same values in every member,
/// compared exactly: doubles bit for bit, <see cref="DateTime"/> by ticks and kind, a null apart from a
/// zero, decimals by value and scale. The benchmark setup requires it of every contender's round trip.
/// </summary>
/// <typeparam name="T">The payload type.</typeparam>
public interface IValueEquatable<T>
{
    /// <summary>True when <paramref name="other"/> holds exactly the same values as this instance, member by member.</summary>
    /// <param name="other">The instance a contender read back.</param>
    /// <returns>Whether every member is the same.</returns>
    bool HasSameValues(T other);
}

/// <summary>Exact member comparisons for <see cref="IValueEquatable{T}"/>.</summary>
public static class Same
{
    /// <summary>Bit-for-bit equality (so -0.0 is not 0.0, and a NaN equals the same NaN).</summary>
    public static bool Double(double a, double b) => BitConverter.DoubleToInt64Bits(a) == BitConverter.DoubleToInt64Bits(b);

    /// <summary>Same ticks and same <see cref="DateTimeKind"/> (<c>==</c> ignores the kind).</summary>
    public static bool DateTime(DateTime a, DateTime b) => a.Ticks == b.Ticks && a.Kind == b.Kind;

    /// <summary>Both null, or both set to the same <see cref="DateTime"/> (see <see cref="DateTime(System.DateTime, System.DateTime)"/>).</summary>
    public static bool DateTime(DateTime? a, DateTime? b) => a.HasValue == b.HasValue && (!a.HasValue || DateTime(a.GetValueOrDefault(), b.GetValueOrDefault()));

    /// <summary>Same value and same scale (<c>==</c> says 1.50m equals 1.5m).</summary>
    public static bool Decimal(decimal a, decimal b) => a == b && a.Scale == b.Scale;

    /// <summary>Both null, or the same length and <paramref name="same"/> for every pair of elements.</summary>
    public static bool Sequence<TItem>(IReadOnlyList<TItem>? a, IReadOnlyList<TItem>? b, Func<TItem, TItem, bool> same)
    {
        if (a is null || b is null)
        {
            return a is null && b is null;
        }

        if (a.Count != b.Count)
        {
            return false;
        }

        for (int i = 0; i < a.Count; i++)
        {
            if (!same(a[i], b[i]))
            {
                return false;
            }
        }

        return true;
    }
}
