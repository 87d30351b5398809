using System;
using System.IO;
using System.IO.Compression;
using K4os.Compression.LZ4;

namespace FastSerialization.Files.Internal;

/// <summary>Compresses and decompresses one block body with the BCL's Brotli or zlib, or with LZ4 (K4os.Compression.LZ4).</summary>
internal static class BlockCodec
{
    /// <summary>The largest a compressed body may grow to before it is stored uncompressed instead.</summary>
    public static int MaxCompressedLength(int sourceLength) => sourceLength + (sourceLength / 8) + 64;

    /// <summary>Compresses <paramref name="source"/> into <paramref name="destination"/> from <paramref name="offset"/> on.</summary>
    /// <returns>The compressed length, or -1 when compression does not make the block smaller.</returns>
    public static int Compress(RecordFileCompression kind, CompressionLevel level, ReadOnlySpan<byte> source, byte[] destination, int offset)
    {
        int limit = Math.Min(destination.Length - offset, source.Length - 1);
        if (limit <= 0)
        {
            return -1;
        }

        switch (kind)
        {
            case RecordFileCompression.Brotli:
                int quality = level switch
                {
                    CompressionLevel.Fastest => 1,
                    CompressionLevel.SmallestSize => 11,
                    _ => 4,
                };
                return BrotliEncoder.TryCompress(source, destination.AsSpan(offset, limit), out int written, quality, 22) ? written : -1;
            case RecordFileCompression.ZLib:
                try
                {
                    using var output = new MemoryStream(destination, offset, limit, writable: true);
                    using (var zlib = new ZLibStream(output, level, leaveOpen: true))
                    {
                        zlib.Write(source);
                    }

                    return (int)output.Position;
                }
                catch (NotSupportedException)
                {
                    return -1; // the fixed-size stream is full: the block does not get smaller
                }

            case RecordFileCompression.Lz4:
                LZ4Level lz4Level = level switch
                {
                    CompressionLevel.SmallestSize => LZ4Level.L12_MAX,
                    CompressionLevel.Optimal => LZ4Level.L09_HC,
                    _ => LZ4Level.L00_FAST,
                };

                // Negative (or zero) when the block does not fit in `limit`, that is, does not get smaller.
                int encoded = LZ4Codec.Encode(source, destination.AsSpan(offset, limit), lz4Level);
                return encoded > 0 ? encoded : -1;

            default:
                throw new ArgumentOutOfRangeException(nameof(kind), kind, "Not a compression.");
        }
    }

    /// <summary>The first buffer a Brotli or zlib body is decompressed into, unless the block claims less.</summary>
    private const int FirstInflateBuffer = 64 * 1024;

    /// <summary>
    /// Decompresses a stored body of <paramref name="uncompressedLength"/> bytes into <paramref name="buffer"/> (from the
    /// shared pool; an empty array or one the pool gave), which is replaced by a larger one from the pool as the output
    /// grows. Brotli and zlib have no useful bound on how much a byte decodes to, so the buffer follows what the data
    /// actually decodes to (doubling, up to <paramref name="uncompressedLength"/>; the pool may round a rental up): a
    /// block of a few bytes that claims 64 MiB costs 64 KiB before it is refused. LZ4's claim is already bounded (255 bytes
    /// per stored byte) and is decoded in one buffer of its size.
    /// </summary>
    /// <returns>Null when the body decoded to exactly <paramref name="uncompressedLength"/> bytes (the first ones of
    /// <paramref name="buffer"/>); otherwise what went wrong.</returns>
    public static string? TryDecompress(RecordFileCompression kind, ReadOnlySpan<byte> stored, int uncompressedLength, ref byte[] buffer)
    {
        switch (kind)
        {
            case RecordFileCompression.Brotli:
                return TryBrotli(stored, uncompressedLength, ref buffer);
            case RecordFileCompression.ZLib:
                return TryZLib(stored, uncompressedLength, ref buffer);
            default:
                EnsureCapacity(ref buffer, uncompressedLength, 0);
                return TryDecompress(kind, stored, buffer.AsSpan(0, uncompressedLength));
        }
    }

