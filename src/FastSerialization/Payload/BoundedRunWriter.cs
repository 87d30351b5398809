using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastSerialization;

/// <summary>
/// The payload of a small nested object whose encoded size has a known bound, written in sequence into bytes
/// reserved once by <see cref="FastBinaryWriter.BeginBoundedObject{T}"/>: each value costs a check against the
/// reservation kept in a register, where writing it through the <see cref="FastBinaryWriter"/> costs a
/// capacity check and a position update through memory. The bytes are those the writer's own <c>Write</c> and
/// <c>WriteVar*</c> methods produce; <see cref="FastBinaryWriter.EndBoundedObject"/> puts the object's length
/// in front of them, so the whole is what <see cref="FastBinaryWriter.WriteObject{T}"/> writes for the object.
/// </summary>
/// <remarks>
/// <para>
/// The source generator writes each element (or member) of a <c>[BinarySerializable]</c> struct type whose
/// members are all fixed-width primitives, compact integers, enums or nullables of those this way; hand-written
/// code may do the same.
/// </para>
/// <para>
/// Fill it before the next call on the writer, then end it with <see cref="FastBinaryWriter.EndBoundedObject"/>:
/// the writer may move its buffer on the next call. Writing past the bound given to
/// <see cref="FastBinaryWriter.BeginBoundedObject{T}"/> throws <see cref="InvalidOperationException"/>.
/// </para>
/// </remarks>
[System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
public ref struct BoundedRunWriter
{
    private readonly Span<byte> _bytes;
    private readonly int _header;
    private int _written;

    internal BoundedRunWriter(Span<byte> bytes, int header)
    {
        _bytes = bytes;
        _header = header;
        _written = 0;
    }

    /// <summary>The bound: how many bytes the payload may take.</summary>
    public readonly int Capacity => _bytes.Length;

    /// <summary>How many bytes were written so far.</summary>
    public readonly int Written => _written;

    /// <summary>The writer's position of the length byte reserved in front of the payload.</summary>
    internal readonly int Header => _header;

    /// <summary>The first byte of the payload, to tell the writer's reservation from any other.</summary>
    internal readonly ref byte First => ref MemoryMarshal.GetReference(_bytes);

    /// <summary>Writes a <see cref="bool"/> (0x00 or 0x01).</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(bool value) => Take(1) = value ? (byte)1 : (byte)0;

    /// <summary>Writes a <see cref="byte"/>.</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(byte value) => Take(1) = value;

    /// <summary>Writes an <see cref="sbyte"/>.</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(sbyte value) => Take(1) = unchecked((byte)value);

    /// <summary>Writes a <see cref="short"/> (2 bytes, little-endian).</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(short value) => Unsafe.WriteUnaligned(ref Take(2), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    /// <summary>Writes a <see cref="ushort"/> (2 bytes, little-endian).</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ushort value) => Unsafe.WriteUnaligned(ref Take(2), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    /// <summary>Writes a <see cref="char"/> (one UTF-16 code unit, 2 bytes, little-endian).</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(char value) => Write((ushort)value);

    /// <summary>Writes an <see cref="int"/> (4 bytes, little-endian).</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int value) => Unsafe.WriteUnaligned(ref Take(4), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    /// <summary>Writes a <see cref="uint"/> (4 bytes, little-endian).</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(uint value) => Unsafe.WriteUnaligned(ref Take(4), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    /// <summary>Writes a <see cref="long"/> (8 bytes, little-endian).</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(long value) => Unsafe.WriteUnaligned(ref Take(8), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    /// <summary>Writes a <see cref="ulong"/> (8 bytes, little-endian).</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ulong value) => Unsafe.WriteUnaligned(ref Take(8), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

    /// <summary>Writes a <see cref="float"/>'s IEEE 754 bits (4 bytes, little-endian).</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(float value) => Write(BitConversions.SingleToUInt32(value));

    /// <summary>Writes a <see cref="double"/>'s IEEE 754 bits (8 bytes, little-endian).</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(double value) => Write(BitConversions.DoubleToUInt64(value));

    /// <summary>Writes an enum as its underlying integer type (1, 2, 4 or 8 bytes, little-endian), as <see cref="FastBinaryWriter.WriteEnum{TEnum}"/> does.</summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteEnum<TEnum>(TEnum value)
        where TEnum : unmanaged, Enum =>
        LittleEndian.WriteEnum(ref Take(Unsafe.SizeOf<TEnum>()), value);

    /// <summary>Writes an unsigned LEB128 varint of 1 to 5 bytes, as <see cref="FastBinaryWriter.WriteVarUInt32"/> does.</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarUInt32(uint value) => WriteVarUInt64(value); // the same bytes: LEB128 does not depend on the width

    /// <summary>Writes an unsigned LEB128 varint of 1 to 10 bytes, as <see cref="FastBinaryWriter.WriteVarUInt64"/> does.</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarUInt64(ulong value)
    {
        if (value < 0x80)
        {
            Take(1) = (byte)value;
            return;
        }

        if (value < 0x4000)
        {
            ref byte two = ref Take(2);
            two = (byte)(value | 0x80);
            Unsafe.Add(ref two, 1) = (byte)(value >> 7);
            return;
        }

        if (value < 0x20_0000)
        {
            ref byte three = ref Take(3);
            three = (byte)(value | 0x80);
            Unsafe.Add(ref three, 1) = (byte)((value >> 7) | 0x80);
            Unsafe.Add(ref three, 2) = (byte)(value >> 14);
            return;
        }

        _written = WriteLongVarint(_bytes, _written, value);
    }

    /// <summary>Writes a <see cref="short"/> as a zigzag varint, the 32-bit form (1 to 3 bytes), as <see cref="FastBinaryWriter.WriteVarInt16"/> does.</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarInt16(short value) => WriteVarInt32(value);

    /// <summary>Writes a <see cref="ushort"/> as a varint, the 32-bit form (1 to 3 bytes), as <see cref="FastBinaryWriter.WriteVarUInt16"/> does.</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarUInt16(ushort value) => WriteVarUInt32(value);

    /// <summary>Writes a zigzag-encoded signed varint of 1 to 5 bytes, as <see cref="FastBinaryWriter.WriteVarInt32"/> does.</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarInt32(int value) => WriteVarUInt32((uint)((value << 1) ^ (value >> 31)));

    /// <summary>Writes a zigzag-encoded signed varint of 1 to 10 bytes, as <see cref="FastBinaryWriter.WriteVarInt64"/> does.</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarInt64(long value) => WriteVarUInt64((ulong)((value << 1) ^ (value >> 63)));

    /// <summary>
    /// A varint of four bytes or more, at <paramref name="at"/>; returns the position after it. Out of line so that
    /// the short forms stay small enough to inline, and static so that the run itself stays in registers.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int WriteLongVarint(Span<byte> bytes, int at, ulong value)
    {
        int size = VarInt.Size(value);
        if ((uint)size > (uint)(bytes.Length - at))
        {
            ThrowFull(bytes.Length, at, size);
        }

        VarInt.Write(bytes.Slice(at, size), value);
        return at + size;
    }

    /// <summary>Counts <paramref name="count"/> more bytes as written and returns the first; refuses to pass the bound.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref byte Take(int count)
    {
        int at = _written;
        if ((uint)count > (uint)(_bytes.Length - at))
        {
            ThrowFull(_bytes.Length, at, count);
        }

        _written = at + count;
        return ref Unsafe.Add(ref MemoryMarshal.GetReference(_bytes), (nint)(uint)at);
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowFull(int capacity, int written, int count) =>
        throw new InvalidOperationException($"A bounded object's payload of at most {capacity} bytes cannot take {count} more after {written}: the bound given to BeginBoundedObject is too small for what is written.");
}
