using System;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// What the two strategies in which callers read the transport share (<see cref="CallingThreadReceiveStrategy"/>, and
/// <see cref="BackgroundReaderReceiveStrategy"/>, which adds a background reader): there is no receive loop. Whoever
/// needs a record (<see cref="IpcChannel.ReceiveAsync"/>'s caller, or a
/// <see cref="IpcChannel.RequestAsync{TResponse}(object, CancellationToken)"/> caller waiting for its response)
/// takes the pump (<see cref="ReceivePump"/>), reads the transport on its own thread and parses the records, so that
/// a message reaches its reader without a hop between threads. One caller pumps at a time; the others wait for the
/// pump or for what it hands them: a response completes its request's task, a message read by a request waiter goes
/// to the inbox, where <c>ReceiveAsync</c> finds it first. The strategies differ in what happens beside the callers
/// (the members a derived strategy implements).
/// </summary>
internal abstract partial class PumpingReceiveStrategy : IReceiveStrategy
{
    private readonly TaskCompletionSource _completion = new(TaskCreationOptions.RunContinuationsAsynchronously);

    protected PumpingReceiveStrategy(ReceiveSide side)
    {
        Side = side;
        Pump = new ReceivePump(side);
    }

    /// <summary>What a turn of the pump does before it awaits the transport's read (<see cref="PollBeforeReading"/>).</summary>
    protected enum Polled
    {
        /// <summary>Nothing polled: the turn awaits the transport's read.</summary>
        Read,

        /// <summary>Something came (it is in the pump's buffer), or the channel is closing: the turn looks again.</summary>
        Came,

        /// <summary>Nothing came: the turn ends with <see cref="Pumped.Nothing"/>.</summary>
        Nothing,
    }

    public Task Completion => _completion.Task;

    /// <summary>The reader, the records, the inbox and the end of receiving.</summary>
    protected ReceiveSide Side { get; }

    /// <summary>The pump: its gate, its buffer, and what it holds for somebody else.</summary>
    protected ReceivePump Pump { get; }

    /// <summary>True when a caller that waits for a record waits inside the transport's read; false when it polls (shared memory).</summary>
    protected abstract bool CallersWaitInTransport { get; }

    public abstract void Start();

    public ValueTask<object?> ReceiveAsync(CancellationToken cancellationToken) => ReceiveOnCallingThreadAsync(cancellationToken);

    public Task<object> WaitForResponseAsync(ulong id, TaskCompletionSource<object> pending, TimeSpan timeout, CancellationToken cancellationToken) =>
        PumpForResponseAsync(id, pending, timeout, cancellationToken);

    public Task<bool> StopAsync() => StopPumpAsync();

    /// <summary>Leaves the pump; <paramref name="gaveUp"/>: the caller stopped polling and leaves the waiting to the background reader.</summary>
    protected abstract void LeavePump(bool gaveUp);

    /// <summary>A caller found the pump taken (by another caller or the background reader).</summary>
    protected abstract void NoteCallerWaits();

    /// <summary>
    /// Before a turn of the pump awaits the transport's read: polls it instead (for the spin time when
    /// <paramref name="spin"/>, a caller; once otherwise, the background reader), or lets the turn read.
    /// </summary>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    protected abstract Polled PollBeforeReading(bool spin, CancellationToken cancellationToken);

    /// <summary>After receiving ended under the pump (closing): stops what reads beside the callers, if anything.</summary>
    protected abstract Task StopBesideCallersAsync();

