using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;

namespace FastSerialization;

/// <summary>
/// An equality comparer for keys whose default hash is their own bits (integers, enums, <see cref="Guid"/>,
/// <see cref="TimeSpan"/>), which a record can choose so that they all land in one bucket of a dictionary. Its
/// hash is a universal multiply-add-shift hash of the key's 32-bit words under multipliers drawn at random once
/// per process: without them, colliding keys cannot be computed in advance. Equality is the default one (for
/// these types, the same bits).
/// </summary>
/// <typeparam name="T">The key type; <see cref="Applies"/> says whether this comparer serves it.</typeparam>
internal sealed class RandomizedKeyComparer<T> : IEqualityComparer<T>
{
    /// <summary>
    /// True for key types of 4, 8 or 16 bytes whose equality is their bits and whose default hash an attacker can
    /// steer: int, uint, long, ulong, nint, nuint, enums of those, Guid and TimeSpan. Smaller keys (byte, short,
    /// char and their enums) have too few values to fill a long chain; floating-point keys, decimal and DateTime
    /// have an equality that is not their bits, and keep the default.
    /// </summary>
    public static readonly bool Applies = typeof(T) == typeof(int) || typeof(T) == typeof(uint)
        || typeof(T) == typeof(long) || typeof(T) == typeof(ulong)
        || typeof(T) == typeof(IntPtr) || typeof(T) == typeof(UIntPtr)
        || typeof(T) == typeof(Guid) || typeof(T) == typeof(TimeSpan)
#if NET
        || typeof(T) == typeof(DateOnly) || typeof(T) == typeof(TimeOnly) || typeof(T) == typeof(System.Text.Rune)
        || typeof(T) == typeof(Int128) || typeof(T) == typeof(UInt128)
#endif
        || (typeof(T).IsEnum && Unsafe.SizeOf<T>() >= 4);

    /// <summary>The one instance: its multipliers are per process, like the runtime's randomized string hash.</summary>
    public static readonly RandomizedKeyComparer<T> Instance = new();

    // One random 64-bit multiplier per 32-bit word of the key (at most four: a Guid), and one addend.
    private readonly ulong _add;
    private readonly ulong _m0;
    private readonly ulong _m1;
    private readonly ulong _m2;
    private readonly ulong _m3;

    private RandomizedKeyComparer()
    {
        byte[] bytes = new byte[40];
        using (var random = RandomNumberGenerator.Create())
        {
            random.GetBytes(bytes);
        }

        _add = BitConverter.ToUInt64(bytes, 0);
        _m0 = BitConverter.ToUInt64(bytes, 8);
        _m1 = BitConverter.ToUInt64(bytes, 16);
        _m2 = BitConverter.ToUInt64(bytes, 24);
        _m3 = BitConverter.ToUInt64(bytes, 32);
    }

    /// <inheritdoc/>
    public bool Equals(T? x, T? y) => EqualityComparer<T>.Default.Equals(x!, y!);

    /// <inheritdoc/>
    public int GetHashCode(T value)
    {
        // (sum of a_i * x_i + b) mod 2^64: Dietzfelbinger's multiply-add over the key's 32-bit words, a universal
        // family: two distinct keys share its top 32 bits with a probability of about 2^-32, whichever keys they
        // are, as long as the multipliers stay unknown.
        ref byte bytes = ref Unsafe.As<T, byte>(ref value);
        ulong sum = _add + (_m0 * Unsafe.ReadUnaligned<uint>(ref bytes));
        if (Unsafe.SizeOf<T>() >= 8)
        {
            sum += _m1 * Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref bytes, 4));
        }

        if (Unsafe.SizeOf<T>() >= 16)
        {
            sum += (_m2 * Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref bytes, 8))) + (_m3 * Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref bytes, 12)));
        }

        // The sum of an arithmetic progression of keys (what an attacker would send) is a progression too; a fixed
        // bijective mix (a multiply and xor-shifts) scatters it, so that the dictionary's bucket index (the hash
        // modulo a prime) sees no pattern.
        sum ^= sum >> 32;
        sum *= 0xD6E8_FEB8_6659_FD93UL;
        sum ^= sum >> 32;
        return (int)sum;
    }
}