    private static string? TryBrotli(ReadOnlySpan<byte> stored, int uncompressedLength, ref byte[] buffer)
    {
        EnsureCapacity(ref buffer, Math.Min(uncompressedLength, FirstInflateBuffer), 0);
        using var decoder = new BrotliDecoder();
        int read = 0;
        int written = 0;
        while (true)
        {
            int room = Math.Min(buffer.Length, uncompressedLength) - written;
            System.Buffers.OperationStatus status = decoder.Decompress(stored.Slice(read), buffer.AsSpan(written, room), out int consumed, out int produced);
            read += consumed;
            written += produced;
            switch (status)
            {
                case System.Buffers.OperationStatus.Done:
                    return written == uncompressedLength ? null : $"its Brotli data decompresses to {written} bytes, not the {uncompressedLength} it claims";
                case System.Buffers.OperationStatus.DestinationTooSmall when written < uncompressedLength:
                    EnsureCapacity(ref buffer, (int)Math.Min(uncompressedLength, 2L * Math.Max(written, FirstInflateBuffer)), written);
                    break;
                case System.Buffers.OperationStatus.DestinationTooSmall:
                    return $"its Brotli data decompresses to more than the {uncompressedLength} bytes it claims";
                default:
                    return $"its Brotli data does not decompress to the {uncompressedLength} bytes it claims ({status} after {written} bytes)";
            }
        }
    }

    private static string? TryZLib(ReadOnlySpan<byte> stored, int uncompressedLength, ref byte[] buffer)
    {
        EnsureCapacity(ref buffer, Math.Min(uncompressedLength, FirstInflateBuffer), 0);
        try
        {
            using var input = new MemoryStream(stored.ToArray(), writable: false);
            using var zlib = new ZLibStream(input, CompressionMode.Decompress);
            int total = 0;
            while (total < uncompressedLength)
            {
                if (total == buffer.Length)
                {
                    EnsureCapacity(ref buffer, (int)Math.Min(uncompressedLength, 2L * total), total);
                }

                int read = zlib.Read(buffer.AsSpan(total, Math.Min(buffer.Length, uncompressedLength) - total));
                if (read == 0)
                {
                    break;
                }

                total += read;
            }

            Span<byte> extra = stackalloc byte[1];
            return total == uncompressedLength && zlib.Read(extra) == 0
                ? null
                : $"its zlib data does not decompress to the {uncompressedLength} bytes it claims";
        }
        catch (InvalidDataException e)
        {
            return $"its zlib data is malformed ({e.Message})";
        }
    }

    /// <summary>Makes <paramref name="buffer"/> at least <paramref name="length"/> bytes, keeping its first <paramref name="keep"/>.</summary>
    private static void EnsureCapacity(ref byte[] buffer, int length, int keep)
    {
        if (buffer.Length >= length)
        {
            return;
        }

        byte[] larger = System.Buffers.ArrayPool<byte>.Shared.Rent(length);
        buffer.AsSpan(0, keep).CopyTo(larger);
        if (buffer.Length > 0)
        {
            System.Buffers.ArrayPool<byte>.Shared.Return(buffer);
        }

        buffer = larger;
    }

    /// <summary>Decompresses a stored body into <paramref name="destination"/>, which must come out exactly full.</summary>
    /// <returns>Null when it did; otherwise what went wrong.</returns>
    public static string? TryDecompress(RecordFileCompression kind, ReadOnlySpan<byte> stored, Span<byte> destination)
    {
        switch (kind)
        {
            case RecordFileCompression.Brotli:
                return BrotliDecoder.TryDecompress(stored, destination, out int written) && written == destination.Length
                    ? null
                    : $"its Brotli data does not decompress to the {destination.Length} bytes it claims";
            case RecordFileCompression.ZLib:
                try
                {
                    using var input = new MemoryStream(stored.ToArray(), writable: false);
                    using var zlib = new ZLibStream(input, CompressionMode.Decompress);
                    int total = 0;
                    while (total < destination.Length)
                    {
                        int read = zlib.Read(destination.Slice(total));
                        if (read == 0)
                        {
                            break;
                        }

                        total += read;
                    }

                    Span<byte> extra = stackalloc byte[1];
                    return total == destination.Length && zlib.Read(extra) == 0
                        ? null
                        : $"its zlib data does not decompress to the {destination.Length} bytes it claims";
                }
                catch (InvalidDataException e)
                {
                    return $"its zlib data is malformed ({e.Message})";
                }

            case RecordFileCompression.Lz4:
                // The safe decoder: it never writes past the destination nor reads past the stored bytes, and returns a
                // negative count for data that is malformed, would overflow the destination, or ends inside a sequence.
                // Filling the destination exactly means every stored byte was used too (the block ends with its last literals).
                int decoded = LZ4Codec.Decode(stored, destination);
                return decoded == destination.Length
                    ? null
                    : $"its LZ4 data does not decompress to the {destination.Length} bytes it claims ({(decoded < 0 ? "malformed, or longer" : $"{decoded} bytes")})";

            default:
                return $"compression {(int)kind} is unknown";
        }
    }
}
