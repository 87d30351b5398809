using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;

namespace FastSerialization.Ipc;

public sealed partial class IpcChannel
{
    /// <summary>
    /// Sends one message. Safe to call from several threads at once. Messages sent in quick succession
    /// are coalesced: the record goes into the channel's buffer, and one flush to the transport follows
    /// for all that arrived meanwhile (use <see cref="FlushAsync(CancellationToken)"/> to wait for it).
    /// Once <see cref="FlushThreshold"/> bytes wait, the sender flushes them itself, waiting for a slow
    /// reader: memory stays bounded.
    /// </summary>
    /// <typeparam name="T">The message's static type; its runtime type must be registered.</typeparam>
    /// <param name="message">The message.</param>
    /// <param name="cancellationToken">
    /// Cancels the wait for other senders or for the transport (back-pressure). A send canceled while its
    /// record is being written into a socket or a pipe also ends the channel, since the record may be half
    /// written (the peer drops it, and never reads a damaged record).
    /// </param>
    /// <returns>A task that completes when the message is in the channel's buffer.</returns>
    /// <exception cref="FastSerializationException">The message's type is not registered, or it cannot be written.</exception>
    /// <exception cref="IpcException">The channel is closed or the connection broke.</exception>
    public Task SendAsync<T>(T message, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(message);

        return _sender.SendAsync(prefix: null, 0, message, flushNow: false, cancellationToken);
    }

    /// <summary>Sends several messages with a single flush to the transport.</summary>
    /// <typeparam name="T">The messages' static type.</typeparam>
    /// <param name="messages">The messages, sent in order.</param>
    /// <param name="cancellationToken">Cancels the wait for the transport.</param>
    /// <returns>A task that completes when the messages were handed to the transport.</returns>
    public Task SendManyAsync<T>(IEnumerable<T> messages, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(messages);
        return _sender.SendManyAsync(messages, cancellationToken);
    }

    /// <summary>How many buffered bytes make a sender flush them itself (and wait for the transport). 64 KiB.</summary>
    public const int FlushThreshold = 64 * 1024;

    /// <summary>Waits until every message sent so far was handed to the transport.</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when the buffer is flushed.</returns>
    /// <exception cref="IpcException">The channel is closed or the connection broke.</exception>
    public Task FlushAsync(CancellationToken cancellationToken = default) => _sender.FlushAsync(cancellationToken);

    /// <summary>
    /// Sends <paramref name="request"/> and waits for the peer to answer it with
    /// <see cref="IpcRequest.RespondAsync"/>. Many requests may be in flight at once.
    /// </summary>
    /// <typeparam name="TResponse">The expected response type.</typeparam>
    /// <param name="request">The request; its type must be registered.</param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The response.</returns>
    /// <exception cref="TimeoutException">No response within <see cref="IpcChannelOptions.DefaultRequestTimeout"/>.</exception>
    /// <exception cref="IpcException">The peer failed the request, the response was not a <typeparamref name="TResponse"/>, or the channel closed.</exception>
    public Task<TResponse> RequestAsync<TResponse>(object request, CancellationToken cancellationToken = default) =>
        RequestAsync<TResponse>(request, _options.DefaultRequestTimeout, cancellationToken);

    /// <summary>Sends <paramref name="request"/> and waits up to <paramref name="timeout"/> for its response.</summary>
    /// <typeparam name="TResponse">The expected response type.</typeparam>
    /// <param name="request">The request; its type must be registered.</param>
    /// <param name="timeout">How long to wait for the response.</param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The response.</returns>
    /// <exception cref="TimeoutException">No response within <paramref name="timeout"/>.</exception>
    /// <exception cref="IpcException">The peer failed the request, the response was not a <typeparamref name="TResponse"/>, or the channel closed.</exception>
    public async Task<TResponse> RequestAsync<TResponse>(object request, TimeSpan timeout, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(request);
        TaskCompletionSource<object> pending = _requests.Add(out ulong id);
        IpcTelemetry.Requests.Add(1);
        using Activity? activity = IpcTelemetry.Source.StartActivity(IpcTelemetry.RequestActivityName, ActivityKind.Client);
        activity?.SetTag("fastserialization.ipc.request.type", request.GetType().FullName);
        activity?.SetTag("fastserialization.ipc.request.id", id);
        try
        {
            if (_lifetime.ReceiveEnd is { } ended)
            {
                // The peer is gone (or closed the channel): no response can come.
                throw new IpcException("No response can arrive: " + ended.Message, ended);
            }

            await _sender.SendAsync(ControlKind.Request, id, request, flushNow: true, cancellationToken).ConfigureAwait(false);
            object response;
            try
            {
                response = await _receiver.WaitForResponseAsync(id, pending, timeout, cancellationToken).ConfigureAwait(false);
            }
            catch (TimeoutException)
            {
                throw new TimeoutException($"No response to request {id} ({request.GetType()}) within {timeout}.");
            }

            activity?.SetTag("fastserialization.ipc.response.type", response.GetType().FullName);
            return response is TResponse typed
                ? typed
                : throw new IpcException($"The response to request {id} is a {response.GetType()}, not the {typeof(TResponse)} that was expected.");
        }
        catch (Exception ex)
        {
            IpcTelemetry.RequestsFailed.Add(1);
            activity?.SetStatus(ActivityStatusCode.Error, ex.Message);
            throw;
        }
        finally
        {
            _requests.Remove(id);

            // Closing may have failed the request's task while this call failed on its own (its send met the closed
            // channel): nobody awaits that task any more. Settle it, and observe the failure it may already hold.
            if (!pending.TrySetCanceled() && pending.Task.IsFaulted)
            {
                _ = pending.Task.Exception;
            }
        }
    }

