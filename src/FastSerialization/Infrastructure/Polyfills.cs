// What modern .NET ships and netstandard2.0 lacks, in one place: StreamReads, Endianness, Arrays. The compiler's
// attributes come from PolySharp (src/Directory.Build.targets).
namespace FastSerialization
{
    /// <summary>
    /// Reading a stream until a count of bytes arrived: <c>Stream.ReadAtLeast</c> on the modern builds, the same
    /// loop written out for netstandard2.0, whose <see cref="System.IO.Stream"/> lacks it.
    /// </summary>
    internal static class StreamReads
    {
        /// <summary>Reads until <paramref name="count"/> bytes arrived or the stream ended; returns the number read.</summary>
        public static int ReadAtLeast(System.IO.Stream stream, byte[] buffer, int offset, int count)
        {
#if NET
            return stream.ReadAtLeast(new System.Span<byte>(buffer, offset, count), count, throwOnEndOfStream: false);
#else
            int total = 0;
            while (total < count)
            {
                int n = stream.Read(buffer, offset + total, count - total);
                if (n == 0)
                {
                    break;
                }

                total += n;
            }

            return total;
#endif
        }

        /// <summary>Reads until <paramref name="count"/> bytes arrived or the stream ended; returns the number read.</summary>
        public static async System.Threading.Tasks.Task<int> ReadAtLeastAsync(System.IO.Stream stream, byte[] buffer, int offset, int count, System.Threading.CancellationToken cancellationToken)
        {
#if NET
            return await stream.ReadAtLeastAsync(new System.Memory<byte>(buffer, offset, count), count, throwOnEndOfStream: false, cancellationToken).ConfigureAwait(false);
#else
            int total = 0;
            while (total < count)
            {
                int n = await stream.ReadAsync(buffer, offset + total, count - total, cancellationToken).ConfigureAwait(false);
                if (n == 0)
                {
                    break;
                }

                total += n;
            }

            return total;
#endif
        }
    }
    /// <summary>
    /// Reversing the byte order of every element of a span of 2-, 4- or 8-byte values (big-endian machines
    /// only): <c>BinaryPrimitives.ReverseEndianness</c> over spans on the modern builds, a loop for netstandard2.0.
    /// </summary>
    internal static class Endianness
    {
        public static void ReverseEach<T>(System.Span<byte> bytes)
            where T : unmanaged
        {
            int size = System.Runtime.CompilerServices.Unsafe.SizeOf<T>();
#if NET
            switch (size)
            {
                case 1:
                    return;
                case 2:
                    System.Span<ushort> shorts = System.Runtime.InteropServices.MemoryMarshal.Cast<byte, ushort>(bytes);
                    System.Buffers.Binary.BinaryPrimitives.ReverseEndianness(shorts, shorts);
                    return;
                case 4:
                    System.Span<uint> ints = System.Runtime.InteropServices.MemoryMarshal.Cast<byte, uint>(bytes);
                    System.Buffers.Binary.BinaryPrimitives.ReverseEndianness(ints, ints);
                    return;
                default:
                    System.Span<ulong> longs = System.Runtime.InteropServices.MemoryMarshal.Cast<byte, ulong>(bytes);
                    System.Buffers.Binary.BinaryPrimitives.ReverseEndianness(longs, longs);
                    return;
            }
#else
            if (size == 1)
            {
                return;
            }

            for (int i = 0; i < bytes.Length; i += size)
            {
                System.Span<byte> element = bytes.Slice(i, size);
                switch (size)
                {
                    case 2:
                        System.Buffers.Binary.BinaryPrimitives.WriteUInt16BigEndian(element, System.Buffers.Binary.BinaryPrimitives.ReadUInt16LittleEndian(element));
                        break;
                    case 4:
                        System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(element, System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(element));
                        break;
                    default:
                        System.Buffers.Binary.BinaryPrimitives.WriteUInt64BigEndian(element, System.Buffers.Binary.BinaryPrimitives.ReadUInt64LittleEndian(element));
                        break;
                }
            }
#endif
        }
    }

    /// <summary>
    /// A new array whose elements the caller overwrites at once: <c>GC.AllocateUninitializedArray</c> on the modern
    /// builds (no zeroing of a block about to be copied over; large blocks come back at the cost of the copy alone;
    /// an element type that holds references comes back zeroed all the same), a plain zeroed array on netstandard2.0.
    /// </summary>
    internal static class Arrays
    {
        public static T[] ForOverwrite<T>(int count) =>
#if NET
            System.GC.AllocateUninitializedArray<T>(count);
#else
            new T[count];
#endif
    }
}
