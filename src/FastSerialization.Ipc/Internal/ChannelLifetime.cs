using System;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// Whether a channel is still open, seen the same way by its parts (the sender, the receive strategy and the
/// <see cref="IpcChannel"/> facade): closed by this side, the end of receiving (the peer closed the channel or
/// failed), and the token that closing cancels.
/// </summary>
internal sealed class ChannelLifetime
{
    private readonly Func<Task> _abort;
    private readonly CancellationTokenSource _closing = new();
    private int _closed;
    private Exception? _receiveEnd;

    /// <param name="abort">Closes the channel without telling the peer (the facade's abort, once however often it is asked).</param>
    public ChannelLifetime(Func<Task> abort) => _abort = abort;

    /// <summary>True once this side began closing the channel (or the channel failed and aborts).</summary>
    public bool IsClosed => Volatile.Read(ref _closed) != 0;

    /// <summary>Canceled when the channel closes, or when receiving failed.</summary>
    public CancellationToken Closing => _closing.Token;

    /// <summary>True once <see cref="Closing"/> was canceled.</summary>
    public bool IsClosing => _closing.IsCancellationRequested;

    /// <summary>Why receiving ended (the peer closed the channel, went away or sent a bad record), or null while it goes on.</summary>
    public Exception? ReceiveEnd => Volatile.Read(ref _receiveEnd);

    /// <summary>Marks the channel closed; true for the first caller only.</summary>
    public bool TryMarkClosed() => Interlocked.Exchange(ref _closed, 1) == 0;

    /// <summary>Cancels <see cref="Closing"/>: reads and queue waits that take it stop.</summary>
    public void CancelClosing() => _closing.Cancel();

    /// <summary>Records why receiving ended; set before the waiting requests are failed, so that a request registered later sees it.</summary>
    public void SetReceiveEnd(Exception end) => Volatile.Write(ref _receiveEnd, end);

    /// <summary>Closes the channel in the background without telling the peer.</summary>
    public void AbortInBackground() => _ = Task.Run(_abort);
}
