using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization;

public sealed partial class CustomBinaryFormatter
{
    // A record's bytes are read into a buffer that starts at most this large and doubles as data
    // arrives, so a length prefix that promises more than the stream holds costs little memory.
    private const int InitialStreamBufferSize = 64 * 1024;

    /// <summary>
    /// Reads one record from <paramref name="serializationStream"/>. Works with streams that return
    /// any number of bytes per read, down to one.
    /// </summary>
    /// <param name="serializationStream">The stream to read from.</param>
    /// <returns>The object read.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="serializationStream"/> is null.</exception>
    /// <exception cref="FastSerializationException">
    /// The stream is at its end (as <c>BinaryFormatter</c> did, this is an error here: use
    /// <see cref="ReadAll"/> to read until a clean end), ends inside a record, or the record is malformed.
    /// </exception>
    public object Deserialize(Stream serializationStream)
    {
        Guard.NotNull(serializationStream);
        if (!TryReadFromStream(serializationStream, out object? value))
        {
            throw EndOfStream();
        }

        return value!;
    }

    /// <summary>Reads one record, which must be a <typeparamref name="T"/>, from <paramref name="serializationStream"/>.</summary>
    /// <typeparam name="T">The expected type.</typeparam>
    /// <param name="serializationStream">The stream to read from.</param>
    /// <returns>The object read.</returns>
    /// <exception cref="FastSerializationException">As for <see cref="Deserialize(Stream)"/>, or the record holds another type.</exception>
    public T Deserialize<T>(Stream serializationStream) => CastRecord<T>(Deserialize(serializationStream));

    /// <summary>Reads one record from <paramref name="serializationStream"/> asynchronously.</summary>
    /// <param name="serializationStream">The stream to read from.</param>
    /// <param name="cancellationToken">Cancels the wait for data.</param>
    /// <returns>The object read.</returns>
    /// <exception cref="FastSerializationException">As for <see cref="Deserialize(Stream)"/>.</exception>
    /// <exception cref="OperationCanceledException">The token was cancelled.</exception>
    public async Task<object> DeserializeAsync(Stream serializationStream, CancellationToken cancellationToken = default)
    {
        Guard.NotNull(serializationStream);
        return await ReadFromStreamAsync(serializationStream, cancellationToken).ConfigureAwait(false) ?? throw EndOfStream();
    }

    /// <summary>Reads one record, which must be a <typeparamref name="T"/>, asynchronously.</summary>
    /// <typeparam name="T">The expected type.</typeparam>
    /// <param name="serializationStream">The stream to read from.</param>
    /// <param name="cancellationToken">Cancels the wait for data.</param>
    /// <returns>The object read.</returns>
    /// <exception cref="FastSerializationException">As for <see cref="Deserialize(Stream)"/>, or the record holds another type.</exception>
    public async Task<T> DeserializeAsync<T>(Stream serializationStream, CancellationToken cancellationToken = default) =>
        CastRecord<T>(await DeserializeAsync(serializationStream, cancellationToken).ConfigureAwait(false));

    /// <summary>
    /// Reads records from <paramref name="stream"/> until its clean end (an end of stream before the
    /// first byte of a record). Records are read lazily, one per step of the enumeration.
    /// </summary>
    /// <param name="stream">The stream to read from.</param>
    /// <returns>The objects read, in order.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    /// <exception cref="FastSerializationException">Thrown during enumeration: the stream ends inside a record, or a record is malformed.</exception>
    public IEnumerable<object> ReadAll(Stream stream)
    {
        Guard.NotNull(stream);
        return ReadAllCore(stream);
    }

    private IEnumerable<object> ReadAllCore(Stream stream)
    {
        while (TryReadFromStream(stream, out object? value))
        {
            yield return value!;
        }
    }

#if NET
    /// <summary>Reads records from <paramref name="stream"/> asynchronously until its clean end.</summary>
    /// <param name="stream">The stream to read from.</param>
    /// <param name="cancellationToken">Cancels the wait for data.</param>
    /// <returns>The objects read, in order.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    /// <exception cref="FastSerializationException">Thrown during enumeration: the stream ends inside a record, or a record is malformed.</exception>
    /// <remarks>Not in the netstandard2.0 build, whose framework has no <see cref="IAsyncEnumerable{T}"/>.</remarks>
    public IAsyncEnumerable<object> ReadAllAsync(Stream stream, CancellationToken cancellationToken = default)
    {
        Guard.NotNull(stream);
        return ReadAllAsyncCore(stream, cancellationToken);
    }

