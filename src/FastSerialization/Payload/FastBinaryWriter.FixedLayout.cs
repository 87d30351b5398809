using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace FastSerialization;

public ref partial struct FastBinaryWriter
{
    /// <summary>
    /// Writes an array of a fixed-layout struct (<c>[BinarySerializable(FixedLayout = true)]</c>, docs/FORMAT.md
    /// section 3b): a collection header, then the elements at their fixed size with no frame, copied as one
    /// block where the machine is little-endian and the struct's memory layout equals its wire layout.
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
        WriteCollectionHeader(values.Count);
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
        WriteCollectionHeader(values.Length);
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
