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
}