    private async IAsyncEnumerable<object> ReadAllAsyncCore(Stream stream, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        while (await ReadFromStreamAsync(stream, cancellationToken).ConfigureAwait(false) is { } value)
        {
            yield return value;
        }
    }
#endif

    private static FastSerializationException EndOfStream() =>
        new("End of stream: there is no record to read (the stream ended cleanly before the first byte of a record).", 0, typeId: null);

    private bool TryReadFromStream(Stream stream, out object? value)
    {
        value = null;
        if (stream is MemoryStream memory && memory.TryGetBuffer(out ArraySegment<byte> contents))
        {
            return TryReadInPlace(memory, contents, out value);
        }

        byte[] buffer = ArrayPool<byte>.Shared.Rent(256);
        try
        {
            int got = ReadAtLeast(stream, buffer, 0, HeaderSize);
            if (got == 0)
            {
                return false;
            }

            if (got < HeaderSize)
            {
                throw TruncatedStream(got, HeaderSize);
            }

            int total = HeaderSize + CheckLength(BinaryPrimitives.ReadUInt32LittleEndian(buffer));
            int filled = HeaderSize;
            while (filled < total)
            {
                if (filled == buffer.Length)
                {
                    buffer = GrowStreamBuffer(buffer, filled, total);
                }

                int chunk = ReadAtLeast(stream, buffer, filled, Math.Min(buffer.Length, total) - filled);
                if (chunk == 0)
                {
                    throw TruncatedStream(filled, total);
                }

                filled += chunk;
            }

            value = ReadRecord(buffer.AsSpan(0, total), out _);
            return true;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private async Task<object?> ReadFromStreamAsync(Stream stream, CancellationToken cancellationToken)
    {
        if (stream is MemoryStream memory && memory.TryGetBuffer(out ArraySegment<byte> contents))
        {
            cancellationToken.ThrowIfCancellationRequested();
            return TryReadInPlace(memory, contents, out object? value) ? value : null;
        }

        byte[] buffer = ArrayPool<byte>.Shared.Rent(256);
        try
        {
            int got = await ReadAtLeastAsync(stream, buffer, 0, HeaderSize, cancellationToken).ConfigureAwait(false);
            if (got == 0)
            {
                return null;
            }

            if (got < HeaderSize)
            {
                throw TruncatedStream(got, HeaderSize);
            }

            int total = HeaderSize + CheckLength(BinaryPrimitives.ReadUInt32LittleEndian(buffer));
            int filled = HeaderSize;
            while (filled < total)
            {
                if (filled == buffer.Length)
                {
                    buffer = GrowStreamBuffer(buffer, filled, total);
                }

                int chunk = await ReadAtLeastAsync(stream, buffer, filled, Math.Min(buffer.Length, total) - filled, cancellationToken).ConfigureAwait(false);
                if (chunk == 0)
                {
                    throw TruncatedStream(filled, total);
                }

                filled += chunk;
            }

            return ReadRecord(buffer.AsSpan(0, total), out _);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>
    /// Reads the next record straight out of a <see cref="MemoryStream"/>'s buffer (no copy), leaving the
    /// stream's position where reading it through <see cref="Stream.Read(byte[], int, int)"/> would.
    /// </summary>
    private bool TryReadInPlace(MemoryStream memory, ArraySegment<byte> contents, out object? value)
    {
        value = null;
        int position = (int)Math.Min(memory.Position, contents.Count);
        ReadOnlySpan<byte> rest = contents.AsSpan(position);
        if (rest.IsEmpty)
        {
            return false;
        }

        if (rest.Length < HeaderSize)
        {
            memory.Position = contents.Count;
            throw TruncatedStream(rest.Length, HeaderSize);
        }

        int total = HeaderSize + CheckLength(BinaryPrimitives.ReadUInt32LittleEndian(rest));
        if (rest.Length < total)
        {
            memory.Position = contents.Count;
            throw TruncatedStream(rest.Length, total);
        }

        memory.Position = position + total;
        value = ReadRecord(rest.Slice(0, total), out _);
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

    /// <summary>Reads until <paramref name="count"/> bytes arrived or the stream ended; returns the number read.</summary>
    private static int ReadAtLeast(Stream stream, byte[] buffer, int offset, int count)
    {
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
    }

    private static async Task<int> ReadAtLeastAsync(Stream stream, byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
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
    }

    private static FastSerializationException TruncatedStream(int got, int needed) =>
        new($"The stream ended inside a record: {needed} bytes were needed from the record's start, only {got} arrived.", got, typeId: null);
}
