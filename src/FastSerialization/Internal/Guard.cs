using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace FastSerialization.Internal;

/// <summary>Argument checks for public entry points, named after the caller's expression.</summary>
internal static class Guard
{
    public static void NotNull([NotNull] object? value, [CallerArgumentExpression(nameof(value))] string? name = null)
    {
        if (value is null)
        {
            ThrowNull(name);
        }
    }

    public static void InRange(long value, long min, long max, [CallerArgumentExpression(nameof(value))] string? name = null)
    {
        if (value < min || value > max)
        {
            ThrowRange(value, min, max, name);
        }
    }

    [DoesNotReturn]
    private static void ThrowNull(string? name) => throw new ArgumentNullException(name);

    [DoesNotReturn]
    private static void ThrowRange(long value, long min, long max, string? name) =>
        throw new ArgumentOutOfRangeException(name, value, $"Must be between {min} and {max}; it was {value}.");
}
