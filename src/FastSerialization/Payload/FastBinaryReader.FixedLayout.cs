using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace FastSerialization;

public ref partial struct FastBinaryReader
{
    /// <summary>
    /// Reads an array of a fixed-layout struct written with <see cref="FastBinaryWriter.WriteFixedArray{T}(T[])"/>:
    /// the count is checked against the bytes left in the frame (count times the struct's size, with no
    /// overflow) before anything is allocated; the block is copied at once where the layouts allow it.
    /// </summary>
    /// <typeparam name="T">The fixed-layout struct.</typeparam>
    /// <returns>A new array, or null.</returns>
    /// <exception cref="FastSerializationException">The elements run past the frame, or an element is malformed (a bool that is not 0 or 1, ...).</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a fixed-layout struct.</exception>
    public T[]? ReadFixedArray<T>()
        where T : unmanaged, ICustomBinarySerializable
    {
        int size = FixedLayout<T>.RequireSize();
        int count = ReadCollectionHeader(size, System.Runtime.CompilerServices.Unsafe.SizeOf<T>());
        if (count < 0)
        {
            return null;
        }

        if (count == 0)
        {
            return Array.Empty<T>();
        }

        T[] result = Arrays.ForOverwrite<T>(count); // every element is written below, or the array is dropped
        CopyFixedBlock(result.AsSpan(), size);
        return result;
    }

    /// <summary>Reads a list of a fixed-layout struct (the bytes of <see cref="FastBinaryWriter.WriteFixedList{T}"/> or of an array).</summary>
    /// <typeparam name="T">The fixed-layout struct.</typeparam>
    /// <returns>A new list, or null.</returns>
    /// <exception cref="FastSerializationException">The elements run past the frame, or an element is malformed.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a fixed-layout struct.</exception>
    public List<T>? ReadFixedList<T>()
        where T : unmanaged, ICustomBinarySerializable
    {
        int size = FixedLayout<T>.RequireSize();
        int count = ReadCollectionHeader(size, System.Runtime.CompilerServices.Unsafe.SizeOf<T>());
        if (count < 0)
        {
            return null;
        }

        var list = new List<T>(count);
#if NET8_0_OR_GREATER
        CollectionsMarshal.SetCount(list, count);
        CopyFixedBlock(CollectionsMarshal.AsSpan(list), size);
#else
        for (int i = 0; i < count; i++)
        {
            T item = default;
            item.SetDataFrom(ref this);
            list.Add(item);
        }
#endif
        return list;
    }

    /// <summary>
    /// Reads a block of a fixed-layout struct into <paramref name="destination"/>, a buffer the caller reuses:
    /// no allocation, and one copy where the layouts allow it. The count is checked against the frame first.
    /// </summary>
    /// <typeparam name="T">The fixed-layout struct.</typeparam>
    /// <param name="destination">Where the elements go; its first elements are overwritten.</param>
    /// <returns>The number of elements read, or -1 for a null block.</returns>
    /// <exception cref="FastSerializationException">The elements run past the frame, or an element is malformed.</exception>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than the block; nothing is read, so the caller can fall back to
    /// <see cref="ReadFixedArray{T}"/>.
    /// </exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a fixed-layout struct.</exception>
    public int ReadFixedInto<T>(Span<T> destination)
        where T : unmanaged, ICustomBinarySerializable
    {
        int size = FixedLayout<T>.RequireSize();
        int start = _position;
        int count = ReadCollectionHeader(size, System.Runtime.CompilerServices.Unsafe.SizeOf<T>());
        if (count > destination.Length)
        {
            _position = start;
            throw new ArgumentException($"The block holds {count} elements of {typeof(T)}; the destination only {destination.Length}.", nameof(destination));
        }

        if (count > 0)
        {
            CopyFixedBlock(destination.Slice(0, count), size);
        }

        return count;
    }

    /// <summary>
    /// Reads a block of a fixed-layout struct as a view over the input, with no copy: the span is valid
    /// as long as the buffer being read is. A null block reads as an empty span.
    /// </summary>
    /// <typeparam name="T">The fixed-layout struct.</typeparam>
    /// <returns>The elements, in place.</returns>
    /// <exception cref="FastSerializationException">The elements run past the frame.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a fixed-layout struct.</exception>
    /// <exception cref="PlatformNotSupportedException">
    /// The block cannot be viewed in place: a big-endian machine, or a struct whose memory layout differs from
    /// its wire layout (padding, or a bool, decimal or DateTime member). Use <see cref="ReadFixedArray{T}"/>.
    /// </exception>
    public ReadOnlySpan<T> ReadFixedView<T>()
        where T : unmanaged, ICustomBinarySerializable
    {
        int size = FixedLayout<T>.RequireSize();
        if (!FixedLayout<T>.CopiesAsBlock)
        {
            throw new PlatformNotSupportedException(
                $"A block of {typeof(T)} cannot be viewed in place here: its memory layout differs from its wire layout, or the machine is big-endian. Read it with ReadFixedArray.");
        }

        int count = ReadCollectionHeader(size, System.Runtime.CompilerServices.Unsafe.SizeOf<T>());
        return count <= 0 ? ReadOnlySpan<T>.Empty : MemoryMarshal.Cast<byte, T>(Take(count * size, "fixed-layout block"));
    }

    /// <summary>Fills <paramref name="destination"/> from the block that follows (its count was checked against the frame).</summary>
    private void CopyFixedBlock<T>(Span<T> destination, int size)
        where T : unmanaged, ICustomBinarySerializable
    {
        if (FixedLayout<T>.CopiesAsBlock)
        {
            Take(destination.Length * size, "fixed-layout block").CopyTo(MemoryMarshal.AsBytes(destination));
            return;
        }

        for (int i = 0; i < destination.Length; i++)
        {
            T item = default;
            item.SetDataFrom(ref this);
            destination[i] = item;
        }
    }
}
