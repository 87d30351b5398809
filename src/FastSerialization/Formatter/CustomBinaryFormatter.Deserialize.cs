using System;
using System.Buffers;
using System.Diagnostics.CodeAnalysis;

namespace FastSerialization;

public sealed partial class CustomBinaryFormatter
{
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
        if (!RecordFrame.TryReadLength(buffer, _maxRecordLength, out int length))
        {
            return false;
        }

        long total = RecordFrame.LengthPrefixSize + (long)length;
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

    /// <summary>Reads the record at the start of <paramref name="data"/>.</summary>
    private object ReadRecord(ReadOnlySpan<byte> data, out int consumed) => ReadRecord<object>(data, out consumed);

    /// <summary>
    /// Reads the record at the start of <paramref name="data"/> as a <typeparamref name="T"/>: a struct
    /// record of exactly that type is read without boxing; any other record is read as an object and
    /// must be a <typeparamref name="T"/>.
    /// </summary>
    private T ReadRecord<T>(ReadOnlySpan<byte> data, out int consumed)
    {
        _registry.EnsureFrozen();
        RecordHeader header = RecordFrame.ReadHeader(data, _maxRecordLength);
        consumed = header.RecordSize;
        return ReadPayload<T>(data, header, RecordFrame.LengthPrefixSize);
    }

    /// <summary>Reads the payload of the record whose header was read (framed or unframed) as a <typeparamref name="T"/>.</summary>
    /// <param name="data">The record's bytes from its start.</param>
    /// <param name="header">Its header.</param>
    /// <param name="typeIdOffset">Where the type id is in <paramref name="data"/>, for the message of an unknown id.</param>
    /// <remarks>
    /// The payload is read by a method that is not inlined, so that it is compiled on its own with an inlining budget
    /// of its own: inlined into the caller of <c>Deserialize&lt;T&gt;</c> (with the header's checks and the registry
    /// lookup), the JIT's budget ran out above the type's reader, whose primitive reads (ReadBoolean, ReadInt32,
    /// ReadDateTime) became calls. A struct is read into the caller's variable by reference, not returned from that
    /// call, which would copy it once more (benchmarks/results/issue10-focused.md).
    /// </remarks>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private T ReadPayload<T>(ReadOnlySpan<byte> data, RecordHeader header, int typeIdOffset)
    {
        TypeRegistration registration = _registry.GetForRecord(header.TypeId, typeIdOffset);
        if (!typeof(T).IsValueType || registration.Type != typeof(T))
        {
            return CastRecord<T>(ReadObjectPayload(data, header, registration));
        }

        T value = default!;
        ReadStructPayload(data, header, registration, ref value);
        return value;
    }

    /// <summary>Reads a struct record of exactly the registered type into <paramref name="value"/>, where it lives.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private void ReadStructPayload<T>(ReadOnlySpan<byte> data, RecordHeader header, TypeRegistration registration, ref T value)
    {
        var reader = NewPayloadReader(data, header, registration);
        try
        {
            registration.ReadInto(ref reader, ref System.Runtime.CompilerServices.Unsafe.As<T, byte>(ref value));
        }
        catch (Exception ex) when (ex is not FastSerializationException)
        {
            throw ThrowHelper.RecordReadFailed(registration, reader.Position, ex);
        }

        if (reader.HasRemaining)
        {
            reader.FinishFrame(registration.Type);
        }
    }

    /// <summary>Reads a record's payload as an object (a class record, or a struct record boxed).</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private object ReadObjectPayload(ReadOnlySpan<byte> data, RecordHeader header, TypeRegistration registration)
    {
        var reader = NewPayloadReader(data, header, registration);
        object value;
        try
        {
            value = registration.ReadBoxed(ref reader);
        }
        catch (Exception ex) when (ex is not FastSerializationException)
        {
            throw ThrowHelper.RecordReadFailed(registration, reader.Position, ex);
        }

        if (reader.HasRemaining)
        {
            reader.FinishFrame(registration.Type);
        }

        return value;
    }

    /// <summary>The value read, as the caller's type: a record of exactly <typeparamref name="T"/> (every sealed T's) with one method-table compare.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static T CastRecord<T>(object value) =>
        !typeof(T).IsValueType && value.GetType() == typeof(T) ? System.Runtime.CompilerServices.Unsafe.As<object, T>(ref value) : TypeRegistration.CastRecord<T>(value);

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private FastBinaryReader NewPayloadReader(ReadOnlySpan<byte> data, RecordHeader header, TypeRegistration registration) =>
        new(data.Slice(0, header.RecordSize), header.PayloadStart, header.RecordSize, _readerLimits, registration.Id);

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowTrailingBytes(int length, int consumed) =>
        throw new FastSerializationException(
            $"The span holds {length - consumed} bytes after the record of {consumed} bytes at offset 0; to read several records, use the overload that returns bytesConsumed.",
            consumed,
            typeId: null);
}
