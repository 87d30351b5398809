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
