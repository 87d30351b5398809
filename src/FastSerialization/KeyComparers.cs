using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// Comparers for dictionaries and sets filled from untrusted data, against hash flooding (keys chosen so
/// that they all land in one bucket, making each insert walk all the others). Generated readers use
/// <see cref="ForUntrustedKeys{T}"/>; hand-written readers may too.
/// </summary>
public static class KeyComparers
{
    /// <summary>
    /// The comparer to give a <see cref="Dictionary{TKey, TValue}"/> or <see cref="HashSet{T}"/> whose keys
    /// come from untrusted data, or <see langword="null"/> when the default comparer is already safe.
    /// <list type="bullet">
    /// <item>Strings: null on .NET Core and later, whose string hashing is randomized per process; on .NET
    /// Framework (the netstandard2.0 build), whose string hashing is not, <see cref="RandomizedString"/>.</item>
    /// <item>Keys whose default hash is their own bits, on every runtime: <see cref="int"/>, <see cref="uint"/>,
    /// <see cref="long"/>, <see cref="ulong"/>, <see cref="IntPtr"/>, <see cref="UIntPtr"/>, enums of 4 or 8
    /// bytes, <see cref="Guid"/>, <see cref="TimeSpan"/> and, in the modern builds, <c>DateOnly</c>, <c>TimeOnly</c>,
    /// <c>Rune</c>, <c>Int128</c> and <c>UInt128</c> get a comparer with the default equality and a
    /// hash under multipliers drawn at random once per process (a record could otherwise hold keys that all
    /// share a bucket: 40,000 such <c>int</c> keys, about 240 KB, take seconds to insert). Lookups through it
    /// cost a few nanoseconds more than through the default comparer.</item>
    /// <item><see cref="System.Numerics.BigInteger"/>, <see cref="System.Numerics.Complex"/> and <see cref="Version"/>, whose
    /// default hashes can be steered (a <c>BigInteger</c> that fits in an int hashes to itself; <c>1.0.0.0</c> and
    /// <c>1.0.0.4096</c> share a hash), get a comparer with the default equality and SipHash under a random key of
    /// what that equality compares.</item>
    /// <item>Other keys keep the default (see SECURITY.md).</item>
    /// </list>
    /// </summary>
    /// <typeparam name="T">The key type.</typeparam>
    /// <returns>The comparer, or null for the default.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static IEqualityComparer<T>? ForUntrustedKeys<T>()
    {
#if NETSTANDARD2_0
        if (typeof(T) == typeof(string) && DefaultStringHashIsFixed)
        {
            return (IEqualityComparer<T>)(object)RandomizedString;
        }
#endif
        return RandomizedKeyComparer<T>.Applies ? RandomizedKeyComparer<T>.Instance : ContentKeyComparer<T>.Instance;
    }

    /// <summary>
    /// Whether a hashed set or dictionary built with <paramref name="comparer"/> keeps its equality when it is read
    /// back with <paramref name="readBackWith"/>. Comparers with the default equality (the default comparer,
    /// <see cref="ForUntrustedKeys{T}"/>'s, and for strings <see cref="StringComparer.Ordinal"/> and
    /// <see cref="RandomizedString"/>) count as one; any other comparer must be <paramref name="readBackWith"/> itself.
    /// Generated writers refuse a collection for which this is false (a set built with
    /// <see cref="StringComparer.OrdinalIgnoreCase"/> would otherwise read back case-sensitive); hand-written writers may too.
    /// </summary>
    /// <typeparam name="T">The key or element type.</typeparam>
    /// <param name="comparer">The collection's comparer; null when unknown or the default.</param>
    /// <param name="readBackWith">The comparer the reader rebuilds the collection with; null for the default.</param>
    /// <returns>True when reading the collection back keeps which keys are equal.</returns>
    public static bool KeepsEquality<T>(IEqualityComparer<T>? comparer, IEqualityComparer<T>? readBackWith) =>
        HasDefaultEquality(readBackWith) ? HasDefaultEquality(comparer) : Equals(comparer, readBackWith);

    private static bool HasDefaultEquality<T>(IEqualityComparer<T>? comparer) =>
        comparer is null
        || Equals(comparer, EqualityComparer<T>.Default)
        || ReferenceEquals(comparer, ForUntrustedKeys<T>())
        || (typeof(T) == typeof(string) && (ReferenceEquals(comparer, StringComparer.Ordinal) || ReferenceEquals(comparer, RandomizedString)));

    /// <summary>
    /// An ordinal string comparer whose hash is SipHash-2-4 under a key drawn at random once per process, so
    /// colliding strings cannot be computed in advance. Slower than the runtime's own randomized hashing: use
    /// it only where that is missing (.NET Framework).
    /// </summary>
    public static IEqualityComparer<string?> RandomizedString { get; } = SipHashStringComparer.CreateRandom();

#if NETSTANDARD2_0
    /// <summary>True on .NET Framework, whose string hash is the same in every process (unless an app turns randomization on).</summary>
    private static readonly bool DefaultStringHashIsFixed =
        System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription.StartsWith(".NET Framework", StringComparison.Ordinal);
#endif
}
