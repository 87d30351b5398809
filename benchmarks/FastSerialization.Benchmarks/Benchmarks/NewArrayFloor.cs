using System;
using System.Runtime.InteropServices;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>
/// The floor under every "read into a new array" row: a new array, allocated as the readers allocate it
/// (<see cref="GC.AllocateUninitializedArray{T}(int, bool)"/>), then one copy of as many bytes into it. No
/// serializer is involved, so the row shows what the allocation alone costs next to <c>Memcpy</c>.
/// </summary>
internal static class NewArrayFloor
{
    /// <summary>A new array of <paramref name="count"/> elements filled from the last bytes of <paramref name="source"/>.</summary>
    /// <typeparam name="T">The element: its size decides the array's size, and so where the collector puts it.</typeparam>
    /// <param name="source">At least <paramref name="count"/> elements' worth of bytes.</param>
    /// <param name="count">Elements.</param>
    /// <returns>The new array.</returns>
    public static T[] CopyTail<T>(byte[] source, int count)
        where T : unmanaged
    {
        T[] array = GC.AllocateUninitializedArray<T>(count);
        Span<byte> bytes = MemoryMarshal.AsBytes(array.AsSpan());
        source.AsSpan(source.Length - bytes.Length).CopyTo(bytes);
        return array;
    }

    /// <summary>The bytes one <see cref="CopyTail{T}"/> copies.</summary>
    /// <typeparam name="T">The element.</typeparam>
    /// <param name="count">Elements.</param>
    /// <returns>The size of the row's payload.</returns>
    public static PayloadSize Size<T>(int count)
        where T : unmanaged => new(count * System.Runtime.CompilerServices.Unsafe.SizeOf<T>(), 0);
}
