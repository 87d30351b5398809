using System;
using System.Runtime.InteropServices;

namespace FastSerialization;

public ref partial struct FastBinaryReader
{
    /// <summary>
    /// Reads the header of a multi-dimensional array written with <see cref="FastBinaryWriter.WriteArrayShape"/>: varuint32
    /// <c>N</c> (0 for null, otherwise the rank + 1), then each length as varuint32 (docs/FORMAT.md section 2b). Checks that
    /// the rank is the expected one and that the frame can hold that many elements, and charges their storage against the
    /// record's allocation budget, before the caller allocates the array. The elements follow, in row-major order.
    /// </summary>
    /// <typeparam name="TElement">The element type: what one element takes in the array's storage.</typeparam>
    /// <param name="lengths">Receives the length of each dimension; its length is the expected rank.</param>
    /// <param name="minElementSize">The fewest bytes one element takes on the wire.</param>
    /// <returns>False for a null array; true when <paramref name="lengths"/> holds the lengths.</returns>
    /// <exception cref="FastSerializationException">
    /// The rank is not <paramref name="lengths"/>' length, a length or the element count is over <see cref="int.MaxValue"/>,
    /// the elements cannot fit in the frame, or their storage would take the record over its allocation budget.
    /// </exception>
    public bool ReadArrayShape<TElement>(Span<int> lengths, int minElementSize = 1)
    {
        if (minElementSize < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(minElementSize), minElementSize, "An element takes at least one byte.");
        }

        int start = _position;
        uint header = ReadVarUInt32();
        if (header == 0)
        {
            return false;
        }

        if (header - 1 != (uint)lengths.Length)
        {
            _position = start;
            throw ThrowHelper.Malformed($"an array of rank {header - 1} where the member's type has rank {lengths.Length}", start, _typeId);
        }

        ulong count = 1;
        for (int d = 0; d < lengths.Length; d++)
        {
            uint length = ReadVarUInt32();
            count *= length; // at most (2^31 - 1)^2 before the check below stops it: no overflow
            if (length > int.MaxValue || count > int.MaxValue)
            {
                _position = start;
                throw ThrowHelper.Malformed($"an array of rank {lengths.Length} has more than {int.MaxValue} elements", start, _typeId);
            }

            lengths[d] = (int)length;
        }

        int left = _end - _position;
        if (count * (ulong)minElementSize > (ulong)left)
        {
            _position = start;
            throw ThrowHelper.Malformed(
                $"an array of {count} elements of at least {minElementSize} byte(s) cannot fit in the {left} bytes left in its frame",
                start,
                _typeId);
        }

        long storage = (long)count * System.Runtime.CompilerServices.Unsafe.SizeOf<TElement>();
        if ((_allocation.Pending += storage + AllocationBudget.CollectionCharge) >= AllocationBudget.MeasureEvery)
        {
            CheckAllocation(storage, start);
        }

        return true;
    }

    /// <summary>
    /// Reads the elements of a multi-dimensional array of fixed-width primitives, after <see cref="ReadArrayShape{TElement}"/>,
    /// into <paramref name="array"/> (allocated by the caller with the lengths read): row-major, in one block where the
    /// machine is little-endian, the bytes of <see cref="FastBinaryWriter.WriteArrayElements{T}"/>.
    /// </summary>
    /// <typeparam name="T">The element type: byte, sbyte, short, ushort, char, int, uint, long, ulong, float or double.</typeparam>
    /// <param name="array">The array to fill; its element type is <typeparamref name="T"/>.</param>
    /// <exception cref="FastSerializationException">The elements run past the frame.</exception>
    /// <exception cref="ArgumentException"><paramref name="array"/>'s element type is not <typeparamref name="T"/>.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not one of the supported types.</exception>
    public unsafe void ReadArrayElements<T>(Array array)
        where T : unmanaged
    {
        PrimitiveArray.ThrowIfUnsupported<T>();
        ArgumentNullException.ThrowIfNull(array);
        ArrayMemory.ThrowIfNotOf<T>(array);
        if (array.Length == 0)
        {
            return;
        }

        ReadOnlySpan<byte> source = Take(checked(array.Length * sizeof(T)), "array elements");
        GCHandle pin = GCHandle.Alloc(array, GCHandleType.Pinned);
        try
        {
            PrimitiveArray.Decode(source, new Span<T>((void*)pin.AddrOfPinnedObject(), array.Length));
        }
        finally
        {
            pin.Free();
        }
    }
}

public ref partial struct FastBinaryReader
{
    /// <summary>
    /// Reads a <see cref="System.Collections.BitArray"/> written with <see cref="FastBinaryWriter.Write(System.Collections.BitArray)"/>:
    /// varuint32 <c>N</c> (0 for null, otherwise the bit count + 1), then the bits packed low bit first (docs/FORMAT.md section 2b).
    /// </summary>
    /// <returns>A new bit array, or null.</returns>
    /// <exception cref="FastSerializationException">
    /// The bytes run past the frame (checked before anything is allocated), or the unused high bits of the last byte are not 0.
    /// </exception>
    public System.Collections.BitArray? ReadBitArray()
    {
        int start = _position;
        uint header = ReadVarUInt32();
        if (header == 0)
        {
            return null;
        }

        uint bits = header - 1;
        if (bits > int.MaxValue)
        {
            _position = start;
            throw ThrowHelper.Malformed($"a bit array of {bits} bits is longer than a BitArray can be", start, _typeId);
        }

        int byteCount = (int)((bits + 7UL) / 8);
        if (byteCount > _end - _position)
        {
            _position = start;
            throw ThrowHelper.Malformed($"a bit array of {bits} bits needs {byteCount} bytes; its frame has {_end - (start + VarInt.Size(header))} left", start, _typeId);
        }

        ReadOnlySpan<byte> packed = Take(byteCount, "bit array");
        if (bits % 8 != 0 && (packed[byteCount - 1] >> (int)(bits % 8)) != 0)
        {
            _position = start;
            throw ThrowHelper.Malformed($"a bit array of {bits} bits has bits set past its end", start, _typeId);
        }

        if ((_allocation.Pending += (2L * byteCount) + AllocationBudget.CollectionCharge) >= AllocationBudget.MeasureEvery)
        {
            CheckAllocation(2L * byteCount, start);
        }

        return new System.Collections.BitArray(packed.ToArray()) { Length = (int)bits };
    }
}

/// <summary>What the block reads and writes of multi-dimensional arrays check.</summary>
internal static class ArrayMemory
{
    public static void ThrowIfNotOf<T>(Array array)
    {
        if (array.GetType().GetElementType() != typeof(T))
        {
            throw new ArgumentException($"The array's elements are {array.GetType().GetElementType()}, not {typeof(T)}.", nameof(array));
        }
    }
}
