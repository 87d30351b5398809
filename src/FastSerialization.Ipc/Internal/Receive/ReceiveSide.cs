using System;
using System.IO.Pipelines;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// What both receive strategies share: the transport's reader, the parser of incoming records, the inbox the
/// application reads, the requests waiting for answers, and the end of receiving.
/// </summary>
internal sealed class ReceiveSide(
    IpcChannel channel, PipeReader reader, IncomingRecords records, ReceiveQueue inbox, PendingRequests requests, ChannelLifetime lifetime, ChannelSender sender)
{
    /// <summary>Where the peer's bytes arrive.</summary>
    public PipeReader Reader => reader;

    /// <summary>The parser of the peer's records.</summary>
    public IncomingRecords Records => records;

    /// <summary>The messages received and not yet taken by the application.</summary>
    public ReceiveQueue Inbox => inbox;

    /// <summary>The channel's open and closed state.</summary>
    public ChannelLifetime Lifetime => lifetime;

    /// <summary>A received request, to be answered through the channel.</summary>
    public IpcRequest NewRequest(ulong correlation, object message) => new(channel, correlation, message);

    /// <summary>
    /// Ends receiving: readers get what is queued, then the end (or <paramref name="failure"/>); waiting
    /// requests fail; on a failure, sending stops too, so that the peer sees the channel end.
    /// </summary>
    public async ValueTask EndAsync(Exception? failure, bool closedHere = false)
    {
        // Set before the pending requests are failed: a request registered after that sees it (RequestAsync).
        Exception end = failure ?? new IpcException(closedHere ? "The channel was closed." : "The peer closed the channel.");
        Lifetime.SetReceiveEnd(end);
        Inbox.TryComplete(failure);
        requests.FailAll(end);
        if (failure is not null)
        {
            Lifetime.CancelClosing();
            await sender.CompleteAsync(failure).ConfigureAwait(false);
        }
    }
}
