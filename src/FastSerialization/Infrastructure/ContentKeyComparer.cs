using System;
using System.Collections.Generic;
using System.Numerics;

namespace FastSerialization;

/// <summary>
/// Comparers for the key types of contract section 2b whose default hash an attacker can steer and whose bits are not
/// their equality (so <see cref="RandomizedKeyComparer{T}"/> does not apply): <see cref="BigInteger"/> (a value that fits
/// in an int hashes to itself), <see cref="Complex"/> (the hashes of two doubles) and <see cref="Version"/> (its numbers
/// packed into 32 bits: <c>1.0.0.0</c> and <c>1.0.0.4096</c> collide). Each hashes what its equality compares with
/// SipHash under a per-process random key, and keeps the default equality.
/// </summary>
internal static class ContentKeyComparer<T>
{
    /// <summary>The comparer for <typeparamref name="T"/>, or null when it is none of these types.</summary>
    public static readonly IEqualityComparer<T>? Instance = Create();

    private static IEqualityComparer<T>? Create()
    {
        object? comparer = typeof(T) == typeof(BigInteger) ? new BigIntegerComparer()
            : typeof(T) == typeof(Complex) ? new ComplexComparer()
            : typeof(T) == typeof(Version) ? new VersionComparer()
            : null;
        return (IEqualityComparer<T>?)comparer;
    }

    private static ulong Mix(ReadOnlySpan<byte> bytes) => ContentKeyHash.Key.Hash(bytes);

    private static int Fold(ulong hash) => (int)hash ^ (int)(hash >> 32);

    private sealed class BigIntegerComparer : IEqualityComparer<BigInteger>
    {
        public bool Equals(BigInteger x, BigInteger y) => x.Equals(y);

        public int GetHashCode(BigInteger obj)
        {
#if NET
            int count = obj.GetByteCount();
            Span<byte> bytes = count <= 64 ? stackalloc byte[64] : new byte[count];
            obj.TryWriteBytes(bytes, out int written);
            return Fold(Mix(bytes.Slice(0, written)));
#else
            return Fold(Mix(obj.ToByteArray()));
#endif
        }
    }

    private sealed class ComplexComparer : IEqualityComparer<Complex>
    {
        public bool Equals(Complex x, Complex y) => x.Equals(y);

        public int GetHashCode(Complex obj)
        {
            // Equal values, equal bits: double.Equals takes 0.0 for -0.0 and every NaN for every other.
            Span<byte> bytes = stackalloc byte[16];
            System.Buffers.Binary.BinaryPrimitives.WriteInt64LittleEndian(bytes, Bits(obj.Real));
            System.Buffers.Binary.BinaryPrimitives.WriteInt64LittleEndian(bytes.Slice(8), Bits(obj.Imaginary));
            return Fold(Mix(bytes));
        }

        private static long Bits(double value) =>
            double.IsNaN(value) ? BitConverter.DoubleToInt64Bits(double.NaN) : value == 0 ? 0 : BitConverter.DoubleToInt64Bits(value);
    }

    private sealed class VersionComparer : IEqualityComparer<Version?>
    {
        public bool Equals(Version? x, Version? y) => EqualityComparer<Version?>.Default.Equals(x, y);

        public int GetHashCode(Version? obj)
        {
            if (obj is null)
            {
                return 0;
            }

            Span<byte> bytes = stackalloc byte[16];
            System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes, obj.Major);
            System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes.Slice(4), obj.Minor);
            System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes.Slice(8), obj.Build);
            System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes.Slice(12), obj.Revision);
            return Fold(Mix(bytes));
        }
    }
}

/// <summary>The one random SipHash key of <see cref="ContentKeyComparer{T}"/>, drawn once per process.</summary>
internal static class ContentKeyHash
{
    public static readonly SipHashStringComparer Key = SipHashStringComparer.CreateRandom();
}
