using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// Receiving on the calling thread (<see cref="IpcChannelOptions.ReceiveOnCallingThread"/>): there is no
/// receive loop. Whoever needs a record (<see cref="IpcChannel.ReceiveAsync"/>'s caller, or a
/// <see cref="IpcChannel.RequestAsync{TResponse}(object, CancellationToken)"/> caller waiting for its response)
/// takes "the pump", reads the transport on its own thread and parses the records, so that a message reaches
/// its reader without a hop between threads. One caller pumps at a time; the others wait for the pump or for
/// what it hands them: a response completes its request's task, a message read by a request waiter goes to
/// the inbox, where <c>ReceiveAsync</c> finds it first.
/// </summary>
/// <remarks>
/// Over a transport that can say whether something arrived and wake a sleeping reader (<see cref="IPolledReader"/>:
/// shared memory, a socket) and without <see cref="IpcChannelOptions.ReceiveOnCallingThread"/>, this is the default
/// strategy with a background reader beside the callers (CallingThreadReceiveStrategy.Background.cs): a caller
/// polls shared memory only for the spin time (it waits inside a socket's read), and the background reader reads
/// whatever no caller reads, as the receive loop would.
/// </remarks>
internal sealed partial class CallingThreadReceiveStrategy : IReceiveStrategy
{
    private readonly ReceiveSide _side;
    private readonly AsyncGate _pump = new();
    private readonly TaskCompletionSource _completion = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private ReadOnlySequence<byte> _pumpBuffer;
    private bool _pumpHoldsBuffer;
    private bool _pumpBufferIsLast;
    private bool _pumpSawEnd;
    private Exception? _pumpEndFailure;
    private object? _pumpStash;
    private long _pumpStashBytes;
    private int _inboxed;

    /// <summary>A strategy of callers only: nothing reads while nobody receives or waits for a response.</summary>
    public CallingThreadReceiveStrategy(ReceiveSide side) => _side = side;

    public Task Completion => _completion.Task;

    public void Start()
    {
        // Without a background reader nothing runs in the background: the first caller that needs a record reads it.
        StartBackgroundReader();
    }

    public ValueTask<object?> ReceiveAsync(CancellationToken cancellationToken) => ReceiveOnCallingThreadAsync(cancellationToken);

    public Task<object> WaitForResponseAsync(ulong id, TaskCompletionSource<object> pending, TimeSpan timeout, CancellationToken cancellationToken) =>
        PumpForResponseAsync(id, pending, timeout, cancellationToken);

    public Task<bool> StopAsync() => StopPumpAsync();

    /// <summary>True when a caller that waits for a record waits inside the transport's read (no background reader, or a socket's); false when it polls (shared memory).</summary>
    private bool CallersWaitInTransport => _polled is null || _polled.CallersWaitInTransport;

    /// <summary>Leaves the pump: with a background reader, makes sure it reads what this holder leaves unread (see <see cref="LeaveToBackground"/>).</summary>
    private void LeavePump(bool gaveUp = false)
    {
        if (_polled is null)
        {
            _pump.Exit();
        }
        else
        {
            LeaveToBackground(gaveUp);
        }
    }

    /// <summary>What one turn of the pump produced.</summary>
    private readonly struct Pumped
    {
        private Pumped(object? message, bool ended, long bytes = 0, bool notYet = false)
        {
            Message = message;
            Ended = ended;
            Bytes = bytes;
            NotYet = notYet;
        }

        /// <summary>The end: the peer closed the channel, went away, sent a malformed record, or this side closed it.</summary>
        public static Pumped End => new(null, ended: true);

        /// <summary>The request that was waited for was answered (its task is complete).</summary>
        public static Pumped Answered => new(null, ended: false);

        /// <summary>Nothing arrived while the caller polled (a strategy with a background reader only): it waits for the background reader instead.</summary>
        public static Pumped Nothing => new(null, ended: false, notYet: true);

        /// <summary>True for <see cref="Nothing"/>.</summary>
        public bool NotYet { get; }

        /// <summary>A message (or <see cref="IpcRequest"/>) for the application; null for <see cref="Answered"/>.</summary>
        public object? Message { get; }

        public bool Ended { get; }

        /// <summary>How many bytes the message's record took on the wire.</summary>
        public long Bytes { get; }

        public static Pumped For(object message, long bytes) => new(message, ended: false, bytes);
    }

