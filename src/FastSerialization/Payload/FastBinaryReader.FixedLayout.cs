using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics;
#endif

namespace FastSerialization;

public ref partial struct FastBinaryReader
{
    /// <summary>
    /// Reads an array of a fixed-layout struct written with <see cref="FastBinaryWriter.WriteFixedArray{T}(T[])"/>:
    /// the count is checked against the bytes left in the frame (count times the struct's size, with no
    /// overflow) before anything is allocated; the block is copied at once where the layouts allow it. For an evolvable
    /// struct (section 3c) the writer's element size follows the count: equal to this version's size, the block is copied
    /// as before; larger (a newer writer), each element's first bytes are read and the rest skipped; smaller (an older
    /// writer), each element's bytes are read and the members it lacks keep their defaults.
    /// </summary>
    /// <typeparam name="T">The fixed-layout struct.</typeparam>
    /// <returns>A new array, or null.</returns>
    /// <exception cref="FastSerializationException">
    /// The elements run past the frame, an element is malformed (a bool that is not 0 or 1, ...), or an evolvable struct's
    /// element size is 0 or, smaller than this version's, does not end one of its members.
    /// </exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a fixed-layout struct.</exception>
    public T[]? ReadFixedArray<T>()
        where T : unmanaged, ICustomBinarySerializable
    {
        int size = FixedLayout<T>.RequireSize();
        int count = ReadFixedHeader<T>(size, out int width, allocates: true);
        if (count < 0)
        {
            return null;
        }

        if (count == 0)
        {
            return Array.Empty<T>();
        }

        T[] result = Arrays.ForOverwrite<T>(count); // every element is written below, or the array is dropped
        CopyFixedBlock(result.AsSpan(), size, width);
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
        int count = ReadFixedHeader<T>(size, out int width, allocates: true);
        if (count < 0)
        {
            return null;
        }

        var list = new List<T>(count);
#if NET8_0_OR_GREATER
        CollectionsMarshal.SetCount(list, count);
        CopyFixedBlock(CollectionsMarshal.AsSpan(list), size, width);
#else
        for (int i = 0; i < count; i++)
        {
            T item = default;
            if (FixedLayout<T>.Evolvable)
            {
                ReadFixedElement(ref item, size, width);
            }
            else
            {
                item.SetDataFrom(ref this);
            }

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
        int count = ReadFixedHeader<T>(size, out int width, allocates: false);
        if (count > destination.Length)
        {
            _position = start;
            throw new ArgumentException($"The block holds {count} elements of {typeof(T)}; the destination only {destination.Length}.", nameof(destination));
        }

        if (count > 0)
        {
            CopyFixedBlock(destination.Slice(0, count), size, width);
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
    /// <exception cref="NotSupportedException">
    /// An evolvable struct's block was written by another version (its element size is not this version's size): nothing
    /// is read, so the caller can read it with <see cref="ReadFixedArray{T}"/> or <see cref="ReadFixedInto{T}"/> instead.
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

        int start = _position;
        int count = ReadFixedHeader<T>(size, out int width, allocates: false);
        if (count > 0 && width != size)
        {
            _position = start;
            throw new NotSupportedException(
                $"The block of {typeof(T)} at offset {start} was written by another version of it ({width} bytes an element; this one takes {size}): only a block of this version can be viewed in place. Read it with ReadFixedArray or ReadFixedInto, which copy each element's common members.");
        }

        return count <= 0 ? ReadOnlySpan<T>.Empty : MemoryMarshal.Cast<byte, T>(Take(count * size, "fixed-layout block"));
    }

    /// <summary>
    /// Reads one value of a fixed-layout struct written with <see cref="FastBinaryWriter.WriteFixedValue{T}(T)"/>: an
    /// evolvable struct (section 3c) is its size <c>W</c> then <c>W</c> bytes, read as an element of a sequence would be
    /// (a newer writer's extra bytes skipped, an older writer's missing members left at their defaults); any other is
    /// read inline.
    /// </summary>
    /// <typeparam name="T">The fixed-layout struct.</typeparam>
    /// <returns>The value.</returns>
    /// <exception cref="FastSerializationException">
    /// The value runs past the frame, is malformed, or (evolvable) its size is 0 or, smaller than this version's, does not
    /// end one of its members.
    /// </exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a fixed-layout struct.</exception>
    public T ReadFixedValue<T>()
        where T : unmanaged, ICustomBinarySerializable
    {
        int size = FixedLayout<T>.RequireSize();
        T item = default;
        if (!FixedLayout<T>.Evolvable)
        {
            item.SetDataFrom(ref this);
            return item;
        }

        uint width = ReadElementWidth<T>(size);
        if (width > (uint)(_end - _position))
        {
            ThrowTruncated(width, "evolvable fixed-layout value");
        }

        ReadFixedElement(ref item, size, (int)width);
        return item;
    }

    /// <summary>
    /// Reads a fixed-layout sequence's header: the count (checked, with the element size, against the frame) and the
    /// element size on the wire, which an evolvable struct's non-empty sequence carries. When the caller is about to
    /// allocate the elements (<paramref name="allocates"/>), their storage is charged to the allocation budget first; a
    /// read into the caller's buffer or a view over the input allocates nothing and charges only the small estimate
    /// every collection header charges (a newer reader's larger elements, read into a kept buffer, must not be refused
    /// for memory that is not allocated).
    /// </summary>
    /// <returns>The element count, or -1 for a null sequence.</returns>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private int ReadFixedHeader<T>(int size, out int width, bool allocates)
        where T : unmanaged
    {
        width = size;
        int storedElement = allocates ? System.Runtime.CompilerServices.Unsafe.SizeOf<T>() : 0;
        return FixedLayout<T>.Evolvable
            ? ReadEvolvableHeader<T>(size, ref width, storedElement)
            : ReadCollectionHeader(size, storedElement);
    }

    /// <summary>An evolvable struct's sequence header (section 3c): varuint32 <c>N</c>, then, when <c>N &gt; 1</c>, varuint32 <c>W</c>.</summary>
    private int ReadEvolvableHeader<T>(int size, ref int width, int storedElement)
        where T : unmanaged
    {
        int start = _position;
        uint n = ReadVarUInt32();
        if (n == 0)
        {
            return -1;
        }

        ulong count = n - 1;
        if (count > 0)
        {
            uint w = ReadElementWidth<T>(size);
            if (count * w > (ulong)(_end - _position))
            {
                // Checked in 64 bits: (N - 1) * W of two 32-bit numbers cannot overflow it.
                int left = _end - _position;
                _position = start;
                throw ThrowHelper.Malformed(
                    $"a sequence of {count} elements of {typeof(T)} of {w} bytes each cannot fit in the {left} bytes left in its frame",
                    start,
                    _typeId);
            }

            width = (int)w; // at most the frame's length: the product above fits in it
        }

        long storage = (long)count * storedElement;
        if ((_allocation.Pending += storage + AllocationBudget.CollectionCharge) >= AllocationBudget.MeasureEvery)
        {
            CheckAllocation(storage, start);
        }

        return (int)count;
    }

    /// <summary>Reads an evolvable struct's element size <c>W</c>: above 0, and when below this version's size, the end of one of its members.</summary>
    private uint ReadElementWidth<T>(int size)
        where T : unmanaged
    {
        int at = _position;
        uint width = ReadVarUInt32();
        if (width == 0)
        {
            _position = at;
            throw ThrowHelper.Malformed($"an element size of 0 for {typeof(T)}: a writer never writes one (an element of an evolvable fixed-layout struct takes at least one byte)", at, _typeId);
        }

        if (width < (uint)size && !FixedLayout<T>.EndsAMember((int)width))
        {
            _position = at;
            throw ThrowHelper.Malformed(
                $"an element size of {width} bytes for {typeof(T)}, which does not end one of its members (they end at {FixedLayout<T>.DescribeEnds()}): no version of it writes that size",
                at,
                _typeId);
        }

        return width;
    }

    /// <summary>Fills <paramref name="destination"/> from the block that follows, of elements of <paramref name="width"/> bytes (their count was checked against the frame).</summary>
    private void CopyFixedBlock<T>(Span<T> destination, int size, int width)
        where T : unmanaged, ICustomBinarySerializable
    {
        if (width == size && FixedLayout<T>.CopiesAsBlock)
        {
            Take(destination.Length * size, "fixed-layout block").CopyTo(MemoryMarshal.AsBytes(destination));
            return;
        }

        if (FixedLayout<T>.CopiesAsBlock)
        {
            // Another version's elements (CopiesAsBlock: this version's size is sizeof(T)).
            ReadOnlySpan<byte> block = Take(destination.Length * width, "fixed-layout block");
            ref byte from = ref MemoryMarshal.GetReference(block);
            ref T to = ref MemoryMarshal.GetReference(destination);
            if (width > size)
            {
                // A newer writer's: each element starts with this version's members, the rest is skipped. One load and
                // store of a T each, of a size the JIT knows (a copy of a run-time length costs a call per element).
                for (int i = 0; i < destination.Length; i++)
                {
                    System.Runtime.CompilerServices.Unsafe.Add(ref to, i) =
                        System.Runtime.CompilerServices.Unsafe.ReadUnaligned<T>(ref System.Runtime.CompilerServices.Unsafe.Add(ref from, (nint)i * width));
                }

                return;
            }

            // An older writer's: each element's members up to its width, the missing ones at their default. Each element's
            // missing bytes are cleared and its own copied while its cache line is at hand (a clear of the whole
            // destination first would write every line twice), in few stores, none wider than 16 bytes, in the order of
            // their addresses: this loop is bound by its stores, a 32-byte store into elements of 40 bytes crosses a cache
            // line three times in eight, and the tail's clear stored first made the same loop twice as slow
            // (benchmarks/results/evolvable-newer-reader.md).
            ref byte element = ref System.Runtime.CompilerServices.Unsafe.As<T, byte>(ref to);
            if (CopiesInWords((uint)width, (uint)size))
            {
                // No call in this loop, so nothing it holds is spilled around one.
                for (int i = 0; i < destination.Length; i++)
                {
                    CopyInWords(ref element, ref from, (uint)width);
                    ClearTailInWords(ref element, ref from, (uint)width, (uint)size);
                    element = ref System.Runtime.CompilerServices.Unsafe.Add(ref element, size);
                    from = ref System.Runtime.CompilerServices.Unsafe.Add(ref from, width);
                }

                return;
            }

            for (int i = 0; i < destination.Length; i++)
            {
                System.Runtime.CompilerServices.Unsafe.CopyBlockUnaligned(ref element, ref from, (uint)width);
                System.Runtime.CompilerServices.Unsafe.InitBlockUnaligned(ref System.Runtime.CompilerServices.Unsafe.Add(ref element, width), 0, (uint)(size - width));
                element = ref System.Runtime.CompilerServices.Unsafe.Add(ref element, size);
                from = ref System.Runtime.CompilerServices.Unsafe.Add(ref from, width);
            }

            return;
        }

        if (FixedLayout<T>.Evolvable)
        {
            for (int i = 0; i < destination.Length; i++)
            {
                T item = default;
                ReadFixedElement(ref item, size, width);
                destination[i] = item;
            }

            return;
        }

        for (int i = 0; i < destination.Length; i++)
        {
            T item = default;
            item.SetDataFrom(ref this);
            destination[i] = item;
        }
    }

    /// <summary>
    /// Whether an older writer's element of <paramref name="width"/> bytes goes into one of <paramref name="size"/>
    /// bytes by <see cref="CopyInWords"/> and <see cref="ClearTailInWords"/>: a width of 8 to 32 bytes and a missing
    /// tail of at most 16 (the members a version or two appends).
    /// </summary>
    private static bool CopiesInWords(uint width, uint size) => width is >= 8 and <= 32 && size - width is >= 1 and <= 16;

    /// <summary>
    /// After <see cref="CopyInWords"/>, sets the element's bytes from <paramref name="width"/> to <paramref name="size"/>
    /// to zero in one or two 8-byte stores that come after the copy's in address order. A tail shorter than 8 bytes is
    /// stored as the element's last 8 bytes: the source's last bytes moved down (little-endian: the fixed layouts that
    /// copy as blocks are read only on such machines) with zeros above them, so the bytes it covers again are the same.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static void ClearTailInWords(ref byte element, ref byte source, uint width, uint size)
    {
        uint tail = size - width;
        if (tail < 8)
        {
            StoreAt(ref element, size - 8, LoadAt<ulong>(ref source, width - 8) >> (int)(8 * tail));
            return;
        }

        StoreAt(ref element, width, 0UL);
        if (tail > 8)
        {
            StoreAt(ref element, size - 8, 0UL);
        }
    }

    /// <summary>
    /// Copies <paramref name="length"/> bytes, 8 to 32 and the same on every call of a loop, without the call that a copy
    /// of a run-time length costs: two overlapping moves of 8 bytes up to 16, of 16 bytes (or four of 8) up to 32. Every
    /// byte is read before any is written; source and destination are different memory (the record and the caller's
    /// array).
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static void CopyInWords(ref byte destination, ref byte source, uint length)
    {
        if (length <= 16)
        {
            ulong first = LoadAt<ulong>(ref source, 0);
            ulong last = LoadAt<ulong>(ref source, length - 8);
            StoreAt(ref destination, 0, first);
            StoreAt(ref destination, length - 8, last);
            return;
        }

#if NET8_0_OR_GREATER
        if (Vector128.IsHardwareAccelerated)
        {
            Vector128<byte> head = Vector128.LoadUnsafe(ref source);
            Vector128<byte> rest = Vector128.LoadUnsafe(ref source, length - 16);
            head.StoreUnsafe(ref destination);
            rest.StoreUnsafe(ref destination, length - 16);
            return;
        }
#endif
        ulong first0 = LoadAt<ulong>(ref source, 0);
        ulong first1 = LoadAt<ulong>(ref source, 8);
        ulong last0 = LoadAt<ulong>(ref source, length - 16);
        ulong last1 = LoadAt<ulong>(ref source, length - 8);
        StoreAt(ref destination, 0, first0);
        StoreAt(ref destination, 8, first1);
        StoreAt(ref destination, length - 16, last0);
        StoreAt(ref destination, length - 8, last1);
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static TWord LoadAt<TWord>(ref byte at, uint offset)
        where TWord : unmanaged =>
        System.Runtime.CompilerServices.Unsafe.ReadUnaligned<TWord>(ref System.Runtime.CompilerServices.Unsafe.Add(ref at, (nint)offset));

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static void StoreAt<TWord>(ref byte at, uint offset, TWord value)
        where TWord : unmanaged =>
        System.Runtime.CompilerServices.Unsafe.WriteUnaligned(ref System.Runtime.CompilerServices.Unsafe.Add(ref at, (nint)offset), value);

    /// <summary>
    /// Reads one element of an evolvable struct, <paramref name="width"/> bytes that the frame holds, into
    /// <paramref name="item"/> (the default): copied where the layouts allow, otherwise through its own reader within a
    /// frame of those bytes (which stops at the members an older writer lacks), then past the rest of a newer one's.
    /// </summary>
    private void ReadFixedElement<T>(ref T item, int size, int width)
        where T : unmanaged, ICustomBinarySerializable
    {
        if (FixedLayout<T>.CopiesAsBlock)
        {
            ReadOnlySpan<byte> bytes = Take(width, "fixed-layout element");
            ref byte to = ref System.Runtime.CompilerServices.Unsafe.As<T, byte>(ref item);
            uint common = (uint)Math.Min(width, size);
            System.Runtime.CompilerServices.Unsafe.CopyBlockUnaligned(ref to, ref MemoryMarshal.GetReference(bytes), common);
            if (common < (uint)size)
            {
                System.Runtime.CompilerServices.Unsafe.InitBlockUnaligned(ref System.Runtime.CompilerServices.Unsafe.Add(ref to, (nint)common), 0, (uint)size - common);
            }

            return;
        }

        int outerEnd = _end;
        int elementEnd = _position + width;
        _end = elementEnd;
        item.SetDataFrom(ref this);
        _position = elementEnd;
        _end = outerEnd;
    }
}