    /// <summary>
    /// Reads records on this thread until one for the application, the answer to request
    /// <paramref name="wanted"/> (0: none), or the end. The caller holds the pump. The buffer of a read is
    /// kept across calls and handed back to the transport once every record in it was taken. A strategy may poll
    /// the transport instead of awaiting it (<see cref="PollBeforeReading"/>, with <paramref name="spin"/>);
    /// <see cref="Pumped.Nothing"/> when nothing came.
    /// </summary>
    protected async ValueTask<Pumped> PumpAsync(ulong wanted, CancellationToken cancellationToken, bool spin = true)
    {
        while (true)
        {
            if (Side.Lifetime.ReceiveEnd is not null)
            {
                return Pumped.End;
            }

            if (Pump.TryTakeHeld(wanted, out Pumped pumped))
            {
                return pumped;
            }

            if (Pump.SawEnd)
            {
                await EndAsync(Pump.EndFailure).ConfigureAwait(false);
                return Pumped.End;
            }

            if (Side.Lifetime.IsClosing)
            {
                // Closing may already have spent its wake-up (CancelPendingRead) on another caller's read.
                await EndAsync(null, closedHere: true).ConfigureAwait(false);
                return Pumped.End;
            }

            ReadResult result;
            try
            {
                Polled polled = PollBeforeReading(spin, cancellationToken);
                if (polled == Polled.Came)
                {
                    continue; // what came is in the pump's buffer (or the channel is closing: seen above)
                }

                if (polled == Polled.Nothing)
                {
                    return Pumped.Nothing;
                }

                result = await Side.Reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            }
            catch (Exception) when (Side.Lifetime.IsClosing)
            {
                // This side is closing: a stream transport's read fails once its writer disposed the
                // stream, a read whose token includes the closing one is canceled. Not the peer's doing.
                await EndAsync(null, closedHere: true).ConfigureAwait(false);
                return Pumped.End;
            }
            catch (Exception ex) when (ex is not OperationCanceledException)
            {
                // The transport's reader failed (a broken connection, or a reader completed with an error):
                // the channel ends as the receive loop would end it.
                await EndAsync(ex is FastSerializationException or IpcException ? ex : ConnectionErrors.Broken(ex)).ConfigureAwait(false);
                return Pumped.End;
            }

            if (result.IsCanceled && Side.Lifetime.IsClosing)
            {
                // Closing this side canceled the read (CancelPendingRead).
                await EndAsync(null, closedHere: true).ConfigureAwait(false);
                return Pumped.End;
            }

            // Canceled while the channel is open: a StreamPipeReader whose earlier read's token fired as that read
            // completed cancels its next read too. Not the end: what came is kept, and the pump reads on.
            Pump.Hold(result);
        }
    }

    /// <summary>The next message: taken from the held buffer without a wait when it is there.</summary>
    private ValueTask<object?> ReceiveOnCallingThreadAsync(CancellationToken cancellationToken)
    {
        if (!Pump.Gate.TryEnter())
        {
            NoteCallerWaits();
            return ReceiveWaitingAsync(cancellationToken);
        }

        // The hot path: nothing queued by a request waiter, the next record already in the held buffer.
        bool taken;
        Pumped pumped = default;
        try
        {
            taken = !Pump.HasQueued && !Pump.HasStash && Pump.TryTakeHeld(0, out pumped);
        }
        catch
        {
            LeavePump(gaveUp: false); // a deserialization that failed in the application's own type: the pump stays usable
            throw;
        }

        if (taken)
        {
            LeavePump(gaveUp: false);
            return new ValueTask<object?>(pumped.Message);
        }

        return ReceiveHoldingPumpAsync(cancellationToken);
    }

    /// <summary>Receives holding the pump (and leaves it): what request waiters queued comes first.</summary>
    private async ValueTask<object?> ReceiveHoldingPumpAsync(CancellationToken cancellationToken)
    {
        bool gaveUp = false;
        try
        {
            if (Pump.TryTakeQueued(out object queued))
            {
                return queued;
            }

            if (Pump.TryTakeStash(out object stashed))
            {
                return stashed;
            }

            Pumped pumped;
            if (cancellationToken.CanBeCanceled && CallersWaitInTransport)
            {
                using var either = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, Side.Lifetime.Closing);
                pumped = await PumpAsync(0, either.Token).ConfigureAwait(false);
            }
            else
            {
                // Polling checks the closing on its own; only a read that may wait inside the transport needs it in the token.
                pumped = await PumpAsync(0, CallersWaitInTransport ? Side.Lifetime.Closing : cancellationToken).ConfigureAwait(false);
            }

            if (pumped.NotYet)
            {
                gaveUp = true;
            }
            else if (!pumped.Ended)
            {
                return pumped.Message;
            }
        }
        finally
        {
            LeavePump(gaveUp);
        }

        if (gaveUp)
        {
            return await ReceiveQueuedAsync(cancellationToken, orThePump: false).ConfigureAwait(false);
        }

        // The end: what is still queued, then null (closed) or the failure.
        return await Side.Inbox.TakeAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Receives while a request waiter (or the background reader) holds the pump: takes what it queues, or the pump when it leaves.</summary>
    private ValueTask<object?> ReceiveWaitingAsync(CancellationToken cancellationToken) => ReceiveQueuedAsync(cancellationToken, orThePump: true);

