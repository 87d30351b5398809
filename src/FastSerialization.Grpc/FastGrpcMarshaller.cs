using System;
using System.Buffers;
using Grpc.Core;

namespace FastSerialization.Grpc;

/// <summary>
/// Builds gRPC <see cref="Marshaller{T}"/>s over a <see cref="CustomBinaryFormatter"/>: each message is one unframed
/// record (FORMAT.md section 1.1: the type id and the payload; gRPC's own frame gives the length), written straight into
/// the call's buffer writer and read from the payload sequence in place when it is one segment (a payload in several
/// segments is copied once, into a pooled buffer). The marshallers hold only the (closed) formatter: gRPC may call
/// them from many threads at once.
/// </summary>
public static class FastGrpcMarshaller
{
    /// <summary>
    /// A marshaller for <typeparamref name="T"/>. Bytes that are not one whole unframed record of a <typeparamref name="T"/>
    /// (empty, malformed, truncated, over the formatter's limit, another type) end the call with
    /// <paramref name="statusOnBadMessage"/> and a message naming the type and what was wrong, never a wrong object.
    /// </summary>
    /// <typeparam name="T">The message type; it (or the runtime type of each message) must be registered.</typeparam>
    /// <param name="formatter">The formatter; its registry is closed here.</param>
    /// <param name="statusOnBadMessage">
    /// The status a bad message ends the call with: <see cref="StatusCode.InvalidArgument"/> for requests read by a
    /// server (the default), <see cref="StatusCode.Internal"/> for responses read by a client.
    /// </param>
    /// <returns>The marshaller.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="formatter"/> is null.</exception>
    public static Marshaller<T> Create<T>(CustomBinaryFormatter formatter, StatusCode statusOnBadMessage = StatusCode.InvalidArgument)
    {
        ArgumentNullException.ThrowIfNull(formatter);

        formatter.Freeze();
        return new Marshaller<T>(
            (value, context) =>
            {
                formatter.SerializeUnframed(context.GetBufferWriter(), value);
                context.Complete();
            },
            context => Read<T>(formatter, context.PayloadAsReadOnlySequence(), statusOnBadMessage));
    }

    /// <summary>Reads the one unframed record of <paramref name="payload"/>, or throws an <see cref="RpcException"/>.</summary>
    internal static T Read<T>(CustomBinaryFormatter formatter, ReadOnlySequence<byte> payload, StatusCode statusOnBadMessage)
    {
        try
        {
            return formatter.DeserializeUnframed<T>(payload);
        }
        catch (FastSerializationException ex)
        {
            throw new RpcException(new Status(statusOnBadMessage, $"The message is not a valid FastSerialization record of {typeof(T).Name} ({payload.Length} bytes): {ex.Message}", ex));
        }
    }
}
