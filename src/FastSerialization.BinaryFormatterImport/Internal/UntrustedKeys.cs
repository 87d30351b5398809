using System;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary><see cref="KeyComparers.ForUntrustedKeys{T}"/> for a key type known at run time.</summary>
[RequiresUnreferencedCode(TrimmingMessages.Reflection)]
[RequiresDynamicCode(TrimmingMessages.DynamicCode)]
internal static class UntrustedKeys
{
    private static readonly MethodInfo ForUntrustedKeys = typeof(KeyComparers).GetMethod(nameof(KeyComparers.ForUntrustedKeys))!;

    /// <summary>The comparer for keys of <paramref name="key"/> read from a payload, or null for the default.</summary>
    public static object? ComparerFor(Type key) => ForUntrustedKeys.MakeGenericMethod(key).Invoke(null, null);
}
