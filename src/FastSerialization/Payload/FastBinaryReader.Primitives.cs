using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastSerialization;

public ref partial struct FastBinaryReader
{
    /// <summary>Reads a <see cref="bool"/>: one byte, 0x00 or 0x01.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The byte is neither 0 nor 1, or the frame is exhausted.</exception>
    public bool ReadBoolean()
    {
        byte b = TakeRef(1, "Boolean");
        if (b > 1)
        {
            ThrowNotABoolean(b);
        }

        return b != 0;
    }

    /// <summary>Refuses a Boolean byte other than 0 and 1; out of line, so that <see cref="ReadBoolean"/> stays small enough to inline.</summary>
    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private void ThrowNotABoolean(byte b)
    {
        _position--;
        throw Malformed($"a Boolean must be 0x00 or 0x01, but the byte is 0x{b:X2}");
    }

    /// <summary>Reads a <see cref="byte"/>.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public byte ReadByte()
    {
        int position = _position;
        if (position >= _end)
        {
            ThrowTruncated(1, "Byte");
        }

        _position = position + 1;
        return Unsafe.Add(ref MemoryMarshal.GetReference(_data), (nint)(uint)position);
    }

    /// <summary>Reads an <see cref="sbyte"/>.</summary>
    /// <returns>The value read.</returns>
    public sbyte ReadSByte() => unchecked((sbyte)ReadByte());

    /// <summary>Reads a <see cref="short"/>: 2 bytes, little-endian.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public short ReadInt16() => unchecked((short)LittleEndian.ReadUInt16(ref TakeRef(2, "Int16")));

    /// <summary>Reads a <see cref="ushort"/>: 2 bytes, little-endian.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadUInt16() => LittleEndian.ReadUInt16(ref TakeRef(2, "UInt16"));

    /// <summary>Reads a <see cref="char"/>: one UTF-16 code unit, 2 bytes, little-endian.</summary>
    /// <returns>The value read.</returns>
    public char ReadChar() => (char)LittleEndian.ReadUInt16(ref TakeRef(2, "Char"));

    /// <summary>Reads an <see cref="int"/>: 4 bytes, little-endian.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32() => unchecked((int)LittleEndian.ReadUInt32(ref TakeRef(4, "Int32")));

    /// <summary>Reads a <see cref="uint"/>: 4 bytes, little-endian.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32() => LittleEndian.ReadUInt32(ref TakeRef(4, "UInt32"));

    /// <summary>Reads a <see cref="long"/>: 8 bytes, little-endian.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64() => unchecked((long)LittleEndian.ReadUInt64(ref TakeRef(8, "Int64")));

    /// <summary>Reads a <see cref="ulong"/>: 8 bytes, little-endian.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64() => LittleEndian.ReadUInt64(ref TakeRef(8, "UInt64"));

    /// <summary>Reads a <see cref="float"/> from its IEEE 754 bits, bit-exact.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public float ReadSingle() => BitConversions.UInt32ToSingle(LittleEndian.ReadUInt32(ref TakeRef(4, "Single")));

#if NET
    /// <summary>Reads a <see cref="Half"/> from its IEEE 754 bits: 2 bytes, little-endian, bit-exact. Not in the netstandard2.0 build.</summary>
    /// <returns>The value read.</returns>
    public Half ReadHalf() => BitConverter.UInt16BitsToHalf(LittleEndian.ReadUInt16(ref TakeRef(2, "Half")));
#endif

    /// <summary>Reads a <see cref="double"/> from its IEEE 754 bits, bit-exact.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double ReadDouble() => BitConversions.UInt64ToDouble(LittleEndian.ReadUInt64(ref TakeRef(8, "Double")));

    /// <summary>Reads a <see cref="decimal"/>: lo, mid, hi and flags, each 4 bytes little-endian.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The flags are not those of a valid decimal (scale over 28, or reserved bits set).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public decimal ReadDecimal()
    {
        ref byte start = ref TakeRef(16, "Decimal");
        int lo = unchecked((int)LittleEndian.ReadUInt32(ref start));
        int mid = unchecked((int)LittleEndian.ReadUInt32(ref Unsafe.Add(ref start, 4)));
        int hi = unchecked((int)LittleEndian.ReadUInt32(ref Unsafe.Add(ref start, 8)));
        int flags = unchecked((int)LittleEndian.ReadUInt32(ref Unsafe.Add(ref start, 12)));
        if ((flags & 0x7F00FFFF) != 0 || (uint)((flags >> 16) & 0xFF) > 28)
        {
            ThrowBadDecimalFlags(flags);
        }

        return new decimal(lo, mid, hi, flags < 0, (byte)(flags >> 16));
    }

    /// <summary>Refuses a decimal's flags word; out of line, so that <see cref="ReadDecimal"/> stays small enough to inline.</summary>
    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private void ThrowBadDecimalFlags(int flags)
    {
        _position -= 16;
        throw Malformed($"a Decimal's flags word 0x{flags:X8} is not valid (scale {(flags >> 16) & 0xFF}, at most 28; reserved bits must be 0)");
    }

    /// <summary>Reads a <see cref="DateTime"/> written with <see cref="DateTime.ToBinary"/>.</summary>
    /// <returns>The value read, with its <see cref="DateTime.Kind"/>.</returns>
    /// <exception cref="FastSerializationException">The 8 bytes are not a valid <see cref="DateTime.ToBinary"/> value.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public DateTime ReadDateTime()
    {
        long binary = ReadInt64();

        // The two top bits are the kind: Unspecified (0) and Utc (1) carry their ticks as they are, which FromBinary
        // accepts up to MaxValue's; Local (2, 3) carries UTC ticks that FromBinary converts. Only the first case is
        // inlined; the rest goes through FromBinary's own checks.
        ulong ticks = (ulong)binary & 0x3FFF_FFFF_FFFF_FFFFUL;
        return (ulong)binary >> 62 <= 1 && ticks <= (ulong)DateTime.MaxValue.Ticks
            ? new DateTime((long)ticks, (ulong)binary >> 62 == 0 ? DateTimeKind.Unspecified : DateTimeKind.Utc)
            : ReadDateTimeSlow(binary);
    }

    /// <summary>A <see cref="DateTime"/> of kind Local, or one whose ticks are out of range (refused).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private DateTime ReadDateTimeSlow(long binary)
    {
        try
        {
            return DateTime.FromBinary(binary);
        }
        catch (ArgumentException ex)
        {
            _position -= 8;
            throw ThrowHelper.Malformed($"0x{binary:X16} is not a valid DateTime", _position, _typeId, ex);
        }
    }

    /// <summary>Reads a <see cref="TimeSpan"/> from its ticks.</summary>
    /// <returns>The value read.</returns>
    public TimeSpan ReadTimeSpan() => new(ReadInt64());

    /// <summary>Reads a <see cref="DateTimeOffset"/>: 8 bytes of local ticks, 2 bytes of offset in minutes.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The ticks or the offset are out of range.</exception>
    public DateTimeOffset ReadDateTimeOffset()
    {
        ReadOnlySpan<byte> span = Take(10, "DateTimeOffset");
        long ticks = BinaryPrimitives.ReadInt64LittleEndian(span);
        short minutes = BinaryPrimitives.ReadInt16LittleEndian(span.Slice(8));
        try
        {
            return new DateTimeOffset(ticks, TimeSpan.FromTicks(minutes * TimeSpan.TicksPerMinute));
        }
        catch (ArgumentException ex)
        {
            _position -= 10;
            throw ThrowHelper.Malformed($"ticks {ticks} with an offset of {minutes} minutes is not a valid DateTimeOffset", _position, _typeId, ex);
        }
    }

    /// <summary>Reads a <see cref="Guid"/>: 16 bytes in the order of <see cref="Guid.ToByteArray()"/>.</summary>
    /// <returns>The value read.</returns>
    public Guid ReadGuid()
    {
        ReadOnlySpan<byte> span = Take(16, "Guid");
#if NET
        return new Guid(span);
#else
        return BitConverter.IsLittleEndian ? MemoryMarshal.Read<Guid>(span) : new Guid(span.ToArray());
#endif
    }

    /// <summary>Reads an unsigned LEB128 varint of at most 5 bytes, in its shortest form.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is longer than 5 bytes, overflows 32 bits, is not in its shortest form, or is cut off by the frame's end.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadVarUInt32() => TryReadShortVarUInt(out uint value) ? value : ReadVarUInt32Slow("VarUInt32");

    /// <summary>
    /// Reads a varint of one to three bytes (a value below 2^21) inline, the common case; false, with nothing
    /// read, for a longer varint and for every malformed or cut-off one, which the checked loop then reads.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadShortVarUInt(out uint value)
    {
        // The frame lies in the data (checked by the constructor): no bounds check.
        int length = VarInt.TryDecodeShort(ref MemoryMarshal.GetReference(_data), _position, _end, out value);
        if (length == 0)
        {
            return false;
        }

        _position += length;
        return true;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private uint ReadVarUInt32Slow(string what)
    {
        if (TryReadVarUIntWord(VarInt.MaxLength32, uint.MaxValue, out ulong word))
        {
            return (uint)word;
        }

        ulong value = ReadVarUInt(VarInt.MaxLength32, what);
        if (value > uint.MaxValue)
        {
            _position -= VarInt.MaxLength32;
            throw Malformed($"a {what} overflows 32 bits");
        }

        return (uint)value;
    }

    /// <summary>Reads a <see cref="decimal"/> written by <see cref="FastBinaryWriter.WriteVarDecimal"/> (generated code, docs/FORMAT.md section 3a).</summary>
    /// <returns>The value read, with the scale and sign it was written with.</returns>
    /// <exception cref="FastSerializationException">
    /// The head byte has a scale over 28 or its reserved bit 5 set, a varint is malformed, or the high-word bit is
    /// set with a high word of 0 (not the shortest form).
    /// </exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public decimal ReadVarDecimal()
    {
        int start = _position;
        byte head = TakeRef(1, "VarDecimal");
        if ((head & 0x3F) > 28)
        {
            ThrowBadVarDecimalHead(start, head); // a scale over 28, or bit 5 (reserved) set
        }

        ulong low = ReadVarUInt64();
        uint hi = (head & 0x40) != 0 ? ReadVarDecimalHighWord(start) : 0;
        return new decimal((int)(uint)low, (int)(uint)(low >> 32), (int)hi, (head & 0x80) != 0, (byte)(head & 0x1F));
    }

    /// <summary>The high word of a <see cref="ReadVarDecimal"/> whose head announces one (values of 2^64 and more): out of line.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private uint ReadVarDecimalHighWord(int start)
    {
        uint hi = ReadVarUInt32();
        if (hi == 0)
        {
            _position = start;
            throw Malformed("a VarDecimal is not in its shortest form (its head byte announces a high word, and the high word is 0)");
        }

        return hi;
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private void ThrowBadVarDecimalHead(int start, byte head)
    {
        _position = start;
        throw Malformed($"a VarDecimal's head byte 0x{head:X2} is not valid (scale {head & 0x1F}, at most 28; bit 5 is reserved and must be 0)");
    }

    /// <summary>Reads an unsigned LEB128 varint of at most 10 bytes, in its shortest form.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is malformed, as for <see cref="ReadVarUInt32"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadVarUInt64() => TryReadShortVarUInt(out uint value) ? value : ReadVarUInt64Slow();

    [MethodImpl(MethodImplOptions.NoInlining)]
    private ulong ReadVarUInt64Slow() =>
        TryReadVarUIntWord(VarInt.MaxLength64, ulong.MaxValue, out ulong value) ? value : ReadVarUInt(VarInt.MaxLength64, "VarUInt64");

    /// <summary>
    /// Reads a well-formed varint of up to 8 bytes (and at most <paramref name="maxBytes"/>, of at most
    /// <paramref name="maxValue"/>) in one 8-byte load, when the data holds 8 bytes from here; false, with nothing read,
    /// for anything else (longer, cut off by the frame, not in its shortest form, too long or too large), which
    /// <see cref="ReadVarUInt"/> then reads or refuses.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadVarUIntWord(int maxBytes, ulong maxValue, out ulong value)
    {
        int length = VarInt.TryDecodeAt(_data, _position, _end, maxBytes, maxValue, out value);
        if (length == 0)
        {
            return false;
        }

        _position += length;
        return true;
    }

    private ulong ReadVarUInt(int maxBytes, string what)
    {
        // The bytes the varint may take, cut at the frame's end: one bounds check for the whole varint
        // rather than one per byte.
        int start = _position;
        int available = _end - start;
        ReadOnlySpan<byte> window = _data.Slice(start, available < maxBytes ? available : maxBytes);
        ulong value = 0;
        for (int i = 0; i < window.Length; i++)
        {
            byte b = window[i];
            ulong group = (ulong)(b & 0x7F);
            if (i == 9 && group > 1)
            {
                throw ThrowHelper.Malformed($"a {what} overflows 64 bits", start, _typeId);
            }

            value |= group << (7 * i);
            if (b < 0x80)
            {
                if (b == 0 && i > 0)
                {
                    throw ThrowHelper.Malformed($"a {what} is not in its shortest form (a final 0x00 byte after {i} byte(s))", start, _typeId);
                }

                _position = start + i + 1;
                return value;
            }
        }

        if (window.Length < maxBytes)
        {
            ThrowHelper.ThrowTruncated(what, start, _typeId, window.Length + 1, available);
        }

        throw ThrowHelper.Malformed($"a {what} is longer than {maxBytes} bytes", start, _typeId);
    }

    /// <summary>Reads a <see cref="short"/> written as a zigzag varint (<see cref="FastBinaryWriter.WriteVarInt16"/>; generated code, docs/FORMAT.md section 3a).</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is malformed or its value is outside the range of a <see cref="short"/>.</exception>
    public short ReadVarInt16()
    {
        int start = _position;
        int value = ReadVarInt32();
        if (value < short.MinValue || value > short.MaxValue)
        {
            _position = start;
            throw ThrowHelper.Malformed($"the varint {value} is outside the range of a 16-bit integer", start, _typeId);
        }

        return (short)value;
    }

    /// <summary>Reads a <see cref="ushort"/> written as a varint (<see cref="FastBinaryWriter.WriteVarUInt16"/>; generated code, docs/FORMAT.md section 3a).</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is malformed or its value is over 65,535.</exception>
    public ushort ReadVarUInt16()
    {
        int start = _position;
        uint value = ReadVarUInt32();
        if (value > ushort.MaxValue)
        {
            _position = start;
            throw ThrowHelper.Malformed($"the varint {value} is outside the range of an unsigned 16-bit integer", start, _typeId);
        }

        return (ushort)value;
    }

    /// <summary>Reads a zigzag-encoded signed varint of at most 5 bytes.</summary>
    /// <returns>The value read.</returns>
    public int ReadVarInt32()
    {
        uint n = ReadVarUInt32();
        return (int)(n >> 1) ^ -(int)(n & 1);
    }

    /// <summary>Reads a zigzag-encoded signed varint of at most 10 bytes.</summary>
    /// <returns>The value read.</returns>
    public long ReadVarInt64()
    {
        ulong n = ReadVarUInt64();
        return (long)(n >> 1) ^ -(long)(n & 1);
    }

    /// <summary>Reads an enum from its underlying integer type (1, 2, 4 or 8 bytes, little-endian).</summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <returns>The value read; any value of the underlying type is accepted, named or not.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TEnum ReadEnum<TEnum>()
        where TEnum : unmanaged, Enum =>
        LittleEndian.ReadEnum<TEnum>(ref TakeRef(Unsafe.SizeOf<TEnum>(), LittleEndian.EnumWhat<TEnum>()));

    /// <summary>Reads <paramref name="count"/> bytes written with <see cref="FastBinaryWriter.WriteRaw"/>, without copying them.</summary>
    /// <param name="count">The number of bytes.</param>
    /// <returns>A slice of the input; valid as long as the input is.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer bytes left.</exception>
    public ReadOnlySpan<byte> ReadRaw(int count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowNegativeCount(count);
        }

        return Take(count, "raw bytes");
    }

    /// <summary>Reads <paramref name="count"/> raw bytes into a new array, as <see cref="System.IO.BinaryReader.ReadBytes"/> does.</summary>
    /// <param name="count">The number of bytes.</param>
    /// <returns>A new array.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer bytes left (checked before anything is allocated).</exception>
    public byte[] ReadBytes(int count) => ReadRaw(count).ToArray();

    /// <summary>Reads a byte array written with <see cref="FastBinaryWriter.Write(byte[])"/>.</summary>
    /// <returns>A new array, or null.</returns>
    /// <exception cref="FastSerializationException">The length runs past the frame (checked before anything is allocated).</exception>
    public byte[]? ReadByteArray()
    {
        int length = ReadLengthPrefix("byte array");
        return length < 0 ? null : Take(length, "byte array").ToArray();
    }

    /// <summary>
    /// Reads bytes written with <see cref="FastBinaryWriter.Write(ReadOnlySpan{byte})"/> without copying
    /// them. A null array reads as an empty span.
    /// </summary>
    /// <returns>A slice of the input; valid as long as the input is.</returns>
    public ReadOnlySpan<byte> ReadByteSpan()
    {
        int length = ReadLengthPrefix("byte array");
        return length < 0 ? default : Take(length, "byte array");
    }

    /// <summary>Reads a <c>N</c> prefix (0 = null); returns -1 for null, otherwise <c>N - 1</c>, checked against the frame.</summary>
    private int ReadLengthPrefix(string what)
    {
        int start = _position;
        uint n = ReadVarUInt32();
        if (n == 0)
        {
            return -1;
        }

        uint length = n - 1;
        if (length > (uint)(_end - _position))
        {
            _position = start;
            ThrowHelper.ThrowLengthPastFrame(what, start, _typeId, length, _end - (start + VarInt.Size(n)));
        }

        return (int)length;
    }
}
