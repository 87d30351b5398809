#if !NETSTANDARD2_0
using System;
using System.IO.Pipelines;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// The reader of a socket channel: the stream pipe reader over the socket, which it forwards every read to, and,
/// as an <see cref="IPolledReader"/>, what the socket itself can tell without a read. The default receive strategy
/// uses it as it uses a shared-memory ring, but its callers wait inside the read instead of polling
/// (<see cref="IPolledReader.CallersWaitInTransport"/>): a read that waits on a socket costs nothing while the peer
/// is silent and wakes its caller without a hop through a queue. The background reader asks for a wake-up with a
/// read of zero bytes, which completes when data (or the end) arrives and takes nothing, and it reads only what
/// the socket already holds (<see cref="HasUnread"/>: a poll that does not wait), so it never waits inside a read
/// that a caller would then wait behind.
/// </summary>
/// <remarks>
/// Not in the netstandard2.0 build, whose runtimes (.NET Framework, Mono) were not measured with zero-byte reads:
/// its socket channels keep the receive loop.
/// </remarks>
internal sealed class SocketPipeReader : PipeReader, IPolledReader
{
    private readonly PipeReader _inner;
    private readonly Socket _socket;
    private readonly AsyncSignal _wakeUp = new();

    /// <summary>1 while a zero-byte read waits for the socket (the background reader asked to be woken).</summary>
    private int _armed;

    public SocketPipeReader(PipeReader inner, Socket socket)
    {
        _inner = inner;
        _socket = socket;
    }

    /// <summary>A caller never spins on a socket: it waits inside the read.</summary>
    public long SpinTicks => 0;

    public bool CallersWaitInTransport => true;

    /// <summary>
    /// True when the socket holds bytes, its end or an error: a read now would not wait. A socket already closed
    /// under the channel counts as such (the read then fails and the channel ends as for any broken connection).
    /// </summary>
    public bool HasUnread
    {
        get
        {
            try
            {
                return _socket.Poll(0, SelectMode.SelectRead);
            }
            catch (Exception ex) when (ex is ObjectDisposedException or SocketException)
            {
                return true;
            }
        }
    }

    /// <summary>Starts a read of zero bytes, unless one already waits: it completes when the peer's next bytes (or its end) arrive, and wakes <see cref="WaitForWakeUpAsync"/>.</summary>
    public void ArmWakeUp()
    {
        if (Interlocked.Exchange(ref _armed, 1) != 0)
        {
            return;
        }

        ValueTask<int> arrival;
        try
        {
            arrival = _socket.ReceiveAsync(Memory<byte>.Empty, SocketFlags.None);
        }
        catch (Exception ex) when (ex is ObjectDisposedException or SocketException)
        {
            Disarmed();
            return;
        }

        if (arrival.IsCompleted)
        {
            Observe(arrival);
            Disarmed();
            return;
        }

        _ = WakeWhenArrivedAsync(arrival);
    }

    /// <summary>Nothing to withdraw: a zero-byte read costs the peer nothing, and one that completes for a reader that no longer sleeps is one spare wake-up.</summary>
    public void DisarmWakeUp()
    {
    }

    public Task WaitForWakeUpAsync() => _wakeUp.WaitAsync(CancellationToken.None);

    public void Nudge() => _wakeUp.Set();

    public override bool TryRead(out ReadResult result) => _inner.TryRead(out result);

    public override ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default) => _inner.ReadAsync(cancellationToken);

    public override void AdvanceTo(SequencePosition consumed) => _inner.AdvanceTo(consumed);

    public override void AdvanceTo(SequencePosition consumed, SequencePosition examined) => _inner.AdvanceTo(consumed, examined);

    public override void CancelPendingRead() => _inner.CancelPendingRead();

    public override void Complete(Exception? exception = null)
    {
        _inner.Complete(exception);
        Nudge();
    }

    public override ValueTask CompleteAsync(Exception? exception = null)
    {
        Nudge();
        return _inner.CompleteAsync(exception);
    }

    private async Task WakeWhenArrivedAsync(ValueTask<int> arrival)
    {
        try
        {
            await arrival.ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is ObjectDisposedException or SocketException or OperationCanceledException)
        {
            // The socket broke or was closed: the background reader wakes and its read meets the end.
        }

        Disarmed();
    }

    private void Disarmed()
    {
        Volatile.Write(ref _armed, 0);
        _wakeUp.Set();
    }

    private static void Observe(ValueTask<int> completed)
    {
        try
        {
            completed.GetAwaiter().GetResult();
        }
        catch (Exception ex) when (ex is ObjectDisposedException or SocketException or OperationCanceledException)
        {
            // As in WakeWhenArrivedAsync.
        }
    }
}
#endif
