using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc;

/// <summary>
/// A message the peer sent with <see cref="IpcChannel.RequestAsync{TResponse}(object, CancellationToken)"/>:
/// <see cref="IpcChannel.ReadAllAsync"/> delivers it in this wrapper so that it can be answered.
/// </summary>
public sealed class IpcRequest
{
    private readonly IpcChannel _channel;
    private int _answered;

    internal IpcRequest(IpcChannel channel, ulong correlationId, object message)
    {
        _channel = channel;
        CorrelationId = correlationId;
        Message = message;
    }

    /// <summary>The request message.</summary>
    public object Message { get; }

    /// <summary>The id that pairs this request with its response.</summary>
    public ulong CorrelationId { get; }

    /// <summary>Sends <paramref name="response"/> back to the requester.</summary>
    /// <param name="response">An object of a registered type.</param>
    /// <param name="cancellationToken">Cancels the send.</param>
    /// <returns>A task that completes when the response was handed to the transport.</returns>
    /// <exception cref="System.InvalidOperationException">The request was already answered.</exception>
    public Task RespondAsync(object response, CancellationToken cancellationToken = default)
    {
        MarkAnswered();
        return _channel.SendResponseAsync(CorrelationId, response, cancellationToken);
    }

    /// <summary>Tells the requester that the request failed; its <c>RequestAsync</c> throws an <see cref="IpcException"/> with <paramref name="message"/>.</summary>
    /// <param name="message">Why the request failed.</param>
    /// <param name="cancellationToken">Cancels the send.</param>
    /// <returns>A task that completes when the failure was handed to the transport.</returns>
    /// <exception cref="System.InvalidOperationException">The request was already answered.</exception>
    public Task FailAsync(string message, CancellationToken cancellationToken = default)
    {
        MarkAnswered();
        return _channel.SendFailureAsync(CorrelationId, message, cancellationToken);
    }

    private void MarkAnswered()
    {
        if (Interlocked.Exchange(ref _answered, 1) != 0)
        {
            throw new System.InvalidOperationException($"Request {CorrelationId} was already answered.");
        }
    }
}
