using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace FastSerialization;

/// <summary>
/// Ordinal string equality with SipHash-2-4 (Aumasson and Bernstein) over the string's UTF-16 code units,
/// little-endian, under a 128-bit key: the hash a caller without the key cannot steer into collisions.
/// </summary>
internal sealed class SipHashStringComparer : IEqualityComparer<string?>
{
    private readonly ulong _k0;
    private readonly ulong _k1;

    internal SipHashStringComparer(ulong k0, ulong k1)
    {
        _k0 = k0;
        _k1 = k1;
    }

    public static SipHashStringComparer CreateRandom()
    {
        byte[] key = new byte[16];
        using (var random = RandomNumberGenerator.Create())
        {
            random.GetBytes(key);
        }

        return new SipHashStringComparer(BitConverter.ToUInt64(key, 0), BitConverter.ToUInt64(key, 8));
    }

    public bool Equals(string? x, string? y) => string.Equals(x, y, StringComparison.Ordinal);

    public int GetHashCode(string? obj)
    {
        if (obj is null)
        {
            return 0;
        }

        ulong hash = Hash(MemoryMarshal.AsBytes(obj.AsSpan()));
        return (int)hash ^ (int)(hash >> 32);
    }

    /// <summary>SipHash-2-4 of <paramref name="data"/>.</summary>
    internal ulong Hash(ReadOnlySpan<byte> data)
    {
        ulong v0 = _k0 ^ 0x736f6d6570736575UL;
        ulong v1 = _k1 ^ 0x646f72616e646f6dUL;
        ulong v2 = _k0 ^ 0x6c7967656e657261UL;
        ulong v3 = _k1 ^ 0x7465646279746573UL;
        int whole = data.Length & ~7;
        for (int i = 0; i < whole; i += 8)
        {
            ulong m = System.Buffers.Binary.BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(i));
            v3 ^= m;
            Round(ref v0, ref v1, ref v2, ref v3);
            Round(ref v0, ref v1, ref v2, ref v3);
            v0 ^= m;
        }

        ulong last = (ulong)data.Length << 56;
        for (int i = whole; i < data.Length; i++)
        {
            last |= (ulong)data[i] << (8 * (i - whole));
        }

        v3 ^= last;
        Round(ref v0, ref v1, ref v2, ref v3);
        Round(ref v0, ref v1, ref v2, ref v3);
        v0 ^= last;
        v2 ^= 0xff;
        for (int i = 0; i < 4; i++)
        {
            Round(ref v0, ref v1, ref v2, ref v3);
        }

        return v0 ^ v1 ^ v2 ^ v3;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref ulong v0, ref ulong v1, ref ulong v2, ref ulong v3)
    {
        v0 += v1;
        v1 = RotateLeft(v1, 13);
        v1 ^= v0;
        v0 = RotateLeft(v0, 32);
        v2 += v3;
        v3 = RotateLeft(v3, 16);
        v3 ^= v2;
        v0 += v3;
        v3 = RotateLeft(v3, 21);
        v3 ^= v0;
        v2 += v1;
        v1 = RotateLeft(v1, 17);
        v1 ^= v2;
        v2 = RotateLeft(v2, 32);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong RotateLeft(ulong value, int offset) => (value << offset) | (value >> (64 - offset));
}
