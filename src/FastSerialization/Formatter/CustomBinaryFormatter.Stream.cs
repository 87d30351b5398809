using System;
using System.Collections.Generic;
using System.IO;
#if NET
using System.Runtime.CompilerServices;
#endif
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization;

public sealed partial class CustomBinaryFormatter
{
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
        ArgumentNullException.ThrowIfNull(serializationStream);
        if (!TryReadFromStream(serializationStream, RecordPlace.Unknown, out object? value, out _))
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
    public T Deserialize<T>(Stream serializationStream) => TypeRegistration.CastRecord<T>(Deserialize(serializationStream));

    /// <summary>Reads one record from <paramref name="serializationStream"/> asynchronously.</summary>
    /// <param name="serializationStream">The stream to read from.</param>
    /// <param name="cancellationToken">Cancels the wait for data.</param>
    /// <returns>The object read.</returns>
    /// <exception cref="FastSerializationException">As for <see cref="Deserialize(Stream)"/>.</exception>
    /// <exception cref="OperationCanceledException">The token was cancelled.</exception>
    public async Task<object> DeserializeAsync(Stream serializationStream, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(serializationStream);
        RecordBytes record = await RecordStreamReader.ReadAsync(serializationStream, _maxRecordLength, RecordPlace.Unknown, cancellationToken).ConfigureAwait(false);
        if (record.IsEnd)
        {
            throw EndOfStream();
        }

        using (record)
        {
            return ReadRecord(record.Span, out _);
        }
    }

    /// <summary>Reads one record, which must be a <typeparamref name="T"/>, asynchronously.</summary>
    /// <typeparam name="T">The expected type.</typeparam>
    /// <param name="serializationStream">The stream to read from.</param>
    /// <param name="cancellationToken">Cancels the wait for data.</param>
    /// <returns>The object read.</returns>
    /// <exception cref="FastSerializationException">As for <see cref="Deserialize(Stream)"/>, or the record holds another type.</exception>
    public async Task<T> DeserializeAsync<T>(Stream serializationStream, CancellationToken cancellationToken = default) =>
        TypeRegistration.CastRecord<T>(await DeserializeAsync(serializationStream, cancellationToken).ConfigureAwait(false));

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
        ArgumentNullException.ThrowIfNull(stream);
        return ReadAllCore(stream);
    }

    private IEnumerable<object> ReadAllCore(Stream stream)
    {
        long consumed = 0;
        while (TryReadFromStream(stream, RecordPlace.AfterStart(consumed), out object? value, out int size))
        {
            consumed += size;
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
        ArgumentNullException.ThrowIfNull(stream);
        return ReadAllAsyncCore(stream, cancellationToken);
    }

    private async IAsyncEnumerable<object> ReadAllAsyncCore(Stream stream, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        long consumed = 0;
        while (true)
        {
            RecordBytes record = await RecordStreamReader.ReadAsync(stream, _maxRecordLength, RecordPlace.AfterStart(consumed), cancellationToken).ConfigureAwait(false);
            if (record.IsEnd)
            {
                yield break;
            }

            object value;
            using (record)
            {
                value = ReadRecord(record.Span, out int size);
                consumed += size;
            }

            yield return value;
        }
    }
#endif

    private static FastSerializationException EndOfStream() =>
        new("End of stream: there is no record to read (the stream ended cleanly before the first byte of a record).", 0, typeId: null);

    private bool TryReadFromStream(Stream stream, RecordPlace place, out object? value, out int size)
    {
        if (!RecordStreamReader.TryRead(stream, _maxRecordLength, place, out RecordBytes record))
        {
            value = null;
            size = 0;
            return false;
        }

        using (record)
        {
            value = ReadRecord(record.Span, out size);
            return true;
        }
    }
}
