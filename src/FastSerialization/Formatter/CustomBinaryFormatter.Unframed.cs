using System;
using System.Buffers;

namespace FastSerialization;

public sealed partial class CustomBinaryFormatter
{
    /// <summary>
    /// Writes <paramref name="value"/> as an <em>unframed</em> record into <paramref name="destination"/>: the type id
    /// and the payload, without the 4-byte length prefix (docs/FORMAT.md section 1.1). For a transport that frames
    /// each message itself (a gRPC message, a datagram, a database column): its frame says where the record ends, so the
    /// prefix would say it twice. Read it back with <see cref="DeserializeUnframed{T}(ReadOnlySpan{byte})"/>.
    /// </summary>
    /// <typeparam name="T">The static type of the value; its runtime type must be registered.</typeparam>
    /// <param name="destination">Where the record goes; nothing reaches it if writing fails.</param>
    /// <param name="value">The object to write.</param>
    /// <exception cref="ArgumentNullException"><paramref name="destination"/> or <paramref name="value"/> is null.</exception>
    /// <exception cref="FastSerializationException">As for <see cref="Serialize{T}(IBufferWriter{byte}, T)"/>.</exception>
    public void SerializeUnframed<T>(IBufferWriter<byte> destination, T value)
    {
        ArgumentNullException.ThrowIfNull(destination);
        Guard.NotNullValue(value);
        TypeRegistration registration = _registry.GetForWrite(value);
        var writer = new FastBinaryWriter(destination, registration.SizeHint, _registry, _maxDepth);
        KeepSizeHint(registration, RecordFrame.WriteUnframed(ref writer, registration, value, _maxRecordLength));
        writer.Commit();
    }

    /// <summary>Writes <paramref name="value"/> as an unframed record (type id and payload, no length prefix) into a new array.</summary>
    /// <param name="value">The object to write.</param>
    /// <returns>The unframed record's bytes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    /// <exception cref="FastSerializationException">As for <see cref="Serialize{T}(IBufferWriter{byte}, T)"/>.</exception>
    public byte[] SerializeUnframedToArray(object value)
    {
        Guard.NotNullValue(value);
        TypeRegistration registration = _registry.GetForWrite(value);
        var writer = new FastBinaryWriter(registration.SizeHint, _registry, _maxDepth);
        try
        {
            KeepSizeHint(registration, RecordFrame.WriteUnframed(ref writer, registration, value, _maxRecordLength));
            return writer.WrittenSpan.ToArray();
        }
        finally
        {
            writer.ReturnBuffer();
        }
    }

    /// <summary>
    /// Reads the unframed record that <paramref name="unframed"/> holds whole (type id and payload, no length prefix),
    /// which must be a <typeparamref name="T"/>. The span's length plays the part of the length prefix: it must be 1 to
    /// <see cref="CustomBinaryFormatterOptions.MaxRecordLength"/> bytes, and the payload must fill it exactly.
    /// </summary>
    /// <typeparam name="T">The expected type (<see cref="object"/> for any registered type).</typeparam>
    /// <param name="unframed">Exactly one unframed record.</param>
    /// <returns>The object read.</returns>
    /// <exception cref="FastSerializationException">
    /// The record is empty, over the limit, malformed, of an unknown type id or another type, or has bytes left after
    /// its payload. Offsets in messages count from the start of <paramref name="unframed"/>.
    /// </exception>
    public T DeserializeUnframed<T>(ReadOnlySpan<byte> unframed)
    {
        _registry.EnsureFrozen();
        RecordHeader header = RecordFrame.ReadUnframedHeader(unframed, _maxRecordLength);
        return ReadPayload<T>(unframed, header, typeIdOffset: 0);
    }

    /// <summary>
    /// As <see cref="DeserializeUnframed{T}(ReadOnlySpan{byte})"/>, from a sequence (a gRPC payload, a pipe's buffer):
    /// read in place when it is one segment, copied once into a pooled buffer otherwise.
    /// </summary>
    /// <typeparam name="T">The expected type.</typeparam>
    /// <param name="unframed">Exactly one unframed record.</param>
    /// <returns>The object read.</returns>
    /// <exception cref="FastSerializationException">As for <see cref="DeserializeUnframed{T}(ReadOnlySpan{byte})"/>.</exception>
    public T DeserializeUnframed<T>(in ReadOnlySequence<byte> unframed)
    {
        if (unframed.IsSingleSegment)
        {
            return DeserializeUnframed<T>(unframed.First.Span);
        }

        if (unframed.Length > _maxRecordLength)
        {
            ThrowHelper.ThrowBadUnframedLength(unframed.Length, _maxRecordLength);
        }

        int length = (int)unframed.Length;
        byte[] copy = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            unframed.CopyTo(copy);
            return DeserializeUnframed<T>(copy.AsSpan(0, length));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(copy);
        }
    }
}
