using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>A caller of <see cref="IpcChannel.RequestAsync{TResponse}(object, CancellationToken)"/> waiting for its response: it pumps until the answer comes, or lets the pump's holder deliver it.</summary>
internal abstract partial class PumpingReceiveStrategy
{
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
                if (!Pump.Gate.TryEnter())
                {
                    NoteCallerWaits();
                    if (!await Pump.Gate.EnterOrAsync(answered, Side.Lifetime.Closing).ConfigureAwait(false))
                    {
                        continue;
                    }
                }
            }
            catch (OperationCanceledException) when (Side.Lifetime.IsClosing)
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

                // A message read by an earlier waiter comes before anything read now.
                await Pump.QueueStashAsync(Side.Lifetime.Closing).ConfigureAwait(false);

                while (!answered.IsCompleted)
                {
                    Pumped pumped = await PumpAsync(id, Side.Lifetime.Closing).ConfigureAwait(false);
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
                        await Pump.QueueForReceiverAsync(pumped.Message, pumped.Bytes, Side.Lifetime.Closing).ConfigureAwait(false);
                    }
                }
            }
            catch (OperationCanceledException) when (Side.Lifetime.IsClosing)
            {
                return; // closing fails the request
            }
            finally
            {
                LeavePump(gaveUp);
            }
        }
    }
}