    /// <summary>
    /// Takes the next record for the application, or the answer to request <paramref name="wanted"/> (0: none),
    /// from the buffer the pump holds, without reading the transport. False when the buffer holds no more
    /// (then it was handed back) or the end was seen (<see cref="_pumpSawEnd"/>). The caller holds the pump.
    /// </summary>
    private bool TryTakeHeld(ulong wanted, out Pumped pumped)
    {
        while (_pumpHoldsBuffer)
        {
            Incoming incoming;
            object? message;
            ulong correlation;
            try
            {
                incoming = _side.Records.TakeRecord(ref _pumpBuffer, out message, out correlation);
            }
            catch (Exception ex) when (ex is FastSerializationException or IpcException)
            {
                // A malformed record, or a control record that is not allowed here (a second Hello).
                ReturnPumpBuffer();
                SawEnd(ex);
                break;
            }

            switch (incoming)
            {
                case Incoming.Message:
                    pumped = Pumped.For(message!, _side.Records.LastTakenBytes);
                    return true;
                case Incoming.Request:
                    pumped = Pumped.For(_side.NewRequest(correlation, message!), _side.Records.LastTakenBytes);
                    return true;
                case Incoming.Answered when wanted != 0 && correlation == wanted:
                    pumped = Pumped.Answered;
                    return true;
                case Incoming.Answered:
                    continue;
                case Incoming.Goodbye:
                    ReturnPumpBuffer();
                    SawEnd(null);
                    break;
                default:
                    bool last = _pumpBufferIsLast;
                    ReadOnlySequence<byte> unread = _pumpBuffer;
                    ReturnPumpBuffer();
                    if (last)
                    {
                        SawEnd(ConnectionErrors.EndedWithoutGoodbye(unread));
                    }

                    break;
            }
        }

        pumped = default;
        return false;
    }

    private void SawEnd(Exception? failure)
    {
        _pumpSawEnd = true;
        _pumpEndFailure = failure;
    }

    /// <summary>
    /// Reads records on this thread until one for the application, the answer to request
    /// <paramref name="wanted"/> (0: none), or the end. The caller holds the pump. The buffer of a read is
    /// kept across calls and handed back to the transport once every record in it was taken. With a
    /// background reader the transport is polled, not awaited: for the spin time when <paramref name="spin"/>
    /// (a caller), once otherwise (the background reader); <see cref="Pumped.Nothing"/> when nothing came. Over a
    /// socket (<see cref="IPolledReader.CallersWaitInTransport"/>) a caller awaits the read as without a background
    /// reader, and the background reader reads only when the socket already holds something.
    /// </summary>
    private async ValueTask<Pumped> PumpAsync(ulong wanted, CancellationToken cancellationToken, bool spin = true)
    {
        while (true)
        {
            if (_side.Lifetime.ReceiveEnd is not null)
            {
                return Pumped.End;
            }

            if (TryTakeHeld(wanted, out Pumped pumped))
            {
                return pumped;
            }

            if (_pumpSawEnd)
            {
                await EndAsync(_pumpEndFailure).ConfigureAwait(false);
                return Pumped.End;
            }

            if (_side.Lifetime.IsClosing)
            {
                // Closing may already have spent its wake-up (CancelPendingRead) on another caller's read.
                await EndAsync(null, closedHere: true).ConfigureAwait(false);
                return Pumped.End;
            }

            ReadResult result;
            try
            {
                if (_polled is not null && !(spin && _polled.CallersWaitInTransport))
                {
                    if (PollTransport(spin, cancellationToken))
                    {
                        continue; // what came is in the pump's buffer (or the channel is closing: seen above)
                    }

                    if (!_polled.CallersWaitInTransport || !_polled.HasUnread)
                    {
                        return Pumped.Nothing;
                    }

                    // The background reader, over a socket that holds bytes (or its end): the read below takes them
                    // without waiting.
                }

                result = await _side.Reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            }
            catch (Exception) when (_side.Lifetime.IsClosing)
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

            if (result.IsCanceled && _side.Lifetime.IsClosing)
            {
                // Closing this side canceled the read (CancelPendingRead).
                await EndAsync(null, closedHere: true).ConfigureAwait(false);
                return Pumped.End;
            }

            // Canceled while the channel is open: a StreamPipeReader whose earlier read's token fired as that read
            // completed cancels its next read too. Not the end: what came is kept, and the pump reads on.

            _pumpBuffer = result.Buffer;
            _pumpHoldsBuffer = true;
            _pumpBufferIsLast = result.IsCompleted;
        }
    }

