using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc;

public sealed partial class IpcChannel
{
    /// <summary>
    /// Reads the messages the peer sends, until it closes the channel. A message sent with
    /// <see cref="RequestAsync{TResponse}(object, CancellationToken)"/> arrives as an <see cref="IpcRequest"/>.
    /// </summary>
    /// <param name="cancellationToken">Cancels the wait for the next message.</param>
    /// <returns>The messages, in the order they were sent.</returns>
    /// <exception cref="IpcException">Thrown during enumeration, after every complete message: the peer went away without closing the channel.</exception>
    /// <exception cref="FastSerializationException">Thrown during enumeration: the peer sent a malformed record or one over the limit; the channel is closed.</exception>
    public IAsyncEnumerable<object> ReadAllAsync(CancellationToken cancellationToken = default) =>
        _receiver.ReadAllAsync(cancellationToken);

    /// <summary>Reads the next message, or null when the peer closed the channel.</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The next message, or null at the end.</returns>
    /// <exception cref="IpcException">The peer went away without closing the channel.</exception>
    /// <exception cref="FastSerializationException">The peer sent a malformed record.</exception>
    public ValueTask<object?> ReceiveAsync(CancellationToken cancellationToken = default) =>
        _receiver.ReceiveAsync(cancellationToken);

    /// <summary>
    /// Waits for the next message, then fills <paramref name="destination"/> with it and with every further
    /// message that has already arrived, without waiting again: many messages for one wait. A message sent
    /// with <see cref="RequestAsync{TResponse}(object, CancellationToken)"/> arrives as an <see cref="IpcRequest"/>,
    /// as with <see cref="ReceiveAsync"/>; the order is the order they were sent.
    /// </summary>
    /// <param name="destination">Where the messages go, from its start.</param>
    /// <param name="cancellationToken">Cancels the wait for the first message.</param>
    /// <returns>How many messages were put in <paramref name="destination"/>; 0 when the peer closed the channel (or <paramref name="destination"/> is empty).</returns>
    /// <exception cref="IpcException">The peer went away without closing the channel (after every complete message was delivered).</exception>
    /// <exception cref="FastSerializationException">The peer sent a malformed record (after the messages before it were delivered).</exception>
    public async ValueTask<int> ReceiveBatchAsync(Memory<object> destination, CancellationToken cancellationToken = default)
    {
        if (destination.IsEmpty)
        {
            return 0;
        }

        object? first = await ReceiveAsync(cancellationToken).ConfigureAwait(false);
        if (first is null)
        {
            return 0;
        }

        destination.Span[0] = first;
        return 1 + _receiver.TakeArrived(destination.Span.Slice(1));
    }
}
