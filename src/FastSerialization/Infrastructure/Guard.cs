using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// The one argument check the framework lacks: a generic value that may be a struct, checked without boxing it. Every
/// other null check is <c>ArgumentNullException.ThrowIfNull</c> (src/Shared/ArgumentChecks.cs for netstandard2.0).
/// </summary>
internal static class Guard
{
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