    /// <summary>
    /// Sends every message of <paramref name="messages"/>, in order, taking the send lock once and handing
    /// them to the transport with one flush (one publication on shared memory): the cheapest way to send
    /// many messages. A batch larger than <see cref="FlushThreshold"/> bytes is flushed in pieces of about
    /// that size as it is written, waiting for a slow reader (back-pressure), so memory stays bounded.
    /// Other senders' messages never come between the messages of a batch.
    /// </summary>
    /// <typeparam name="T">The messages' static type; their runtime types must be registered.</typeparam>
    /// <param name="messages">The messages.</param>
    /// <param name="cancellationToken">Cancels the wait for other senders or for the transport, as for <see cref="SendAsync{T}(T, CancellationToken)"/>.</param>
    /// <returns>A task that completes when every message was handed to the transport.</returns>
    /// <exception cref="ArgumentNullException">A message is null.</exception>
    /// <exception cref="FastSerializationException">
    /// A message's type is not registered, or it cannot be written: the messages before it were sent, it
    /// and the ones after it were not.
    /// </exception>
    /// <exception cref="IpcException">The channel is closed or the connection broke.</exception>
    public Task SendBatchAsync<T>(ReadOnlyMemory<T> messages, CancellationToken cancellationToken = default) =>
        _sender.SendBatchAsync(messages, list: null, cancellationToken);

    /// <summary>
    /// Sends every message of the array as one batch; see <see cref="SendBatchAsync{T}(ReadOnlyMemory{T}, CancellationToken)"/>.
    /// (An array converts to both of the other overloads' parameters; this one spares a call that names
    /// <typeparamref name="T"/>, such as <c>SendBatchAsync&lt;Trade&gt;(trades)</c>, the compiler's ambiguity error.)
    /// </summary>
    /// <typeparam name="T">The messages' static type; their runtime types must be registered.</typeparam>
    /// <param name="messages">The messages.</param>
    /// <param name="cancellationToken">Cancels the wait for other senders or for the transport.</param>
    /// <returns>A task that completes when every message was handed to the transport.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="messages"/> or one of them is null.</exception>
    /// <exception cref="FastSerializationException">A message's type is not registered, or it cannot be written (the messages before it were sent).</exception>
    /// <exception cref="IpcException">The channel is closed or the connection broke.</exception>
    public Task SendBatchAsync<T>(T[] messages, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(messages);
        return _sender.SendBatchAsync<T>(messages, list: null, cancellationToken);
    }

    /// <summary>Sends every message of <paramref name="messages"/> as one batch; see <see cref="SendBatchAsync{T}(ReadOnlyMemory{T}, CancellationToken)"/>.</summary>
    /// <typeparam name="T">The messages' static type; their runtime types must be registered.</typeparam>
    /// <param name="messages">The messages (a list, or any read-only list).</param>
    /// <param name="cancellationToken">Cancels the wait for other senders or for the transport.</param>
    /// <returns>A task that completes when every message was handed to the transport.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="messages"/> or one of them is null.</exception>
    /// <exception cref="FastSerializationException">A message's type is not registered, or it cannot be written (the messages before it were sent).</exception>
    /// <exception cref="IpcException">The channel is closed or the connection broke.</exception>
    public Task SendBatchAsync<T>(IReadOnlyList<T> messages, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(messages);
        return messages is T[] array
            ? _sender.SendBatchAsync<T>(array, list: null, cancellationToken)
            : _sender.SendBatchAsync(ReadOnlyMemory<T>.Empty, messages, cancellationToken);
    }

    internal Task SendResponseAsync(ulong correlationId, object response, CancellationToken cancellationToken) =>
        _sender.SendAsync(ControlKind.Response, correlationId, response, flushNow: true, cancellationToken);

    internal Task SendFailureAsync(ulong correlationId, string message, CancellationToken cancellationToken) =>
        _sender.SendFailureAsync(correlationId, message, cancellationToken);
}
