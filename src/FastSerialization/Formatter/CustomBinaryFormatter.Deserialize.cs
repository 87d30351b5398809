using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;

namespace FastSerialization;

public sealed partial class CustomBinaryFormatter
{
    private const int HeaderSize = 4;

    /// <summary>Reads the one record that <paramref name="record"/> holds.</summary>
    /// <param name="record">Exactly one record: length prefix, type id and payload.</param>
    /// <returns>The object read.</returns>
    /// <exception cref="FastSerializationException">
    /// The record is malformed, truncated, over the limit, of an unknown type id, or followed by more
    /// bytes (use <see cref="Deserialize(ReadOnlySpan{byte}, out int)"/> to read records one after another).
    /// </exception>
    public object Deserialize(ReadOnlySpan<byte> record)
    {
        object value = ReadRecord(record, out int consumed);
        if (consumed != record.Length)
        {
            ThrowTrailingBytes(record.Length, consumed);
        }

        return value;
    }

    /// <summary>Reads the record at the start of <paramref name="data"/>; bytes after it are left alone.</summary>
    /// <param name="data">Bytes that start with a whole record.</param>
    /// <param name="bytesConsumed">The size of the record read.</param>
    /// <returns>The object read.</returns>
    /// <exception cref="FastSerializationException">The record is malformed, truncated, over the limit, or of an unknown type id.</exception>
    public object Deserialize(ReadOnlySpan<byte> data, out int bytesConsumed) => ReadRecord(data, out bytesConsumed);

    /// <summary>Reads the one record that <paramref name="record"/> holds, which must be a <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The expected type.</typeparam>
    /// <param name="record">Exactly one record.</param>
    /// <returns>The object read.</returns>
    /// <exception cref="FastSerializationException">As for <see cref="Deserialize(ReadOnlySpan{byte})"/>, or the record holds another type.</exception>
    public T Deserialize<T>(ReadOnlySpan<byte> record)
    {
        T value = ReadRecord<T>(record, out int consumed);
        if (consumed != record.Length)
        {
            ThrowTrailingBytes(record.Length, consumed);
        }

        return value;
    }

    /// <summary>
    /// Reads one record from the start of <paramref name="buffer"/> when the buffer holds all of it, and
    /// moves <paramref name="buffer"/> past it: the loop body of a reader over a
    /// <c>System.IO.Pipelines.PipeReader</c> or any other segmented source.
    /// </summary>
    /// <param name="buffer">The bytes received so far; on success, what follows the record.</param>
    /// <param name="value">The object read, or null.</param>
    /// <returns>
    /// True when a record was read; false when the buffer holds only part of one, in which case
    /// <paramref name="buffer"/> is unchanged.
    /// </returns>
    /// <exception cref="FastSerializationException">
    /// The record is malformed; a length prefix of 0 or over the limit is rejected as soon as its 4
    /// bytes are there, without waiting for (or allocating) the rest.
    /// </exception>
    /// <remarks>A record that spans segments is copied once into a pooled buffer; one in a single segment is read in place.</remarks>
    public bool TryReadRecord(ref ReadOnlySequence<byte> buffer, [NotNullWhen(true)] out object? value)
    {
        value = null;
        if (buffer.Length < HeaderSize)
        {
            return false;
        }

        Span<byte> header = stackalloc byte[HeaderSize];
        buffer.Slice(0, HeaderSize).CopyTo(header);
        int length = CheckLength(BinaryPrimitives.ReadUInt32LittleEndian(header));
        long total = HeaderSize + (long)length;
        if (buffer.Length < total)
        {
            return false;
        }

        ReadOnlySequence<byte> record = buffer.Slice(0, total);
        ReadOnlySpan<byte> first = record.First.Span;
        if (first.Length >= total)
        {
            value = ReadRecord(first.Slice(0, (int)total), out _);
        }
        else
        {
            byte[] copy = ArrayPool<byte>.Shared.Rent((int)total);
            try
            {
                record.CopyTo(copy);
                value = ReadRecord(copy.AsSpan(0, (int)total), out _);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(copy);
            }
        }

        buffer = buffer.Slice(total);
        return true;
    }

    /// <summary>Checks a record's length prefix against the format and the limit.</summary>
    private int CheckLength(uint length)
    {
        if (length == 0)
        {
            throw new FastSerializationException(
                "Malformed record at offset 0: the length prefix is 0, but a record holds at least a type id.", 0, typeId: null);
        }

        if (length > (uint)_maxRecordLength)
        {
            throw new FastSerializationException(
                $"Record at offset 0 declares {length} bytes, over the limit of {_maxRecordLength} (CustomBinaryFormatterOptions.MaxRecordLength); nothing was allocated.",
                0,
                typeId: null);
        }

        return (int)length;
    }

    /// <summary>Reads the record at the start of <paramref name="data"/>.</summary>
    private object ReadRecord(ReadOnlySpan<byte> data, out int consumed) => ReadRecord<object>(data, out consumed);

    /// <summary>
    /// Reads the record at the start of <paramref name="data"/> as a <typeparamref name="T"/>: a struct
    /// record of exactly that type is read without boxing; any other record is read as an object and
    /// must be a <typeparamref name="T"/>.
    /// </summary>
    private T ReadRecord<T>(ReadOnlySpan<byte> data, out int consumed)
    {
        EnsureFrozen();
        if (data.Length < HeaderSize)
        {
            ThrowHelper.ThrowTruncated("record length prefix", 0, null, HeaderSize, data.Length);
        }

        int length = CheckLength(BinaryPrimitives.ReadUInt32LittleEndian(data));
        if (data.Length - HeaderSize < length)
        {
            ThrowHelper.ThrowTruncated("record", HeaderSize, null, length, data.Length - HeaderSize);
        }

        int end = HeaderSize + length;
        ReadOnlySpan<byte> recordSpan = data.Slice(0, end);
        var idReader = new FastBinaryReader(recordSpan, HeaderSize, end, this, typeId: 0);
        uint typeId = idReader.ReadTypeId();
        TypeRegistration? registration = FindRegistration(typeId);
        if (registration is null)
        {
            throw new FastSerializationException(
                $"Record at offset 0 has type id {typeId}, which is not registered with this formatter; only registered types are read.",
                HeaderSize,
                (int)typeId);
        }

        var reader = new FastBinaryReader(recordSpan, idReader.Position, end, this, registration.Id);
        T value;
        try
        {
            value = typeof(T).IsValueType && registration.Type == typeof(T)
                ? registration.ReadExact<T>(ref reader)
                : CastRecord<T>(registration.ReadBoxed(ref reader));
        }
        catch (Exception ex) when (ex is not FastSerializationException)
        {
            throw new FastSerializationException(
                $"Reading a record of type id {registration.Id} ({registration.Type}) failed at offset {reader.Position}: {ex.Message}",
                reader.Position,
                registration.Id,
                ex);
        }

        if (reader.HasRemaining)
        {
            reader.FinishFrame(registration.Type, _rejectUnreadBytes);
        }

        consumed = end;
        return value;
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowTrailingBytes(int length, int consumed) =>
        throw new FastSerializationException(
            $"The span holds {length - consumed} bytes after the record of {consumed} bytes at offset 0; to read several records, use the overload that returns bytesConsumed.",
            consumed,
            typeId: null);

    private static T CastRecord<T>(object value)
    {
        if (value is T typed)
        {
            return typed;
        }

        throw new FastSerializationException(
            $"The record holds a {value.GetType()}, which is not a {typeof(T)}.");
    }
}
