using System;
using System.Buffers;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization;

/// <summary>
/// Takes whole records off a <see cref="Stream"/>: the length prefix first, checked by
/// <see cref="RecordFrame"/> before anything is allocated, then the bytes it declares. Works with
/// streams that return any number of bytes per read, down to one. A <see cref="MemoryStream"/> whose
/// buffer is reachable is read in place, with no copy.
/// </summary>
internal static class RecordStreamReader
{
    // A record's bytes are read into a buffer that starts at most this large and doubles as data
    // arrives, so a length prefix that promises more than the stream holds costs little memory.
    private const int InitialStreamBufferSize = 64 * 1024;

    /// <summary>Reads the next record's bytes; false at a clean end of the stream (before the first byte of a record).</summary>
    /// <exception cref="FastSerializationException">The stream ends inside the record, or its length prefix is 0 or over the limit.</exception>
    public static bool TryRead(Stream stream, int maxRecordLength, RecordPlace place, out RecordBytes record)
    {
        if (stream is MemoryStream memory && memory.TryGetBuffer(out ArraySegment<byte> contents))
        {
            return TryReadInPlace(memory, contents, maxRecordLength, out record);
        }

        place = place.At(stream);

        record = default;
        byte[] buffer = ArrayPool<byte>.Shared.Rent(256);
        try
        {
            int got = StreamReads.ReadAtLeast(stream, buffer, 0, RecordFrame.LengthPrefixSize);
            if (got == 0)
            {
                ArrayPool<byte>.Shared.Return(buffer);
                return false;
            }

            if (got < RecordFrame.LengthPrefixSize)
            {
                throw TruncatedStream(place, got, RecordFrame.LengthPrefixSize);
            }

            int total = RecordFrame.LengthPrefixSize + RecordFrame.ReadLength(buffer, maxRecordLength);
            int filled = RecordFrame.LengthPrefixSize;
            while (filled < total)
            {
                if (filled == buffer.Length)
                {
                    buffer = GrowStreamBuffer(buffer, filled, total);
                }

                int chunk = StreamReads.ReadAtLeast(stream, buffer, filled, Math.Min(buffer.Length, total) - filled);
                if (chunk == 0)
                {
                    throw TruncatedStream(place, filled, total);
                }

                filled += chunk;
            }

            record = new RecordBytes(buffer, 0, total, rented: true);
            return true;
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw;
        }
    }

    /// <summary>Reads the next record's bytes asynchronously; <see cref="RecordBytes.IsEnd"/> at a clean end of the stream.</summary>
    /// <exception cref="FastSerializationException">The stream ends inside the record, or its length prefix is 0 or over the limit.</exception>
    /// <exception cref="OperationCanceledException">The token was cancelled.</exception>
    public static async Task<RecordBytes> ReadAsync(Stream stream, int maxRecordLength, RecordPlace place, CancellationToken cancellationToken)
    {
        if (stream is MemoryStream memory && memory.TryGetBuffer(out ArraySegment<byte> contents))
        {
            cancellationToken.ThrowIfCancellationRequested();
            TryReadInPlace(memory, contents, maxRecordLength, out RecordBytes inPlace);
            return inPlace;
        }

        place = place.At(stream);

        byte[] buffer = ArrayPool<byte>.Shared.Rent(256);
        try
        {
            int got = await StreamReads.ReadAtLeastAsync(stream, buffer, 0, RecordFrame.LengthPrefixSize, cancellationToken).ConfigureAwait(false);
            if (got == 0)
            {
                ArrayPool<byte>.Shared.Return(buffer);
                return default;
            }

            if (got < RecordFrame.LengthPrefixSize)
            {
                throw TruncatedStream(place, got, RecordFrame.LengthPrefixSize);
            }

            int total = RecordFrame.LengthPrefixSize + RecordFrame.ReadLength(buffer, maxRecordLength);
            int filled = RecordFrame.LengthPrefixSize;
            while (filled < total)
            {
                if (filled == buffer.Length)
                {
                    buffer = GrowStreamBuffer(buffer, filled, total);
                }

                int chunk = await StreamReads.ReadAtLeastAsync(stream, buffer, filled, Math.Min(buffer.Length, total) - filled, cancellationToken).ConfigureAwait(false);
                if (chunk == 0)
                {
                    throw TruncatedStream(place, filled, total);
                }

                filled += chunk;
            }

            return new RecordBytes(buffer, 0, total, rented: true);
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw;
        }
    }

    /// <summary>
    /// Takes the next record straight out of a <see cref="MemoryStream"/>'s buffer (no copy), leaving the
    /// stream's position where reading it through <see cref="Stream.Read(byte[], int, int)"/> would.
    /// </summary>
    private static bool TryReadInPlace(MemoryStream memory, ArraySegment<byte> contents, int maxRecordLength, out RecordBytes record)
    {
        record = default;
        int position = (int)Math.Min(memory.Position, contents.Count);
        ReadOnlySpan<byte> rest = contents.AsSpan(position);
        if (rest.IsEmpty)
        {
            return false;
        }

        if (rest.Length < RecordFrame.LengthPrefixSize)
        {
            memory.Position = contents.Count;
            throw TruncatedStream(RecordPlace.Absolute(position), rest.Length, RecordFrame.LengthPrefixSize);
        }

        int total = RecordFrame.LengthPrefixSize + RecordFrame.ReadLength(rest, maxRecordLength);
        if (rest.Length < total)
        {
            memory.Position = contents.Count;
            throw TruncatedStream(RecordPlace.Absolute(position), rest.Length, total);
        }

        memory.Position = position + total;
        record = new RecordBytes(contents.Array!, contents.Offset + position, total, rented: false);
        return true;
    }

    private static byte[] GrowStreamBuffer(byte[] buffer, int filled, int total)
    {
        int size = (int)Math.Min(total, Math.Max((long)buffer.Length * 2, InitialStreamBufferSize));
        byte[] next = ArrayPool<byte>.Shared.Rent(size);
        Buffer.BlockCopy(buffer, 0, next, 0, filled);
        ArrayPool<byte>.Shared.Return(buffer);
        return next;
    }

    private static FastSerializationException TruncatedStream(RecordPlace place, int got, int needed) =>
        new(
            $"The stream ended inside a record that starts {place.Describe()}: the record needs {needed} bytes from its start, only {got} arrived (it ends at offset {got} of the record{place.DescribeEnd(got)}).",
            got,
            typeId: null);
}