    /// <summary>Hands the pump's buffer back to the transport: what was taken is consumed, the rest examined.</summary>
    private void ReturnPumpBuffer()
    {
        if (_pumpHoldsBuffer)
        {
            _pumpHoldsBuffer = false;
            _side.Reader.AdvanceTo(_pumpBuffer.Start, _pumpBuffer.End);
        }
    }

    /// <summary>The next message: taken from the held buffer without a wait when it is there.</summary>
    private ValueTask<object?> ReceiveOnCallingThreadAsync(CancellationToken cancellationToken)
    {
        if (!_pump.TryEnter())
        {
            NoteCallerWaits();
            return ReceiveWaitingAsync(cancellationToken);
        }

        // The hot path: nothing queued by a request waiter, the next record already in the held buffer.
        bool taken;
        Pumped pumped = default;
        try
        {
            taken = Volatile.Read(ref _inboxed) == 0 && _pumpStash is null && TryTakeHeld(0, out pumped);
        }
        catch
        {
            LeavePump(); // a deserialization that failed in the application's own type: the pump stays usable
            throw;
        }

        if (taken)
        {
            LeavePump();
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
            if (_side.Inbox.TryDequeue(out object queued))
            {
                Interlocked.Decrement(ref _inboxed);
                return queued;
            }

            if (_pumpStash is { } stashed)
            {
                _pumpStash = null;
                return stashed;
            }

            Pumped pumped;
            if (cancellationToken.CanBeCanceled && CallersWaitInTransport)
            {
                using var either = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _side.Lifetime.Closing);
                pumped = await PumpAsync(0, either.Token).ConfigureAwait(false);
            }
            else
            {
                // Polling checks the closing on its own; only a read that may wait inside the transport needs it in the token.
                pumped = await PumpAsync(0, CallersWaitInTransport ? _side.Lifetime.Closing : cancellationToken).ConfigureAwait(false);
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
        return await _side.Inbox.TakeAsync(cancellationToken).ConfigureAwait(false);
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
            if (_side.Inbox.TryDequeue(out object queued))
            {
                Interlocked.Decrement(ref _inboxed);
                return queued;
            }

            if (_side.Inbox.Completion.IsCompleted)
            {
                // Ended: what a request waiter kept aside (under the pump) still comes before the end.
                await _pump.EnterAsync(cancellationToken).ConfigureAwait(false);
                return await ReceiveHoldingPumpAsync(cancellationToken).ConfigureAwait(false);
            }

            if (!orThePump)
            {
                try
                {
                    await _side.Inbox.WaitToReadAsync(cancellationToken).ConfigureAwait(false);
                }
                catch (Exception) when (_side.Inbox.Completion.IsCompleted && !cancellationToken.IsCancellationRequested)
                {
                    // Ended with a failure: taken above, after what was kept aside under the pump.
                }

                continue;
            }

            using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            Task<bool> arrival = _side.Inbox.WaitToReadAsync(stop.Token).AsTask();
            bool entered;
            try
            {
                entered = await _pump.EnterOrAsync(arrival, cancellationToken).ConfigureAwait(false);
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

    /// <summary>
    /// Waits for the response to request <paramref name="id"/>: pumps on this thread while records are there
    /// to take (the hot path completes without a wait), or lets the current pump complete it. Once the pump
    /// has to wait for the transport, the caller waits for the response's task with its timeout and token,
    /// so that a transport read that cannot be canceled does not hold the caller past them; a pump whose
    /// request gave up stops after the record it waits for (which it still delivers).
    /// </summary>
    private async Task<object> PumpForResponseAsync(ulong id, TaskCompletionSource<object> pending, TimeSpan timeout, CancellationToken cancellationToken)
    {
        Task pumping = PumpUntilAnsweredAsync(id, pending.Task);
        if (!pending.Task.IsCompleted)
        {
            try
            {
                TimeSpan left = timeout;
                if (!pumping.IsCompleted)
                {
                    long started = Stopwatch.GetTimestamp();
                    await WaitForPumpingAsync(pumping, timeout, cancellationToken).ConfigureAwait(false);

                    // Without the answer, the pump ended because it gave up its spin, or another caller's pump or the
                    // background reader reads now: the caller waits for the answer itself for the rest of the time.
                    left = Remaining(timeout, started);
                }

                if (!pending.Task.IsCompleted)
                {
                    await pending.Task.WaitAsync(left, cancellationToken).ConfigureAwait(false);
                }
            }
            catch (TimeoutException)
            {
                pending.TrySetException(new TimeoutException($"No response to request {id} within {timeout}."));
            }
            catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
            {
                pending.TrySetCanceled(cancellationToken);
            }
            catch (Exception ex) when (ex is IpcException or TimeoutException)
            {
                // The response's own outcome: thrown below.
            }
        }

        if (!pumping.IsCompleted)
        {
            _ = pumping.ContinueWith(static t => _ = t.Exception, CancellationToken.None, TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
        }
        else if (pumping.IsFaulted)
        {
            _ = pumping.Exception; // observed; the request's outcome is its own
        }

        return await pending.Task.ConfigureAwait(false);
    }

    /// <summary>
    /// Waits up to <paramref name="timeout"/> for this request's own pump to end, which it does on the thread that read
    /// the answer, after leaving the pump: the caller then goes on on that thread. Waiting for the answer's task instead
    /// (whose continuations run asynchronously) would hand the caller to another thread, a second hop for every round
    /// trip whose answer the pump waited for inside the transport. A fault of the pump's own is not the request's
    /// concern (the caller observes it, as before); a timeout or cancellation is thrown.
    /// </summary>
    private static async ValueTask WaitForPumpingAsync(Task pumping, TimeSpan timeout, CancellationToken cancellationToken)
    {
        try
        {
            await pumping.WaitAsync(timeout, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception) when (pumping.IsCompleted)
        {
            // The pump failed: the request's outcome is its own (receiving ended and failed it, or it still waits).
        }
    }

    /// <summary>What is left of <paramref name="timeout"/> since <paramref name="started"/> (a <see cref="Stopwatch"/> timestamp); an infinite timeout stays so.</summary>
    private static TimeSpan Remaining(TimeSpan timeout, long started)
    {
        if (timeout == Timeout.InfiniteTimeSpan)
        {
            return timeout;
        }

        TimeSpan left = timeout - TimeSpan.FromTicks((long)((Stopwatch.GetTimestamp() - started) * ((double)TimeSpan.TicksPerSecond / Stopwatch.Frequency)));
        return left > TimeSpan.Zero ? left : TimeSpan.Zero;
    }

    /// <summary>Pumps until <paramref name="answered"/> completes (answered, failed, timed out, canceled) or receiving ends.</summary>
    private async Task PumpUntilAnsweredAsync(ulong id, Task<object> answered)
    {
        while (!answered.IsCompleted)
        {
            try
            {
                if (!_pump.TryEnter())
                {
                    NoteCallerWaits();
                    if (!await _pump.EnterOrAsync(answered, _side.Lifetime.Closing).ConfigureAwait(false))
                    {
                        continue;
                    }
                }
            }
            catch (OperationCanceledException) when (_side.Lifetime.IsClosing)
            {
                return; // closing fails the request
            }

            bool gaveUp = false;
            try
            {
                if (answered.IsCompleted)
                {
                    return; // answered by the pump that just left
                }

                if (_pumpStash is { } stashed)
                {
                    // A message read by an earlier waiter comes before anything read now.
                    await QueueForReceiverAsync(stashed, _pumpStashBytes, _side.Lifetime.Closing).ConfigureAwait(false);
                }

                while (!answered.IsCompleted)
                {
                    Pumped pumped = await PumpAsync(id, _side.Lifetime.Closing).ConfigureAwait(false);
                    if (pumped.Ended)
                    {
                        return; // the end failed the request
                    }

                    if (pumped.NotYet)
                    {
                        gaveUp = true;
                        return; // the background reader completes the request when its answer comes
                    }

                    if (pumped.Message is not null)
                    {
                        await QueueForReceiverAsync(pumped.Message, pumped.Bytes, _side.Lifetime.Closing).ConfigureAwait(false);
                    }
                }
            }
            catch (OperationCanceledException) when (_side.Lifetime.IsClosing)
            {
                return; // closing fails the request
            }
            finally
            {
                LeavePump(gaveUp);
            }
        }
    }

    /// <summary>
    /// Puts a message that a request waiter read into the inbox, for <see cref="ReceiveAsync"/>. When the
    /// inbox stays full until the wait is canceled (or it was completed), the message is kept aside, in
    /// order, for the next receiver. The caller holds the pump.
    /// </summary>
    private async ValueTask QueueForReceiverAsync(object message, long size, CancellationToken cancellationToken)
    {
        _pumpStash = message;
        _pumpStashBytes = size;
        Interlocked.Increment(ref _inboxed);
        try
        {
            await _side.Inbox.EnqueueAsync(message, size, cancellationToken).ConfigureAwait(false);
            _pumpStash = null;
        }
        catch (System.Threading.Channels.ChannelClosedException)
        {
            Interlocked.Decrement(ref _inboxed);
        }
        catch
        {
            Interlocked.Decrement(ref _inboxed);
            throw;
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
        _side.Reader.CancelPendingRead();
        if (!await _pump.TryEnterAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(false))
        {
            return false;
        }

        try
        {
            ReturnPumpBuffer();
            if (_side.Lifetime.ReceiveEnd is null)
            {
                await EndAsync(null).ConfigureAwait(false);
            }
        }
        finally
        {
            _pump.Exit();
        }

        await StopBackgroundReaderAsync().ConfigureAwait(false);
        return true;
    }

    /// <summary>Takes the messages that already arrived, up to the length of <paramref name="into"/>, without waiting.</summary>
    public int TakeArrived(Span<object> into)
    {
        if (!_pump.TryEnter())
        {
            // Somebody else pumps: what it reads reaches the inbox after what is queued there now.
            NoteCallerWaits();
            return TakeQueued(into);
        }

        int taken = 0;
        try
        {
            while (taken < into.Length)
            {
                if (Volatile.Read(ref _inboxed) != 0)
                {
                    // What a request waiter or the background reader queued comes first.
                    int queued = TakeQueued(into.Slice(taken));
                    if (queued == 0)
                    {
                        break;
                    }

                    taken += queued;
                    continue;
                }

                if (_pumpStash is not null)
                {
                    break; // kept aside when the inbox was full: the next receive takes it, in its place
                }

                if (_pumpHoldsBuffer)
                {
                    int run = _side.Records.TakeRun(ref _pumpBuffer, into.Slice(taken), sizes: default);
                    if (run > 0)
                    {
                        taken += run;
                        continue;
                    }
                }

                if (TryTakeHeld(0, out Pumped pumped))
                {
                    into[taken++] = pumped.Message!;
                    continue;
                }

                if (_pumpSawEnd || _side.Lifetime.IsClosing || !TryReadArrived())
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
            LeavePump();
        }

        return taken;
    }

    /// <summary>Takes the messages queued in the inbox (by request waiters or the background reader), up to the length of <paramref name="into"/>.</summary>
    private int TakeQueued(Span<object> into)
    {
        if (Volatile.Read(ref _inboxed) == 0)
        {
            return 0;
        }

        int taken = _side.Inbox.TakeQueued(into);
        Interlocked.Add(ref _inboxed, -taken);
        return taken;
    }

    /// <summary>Takes what the transport already holds into the pump's buffer, without waiting; false when it holds nothing new. The caller holds the pump.</summary>
    private bool TryReadArrived()
    {
        if (!_side.Reader.TryRead(out ReadResult result))
        {
            return false;
        }

        if (!result.IsCanceled && !result.IsCompleted && result.Buffer.Length <= _pumpBuffer.Length)
        {
            // Nothing came since the pump handed its buffer back (the unread rest of it is all there is).
            _side.Reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
            return false;
        }

        if (result.IsCanceled)
        {
            // Only closing cancels a read; the next receive sees the channel closing.
            _side.Reader.AdvanceTo(result.Buffer.Start);
            return false;
        }

        _pumpBuffer = result.Buffer;
        _pumpHoldsBuffer = true;
        _pumpBufferIsLast = result.IsCompleted;
        return true;
    }

    /// <summary>Ends receiving (<see cref="ReceiveSide.EndAsync"/>), then <see cref="Completion"/>.</summary>
    private async ValueTask EndAsync(Exception? failure, bool closedHere = false)
    {
        await _side.EndAsync(failure, closedHere).ConfigureAwait(false);
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
