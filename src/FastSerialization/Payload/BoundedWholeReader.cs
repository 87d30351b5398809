using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastSerialization;

/// <summary>
/// Every member of a small nested struct read at once, on the assumption that the frame holds all of them: the bytes
/// from the struct's first member up to the most its payload can take (its largest payload), read at an offset kept in a
/// register, with no test of the frame's end between members and no exception. Whether the assumption held is decided
/// once, at the end, by <see cref="BoundedRunReader.TryEndWhole"/>: every value well-formed and the last one ending inside
/// the frame. When it did not (a struct written by an older version, with fewer members, or malformed bytes), nothing read
/// through this reader may be used: the caller reads the members again through the <see cref="BoundedRunReader"/>, which
/// leaves missing members at their defaults and reports a malformed value with its exception and offset.
/// </summary>
/// <remarks>
/// <para>
/// Get one from <see cref="BoundedRunReader.TryBeginWhole"/>. The source generator reads the members of a
/// <c>[BinarySerializable]</c> struct whose members are all fixed-width primitives, compact integers, enums or nullables
/// of those this way first, into locals, and sets them only when <see cref="BoundedRunReader.TryEndWhole"/> returns true.
/// </para>
/// <para>
/// Values decode exactly as the <see cref="BoundedRunReader"/> methods of the same names decode them; a value the
/// <see cref="BoundedRunReader"/> would refuse (a <see cref="bool"/> that is neither 0 nor 1, a varint that is too long,
/// overflows or is not in its shortest form, a 16-bit varint out of range) is not refused here but marks the read as
/// failed; so does a 32-bit varint cut off by the end of the bytes given (which cannot happen when the members are read in
/// the order the largest payload was measured in: from where a member starts, the bytes hold its largest encoding). No value takes more bytes than its largest encoding, malformed or not (a varint the reader would refuse
/// takes one byte here; a 16-bit varint at most three), so the reads of one version of a struct never take more than its
/// largest payload; reading past the largest payload given to <see cref="BoundedRunReader.TryBeginWhole"/> throws
/// <see cref="ArgumentOutOfRangeException"/> or <see cref="IndexOutOfRangeException"/>.
/// </para>
/// </remarks>
[System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
public ref struct BoundedWholeReader
{
    private readonly ReadOnlySpan<byte> _bytes;
    private int _offset;
    private bool _malformed;

    /// <summary>A reader of <paramref name="bytes"/>, the largest payload's bytes from the struct's first member.</summary>
    internal BoundedWholeReader(ReadOnlySpan<byte> bytes)
    {
        _bytes = bytes;
        _offset = 0;
        _malformed = false;
    }

    /// <summary>How many bytes the values read so far took, from the struct's first member.</summary>
    public readonly int Offset => _offset;

    /// <summary>True when a value read so far is one the <see cref="BoundedRunReader"/> would refuse.</summary>
    public readonly bool Malformed => _malformed;

    /// <summary>Reads a <see cref="bool"/>: one byte; a byte other than 0 or 1 marks the read as failed.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool ReadBoolean()
    {
        byte b = _bytes[_offset];
        _offset++;
        _malformed |= b > 1;
        return b != 0;
    }

    /// <summary>Reads a <see cref="byte"/>.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public byte ReadByte() => _bytes[_offset++];

    /// <summary>Reads an <see cref="sbyte"/>.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public sbyte ReadSByte() => unchecked((sbyte)_bytes[_offset++]);

    /// <summary>Reads a <see cref="short"/> (2 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public short ReadInt16() => BinaryPrimitives.ReadInt16LittleEndian(Take(2));

    /// <summary>Reads a <see cref="ushort"/> (2 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadUInt16() => BinaryPrimitives.ReadUInt16LittleEndian(Take(2));

    /// <summary>Reads a <see cref="char"/> (one UTF-16 code unit, 2 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public char ReadChar() => (char)BinaryPrimitives.ReadUInt16LittleEndian(Take(2));

    /// <summary>Reads an <see cref="int"/> (4 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32() => BinaryPrimitives.ReadInt32LittleEndian(Take(4));

    /// <summary>Reads a <see cref="uint"/> (4 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32() => BinaryPrimitives.ReadUInt32LittleEndian(Take(4));

    /// <summary>Reads a <see cref="long"/> (8 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64() => BinaryPrimitives.ReadInt64LittleEndian(Take(8));

    /// <summary>Reads a <see cref="ulong"/> (8 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64() => BinaryPrimitives.ReadUInt64LittleEndian(Take(8));

    /// <summary>Reads a <see cref="float"/> from its IEEE 754 bits (4 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public float ReadSingle() => BitConversions.UInt32ToSingle(BinaryPrimitives.ReadUInt32LittleEndian(Take(4)));

    /// <summary>Reads a <see cref="double"/> from its IEEE 754 bits (8 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double ReadDouble() => BitConversions.UInt64ToDouble(BinaryPrimitives.ReadUInt64LittleEndian(Take(8)));

    /// <summary>Reads an enum from its underlying integer type (1, 2, 4 or 8 bytes, little-endian), as <see cref="BoundedRunReader.ReadEnum{TEnum}"/> does.</summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <returns>The value read; any value of the underlying type is accepted, named or not.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TEnum ReadEnum<TEnum>()
        where TEnum : unmanaged, Enum =>
        LittleEndian.ReadEnum<TEnum>(ref MemoryMarshal.GetReference(Take(Unsafe.SizeOf<TEnum>())));

    /// <summary>Reads an unsigned varint of at most 5 bytes, as <see cref="BoundedRunReader.ReadVarUInt32"/> does, inline; one it would refuse (or one cut off by the end of the bytes) marks the read as failed.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadVarUInt32()
    {
        int offset = _offset;
        ReadOnlySpan<byte> bytes = _bytes;
        int length;
        uint value;

        // One test for the three bytes of the common forms, none per byte: when the members are read in the order the
        // largest payload was measured in, the bytes hold five from here (a 32-bit varint's largest encoding), so only
        // a read in another order, which nothing generated does, takes the byte-by-byte path below.
        if ((uint)offset + 2u < (uint)bytes.Length)
        {
            ref byte next = ref Unsafe.Add(ref MemoryMarshal.GetReference(bytes), (nint)(uint)offset);
            uint first = next;
            if (first < 0x80)
            {
                _offset = offset + 1;
                return first;
            }

            uint second = Unsafe.Add(ref next, 1);
            if (second - 1u < 0x7Fu)
            {
                _offset = offset + 2;
                return (first & 0x7Fu) | (second << 7);
            }

            if (second >= 0x80)
            {
                uint third = Unsafe.Add(ref next, 2);
                if (third - 1u < 0x7Fu)
                {
                    _offset = offset + 3;
                    return (first & 0x7Fu) | ((second & 0x7Fu) << 7) | (third << 14);
                }
            }

            // Not a form of one to three bytes: one of four or five, or malformed. No call here: a value live across a
            // call in the element loop that inlines this would be kept in memory.
            length = TryDecodeLong32(bytes, offset, out value);
        }
        else
        {
            // Fewer than three bytes left: byte by byte (no varint of four or five bytes fits).
            length = VarInt.TryDecodeShort(ref MemoryMarshal.GetReference(bytes), offset, bytes.Length, out value);
        }

        if (length == 0)
        {
            _malformed = true;
            length = 1;
        }

        _offset = offset + length;
        return value;
    }

    /// <summary>
    /// A well-formed varint of four or five bytes at <paramref name="offset"/> (in its shortest form, at most
    /// <see cref="uint.MaxValue"/>) that lies within the bytes, decoded inline from one 4-byte load: its length, or 0, with
    /// nothing read, for anything else. Accepts exactly the four- and five-byte varints <see cref="VarInt.TryDecodeChecked"/>
    /// accepts for a 32-bit value, with the same value, when the bytes hold them: the bytes hold a member's largest encoding
    /// from where it starts (five bytes for a 32-bit varint) when the members are read in the order the largest payload was
    /// measured in, as the generated code reads them. A varint cut off by the end of the bytes (read in another order) gives
    /// 0, and the read fails: the member-by-member read then reads it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int TryDecodeLong32(ReadOnlySpan<byte> bytes, int offset, out uint value)
    {
        int left = bytes.Length - offset;
        if (left >= sizeof(uint))
        {
            ref byte start = ref Unsafe.Add(ref MemoryMarshal.GetReference(bytes), (nint)(uint)offset);
            uint word = LittleEndian.ReadUInt32(ref start);
            uint marks = word & 0x80808080u;
            if (marks == 0x00808080u && word >= 0x01000000u)
            {
                // Three bytes with the continuation bit, a fourth without it and not 0 (the shortest form).
                value = Groups(word);
                return 4;
            }

            if (marks == 0x80808080u && left >= VarInt.MaxLength32)
            {
                // Four bytes with the continuation bit, a fifth of 1 to 15: not 0 (the shortest form), no bit past 32.
                uint fifth = Unsafe.Add(ref start, 4);
                if (fifth - 1u < 0x0Fu)
                {
                    value = Groups(word) | (fifth << 28);
                    return 5;
                }
            }
        }

        value = 0;
        return 0;
    }

    /// <summary>The four 7-bit groups of the first four bytes of a varint (<paramref name="word"/>, little-endian), packed: computed only once the form is known, so that the JIT holds no partial value across the tests.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Groups(uint word) =>
        (word & 0x7Fu) | ((word >> 1) & (0x7Fu << 7)) | ((word >> 2) & (0x7Fu << 14)) | ((word >> 3) & (0x7Fu << 21));

    /// <summary>Reads an unsigned varint of at most 10 bytes, as <see cref="BoundedRunReader.ReadVarUInt64"/> does; one it would refuse marks the read as failed.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadVarUInt64()
    {
        int offset = _offset;
        int length = VarInt.TryDecodeShort(ref MemoryMarshal.GetReference(_bytes), offset, _bytes.Length, out uint value);
        if (length != 0)
        {
            _offset = offset + length;
            return value;
        }

        length = ReadLongVarUInt(_bytes, offset, VarInt.MaxLength64, ulong.MaxValue, out ulong result);
        _offset = offset + length;
        return result;
    }

    /// <summary>Reads a zigzag-encoded signed varint of at most 5 bytes, as <see cref="BoundedRunReader.ReadVarInt32"/> does.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadVarInt32()
    {
        uint n = ReadVarUInt32();
        return (int)(n >> 1) ^ -(int)(n & 1);
    }

    /// <summary>Reads a zigzag-encoded signed varint of at most 10 bytes, as <see cref="BoundedRunReader.ReadVarInt64"/> does.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadVarInt64()
    {
        ulong n = ReadVarUInt64();
        return (long)(n >> 1) ^ -(long)(n & 1);
    }

    /// <summary>Reads a <see cref="short"/> written as a zigzag varint, as <see cref="BoundedRunReader.ReadVarInt16()"/> does; a value out of range marks the read as failed.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public short ReadVarInt16()
    {
        uint n = ReadShortVarUInt();
        int value = (int)(n >> 1) ^ -(int)(n & 1);
        _malformed |= value != unchecked((short)value);
        return unchecked((short)value);
    }

    /// <summary>Reads a <see cref="ushort"/> written as a varint, as <see cref="BoundedRunReader.ReadVarUInt16()"/> does; a value over 65,535 marks the read as failed.</summary>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadVarUInt16()
    {
        uint value = ReadShortVarUInt();
        _malformed |= value > ushort.MaxValue;
        return unchecked((ushort)value);
    }

    /// <summary>
    /// A varint of at most three bytes, the most a 16-bit value takes (at most 2^17 - 1 once zigzag-encoded): a longer one
    /// is out of range or malformed, which marks the read as failed, and takes one byte, so that no value takes more than
    /// its bound.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private uint ReadShortVarUInt()
    {
        int offset = _offset;
        int length = VarInt.TryDecodeShort(ref MemoryMarshal.GetReference(_bytes), offset, _bytes.Length, out uint value);
        if (length == 0)
        {
            _malformed = true;
            length = 1;
        }

        _offset = offset + length;
        return value;
    }

    /// <summary>
    /// A varint of four bytes or more, or one the reader would refuse, decoded out of line (<see cref="VarInt.TryDecodeChecked"/>,
    /// static, so that the reader itself stays in registers). Returns its length; for a varint the reader would refuse, marks
    /// the read as failed and returns 1: any length inside the bytes would do, as nothing read is used.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int ReadLongVarUInt(ReadOnlySpan<byte> bytes, int offset, int maxBytes, ulong maxValue, out ulong value)
    {
        int length = VarInt.TryDecodeChecked(bytes, offset, maxBytes, maxValue, out value);
        if (length == 0)
        {
            _malformed = true;
            return 1;
        }

        return length;
    }

    /// <summary>The next <paramref name="count"/> bytes, and moves past them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ReadOnlySpan<byte> Take(int count)
    {
        int offset = _offset;
        _offset = offset + count;
        return _bytes.Slice(offset, count);
    }
}
