using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace FastSerialization;

public ref partial struct FastBinaryWriter
{
    /// <summary>
    /// Writes an array of a fixed-layout struct (<c>[BinarySerializable(FixedLayout = true)]</c>, docs/FORMAT.md
    /// section 3b): a collection header, then the elements at their fixed size with no frame, copied as one
    /// block where the machine is little-endian and the struct's memory layout equals its wire layout. For an evolvable
    /// struct (<c>Evolvable = true</c>, section 3c) a non-empty sequence also carries the element size once, after
    /// the count.
    /// </summary>
    /// <typeparam name="T">The fixed-layout struct.</typeparam>
    /// <param name="values">The array, or null.</param>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a fixed-layout struct.</exception>
    public void WriteFixedArray<T>(T[]? values)
        where T : unmanaged, ICustomBinarySerializable
    {
        if (values is null)
        {
            FixedLayout<T>.RequireSize();
            WriteNullCollection();
            return;
        }

        WriteFixedArray(new ReadOnlySpan<T>(values));
    }

    /// <summary>Writes a list of a fixed-layout struct as <see cref="WriteFixedArray{T}(T[])"/> writes an array.</summary>
    /// <typeparam name="T">The fixed-layout struct.</typeparam>
    /// <param name="values">The list, or null.</param>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a fixed-layout struct.</exception>
    public void WriteFixedList<T>(List<T>? values)
        where T : unmanaged, ICustomBinarySerializable
    {
        if (values is null)
        {
            FixedLayout<T>.RequireSize();
            WriteNullCollection();
            return;
        }

#if NET5_0_OR_GREATER
        WriteFixedArray((ReadOnlySpan<T>)CollectionsMarshal.AsSpan(values));
#else
        int size = FixedLayout<T>.RequireSize();
        WriteFixedHeader<T>(values.Count, size);
        ReserveBlock(values.Count, size);
        foreach (T value in values)
        {
            T item = value;
            item.WriteDataTo(ref this);
        }
#endif
    }

    /// <summary>Writes a span of a fixed-layout struct as <see cref="WriteFixedArray{T}(T[])"/> writes a non-null array.</summary>
    /// <typeparam name="T">The fixed-layout struct.</typeparam>
    /// <param name="values">The elements.</param>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a fixed-layout struct.</exception>
    public void WriteFixedArray<T>(ReadOnlySpan<T> values)
        where T : unmanaged, ICustomBinarySerializable
    {
        int size = FixedLayout<T>.RequireSize();
        WriteFixedHeader<T>(values.Length, size);
        int byteCount = ReserveBlock(values.Length, size);
        if (FixedLayout<T>.CopiesAsBlock)
        {
            MemoryMarshal.AsBytes(values).CopyTo(GetSpan(byteCount));
            _position += byteCount;
            return;
        }

        for (int i = 0; i < values.Length; i++)
        {
            T item = values[i];
            item.WriteDataTo(ref this);
        }
    }

    /// <summary>
    /// Writes one value of a fixed-layout struct where it stands alone (a member, the value of a nullable, a dictionary's
    /// key or value): an evolvable struct (section 3c) as varuint32 <c>W</c>, its size, then its <c>W</c> bytes; any other
    /// fixed-layout struct inline, its members with no frame (section 3b).
    /// </summary>
    /// <typeparam name="T">The fixed-layout struct.</typeparam>
    /// <param name="value">The value.</param>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a fixed-layout struct.</exception>
    public void WriteFixedValue<T>(T value)
        where T : unmanaged, ICustomBinarySerializable
    {
        int size = FixedLayout<T>.RequireSize();
        if (FixedLayout<T>.Evolvable)
        {
            WriteVarUInt32((uint)size);
        }

        value.WriteDataTo(ref this);
    }

    /// <summary>A fixed-layout sequence's header: the count, and for an evolvable struct's non-empty sequence the element size.</summary>
    private void WriteFixedHeader<T>(int count, int size)
        where T : unmanaged
    {
        WriteCollectionHeader(count);
        if (FixedLayout<T>.Evolvable && count > 0)
        {
            WriteVarUInt32((uint)size);
        }
    }

    /// <summary>The byte count of <paramref name="count"/> elements of <paramref name="size"/> bytes, with room made for them at once.</summary>
    private int ReserveBlock(int count, int size)
    {
        long byteCount = (long)count * size;
        if (byteCount > int.MaxValue)
        {
            ThrowHelper.ThrowTooLargeToWrite(byteCount);
        }

        GetSpan((int)byteCount);
        return (int)byteCount;
    }
}
