using System;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// The default strategy over shared memory and sockets (an <see cref="IPolledReader"/>): callers that wait for a
/// record read the transport on their own thread (<see cref="PumpingReceiveStrategy"/>; shared memory: they poll it
/// for the spin time; a socket: they wait inside its read), as with <see cref="IpcChannelOptions.ReceiveOnCallingThread"/>,
/// and a background reader reads whatever no caller reads,
/// as the receive loop would: it queues messages in the inbox, completes requests, and sees the end of the
/// channel when nobody receives. It never spins and never waits inside the transport:
/// <list type="bullet">
/// <item>asleep, it has asked to be woken at the peer's next record (<see cref="IPolledReader.ArmWakeUp"/>: the
/// peer rings a shared-memory channel's doorbell; a socket completes a read of zero bytes), then looked once more,
/// under the pump; a caller that gives up its spin, that polls (it withdraws the ask: a ring costs the peer a
/// system call), or that leaves records in the pump's buffer, wakes it when it leaves
/// (<see cref="IPolledReader.Nudge"/>);</item>
/// <item>awake while callers come and go, it takes the pump only after a tick in which no caller left it, so that
/// it does not take the records a caller was about to read, and the peer is not asked to ring.</item>
/// </list>
/// It never waits inside the transport's read (over a socket it reads only what the socket already holds), so a
/// caller never waits behind it for longer than a message. It touches the transport only while it holds the pump
/// and receiving has not ended: closing unmaps the rings (or closes the socket) after taking the pump and ending
/// receiving.
/// </summary>
internal sealed class BackgroundReaderReceiveStrategy : PumpingReceiveStrategy
{
    /// <summary>How often the background reader looks whether callers still use the pump.</summary>
    private static readonly TimeSpan Tick = TimeSpan.FromMilliseconds(1);

    private readonly IPolledReader _polled;
    private Task _background = Task.CompletedTask;
    private volatile bool _backgroundAsleep;

    /// <summary>Set by a caller that withdrew the background reader's ask to be rung, so that it wakes the reader when it leaves. Under the pump.</summary>
    private bool _disarmed;

    /// <summary>How many times a caller left the pump: the background reader's sign that callers are reading.</summary>
    private long _callerExits;

    /// <summary>How many times a caller found the pump taken (by the background reader, or another caller): a caller wants to read.</summary>
    private long _callerWaits;

    /// <summary>The value of <see cref="_callerExits"/> when a caller last left the pump giving up its wait: while it is the latest, nobody polls.</summary>
    private long _lastGiveUp = -1;

    /// <summary>The default strategy over shared memory or a socket: callers read it, a background reader reads what they do not.</summary>
    public BackgroundReaderReceiveStrategy(ReceiveSide side, IPolledReader polled)
        : base(side)
    {
        _polled = polled;
    }

    /// <summary>True over a socket (a caller waits inside its read); false over shared memory (a caller polls the ring).</summary>
    protected override bool CallersWaitInTransport => _polled.CallersWaitInTransport;

    public override void Start() => _background = Task.Run(RunBackgroundReaderAsync);

    /// <summary>After receiving ended: wakes the background reader, which sees the end and stops, and waits for it a little.</summary>
    protected override async Task StopBesideCallersAsync()
    {
        _polled.Nudge();
        try
        {
            await _background.WaitAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(false);
        }
        catch (TimeoutException)
        {
            // Still waiting for room in the inbox of a closed channel: it stops when it wakes, without touching the transport.
        }
    }

    /// <summary>
    /// A caller leaves the pump. When it gave up waiting (<paramref name="gaveUp"/>), or leaves records in the
    /// pump's buffer (or the end, or a message kept aside) while the background reader sleeps, the background
    /// reader is woken: the peer rings only for what it publishes after the reader asked.
    /// </summary>
    protected override void LeavePump(bool gaveUp)
    {
        bool wake = gaveUp || _disarmed || (_backgroundAsleep && Pump.LeavesWork);
        _disarmed = false;
        long exits = _callerExits + 1; // only the holder writes it
        if (gaveUp)
        {
            Volatile.Write(ref _lastGiveUp, exits);
        }

        Volatile.Write(ref _callerExits, exits);
        Pump.Gate.Exit();
        if (wake)
        {
            _polled.Nudge();
        }
    }

    /// <summary>A caller found the pump taken: the background reader, if it holds it, hands it back after the message it is at.</summary>
    protected override void NoteCallerWaits() => Interlocked.Increment(ref _callerWaits);

    /// <summary>
    /// A caller over shared memory polls the ring for the spin time instead of awaiting its read, and gives up when
    /// nothing came (<see cref="Pumped.Nothing"/>); a caller over a socket awaits the read. The background reader
    /// (<paramref name="spin"/> false) polls once; over a socket that holds bytes (or its end), it then reads them with
    /// a read that does not wait.
    /// </summary>
    protected override Polled PollBeforeReading(bool spin, CancellationToken cancellationToken)
    {
        if (spin && _polled.CallersWaitInTransport)
        {
            return Polled.Read;
        }

        if (PollTransport(spin, cancellationToken))
        {
            return Polled.Came;
        }

        return !_polled.CallersWaitInTransport || !_polled.HasUnread ? Polled.Nothing : Polled.Read;
    }

    /// <summary>What <see cref="DrainAsync"/> ended with.</summary>
    private enum Drained
    {
        /// <summary>The transport holds nothing more.</summary>
        Empty,

        /// <summary>A caller wants to read: the background reader leaves the rest to the callers.</summary>
        CallersBack,

        /// <summary>Receiving ended.</summary>
        Ended,
    }

