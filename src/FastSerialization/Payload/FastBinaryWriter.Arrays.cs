using System;
using System.Runtime.InteropServices;

namespace FastSerialization;

public ref partial struct FastBinaryWriter
{
    /// <summary>
    /// Writes the header of a multi-dimensional array (docs/FORMAT.md section 2b): varuint32 <c>N</c>, 0 for null, otherwise
    /// the rank + 1, then the length of each dimension as varuint32. The elements follow in row-major order (the last index
    /// varies fastest), written by the caller or by <see cref="WriteArrayElements{T}"/>.
    /// </summary>
    /// <param name="array">The array, or null.</param>
    /// <exception cref="FastSerializationException">A dimension of <paramref name="array"/> does not start at index 0.</exception>
    public void WriteArrayShape(Array? array)
    {
        if (array is null)
        {
            WriteNullCollection();
            return;
        }

        for (int d = 0; d < array.Rank; d++)
        {
            if (array.GetLowerBound(d) != 0)
            {
                throw new FastSerializationException(
                    $"Cannot write an array of rank {array.Rank} whose dimension {d} starts at index {array.GetLowerBound(d)}: the format has no lower bounds (they would read back as 0). Copy it into an array whose dimensions start at 0.");
            }
        }

        WriteVarUInt32((uint)array.Rank + 1);
        for (int d = 0; d < array.Rank; d++)
        {
            WriteVarUInt32((uint)array.GetLength(d));
        }
    }

    /// <summary>
    /// Writes every element of an array of fixed-width primitives of any rank, in row-major order (its order in memory):
    /// the bytes of writing them one by one, copied in one block on little-endian machines. Call it after
    /// <see cref="WriteArrayShape"/>; <see cref="FastBinaryReader.ReadArrayElements{T}"/> reads them back.
    /// </summary>
    /// <typeparam name="T">The element type: byte, sbyte, short, ushort, char, int, uint, long, ulong, float or double.</typeparam>
    /// <param name="array">The array; its element type is <typeparamref name="T"/>.</param>
    /// <exception cref="ArgumentException"><paramref name="array"/>'s element type is not <typeparamref name="T"/>.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not one of the supported types.</exception>
    public unsafe void WriteArrayElements<T>(Array array)
        where T : unmanaged
    {
        PrimitiveArray.ThrowIfUnsupported<T>();
        ArgumentNullException.ThrowIfNull(array);
        ArrayMemory.ThrowIfNotOf<T>(array);
        if (array.Length == 0)
        {
            return;
        }

        long byteCount = (long)array.Length * sizeof(T);
        if (byteCount > int.MaxValue)
        {
            ThrowHelper.ThrowTooLargeToWrite(byteCount);
        }

        GCHandle pin = GCHandle.Alloc(array, GCHandleType.Pinned);
        try
        {
            PrimitiveArray.Encode(new ReadOnlySpan<T>((void*)pin.AddrOfPinnedObject(), array.Length), GetSpan((int)byteCount));
        }
        finally
        {
            pin.Free();
        }

        _position += (int)byteCount;
    }

    /// <summary>
    /// Writes a <see cref="System.Collections.BitArray"/> (docs/FORMAT.md section 2b): varuint32 <c>N</c>, 0 for null, otherwise the
    /// bit count + 1, then <c>ceil(count / 8)</c> bytes, bit <c>i</c> in byte <c>i / 8</c> at bit <c>i % 8</c> (low bit first); the unused
    /// bits of the last byte are 0. <see cref="FastBinaryReader.ReadBitArray"/> reads it back.
    /// </summary>
    /// <param name="bits">The bits, or null.</param>
    public void Write(System.Collections.BitArray? bits)
    {
        if (bits is null)
        {
            WriteNullCollection();
            return;
        }

        int count = bits.Length;
        WriteCollectionHeader(count);
        int byteCount = (int)((count + 7L) / 8);
        if (byteCount == 0)
        {
            return;
        }

        byte[] packed = System.Buffers.ArrayPool<byte>.Shared.Rent(byteCount);
        try
        {
            bits.CopyTo(packed, 0);
            if (count % 8 != 0)
            {
                packed[byteCount - 1] &= (byte)((1 << (count % 8)) - 1); // the bits past the end are not the array's
            }

            packed.AsSpan(0, byteCount).CopyTo(GetSpan(byteCount));
            _position += byteCount;
        }
        finally
        {
            System.Buffers.ArrayPool<byte>.Shared.Return(packed);
        }
    }
}
