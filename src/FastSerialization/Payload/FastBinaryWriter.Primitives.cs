using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
#if !NET
using System.Runtime.InteropServices;
#endif

namespace FastSerialization;

public ref partial struct FastBinaryWriter
{
    /// <summary>Writes a <see cref="bool"/> as one byte, 0x00 or 0x01.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(bool value) => Write(value ? (byte)1 : (byte)0);

    /// <summary>Writes a <see cref="byte"/>.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(byte value)
    {
        Reserve(1) = value;
        _position++;
    }

    /// <summary>Writes an <see cref="sbyte"/> as one byte.</summary>
    /// <param name="value">The value to write.</param>
    public void Write(sbyte value) => Write(unchecked((byte)value));

    /// <summary>Writes a <see cref="short"/>: 2 bytes, little-endian.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(short value)
    {
        LittleEndian.WriteUInt16(ref Reserve(2), unchecked((ushort)value));
        _position += 2;
    }

    /// <summary>Writes a <see cref="ushort"/>: 2 bytes, little-endian.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ushort value)
    {
        LittleEndian.WriteUInt16(ref Reserve(2), value);
        _position += 2;
    }

    /// <summary>Writes a <see cref="char"/> as one UTF-16 code unit: 2 bytes, little-endian.</summary>
    /// <param name="value">The value to write.</param>
    public void Write(char value) => Write((ushort)value);

    /// <summary>Writes an <see cref="int"/>: 4 bytes, little-endian.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int value)
    {
        LittleEndian.WriteUInt32(ref Reserve(4), unchecked((uint)value));
        _position += 4;
    }

    /// <summary>Writes a <see cref="uint"/>: 4 bytes, little-endian.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(uint value)
    {
        LittleEndian.WriteUInt32(ref Reserve(4), value);
        _position += 4;
    }

    /// <summary>Writes a <see cref="long"/>: 8 bytes, little-endian.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(long value)
    {
        LittleEndian.WriteUInt64(ref Reserve(8), unchecked((ulong)value));
        _position += 8;
    }

    /// <summary>Writes a <see cref="ulong"/>: 8 bytes, little-endian.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ulong value)
    {
        LittleEndian.WriteUInt64(ref Reserve(8), value);
        _position += 8;
    }

    /// <summary>Writes a <see cref="float"/> as its IEEE 754 bits: 4 bytes, little-endian, bit-exact (NaN payloads and -0.0 kept).</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(float value) => Write(BitConversions.SingleToUInt32(value));

    /// <summary>Writes a <see cref="double"/> as its IEEE 754 bits: 8 bytes, little-endian, bit-exact.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(double value) => Write(BitConversions.DoubleToUInt64(value));

    /// <summary>Writes a <see cref="decimal"/>: the four ints of <see cref="decimal.GetBits(decimal)"/> (lo, mid, hi, flags), each little-endian.</summary>
    /// <param name="value">The value to write.</param>
    public void Write(decimal value)
    {
        Span<byte> span = GetSpan(16);
        GetBits(value, out int lo, out int mid, out int hi, out int flags);
        BinaryPrimitives.WriteInt32LittleEndian(span, lo);
        BinaryPrimitives.WriteInt32LittleEndian(span.Slice(4), mid);
        BinaryPrimitives.WriteInt32LittleEndian(span.Slice(8), hi);
        BinaryPrimitives.WriteInt32LittleEndian(span.Slice(12), flags);
        _position += 16;
    }

    /// <summary>
    /// Writes a <see cref="decimal"/> compactly, as generated code does (docs/FORMAT.md section 3a): a head byte
    /// (scale in bits 0-4, bit 6 set when the high 32 bits of the 96-bit coefficient are not zero, bit 7 the
    /// sign), the low 64 bits of the coefficient as a varuint64, then the high 32 bits as a varuint32 when bit 6
    /// says so. 2 to 16 bytes: 1249.90m takes 4. Scale and sign are kept as they are (1.0m and 1.00m stay apart).
    /// </summary>
    /// <param name="value">The value to write.</param>
    public void WriteVarDecimal(decimal value)
    {
        GetBits(value, out int lo, out int mid, out int hi, out int flags);
        Span<byte> span = GetSpan(MaxVarDecimalLength);
        span[0] = (byte)(((flags >> 16) & 0x1F) | (hi != 0 ? 0x40 : 0) | (flags < 0 ? 0x80 : 0));
        int length = 1 + VarInt.Write(span.Slice(1), ((ulong)(uint)mid << 32) | (uint)lo);
        if (hi != 0)
        {
            length += VarInt.Write(span.Slice(length), (uint)hi);
        }

        _position += length;
    }

    /// <summary>The four ints of <see cref="decimal.GetBits(decimal)"/>, without an array on the modern builds.</summary>
    private static void GetBits(decimal value, out int lo, out int mid, out int hi, out int flags)
    {
#if NET
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
#else
        int[] bits = decimal.GetBits(value);
#endif
        lo = bits[0];
        mid = bits[1];
        hi = bits[2];
        flags = bits[3];
    }

    /// <summary>The most bytes <see cref="WriteVarDecimal"/> takes: the head byte, a varuint64 and a varuint32.</summary>
    internal const int MaxVarDecimalLength = 1 + VarInt.MaxLength64 + VarInt.MaxLength32;

    /// <summary>Writes a <see cref="DateTime"/> as <see cref="DateTime.ToBinary"/>: 8 bytes, little-endian (keeps <see cref="DateTime.Kind"/>).</summary>
    /// <param name="value">The value to write.</param>
    /// <remarks>
    /// Unspecified and Utc values are written here (ticks and the kind in the top two bits, as ToBinary writes them);
    /// only a Local one takes ToBinary's call, which looks up the time zone's offset.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(DateTime value)
    {
        DateTimeKind kind = value.Kind;
        Write(kind == DateTimeKind.Local ? value.ToBinary() : value.Ticks | ((long)kind << 62));
    }

#if NET
    /// <summary>
    /// Writes a <see cref="Half"/> as its IEEE 754 bits: 2 bytes, little-endian, bit-exact (NaN payloads and -0.0
    /// kept). The netstandard2.0 build, which has no <see cref="Half"/>, lacks this method.
    /// </summary>
    /// <param name="value">The value to write.</param>
    public void Write(Half value) => Write(BitConverter.HalfToUInt16Bits(value));
#endif

    /// <summary>Writes a <see cref="TimeSpan"/> as its ticks: 8 bytes, little-endian.</summary>
    /// <param name="value">The value to write.</param>
    public void Write(TimeSpan value) => Write(value.Ticks);

    /// <summary>
    /// Writes a <see cref="DateTimeOffset"/>: 8 bytes of the local clock reading's ticks
    /// (<see cref="DateTimeOffset.Ticks"/>), then 2 bytes of the offset in minutes, little-endian.
    /// </summary>
    /// <param name="value">The value to write.</param>
    public void Write(DateTimeOffset value)
    {
        Span<byte> span = GetSpan(10);
        BinaryPrimitives.WriteInt64LittleEndian(span, value.Ticks);
        BinaryPrimitives.WriteInt16LittleEndian(span.Slice(8), (short)(value.Offset.Ticks / TimeSpan.TicksPerMinute));
        _position += 10;
    }

    /// <summary>Writes a <see cref="Guid"/>: 16 bytes in the order of <see cref="Guid.ToByteArray()"/>.</summary>
    /// <param name="value">The value to write.</param>
    public void Write(Guid value)
    {
        Span<byte> span = GetSpan(16);
#if NET
        value.TryWriteBytes(span);
#else
        if (BitConverter.IsLittleEndian)
        {
            MemoryMarshal.Write(span, ref value);
        }
        else
        {
            value.ToByteArray().CopyTo(span);
        }
#endif
        _position += 16;
    }

    /// <summary>Writes an unsigned LEB128 varint: 1 to 5 bytes, 7 bits a byte, low group first.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarUInt32(uint value) => WriteVarUInt64(value); // the same bytes: LEB128 does not depend on the width

    /// <summary>Writes an unsigned LEB128 varint: 1 to 10 bytes.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarUInt64(ulong value)
    {
        ref byte destination = ref Reserve(VarInt.MaxLength64);
        if (value < 0x80)
        {
            destination = (byte)value;
            _position++;
            return;
        }

        if (value < 0x4000)
        {
            Unsafe.Add(ref destination, 1) = (byte)(value >> 7);
            destination = (byte)(value | 0x80);
            _position += 2;
            return;
        }

        if (value < 0x20_0000)
        {
            Unsafe.Add(ref destination, 2) = (byte)(value >> 14);
            Unsafe.Add(ref destination, 1) = (byte)((value >> 7) | 0x80);
            destination = (byte)(value | 0x80);
            _position += 3;
            return;
        }

        _position += VarInt.Write(_buffer.Slice(_position), value);
    }

    /// <summary>Writes a <see cref="short"/> as a zigzag varint, the 32-bit form (1 to 3 bytes): what generated code writes (docs/FORMAT.md section 3a).</summary>
    /// <param name="value">The value to write.</param>
    public void WriteVarInt16(short value) => WriteVarInt32(value);

    /// <summary>Writes a <see cref="ushort"/> as a varint, the 32-bit form (1 to 3 bytes).</summary>
    /// <param name="value">The value to write.</param>
    public void WriteVarUInt16(ushort value) => WriteVarUInt32(value);

    /// <summary>Writes a signed varint: zigzag-encoded, then as <see cref="WriteVarUInt32"/>.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarInt32(int value) => WriteVarUInt32((uint)((value << 1) ^ (value >> 31)));

    /// <summary>Writes a signed varint: zigzag-encoded, then as <see cref="WriteVarUInt64"/>.</summary>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarInt64(long value) => WriteVarUInt64((ulong)((value << 1) ^ (value >> 63)));

    /// <summary>Writes an enum as its underlying integer type (1, 2, 4 or 8 bytes, little-endian).</summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteEnum<TEnum>(TEnum value)
        where TEnum : unmanaged, Enum
    {
        LittleEndian.WriteEnum(ref Reserve(Unsafe.SizeOf<TEnum>()), value);
        _position += Unsafe.SizeOf<TEnum>();
    }

    /// <summary>Writes bytes as they are, with no length prefix (the reader must know the count).</summary>
    /// <param name="bytes">The bytes to write.</param>
    public void WriteRaw(ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(GetSpan(bytes.Length));
        _position += bytes.Length;
    }

    /// <summary>
    /// Writes a byte array with a length prefix: varuint32 <c>N</c>, 0 for null, otherwise <c>N - 1</c>
    /// bytes follow. Unlike <see cref="System.IO.BinaryWriter.Write(byte[])"/>, the length is written,
    /// so <see cref="FastBinaryReader.ReadByteArray"/> reads it back without being told the count.
    /// </summary>
    /// <param name="value">The bytes, or null.</param>
    public void Write(byte[]? value)
    {
        if (value is null)
        {
            Write((byte)0);
            return;
        }

        Write(new ReadOnlySpan<byte>(value));
    }

    /// <summary>Writes bytes with a length prefix, as <see cref="Write(byte[])"/> does for a non-null array.</summary>
    /// <param name="value">The bytes.</param>
    public void Write(ReadOnlySpan<byte> value)
    {
        WriteVarUInt32((uint)value.Length + 1);
        WriteRaw(value);
    }
}
