using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// A run of fixed-width values taken from a <see cref="FastBinaryReader"/>'s frame at once, each read at its
/// offset from the start of the run, explicit little-endian: one bounds check for the whole run where reading
/// the values one by one costs one per value. Values decode exactly as the reader's own <c>Read</c> methods
/// decode them, and are checked the same way (a <see cref="bool"/> must be 0x00 or 0x01).
/// </summary>
/// <remarks>
/// Get one from <see cref="FastBinaryReader.ReadFixedRun"/>. The source generator reads each run of adjacent
/// fixed-width members of a <c>[BinarySerializable]</c> type through one, when the frame holds the whole
/// run; hand-written <see cref="ICustomBinarySerializable.SetDataFrom"/> code may do the same. An offset whose
/// value would pass the end of the run throws <see cref="ArgumentOutOfRangeException"/>.
/// </remarks>
[System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
public readonly ref struct FixedRunReader
{
    private readonly ReadOnlySpan<byte> _bytes;
    private readonly int _start;
    private readonly int _typeId;

    internal FixedRunReader(ReadOnlySpan<byte> bytes, int start, int typeId)
    {
        _bytes = bytes;
        _start = start;
        _typeId = typeId;
    }

    /// <summary>The number of bytes in the run.</summary>
    public int Length => _bytes.Length;

    /// <summary>
    /// The part of this run that starts at <paramref name="offset"/> and takes <paramref name="length"/> bytes, as a
    /// run of its own whose offsets count from its start: for one element of an array read as one run.
    /// </summary>
    /// <param name="offset">Where the part starts, from the start of this run.</param>
    /// <param name="length">The part's size in bytes.</param>
    /// <returns>The part, as a run; a malformed value in it is reported at its offset in the record.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The part does not lie within this run.</exception>
    /// <remarks>
    /// Taking one part per element checks the element's bounds once; with a constant <paramref name="length"/>, the
    /// JIT then knows the part's size and drops the checks of the element's constant offsets, where offsets into the
    /// whole run are checked one by one.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public FixedRunReader Slice(int offset, int length) => new(_bytes.Slice(offset, length), _start + offset, _typeId);

    /// <summary>Reads a <see cref="bool"/> at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    /// <exception cref="FastSerializationException">The byte is neither 0 nor 1.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool ReadBoolean(int offset)
    {
        byte b = _bytes[offset];
        if (b > 1)
        {
            ThrowNotBoolean(offset, b);
        }

        return b != 0;
    }

    /// <summary>Reads a <see cref="byte"/> at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public byte ReadByte(int offset) => _bytes[offset];

    /// <summary>Reads an <see cref="sbyte"/> at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public sbyte ReadSByte(int offset) => unchecked((sbyte)_bytes[offset]);

    /// <summary>Reads a <see cref="short"/> (2 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public short ReadInt16(int offset) => BinaryPrimitives.ReadInt16LittleEndian(_bytes.Slice(offset, 2));

    /// <summary>Reads a <see cref="ushort"/> (2 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadUInt16(int offset) => BinaryPrimitives.ReadUInt16LittleEndian(_bytes.Slice(offset, 2));

    /// <summary>Reads a <see cref="char"/> (one UTF-16 code unit, 2 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public char ReadChar(int offset) => (char)BinaryPrimitives.ReadUInt16LittleEndian(_bytes.Slice(offset, 2));

    /// <summary>Reads an <see cref="int"/> (4 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32(int offset) => BinaryPrimitives.ReadInt32LittleEndian(_bytes.Slice(offset, 4));

    /// <summary>Reads a <see cref="uint"/> (4 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32(int offset) => BinaryPrimitives.ReadUInt32LittleEndian(_bytes.Slice(offset, 4));

    /// <summary>Reads a <see cref="long"/> (8 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64(int offset) => BinaryPrimitives.ReadInt64LittleEndian(_bytes.Slice(offset, 8));

    /// <summary>Reads a <see cref="ulong"/> (8 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64(int offset) => BinaryPrimitives.ReadUInt64LittleEndian(_bytes.Slice(offset, 8));

    /// <summary>Reads a <see cref="float"/> from its IEEE 754 bits (4 bytes, little-endian) at <paramref name="offset"/>, bit-exact.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public float ReadSingle(int offset) => BitConversions.UInt32ToSingle(BinaryPrimitives.ReadUInt32LittleEndian(_bytes.Slice(offset, 4)));

    /// <summary>Reads a <see cref="double"/> from its IEEE 754 bits (8 bytes, little-endian) at <paramref name="offset"/>, bit-exact.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <returns>The value read.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double ReadDouble(int offset) => BitConversions.UInt64ToDouble(BinaryPrimitives.ReadUInt64LittleEndian(_bytes.Slice(offset, 8)));

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowNotBoolean(int offset, byte b) =>
        throw ThrowHelper.Malformed($"a Boolean must be 0x00 or 0x01, but the byte is 0x{b:X2}", _start + offset, _typeId);
}
