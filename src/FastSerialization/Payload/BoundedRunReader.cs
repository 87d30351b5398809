using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastSerialization;

/// <summary>
/// The payload of a small nested struct, read in sequence from the frame <see cref="FastBinaryReader.BeginBoundedObject{T}"/>
/// took from the reader at once: its position and end stay in registers, where reading each value through the
/// <see cref="FastBinaryReader"/> costs a frame check and a position update through memory. Values decode exactly as the
/// reader's own methods of the same names decode them, and malformed or cut-off values fail the same way, with the same
/// <see cref="FastSerializationException"/> and the same offsets.
/// </summary>
/// <remarks>
/// <para>
/// The source generator reads each element (or member) of a <c>[BinarySerializable]</c> struct type whose members are
/// all fixed-width primitives, compact integers, enums or nullables of those this way; hand-written code may do the same.
/// </para>
/// <para>
/// When <see cref="FastBinaryReader.BeginBoundedObject{T}"/> returns true, read the object's members through it before
/// the next call on the reader, then end it with <see cref="FastBinaryReader.EndBoundedObject{T}"/>. The
/// frame is the object's: <see cref="HasRemaining"/> turns false at its end, so that a struct written by an older
/// version (fewer members) reads with the missing members at their defaults, as through <c>SetDataFrom</c>.
/// </para>
/// </remarks>
[System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
public ref struct BoundedRunReader
{
    private readonly ReadOnlySpan<byte> _data;
    private readonly int _end;
    private readonly int _typeId;
    private int _position;

    /// <summary>A run over <paramref name="data"/> from <paramref name="position"/> to <paramref name="end"/>, which the caller has checked lie in it.</summary>
    internal BoundedRunReader(ReadOnlySpan<byte> data, int position, int end, int typeId)
    {
        _data = data;
        _position = position;
        _end = end;
        _typeId = typeId;
    }

    /// <summary>The offset of the next byte to read, from the start of the reader's data (as <see cref="FastBinaryReader.Position"/>).</summary>
    public readonly int Position => _position;

    /// <summary>The number of bytes left in the object's frame.</summary>
    public readonly int Remaining => _end - _position;

    /// <summary>True when the object's frame has bytes left: the next member was written.</summary>
    public readonly bool HasRemaining => _position < _end;

    /// <summary>Where the object's frame ends, from the start of the reader's data.</summary>
    internal readonly int End => _end;

    /// <summary>The record's type id, for messages.</summary>
    internal readonly int TypeId => _typeId;

    /// <summary>Returns a run over the next <paramref name="length"/> bytes, which the caller has checked are in the frame, and moves past them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal BoundedRunReader TakeObject(int length)
    {
        int position = _position;
        _position = position + length;
        return new BoundedRunReader(_data, position, position + length, _typeId);
    }

    /// <summary>
    /// The run of the nested object at the position, when its length prefix is one to three bytes (a length below
    /// 2^21 - 1), not a null entry, and the object lies inside the frame; false otherwise, with nothing read. Nothing
    /// moves: the object's end is the run's <see cref="End"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal readonly bool TryPeekObject(out BoundedRunReader run)
    {
        int position = _position;
        int size = VarInt.TryDecodeShort(ref MemoryMarshal.GetReference(_data), position, _end, out uint n);
        int start = position + size;

        // n - 1 wraps for a null entry (0) and for a varint TryDecodeShort did not read (0 too): one compare for all three.
        if (n - 1 > (uint)(_end - start))
        {
            run = default;
            return false;
        }

        run = new BoundedRunReader(_data, start, start + (int)(n - 1), _typeId);
        return true;
    }

    /// <summary>Moves to <paramref name="position"/>, which the caller has checked lies in the frame.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void MoveTo(int position) => _position = position;

    /// <summary>
    /// Begins reading every member of the object at once (<see cref="BoundedWholeReader"/>), when the data holds
    /// <paramref name="largestPayload"/> bytes from here: the most the payload of the object's version takes, each member at
    /// its largest encoding. An older writer's payload (fewer members) is shorter than that and may end anywhere, so the
    /// members are read as if all were there, and <see cref="TryEndWhole"/> then checks once that they were.
    /// </summary>
    /// <param name="largestPayload">The most bytes the members read through <paramref name="whole"/> can take.</param>
    /// <param name="whole">The members' reader; empty when this returns false.</param>
    /// <returns>True when the data (not only the frame) holds <paramref name="largestPayload"/> bytes from here; false, with nothing read, otherwise (also for a negative bound).</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool TryBeginWhole(int largestPayload, out BoundedWholeReader whole)
    {
        int position = _position;
        if ((uint)largestPayload > (uint)(_data.Length - position))
        {
            whole = default;
            return false;
        }

#if NET
        // Checked just above: no second check for the slice.
        whole = new BoundedWholeReader(MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref MemoryMarshal.GetReference(_data), (nint)(uint)position), largestPayload));
#else
        whole = new BoundedWholeReader(_data.Slice(position, largestPayload));
#endif
        return true;
    }

    /// <summary>
    /// Ends the reading <see cref="TryBeginWhole"/> began: when every value read through <paramref name="whole"/> was
    /// well-formed and the last one ended inside the object's frame, every member was there, and this run moves past them
    /// (bytes after them, written by a newer version, stay for <see cref="FastBinaryReader.EndBoundedObject{T}"/> or
    /// <see cref="BoundedSequenceReader{T}.EndElement"/>). Otherwise nothing moves: read the members again through this run,
    /// which reads an older writer's members, leaves the missing ones at their defaults and reports a malformed value.
    /// </summary>
    /// <param name="whole">The reader <see cref="TryBeginWhole"/> gave, as the members' reads left it.</param>
    /// <returns>True when the values read through <paramref name="whole"/> are the members, as this run would have read them.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryEndWhole(scoped BoundedWholeReader whole)
    {
        int position = _position;
        int offset = whole.Offset;
        if (whole.Malformed || (uint)offset > (uint)(_end - position))
        {
            return false;
        }

        _position = position + offset;
        return true;
    }

    /// <summary>Reads a <see cref="bool"/>: one byte, 0x00 or 0x01.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The byte is neither 0 nor 1, or the frame is exhausted.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool ReadBoolean()
    {
        byte b = Take(1, "Boolean");
        if (b > 1)
        {
            ThrowNotABoolean(_position - 1, _typeId, b);
        }

        return b != 0;
    }

    /// <summary>Reads a <see cref="byte"/>.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The frame is exhausted.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public byte ReadByte() => Take(1, "Byte");

    /// <summary>Reads an <see cref="sbyte"/>.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The frame is exhausted.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public sbyte ReadSByte() => unchecked((sbyte)Take(1, "SByte"));

    /// <summary>Reads a <see cref="short"/> (2 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer than 2 bytes left.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public short ReadInt16() => unchecked((short)LittleEndian.ReadUInt16(ref Take(2, "Int16")));

    /// <summary>Reads a <see cref="ushort"/> (2 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer than 2 bytes left.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadUInt16() => LittleEndian.ReadUInt16(ref Take(2, "UInt16"));

    /// <summary>Reads a <see cref="char"/> (one UTF-16 code unit, 2 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer than 2 bytes left.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public char ReadChar() => (char)LittleEndian.ReadUInt16(ref Take(2, "Char"));

    /// <summary>Reads an <see cref="int"/> (4 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer than 4 bytes left.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32() => unchecked((int)LittleEndian.ReadUInt32(ref Take(4, "Int32")));

    /// <summary>Reads a <see cref="uint"/> (4 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer than 4 bytes left.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32() => LittleEndian.ReadUInt32(ref Take(4, "UInt32"));

    /// <summary>Reads a <see cref="long"/> (8 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer than 8 bytes left.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64() => unchecked((long)LittleEndian.ReadUInt64(ref Take(8, "Int64")));

    /// <summary>Reads a <see cref="ulong"/> (8 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer than 8 bytes left.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64() => LittleEndian.ReadUInt64(ref Take(8, "UInt64"));

    /// <summary>Reads a <see cref="float"/> from its IEEE 754 bits (4 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer than 4 bytes left.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public float ReadSingle() => BitConversions.UInt32ToSingle(LittleEndian.ReadUInt32(ref Take(4, "Single")));

    /// <summary>Reads a <see cref="double"/> from its IEEE 754 bits (8 bytes, little-endian).</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer than 8 bytes left.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double ReadDouble() => BitConversions.UInt64ToDouble(LittleEndian.ReadUInt64(ref Take(8, "Double")));

    /// <summary>Reads an enum from its underlying integer type (1, 2, 4 or 8 bytes, little-endian), as <see cref="FastBinaryReader.ReadEnum{TEnum}"/> does.</summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <returns>The value read; any value of the underlying type is accepted, named or not.</returns>
    /// <exception cref="FastSerializationException">The frame has fewer bytes left than the underlying type takes.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TEnum ReadEnum<TEnum>()
        where TEnum : unmanaged, Enum =>
        LittleEndian.ReadEnum<TEnum>(ref Take(Unsafe.SizeOf<TEnum>(), LittleEndian.EnumWhat<TEnum>()));

    /// <summary>Reads an unsigned LEB128 varint of at most 5 bytes, in its shortest form, as <see cref="FastBinaryReader.ReadVarUInt32"/> does.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is longer than 5 bytes, overflows 32 bits, is not in its shortest form, or is cut off by the frame's end.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadVarUInt32()
    {
        if (TryReadShortVarUInt(out uint value))
        {
            return value;
        }

        // The value and the position after it come back in one register: no local whose address the call takes, which
        // the JIT would clear and keep in memory in every element's loop that inlines this.
        ulong packed = ReadLongVarUInt32(_data, _position, _end, _typeId);
        _position = (int)(packed >> 32);
        return (uint)packed;
    }

    /// <summary>Reads an unsigned LEB128 varint of at most 10 bytes, in its shortest form, as <see cref="FastBinaryReader.ReadVarUInt64"/> does.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is malformed, as for <see cref="ReadVarUInt32"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadVarUInt64()
    {
        if (TryReadShortVarUInt(out uint value))
        {
            return value;
        }

        _position = ReadLongVarUInt64(_data, _position, _end, _typeId, out ulong result);
        return result;
    }

    /// <summary>Reads a zigzag-encoded signed varint of at most 5 bytes, as <see cref="FastBinaryReader.ReadVarInt32"/> does.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is malformed, as for <see cref="ReadVarUInt32"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadVarInt32()
    {
        uint n = ReadVarUInt32();
        return (int)(n >> 1) ^ -(int)(n & 1);
    }

    /// <summary>Reads a zigzag-encoded signed varint of at most 10 bytes, as <see cref="FastBinaryReader.ReadVarInt64"/> does.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is malformed, as for <see cref="ReadVarUInt64"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadVarInt64()
    {
        ulong n = ReadVarUInt64();
        return (long)(n >> 1) ^ -(long)(n & 1);
    }

    /// <summary>Reads a <see cref="short"/> written as a zigzag varint, as <see cref="FastBinaryReader.ReadVarInt16"/> does.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is malformed or its value is outside the range of a <see cref="short"/>.</exception>
    public short ReadVarInt16()
    {
        _position = ReadVarInt16(_data, _position, _end, _typeId, out short value);
        return value;
    }

    /// <summary>Reads a <see cref="ushort"/> written as a varint, as <see cref="FastBinaryReader.ReadVarUInt16"/> does.</summary>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The varint is malformed or its value is over 65,535.</exception>
    public ushort ReadVarUInt16()
    {
        _position = ReadVarUInt16(_data, _position, _end, _typeId, out ushort value);
        return value;
    }

    /// <summary>
    /// Takes the next <paramref name="size"/> bytes of the frame as a run of fixed-width values, as
    /// <see cref="FastBinaryReader.ReadFixedRun"/> does: one bounds check for the whole run.
    /// </summary>
    /// <param name="size">The run's size in bytes.</param>
    /// <returns>The run.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="size"/> is negative.</exception>
    /// <exception cref="FastSerializationException">The frame has fewer bytes left (nothing is taken).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public FixedRunReader ReadFixedRun(int size)
    {
        if (size < 0)
        {
            ThrowHelper.ThrowNegativeCount(size);
        }

        int start = _position;
        Take(size, "fixed run");
        return new FixedRunReader(_data.Slice(start, size), start, _typeId);
    }

    /// <summary>
    /// A varint of one to three bytes (a value below 2^21) inline, the common case; false, with nothing read, for a longer
    /// varint and for every malformed or cut-off one, which the reader's own checked path then reads or refuses.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadShortVarUInt(out uint value)
    {
        // The frame lies in the data (checked by the BeginBoundedObject): no bounds check.
        int length = VarInt.TryDecodeShort(ref MemoryMarshal.GetReference(_data), _position, _end, out value);
        if (length == 0)
        {
            return false;
        }

        _position += length;
        return true;
    }

    // The longer and rarer encodings below are read out of line and static, so that the run itself stays in registers;
    // what one load cannot read is left to the reader's own code over the rest of the frame (its checks, its messages,
    // its offsets). Each returns the position after the value.

    /// <summary>
    /// A varint of four bytes or more (in one load, as the reader's own slow path does first), or a malformed one: its
    /// value in the low 32 bits, the position after it in the high ones.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ulong ReadLongVarUInt32(ReadOnlySpan<byte> data, int position, int end, int typeId)
    {
        uint value;
        int length = VarInt.TryDecodeAt(data, position, end, VarInt.MaxLength32, uint.MaxValue, out ulong word);
        if (length != 0)
        {
            value = (uint)word;
            position += length;
        }
        else
        {
            FastBinaryReader reader = Rest(data, position, end, typeId);
            value = reader.ReadVarUInt32();
            position = reader.Position;
        }

        return value | ((ulong)(uint)position << 32);
    }

    /// <summary>A varint of four bytes or more (in one load, as the reader's own slow path does first), or a malformed one.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int ReadLongVarUInt64(ReadOnlySpan<byte> data, int position, int end, int typeId, out ulong value)
    {
        int length = VarInt.TryDecodeAt(data, position, end, VarInt.MaxLength64, ulong.MaxValue, out value);
        if (length != 0)
        {
            return position + length;
        }

        FastBinaryReader reader = Rest(data, position, end, typeId);
        value = reader.ReadVarUInt64();
        return reader.Position;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int ReadVarInt16(ReadOnlySpan<byte> data, int position, int end, int typeId, out short value)
    {
        FastBinaryReader reader = Rest(data, position, end, typeId);
        value = reader.ReadVarInt16();
        return reader.Position;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int ReadVarUInt16(ReadOnlySpan<byte> data, int position, int end, int typeId, out ushort value)
    {
        FastBinaryReader reader = Rest(data, position, end, typeId);
        value = reader.ReadVarUInt16();
        return reader.Position;
    }

    private static FastBinaryReader Rest(ReadOnlySpan<byte> data, int position, int end, int typeId) =>
        new(data, position, end, ReaderLimits.Default, typeId);

    /// <summary>Returns a reference to the next <paramref name="count"/> bytes of the frame and moves past them: the one check of a fixed-width read.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref byte Take(int count, string what)
    {
        int position = _position;
        if ((uint)count > (uint)(_end - position))
        {
            ThrowTruncated(what, position, _typeId, count, _end - position);
        }

        _position = position + count;
        return ref Unsafe.Add(ref MemoryMarshal.GetReference(_data), (nint)(uint)position);
    }

    [DoesNotReturn]
    private static void ThrowTruncated(string what, int position, int typeId, int needed, int available) =>
        throw ThrowHelper.Truncated(what, position, typeId, needed, available);

    [DoesNotReturn]
    private static void ThrowNotABoolean(int position, int typeId, byte b) =>
        throw ThrowHelper.Malformed($"a Boolean must be 0x00 or 0x01, but the byte is 0x{b:X2}", position, typeId);
}
