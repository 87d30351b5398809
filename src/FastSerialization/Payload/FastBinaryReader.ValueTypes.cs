using System;
using System.Numerics;
#if NET
using System.Text;
#endif

namespace FastSerialization;

// The rest of the base library's value types (docs/FORMAT.md section 2b), as FastBinaryWriter.ValueTypes.cs writes them.
public ref partial struct FastBinaryReader
{
#if NET
    /// <summary>Reads a <see cref="DateOnly"/> from its day number: 4 bytes, little-endian. Not in the netstandard2.0 build.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The day number is outside 0 .. 3,652,058 (January 1 of the year 1 to December 31, 9999).</exception>
    public DateOnly ReadDateOnly()
    {
        int start = _position;
        return ToDateOnly(ReadInt32(), start);
    }

    /// <summary>Reads a <see cref="DateOnly"/> written by <see cref="FastBinaryWriter.WriteVarDateOnly"/> (generated code, docs/FORMAT.md section 3a). Not in the netstandard2.0 build.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is malformed, or the day number is outside 0 .. 3,652,058.</exception>
    public DateOnly ReadVarDateOnly()
    {
        int start = _position;
        return ToDateOnly(ReadVarInt32(), start);
    }

    private DateOnly ToDateOnly(int dayNumber, int start)
    {
        if ((uint)dayNumber > (uint)DateOnly.MaxValue.DayNumber)
        {
            _position = start;
            throw Malformed($"the day number {dayNumber} is not a DateOnly (0 .. {DateOnly.MaxValue.DayNumber})");
        }

        return DateOnly.FromDayNumber(dayNumber);
    }

    /// <summary>Reads a <see cref="TimeOnly"/> from its ticks: 8 bytes, little-endian. Not in the netstandard2.0 build.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The ticks are outside 0 .. 863,999,999,999 (one day less one tick).</exception>
    public TimeOnly ReadTimeOnly()
    {
        int start = _position;
        long ticks = ReadInt64();
        if ((ulong)ticks > (ulong)TimeOnly.MaxValue.Ticks)
        {
            _position = start;
            throw Malformed($"{ticks} ticks is not a TimeOnly (0 .. {TimeOnly.MaxValue.Ticks})");
        }

        return new TimeOnly(ticks);
    }

    /// <summary>Reads an <see cref="Int128"/>: 16 bytes, two's complement, little-endian (the low 64 bits first). Not in the netstandard2.0 build.</summary>
    /// <returns>The value read.</returns>
    public Int128 ReadInt128() => (Int128)ReadUInt128("Int128");

    /// <summary>Reads a <see cref="UInt128"/>: 16 bytes, little-endian (the low 64 bits first). Not in the netstandard2.0 build.</summary>
    /// <returns>The value read.</returns>
    public UInt128 ReadUInt128() => ReadUInt128("UInt128");

    private UInt128 ReadUInt128(string what)
    {
        ref byte start = ref TakeRef(16, what);
        return new UInt128(LittleEndian.ReadUInt64(ref System.Runtime.CompilerServices.Unsafe.Add(ref start, 8)), LittleEndian.ReadUInt64(ref start));
    }

    /// <summary>Reads an <see cref="Int128"/> written by <see cref="FastBinaryWriter.WriteVarInt128"/> (zigzag, then unsigned LEB128). Not in the netstandard2.0 build.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is malformed, as for <see cref="ReadVarUInt128()"/>.</exception>
    public Int128 ReadVarInt128()
    {
        UInt128 n = ReadVarUInt128("VarInt128");
        return (Int128)(n >> 1) ^ -(Int128)(n & 1);
    }

    /// <summary>Reads a <see cref="UInt128"/> written by <see cref="FastBinaryWriter.WriteVarUInt128"/>: unsigned LEB128 of at most 19 bytes, in its shortest form. Not in the netstandard2.0 build.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">
    /// The varint is longer than 19 bytes, overflows 128 bits (a 19th byte over <c>03</c>), is not in its shortest form
    /// (a last byte of <c>00</c> after another byte), or is cut off by the frame's end.
    /// </exception>
    public UInt128 ReadVarUInt128() => ReadVarUInt128("VarUInt128");

    private UInt128 ReadVarUInt128(string what)
    {
        int start = _position;
        int available = _end - start;
        ReadOnlySpan<byte> window = _data.Slice(start, Math.Min(available, FastBinaryWriter.MaxVarInt128Length));
        UInt128 value = UInt128.Zero;
        for (int i = 0; i < window.Length; i++)
        {
            byte b = window[i];
            uint group = (uint)(b & 0x7F);
            if (i == FastBinaryWriter.MaxVarInt128Length - 1 && group > 0x03)
            {
                throw ThrowHelper.Malformed($"a {what} overflows 128 bits (its 19th byte is 0x{b:X2}, at most 0x03)", start, _typeId);
            }

            value |= (UInt128)group << (7 * i);
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

        if (window.Length < FastBinaryWriter.MaxVarInt128Length)
        {
            ThrowHelper.ThrowTruncated(what, start, _typeId, window.Length + 1, available);
        }

        throw ThrowHelper.Malformed($"a {what} is longer than {FastBinaryWriter.MaxVarInt128Length} bytes", start, _typeId);
    }

    /// <summary>Reads a <see cref="Rune"/> from its scalar value: 4 bytes, little-endian. Not in the netstandard2.0 build.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The value is not a Unicode scalar value (a surrogate code point, a negative value or one over 0x10FFFF).</exception>
    public Rune ReadRune()
    {
        int start = _position;
        int value = ReadInt32();
        if (!Rune.IsValid(value))
        {
            _position = start;
            throw Malformed($"0x{value:X} is not a Unicode scalar value, so not a Rune (0 .. 0xD7FF or 0xE000 .. 0x10FFFF)");
        }

        return new Rune(value);
    }
#endif

    /// <summary>
    /// Reads a <see cref="BigInteger"/>: a varuint32 byte count <c>N</c>, then <c>N</c> bytes of two's complement,
    /// little-endian, in the shortest form.
    /// </summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">
    /// <c>N</c> is 0, over <see cref="CustomBinaryFormatterOptions.MaxBigIntegerBytes"/> (default 4,096), or past the
    /// frame's end (each checked before anything is allocated); or the bytes are not the shortest form (a last byte that
    /// only repeats the sign of the one before: <c>00</c> after a byte below <c>80</c>, <c>FF</c> after one of
    /// <c>80</c> or more).
    /// </exception>
    public BigInteger ReadBigInteger()
    {
        int start = _position;
        uint count = ReadVarUInt32();
        if (count == 0 || count > (uint)Limits.MaxBigIntegerBytes)
        {
            _position = start;
            throw Malformed(count == 0
                ? "a BigInteger has a byte count of 0 (zero is the one byte 0x00)"
                : $"a BigInteger of {count} bytes is longer than the limit of {Limits.MaxBigIntegerBytes} (raise CustomBinaryFormatterOptions.MaxBigIntegerBytes if such numbers are expected)");
        }

        if (count > (uint)(_end - _position))
        {
            _position = start;
            ThrowHelper.ThrowLengthPastFrame("BigInteger", start, _typeId, count, _end - (start + VarInt.Size(count)));
        }

        ReadOnlySpan<byte> bytes = Take((int)count, "BigInteger");
        if (count > 1)
        {
            byte last = bytes[(int)count - 1];
            byte before = bytes[(int)count - 2];
            if ((last == 0x00 && before < 0x80) || (last == 0xFF && before >= 0x80))
            {
                _position = start;
                throw Malformed($"a BigInteger of {count} bytes is not in its shortest form (its last byte 0x{last:X2} only repeats the sign of the byte before)");
            }
        }

#if NET
        return new BigInteger(bytes);
#else
        return new BigInteger(bytes.ToArray());
#endif
    }

    /// <summary>Reads a <see cref="Complex"/>: its real part, then its imaginary part, each a double (8 bytes, bit-exact).</summary>
    /// <returns>The value read.</returns>
    public Complex ReadComplex()
    {
        double real = ReadDouble();
        double imaginary = ReadDouble();
        return new Complex(real, imaginary);
    }

    /// <summary>
    /// Reads a <see cref="Uri"/> written by <see cref="FastBinaryWriter.Write(Uri)"/>: a string (null kept), made into a
    /// URI with <see cref="UriKind.RelativeOrAbsolute"/>, except that a string starting with <c>/</c> is a relative URI on
    /// every platform (docs/FORMAT.md section 2b).
    /// </summary>
    /// <returns>The value read, or null.</returns>
    /// <exception cref="FastSerializationException">The string is malformed, or it is not a URI (<see cref="Uri.TryCreate(string, UriKind, out Uri)"/> refuses it).</exception>
    public Uri? ReadUri()
    {
        int start = _position;
        string? text = ReadString();
        if (text is null)
        {
            return null;
        }

        Uri? uri = UriText.Parse(text);
        if (uri is null)
        {
            _position = start;
            throw Malformed($"the string \"{Shorten(text)}\" is not a URI");
        }

        return uri;
    }

    /// <summary>Reads a <see cref="Version"/> written by <see cref="FastBinaryWriter.Write(Version)"/>: a string (null kept) in the form <see cref="Version.ToString()"/> gives.</summary>
    /// <returns>The value read, or null.</returns>
    /// <exception cref="FastSerializationException">
    /// The string is malformed, is not a version of 2 to 4 numbers, or is not in the form <see cref="Version.ToString()"/>
    /// writes (leading zeros, a sign or spaces: <c>01.2</c> is refused, <c>1.2</c> is the one form of that version).
    /// </exception>
    public Version? ReadVersion()
    {
        int start = _position;
        string? text = ReadString();
        if (text is null)
        {
            return null;
        }

        if (!Version.TryParse(text, out Version? version) || !string.Equals(version.ToString(), text, StringComparison.Ordinal))
        {
            _position = start;
            throw Malformed($"the string \"{Shorten(text)}\" is not a Version as Version.ToString() writes it (2 to 4 numbers without leading zeros, such as 1.2 or 1.2.3.4)");
        }

        return version;
    }

    /// <summary>A string cut for a message: hostile input may be megabytes long.</summary>
    private static string Shorten(string text) => text.Length <= 64 ? text : text.Substring(0, 64) + "...";
}
