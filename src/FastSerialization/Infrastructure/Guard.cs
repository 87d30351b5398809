using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>Argument checks for public entry points, named after the caller's expression.</summary>
internal static class Guard
{
    public static void NotNull([NotNull] object? value, [CallerArgumentExpression(nameof(value))] string? name = null)
    {
#if NET
        ArgumentNullException.ThrowIfNull(value, name);
#else
        if (value is null)
        {
            ThrowNull(name);
        }
#endif
    }

    /// <summary>Checks a generic value without boxing it (a struct is never null).</summary>
    public static void NotNullValue<T>(T value, [CallerArgumentExpression(nameof(value))] string? name = null)
    {
        // The IsValueType test keeps unoptimized (Debug) code from boxing a struct to compare it with null.
        if (typeof(T).IsValueType)
        {
            return;
        }

        if (value is null)
        {
            ThrowNull(name);
        }
    }

    [DoesNotReturn]
    private static void ThrowNull(string? name) => throw new ArgumentNullException(name);
}
