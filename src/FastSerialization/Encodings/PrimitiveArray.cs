using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastSerialization;

/// <summary>
/// Bulk encoding of arrays of fixed-width primitives: the same bytes as writing the elements one by
/// one, copied in one block on little-endian machines and swapped element by element otherwise.
/// </summary>
internal static class PrimitiveArray
{
    /// <summary>True for the element types whose wire form is their little-endian bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsSupported<T>()
        where T : unmanaged =>
        typeof(T) == typeof(byte) || typeof(T) == typeof(sbyte) ||
        typeof(T) == typeof(short) || typeof(T) == typeof(ushort) || typeof(T) == typeof(char) ||
        typeof(T) == typeof(int) || typeof(T) == typeof(uint) || typeof(T) == typeof(float) ||
        typeof(T) == typeof(long) || typeof(T) == typeof(ulong) || typeof(T) == typeof(double);

    public static void ThrowIfUnsupported<T>()
        where T : unmanaged
    {
        if (!IsSupported<T>())
        {
            throw new NotSupportedException(
                $"Bulk arrays hold byte, sbyte, short, ushort, char, int, uint, long, ulong, float or double; {typeof(T)} is not one of them. Write its elements one by one after a collection header.");
        }
    }

    public static void Encode<T>(ReadOnlySpan<T> source, Span<byte> destination)
        where T : unmanaged
    {
        ReadOnlySpan<byte> bytes = MemoryMarshal.AsBytes(source);
        bytes.CopyTo(destination);
        if (!BitConverter.IsLittleEndian)
        {
            Endianness.ReverseEach<T>(destination.Slice(0, bytes.Length));
        }
    }

    public static void Decode<T>(ReadOnlySpan<byte> source, Span<T> destination)
        where T : unmanaged
    {
        Span<byte> bytes = MemoryMarshal.AsBytes(destination);
        source.CopyTo(bytes);
        if (!BitConverter.IsLittleEndian)
        {
            Endianness.ReverseEach<T>(bytes);
        }
    }
}