    /// <summary>
    /// Takes what request waiters or the background reader queue; with <paramref name="orThePump"/>, takes the pump
    /// instead when it is free first (without: a caller that gave up polling, which leaves the reading to the
    /// background reader).
    /// </summary>
    private async ValueTask<object?> ReceiveQueuedAsync(CancellationToken cancellationToken, bool orThePump)
    {
        while (true)
        {
            if (Pump.TryTakeQueued(out object queued))
            {
                return queued;
            }

            if (Side.Inbox.Completion.IsCompleted)
            {
                // Ended: what a request waiter kept aside (under the pump) still comes before the end.
                await Pump.Gate.EnterAsync(cancellationToken).ConfigureAwait(false);
                return await ReceiveHoldingPumpAsync(cancellationToken).ConfigureAwait(false);
            }

            if (!orThePump)
            {
                try
                {
                    await Side.Inbox.WaitToReadAsync(cancellationToken).ConfigureAwait(false);
                }
                catch (Exception) when (Side.Inbox.Completion.IsCompleted && !cancellationToken.IsCancellationRequested)
                {
                    // Ended with a failure: taken above, after what was kept aside under the pump.
                }

                continue;
            }

            using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            Task<bool> arrival = Side.Inbox.WaitToReadAsync(stop.Token).AsTask();
            bool entered;
            try
            {
                entered = await Pump.Gate.EnterOrAsync(arrival, cancellationToken).ConfigureAwait(false);
            }
            finally
            {
                stop.Cancel();
                _ = arrival.ContinueWith(static t => _ = t.Exception, CancellationToken.None, TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
            }

            if (entered)
            {
                return await ReceiveHoldingPumpAsync(cancellationToken).ConfigureAwait(false);
            }
        }
    }

    public async IAsyncEnumerable<object> ReadAllAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        while (await ReceiveOnCallingThreadAsync(cancellationToken).ConfigureAwait(false) is { } message)
        {
            yield return message;
        }
    }

    /// <summary>Closing while receiving on the calling thread: wakes the pump, waits for it to stop, and ends receiving.</summary>
    /// <returns>False when a pump did not stop in time: the reader must then stay as it is.</returns>
    private async Task<bool> StopPumpAsync()
    {
        Side.Reader.CancelPendingRead();
        if (!await Pump.Gate.TryEnterAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(false))
        {
            return false;
        }

        try
        {
            Pump.ReturnBuffer();
            if (Side.Lifetime.ReceiveEnd is null)
            {
                await EndAsync(null).ConfigureAwait(false);
            }
        }
        finally
        {
            Pump.Gate.Exit();
        }

        await StopBesideCallersAsync().ConfigureAwait(false);
        return true;
    }

    /// <summary>Takes the messages that already arrived, up to the length of <paramref name="into"/>, without waiting.</summary>
    public int TakeArrived(Span<object> into)
    {
        if (!Pump.Gate.TryEnter())
        {
            // Somebody else pumps: what it reads reaches the inbox after what is queued there now.
            NoteCallerWaits();
            return Pump.TakeQueued(into);
        }

        int taken = 0;
        try
        {
            while (taken < into.Length)
            {
                if (Pump.HasQueued)
                {
                    // What a request waiter or the background reader queued comes first.
                    int queued = Pump.TakeQueued(into.Slice(taken));
                    if (queued == 0)
                    {
                        break;
                    }

                    taken += queued;
                    continue;
                }

                if (Pump.HasStash)
                {
                    break; // kept aside when the inbox was full: the next receive takes it, in its place
                }

                int run = Pump.TakeRun(into.Slice(taken));
                if (run > 0)
                {
                    taken += run;
                    continue;
                }

                if (Pump.TryTakeHeld(0, out Pumped pumped))
                {
                    into[taken++] = pumped.Message!;
                    continue;
                }

                if (Pump.SawEnd || Side.Lifetime.IsClosing || !Pump.TryReadArrived())
                {
                    break;
                }
            }
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            // A record failed to be read (the application's own type threw, or it is malformed): the messages
            // before it are delivered now, and the next receive meets the failure again (it was not taken).
        }
        finally
        {
            LeavePump(gaveUp: false);
        }

        return taken;
    }

    /// <summary>Ends receiving (<see cref="ReceiveSide.EndAsync"/>), then <see cref="Completion"/>.</summary>
    protected async ValueTask EndAsync(Exception? failure, bool closedHere = false)
    {
        await Side.EndAsync(failure, closedHere).ConfigureAwait(false);
        if (failure is null)
        {
            _completion.TrySetResult();
        }
        else
        {
            _completion.TrySetException(failure);
        }
    }
}
