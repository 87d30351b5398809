using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// Bytes reserved in a <see cref="FastBinaryWriter"/> for a run of fixed-width values, each written at its
/// offset from the start of the run, explicit little-endian. The whole run costs one capacity check and one
/// position update, where writing the values one by one costs one of each per value; the values' bytes are
/// those the writer's own <c>Write</c> overloads produce.
/// </summary>
/// <remarks>
/// <para>
/// The source generator writes each run of adjacent fixed-width members of a <c>[BinarySerializable]</c> type
/// through one of these; hand-written <see cref="ICustomBinarySerializable.WriteDataTo"/> code may do the same.
/// </para>
/// <para>
/// Get one from <see cref="FastBinaryWriter.WriteFixedRun"/>, which counts the run's bytes as written at once
/// (zeroed until filled), and fill it before the next call on the writer: the writer may move its buffer then,
/// and a run kept past that point writes into memory the writer no longer uses. An offset whose value would
/// pass the end of the run throws <see cref="ArgumentOutOfRangeException"/>.
/// </para>
/// </remarks>
[System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
public readonly ref struct FixedRunWriter
{
    private readonly Span<byte> _bytes;

    internal FixedRunWriter(Span<byte> bytes)
    {
        _bytes = bytes;
    }

    /// <summary>The number of bytes in the run.</summary>
    public int Length => _bytes.Length;

    /// <summary>
    /// The part of this run that starts at <paramref name="offset"/> and takes <paramref name="length"/> bytes, as a
    /// run of its own whose offsets count from its start: for one element of an array written as one run. Values
    /// written through it land in this run's bytes.
    /// </summary>
    /// <param name="offset">Where the part starts, from the start of this run.</param>
    /// <param name="length">The part's size in bytes.</param>
    /// <returns>The part, as a run.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The part does not lie within this run.</exception>
    /// <remarks>
    /// Taking one part per element checks the element's bounds once; with a constant <paramref name="length"/>, the
    /// JIT then knows the part's size and drops the checks of the element's constant offsets, where offsets into the
    /// whole run are checked one by one.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public FixedRunWriter Slice(int offset, int length) => new(_bytes.Slice(offset, length));

    /// <summary>Writes a <see cref="bool"/> (0x00 or 0x01) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, bool value) => _bytes[offset] = value ? (byte)1 : (byte)0;

    /// <summary>Writes a <see cref="byte"/> at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, byte value) => _bytes[offset] = value;

    /// <summary>Writes an <see cref="sbyte"/> at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, sbyte value) => _bytes[offset] = unchecked((byte)value);

    /// <summary>Writes a <see cref="short"/> (2 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, short value) => BinaryPrimitives.WriteInt16LittleEndian(_bytes.Slice(offset, 2), value);

    /// <summary>Writes a <see cref="ushort"/> (2 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, ushort value) => BinaryPrimitives.WriteUInt16LittleEndian(_bytes.Slice(offset, 2), value);

    /// <summary>Writes a <see cref="char"/> (one UTF-16 code unit, 2 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, char value) => BinaryPrimitives.WriteUInt16LittleEndian(_bytes.Slice(offset, 2), value);

    /// <summary>Writes an <see cref="int"/> (4 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, int value) => BinaryPrimitives.WriteInt32LittleEndian(_bytes.Slice(offset, 4), value);

    /// <summary>Writes a <see cref="uint"/> (4 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(_bytes.Slice(offset, 4), value);

    /// <summary>Writes a <see cref="long"/> (8 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, long value) => BinaryPrimitives.WriteInt64LittleEndian(_bytes.Slice(offset, 8), value);

    /// <summary>Writes a <see cref="ulong"/> (8 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, ulong value) => BinaryPrimitives.WriteUInt64LittleEndian(_bytes.Slice(offset, 8), value);

    /// <summary>Writes a <see cref="float"/>'s IEEE 754 bits (4 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, float value) => BinaryPrimitives.WriteUInt32LittleEndian(_bytes.Slice(offset, 4), BitConversions.SingleToUInt32(value));

    /// <summary>Writes a <see cref="double"/>'s IEEE 754 bits (8 bytes, little-endian) at <paramref name="offset"/>.</summary>
    /// <param name="offset">Where the value starts, from the start of the run.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int offset, double value) => BinaryPrimitives.WriteUInt64LittleEndian(_bytes.Slice(offset, 8), BitConversions.DoubleToUInt64(value));
}
