using System;
using System.Buffers;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization;

public sealed partial class CustomBinaryFormatter
{
    /// <summary>
    /// Writes one record holding <paramref name="value"/> straight into <paramref name="destination"/>.
    /// Nothing reaches the destination if writing fails.
    /// </summary>
    /// <typeparam name="T">The static type of the value; its runtime type must be registered.</typeparam>
    /// <param name="destination">Where the record goes.</param>
    /// <param name="value">The object to write.</param>
    /// <exception cref="ArgumentNullException"><paramref name="destination"/> or <paramref name="value"/> is null.</exception>
    /// <exception cref="FastSerializationException">
    /// The type is not registered, the record would exceed <see cref="CustomBinaryFormatterOptions.MaxRecordLength"/>,
    /// or a string holds a lone surrogate.
    /// </exception>
    /// <remarks>
    /// The record is written into the span the destination gives for it; only a record larger than
    /// that span is assembled in a pooled buffer first and copied in once.
    /// </remarks>
    public void Serialize<T>(IBufferWriter<byte> destination, T value)
    {
        ArgumentNullException.ThrowIfNull(destination);
        Guard.NotNullValue(value);
        TypeRegistration registration = _registry.GetForWrite(value);
        var writer = new FastBinaryWriter(destination, registration.SizeHint, _registry, _maxDepth);
        KeepSizeHint(registration, RecordFrame.Write(ref writer, registration, value, _maxRecordLength));
        writer.Commit();
    }

    /// <summary>Writes one record holding <paramref name="value"/> into <paramref name="destination"/>, if it fits.</summary>
    /// <typeparam name="T">The static type of the value; its runtime type must be registered.</typeparam>
    /// <param name="value">The object to write.</param>
    /// <param name="destination">Where the record goes.</param>
    /// <param name="bytesWritten">The record's size when it fit, otherwise 0.</param>
    /// <returns>True when the record fit in <paramref name="destination"/>; false leaves the destination's content unspecified.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    /// <exception cref="FastSerializationException">As for <see cref="Serialize{T}(IBufferWriter{byte}, T)"/>.</exception>
    public bool TrySerialize<T>(T value, Span<byte> destination, out int bytesWritten)
    {
        Guard.NotNullValue(value);
        TypeRegistration registration = _registry.GetForWrite(value);
        var writer = new FastBinaryWriter(destination, _registry, _maxDepth);
        try
        {
            KeepSizeHint(registration, RecordFrame.Write(ref writer, registration, value, _maxRecordLength));
            int length = writer.BytesPending;
            if (!writer.IsInInitialBuffer)
            {
                // The writer reserves room for the largest form of what it writes next (a varint's 5 or 10 bytes, a
                // bounded object's bound) and moved to a pooled buffer when the destination's end was nearer than that:
                // the record may still fit, and then it is copied in once.
                if (length > destination.Length)
                {
                    bytesWritten = 0;
                    return false;
                }

                writer.WrittenSpan.CopyTo(destination);
            }

            bytesWritten = length;
            return true;
        }
        finally
        {
            writer.ReturnBuffer();
        }
    }

    /// <summary>Writes <paramref name="value"/> as one record into a new array.</summary>
    /// <param name="value">The object to write.</param>
    /// <returns>The record's bytes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    /// <exception cref="FastSerializationException">As for <see cref="Serialize{T}(IBufferWriter{byte}, T)"/>.</exception>
    public byte[] SerializeToArray(object value)
    {
        Guard.NotNullValue(value);
        TypeRegistration registration = _registry.GetForWrite(value);
        var writer = new FastBinaryWriter(registration.SizeHint, _registry, _maxDepth);
        try
        {
            KeepSizeHint(registration, RecordFrame.Write(ref writer, registration, value, _maxRecordLength));
            return writer.WrittenSpan.ToArray();
        }
        finally
        {
            writer.ReturnBuffer();
        }
    }

    /// <summary>
    /// Writes <paramref name="graph"/> as one record to <paramref name="serializationStream"/>, with a
    /// single <see cref="Stream.Write(byte[], int, int)"/> call.
    /// </summary>
    /// <param name="serializationStream">The stream to write to.</param>
    /// <param name="graph">The object to write; its type must be registered.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="FastSerializationException">As for <see cref="Serialize{T}(IBufferWriter{byte}, T)"/>.</exception>
    public void Serialize(Stream serializationStream, object graph)
    {
        ArgumentNullException.ThrowIfNull(serializationStream);
        ArgumentNullException.ThrowIfNull(graph);
        TypeRegistration registration = _registry.GetForWrite(graph);
        var writer = new FastBinaryWriter(registration.SizeHint, _registry, _maxDepth);
        try
        {
            KeepSizeHint(registration, RecordFrame.Write(ref writer, registration, graph, _maxRecordLength));
            writer.WriteTo(serializationStream);
        }
        finally
        {
            writer.ReturnBuffer();
        }
    }

    /// <summary>Writes <paramref name="graph"/> as one record to <paramref name="serializationStream"/> asynchronously.</summary>
    /// <param name="serializationStream">The stream to write to.</param>
    /// <param name="graph">The object to write; its type must be registered.</param>
    /// <param name="cancellationToken">Cancels the write to the stream.</param>
    /// <returns>A task that completes when the stream has accepted the record.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="FastSerializationException">As for <see cref="Serialize{T}(IBufferWriter{byte}, T)"/>.</exception>
    public Task SerializeAsync(Stream serializationStream, object graph, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(serializationStream);
        ArgumentNullException.ThrowIfNull(graph);
        TypeRegistration registration = _registry.GetForWrite(graph);
        var writer = new FastBinaryWriter(registration.SizeHint, _registry, _maxDepth);
        byte[] buffer;
        int length;
        try
        {
            KeepSizeHint(registration, RecordFrame.Write(ref writer, registration, graph, _maxRecordLength));
            buffer = writer.DetachBuffer(out length);
        }
        catch
        {
            writer.ReturnBuffer();
            throw;
        }

        return WriteAndReturnAsync(serializationStream, buffer, length, cancellationToken);
    }

    /// <summary>
    /// Keeps the size of the record just written as its type's hint: the first buffer asked for the next record of
    /// that type. The formatter owns the hint (it lives on the formatter's own registration); the framing layer only
    /// reports the size. Stored only when it changed, so records of a steady size do not write to shared memory.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void KeepSizeHint(TypeRegistration registration, int size)
    {
        if (size != registration.SizeHint)
        {
            registration.SizeHint = size;
        }
    }

    private static async Task WriteAndReturnAsync(Stream stream, byte[] buffer, int length, CancellationToken cancellationToken)
    {
        try
        {
            await stream.WriteAsync(buffer, 0, length, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}