    /// <summary>
    /// Polls the transport into the pump's buffer: once, or for the spin time (then a few yields of the core)
    /// when <paramref name="spin"/>. True when something came, or the channel is closing; false when nothing came.
    /// </summary>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    private bool PollTransport(bool spin, CancellationToken cancellationToken)
    {
        if (Pump.TryReadArrived() || Side.Lifetime.IsClosing)
        {
            return true;
        }

        if (spin)
        {
            if (_backgroundAsleep && !_disarmed)
            {
                // This caller polls: the peer need not ring (the background reader is woken when the caller leaves).
                _polled.DisarmWakeUp();
                _disarmed = true;
            }

            var backoff = new Backoff(_polled.SpinTicks);
            while (backoff.Wait())
            {
                if (Pump.TryReadArrived() || Side.Lifetime.IsClosing)
                {
                    return true;
                }

                cancellationToken.ThrowIfCancellationRequested();
            }
        }

        return false;
    }

    private async Task RunBackgroundReaderAsync()
    {
        IPolledReader polled = _polled;
        long exitsBeforeSleep = -1;
        bool callersBack = false;
        try
        {
            while (true)
            {
                // Woken while callers read (one polled): let them, until a tick passes without one. A caller that gave
                // up, the last to leave, polls no more: take over at once.
                long exits = Volatile.Read(ref _callerExits);
                bool callersActive = callersBack || (exitsBeforeSleep >= 0 && exits != exitsBeforeSleep && exits != Volatile.Read(ref _lastGiveUp));
                if ((callersActive || !Pump.Gate.TryEnter()) && !await WaitForPumpAsync().ConfigureAwait(false))
                {
                    return;
                }

                bool sleep = false;
                try
                {
                    if (Side.Lifetime.ReceiveEnd is not null || Side.Lifetime.IsClosing)
                    {
                        return; // closing takes the pump and ends receiving: nothing here may touch the transport any more
                    }

                    polled.DisarmWakeUp();
                    Drained drained = await DrainAsync().ConfigureAwait(false);
                    if (drained == Drained.Ended)
                    {
                        return;
                    }

                    callersBack = drained == Drained.CallersBack;
                    if (!callersBack)
                    {
                        // Ask the peer to ring, then look once more: a record published before the ask is seen here,
                        // one published after it rings.
                        _backgroundAsleep = true;
                        polled.ArmWakeUp();
                        sleep = !polled.HasUnread && !Pump.LeavesWork;
                        _backgroundAsleep = sleep;
                    }
                }
                finally
                {
                    Pump.Gate.Exit();
                }

                exitsBeforeSleep = -1;
                if (sleep)
                {
                    exitsBeforeSleep = Volatile.Read(ref _callerExits);
                    await polled.WaitForWakeUpAsync().ConfigureAwait(false);
                    _backgroundAsleep = false;
                }
            }
        }
        catch (OperationCanceledException) when (Side.Lifetime.IsClosing)
        {
            // Closing canceled a wait for room in the inbox; closing ends receiving.
        }
        catch (Exception ex)
        {
            // Whatever else went wrong, the readers must hear of it (as from the receive loop).
            if (Side.Lifetime.ReceiveEnd is null)
            {
                await EndAsync(new IpcException("Receiving failed: " + ex.Message, ex)).ConfigureAwait(false);
            }
        }
    }

    /// <summary>
    /// Waits until the background reader holds the pump (true): after a tick in which no caller left it (callers
    /// that come and go read for themselves), it takes it when free, or waits for the one caller that holds it
    /// long (a request waiter waiting for room in the inbox). False, without the pump, once receiving ended.
    /// </summary>
    private async Task<bool> WaitForPumpAsync()
    {
        long seenExits = Volatile.Read(ref _callerExits);
        long seenWaits = Volatile.Read(ref _callerWaits);
        while (true)
        {
            await Task.Delay(Tick).ConfigureAwait(false);
            if (Side.Lifetime.ReceiveEnd is not null || Side.Lifetime.IsClosing)
            {
                return false;
            }

            long exits = Volatile.Read(ref _callerExits);
            long waits = Volatile.Read(ref _callerWaits);
            if ((exits != seenExits && exits != Volatile.Read(ref _lastGiveUp)) || waits != seenWaits)
            {
                seenExits = exits;
                seenWaits = waits;
                continue;
            }

            if (Pump.Gate.TryEnter())
            {
                return true;
            }

            await Pump.Gate.EnterAsync(CancellationToken.None).ConfigureAwait(false);
            return true;
        }
    }

    /// <summary>
    /// Reads what the transport holds into the inbox and the requests' answers, until it holds nothing more, a
    /// caller wants to read (a stream that goes on is then the callers' again), or receiving ended. Holds the pump.
    /// </summary>
    private async ValueTask<Drained> DrainAsync()
    {
        CancellationToken closing = Side.Lifetime.Closing;
        long waits = Volatile.Read(ref _callerWaits);
        await Pump.QueueStashAsync(closing).ConfigureAwait(false);

        while (true)
        {
            if (Volatile.Read(ref _callerWaits) != waits)
            {
                return Drained.CallersBack;
            }

            Pumped pumped = await PumpAsync(0, closing, spin: false).ConfigureAwait(false);
            if (pumped.Ended)
            {
                return Drained.Ended;
            }

            if (pumped.NotYet)
            {
                return Drained.Empty;
            }

            if (pumped.Message is not null)
            {
                await Pump.QueueForReceiverAsync(pumped.Message, pumped.Bytes, closing).ConfigureAwait(false);
            }
        }
    }
}
