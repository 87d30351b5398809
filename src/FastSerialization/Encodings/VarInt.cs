using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>Sizes of unsigned LEB128 varints (docs/FORMAT.md section 2).</summary>
internal static class VarInt
{
    /// <summary>The most bytes a varuint32 may take.</summary>
    public const int MaxLength32 = 5;

    /// <summary>The most bytes a varuint64 may take.</summary>
    public const int MaxLength64 = 10;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Size(uint value) =>
        value < 1u << 7 ? 1 : value < 1u << 14 ? 2 : value < 1u << 21 ? 3 : value < 1u << 28 ? 4 : 5;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Size(ulong value)
    {
        int size = 1;
        while (value >= 0x80)
        {
            value >>= 7;
            size++;
        }

        return size;
    }

    /// <summary>
    /// Reads a varint of one to three bytes (a value below 2^21) at <paramref name="position"/>, in its shortest form and
    /// ending before <paramref name="end"/>: the common case, inline, one byte at a time. Returns its length; 0, with
    /// nothing read, for a longer varint and for every malformed or cut-off one, which the caller's checked path then
    /// reads or refuses.
    /// </summary>
    /// <param name="data">The data's first byte; the caller guarantees that <paramref name="end"/> lies within the data.</param>
    /// <param name="position">Where the varint starts.</param>
    /// <param name="end">The end of the frame it must lie in.</param>
    /// <param name="value">The value read, or 0.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int TryDecodeShort(ref byte data, int position, int end, out uint value)
    {
        if (position < end)
        {
            ref byte next = ref Unsafe.Add(ref data, (nint)(uint)position);
            uint first = next;
            if (first < 0x80)
            {
                value = first;
                return 1;
            }

            if (position + 1 < end)
            {
                uint second = Unsafe.Add(ref next, 1);
                if (second - 1u < 0x7Fu)
                {
                    value = (first & 0x7Fu) | (second << 7);
                    return 2;
                }

                if (second >= 0x80 && position + 2 < end)
                {
                    uint third = Unsafe.Add(ref next, 2);
                    if (third - 1u < 0x7Fu)
                    {
                        value = (first & 0x7Fu) | ((second & 0x7Fu) << 7) | (third << 14);
                        return 3;
                    }
                }
            }
        }

        value = 0;
        return 0;
    }

    /// <summary>
    /// Decodes a varint of up to 8 bytes held in <paramref name="word"/> (the 8 bytes from its start, little-endian)
    /// without a loop: finds the first byte without the continuation bit, then packs the 7-bit groups before it.
    /// </summary>
    /// <param name="word">The 8 bytes from the varint's start; bytes after the varint may be anything.</param>
    /// <param name="length">The varint's length in bytes, 1 to 8; 0 when none of the 8 bytes ends it.</param>
    /// <returns>The value; meaningless when <paramref name="length"/> is 0.</returns>
    /// <remarks>
    /// It neither checks the shortest form nor a maximum length: callers take the result only when the length is
    /// allowed and the last byte is not a 0 after another byte, and leave every other case to the checked byte loop,
    /// which names the fault.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong DecodeWord(ulong word, out int length)
    {
        ulong ends = ~word & 0x8080808080808080UL;
        if (ends == 0)
        {
            length = 0;
            return 0;
        }

        int stopBit = TrailingZeroCount(ends); // 7, 15, ..., 63: the clear continuation bit of the last byte
        length = (stopBit + 1) >> 3;
        ulong bits = word & 0x7F7F7F7F7F7F7F7FUL & (ulong.MaxValue >> (63 - stopBit));

        // Pack the 7-bit groups: pairs into 14 bits, then 28, then 56.
        bits = (bits & 0x007F007F007F007FUL) | ((bits & 0x7F007F007F007F00UL) >> 1);
        bits = (bits & 0x00003FFF00003FFFUL) | ((bits & 0x3FFF00003FFF0000UL) >> 2);
        return (bits & 0x000000000FFFFFFFUL) | ((bits & 0x0FFFFFFF00000000UL) >> 4);
    }

    /// <summary>
    /// Reads a well-formed varint at <paramref name="position"/> of up to 8 bytes (and at most <paramref name="maxBytes"/>,
    /// of at most <paramref name="maxValue"/>, ending by <paramref name="end"/>) in one 8-byte load, when
    /// <paramref name="data"/> holds 8 bytes from there: the load may reach past <paramref name="end"/>, never past the
    /// data. Returns its length; 0, with nothing read, for anything else (longer, cut off, not in its shortest form, too
    /// long or too large), which the reader's checked loop then reads or refuses with the fault's name.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int TryDecodeAt(ReadOnlySpan<byte> data, int position, int end, int maxBytes, ulong maxValue, out ulong value)
    {
        if (data.Length - position >= sizeof(ulong))
        {
            ulong word = BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(position));
            value = DecodeWord(word, out int length);
            if (length != 0 && length <= maxBytes && length <= end - position && value <= maxValue
                && (length == 1 || (byte)(word >> ((length - 1) * 8)) != 0))
            {
                return length;
            }
        }

        value = 0;
        return 0;
    }

    /// <summary>
    /// Reads a varint at <paramref name="position"/> one byte at a time, accepting exactly what the reader's checked loop
    /// accepts (at most <paramref name="maxBytes"/> bytes, no 64-bit overflow, in its shortest form, of at most
    /// <paramref name="maxValue"/>), within <paramref name="data"/>. Returns its length; 0, with nothing read, for every
    /// varint the reader refuses and for one cut off by the end of <paramref name="data"/>. It names no fault: a caller
    /// that needs the fault reads the varint again through the reader.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int TryDecodeChecked(ReadOnlySpan<byte> data, int position, int maxBytes, ulong maxValue, out ulong value)
    {
        value = 0;
        if ((uint)position >= (uint)data.Length)
        {
            return 0;
        }

        ReadOnlySpan<byte> window = data.Slice(position);
        int limit = window.Length < maxBytes ? window.Length : maxBytes;
        ulong result = 0;
        for (int i = 0; i < limit; i++)
        {
            byte b = window[i];
            ulong group = (ulong)(b & 0x7F);
            if (i == 9 && group > 1)
            {
                return 0; // overflows 64 bits
            }

            result |= group << (7 * i);
            if (b < 0x80)
            {
                if ((b == 0 && i > 0) || result > maxValue)
                {
                    return 0; // not in its shortest form, or too large
                }

                value = result;
                return i + 1;
            }
        }

        return 0; // longer than maxBytes, or cut off
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int TrailingZeroCount(ulong value)
    {
#if NET
        return System.Numerics.BitOperations.TrailingZeroCount(value);
#else
        int count = 0;
        while ((value & 1) == 0)
        {
            value >>= 1;
            count++;
        }

        return count;
#endif
    }

    /// <summary>Writes <paramref name="value"/> at the start of <paramref name="destination"/>, which must be large enough.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Write(System.Span<byte> destination, uint value)
    {
        int i = 0;
        while (value >= 0x80)
        {
            destination[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        destination[i++] = (byte)value;
        return i;
    }

    /// <summary>Writes <paramref name="value"/> at the start of <paramref name="destination"/>, which must be large enough.</summary>
    public static int Write(System.Span<byte> destination, ulong value)
    {
        int i = 0;
        while (value >= 0x80)
        {
            destination[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        destination[i++] = (byte)value;
        return i;
    }
}
