using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// Unaligned little-endian loads and stores at a reference the caller has already checked: the one bounds
/// check of <see cref="FastBinaryWriter"/>'s and <see cref="FastBinaryReader"/>'s fixed-width paths is
/// theirs (capacity before a write, the frame before a read), so these add none. On a big-endian machine the
/// bytes are swapped; the JIT drops the test where the answer is known.
/// </summary>
/// <remarks>
/// <see cref="BinaryPrimitives"/> over a slice would check the span's length again (twice, counting the slice),
/// and each check sits on the chain of dependent instructions of every member (benchmarks/results/issue10-focused.md).
/// </remarks>
internal static class LittleEndian
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt16(ref byte destination, ushort value) =>
        Unsafe.WriteUnaligned(ref destination, BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt32(ref byte destination, uint value) =>
        Unsafe.WriteUnaligned(ref destination, BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt64(ref byte destination, ulong value) =>
        Unsafe.WriteUnaligned(ref destination, BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ushort ReadUInt16(ref byte source)
    {
        ushort value = Unsafe.ReadUnaligned<ushort>(ref source);
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint ReadUInt32(ref byte source)
    {
        uint value = Unsafe.ReadUnaligned<uint>(ref source);
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong ReadUInt64(ref byte source)
    {
        ulong value = Unsafe.ReadUnaligned<ulong>(ref source);
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    /// <summary>The enum whose underlying integer (1, 2, 4 or 8 bytes) is stored at <paramref name="source"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TEnum ReadEnum<TEnum>(ref byte source)
        where TEnum : unmanaged, Enum
    {
        switch (Unsafe.SizeOf<TEnum>())
        {
            case 1:
                return Unsafe.As<byte, TEnum>(ref source);
            case 2:
            {
                ushort value = ReadUInt16(ref source);
                return Unsafe.As<ushort, TEnum>(ref value);
            }

            case 4:
            {
                uint value = ReadUInt32(ref source);
                return Unsafe.As<uint, TEnum>(ref value);
            }

            default:
            {
                ulong value = ReadUInt64(ref source);
                return Unsafe.As<ulong, TEnum>(ref value);
            }
        }
    }

    /// <summary>Stores <paramref name="value"/> as its underlying integer (1, 2, 4 or 8 bytes) at <paramref name="destination"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteEnum<TEnum>(ref byte destination, TEnum value)
        where TEnum : unmanaged, Enum
    {
        switch (Unsafe.SizeOf<TEnum>())
        {
            case 1:
                destination = Unsafe.As<TEnum, byte>(ref value);
                break;
            case 2:
                WriteUInt16(ref destination, Unsafe.As<TEnum, ushort>(ref value));
                break;
            case 4:
                WriteUInt32(ref destination, Unsafe.As<TEnum, uint>(ref value));
                break;
            default:
                WriteUInt64(ref destination, Unsafe.As<TEnum, ulong>(ref value));
                break;
        }
    }

    /// <summary>The name of an enum's underlying integer as the readers name a value in their messages (<c>UInt16</c>); a constant once inlined.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static string EnumWhat<TEnum>()
        where TEnum : unmanaged, Enum =>
        Unsafe.SizeOf<TEnum>() switch
        {
            1 => "Byte",
            2 => "UInt16",
            4 => "UInt32",
            _ => "UInt64",
        };
}
