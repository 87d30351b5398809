using System;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// A lock for one holder at a time that is taken without waiting by an interlocked exchange (the hot path of
/// a channel: one sender, one reader) and awaited otherwise. Not reentrant. Waiters are woken together when
/// the holder leaves and race for it, so a waiter may also stop waiting when something else it waits for
/// happens first (<see cref="EnterOrAsync"/>).
/// </summary>
internal sealed class AsyncGate
{
    private readonly object _lock = new();
    private int _held;
    private int _waiters;
    private TaskCompletionSource _released = NewReleased();

    /// <summary>Takes the gate if it is free.</summary>
    public bool TryEnter() => Interlocked.CompareExchange(ref _held, 1, 0) == 0;

    /// <summary>Leaves the gate and wakes whoever waits for it.</summary>
    public void Exit()
    {
        Interlocked.Exchange(ref _held, 0); // a full fence: the waiter count below is read after the release
        if (Volatile.Read(ref _waiters) != 0)
        {
            TaskCompletionSource released;
            lock (_lock)
            {
                released = _released;
                _released = NewReleased();
            }

            released.TrySetResult();
        }
    }

    /// <summary>Waits until this caller holds the gate.</summary>
    public ValueTask EnterAsync(CancellationToken cancellationToken)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled(cancellationToken);
        }

        return TryEnter() ? default : new ValueTask(EnterOrAsync(null, cancellationToken).AsTask());
    }

    /// <summary>Waits up to <paramref name="timeout"/> for the gate; false when it stayed taken.</summary>
    public async Task<bool> TryEnterAsync(TimeSpan timeout)
    {
        if (TryEnter())
        {
            return true;
        }

        using var expiry = new CancellationTokenSource(timeout);
        try
        {
            await EnterOrAsync(null, expiry.Token).ConfigureAwait(false);
            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    /// <summary>
    /// Waits until this caller holds the gate (true), or until <paramref name="other"/> completes first
    /// (false, the gate not taken).
    /// </summary>
    public async ValueTask<bool> EnterOrAsync(Task? other, CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref _waiters);
        try
        {
            while (true)
            {
                Task released;
                lock (_lock)
                {
                    released = _released.Task;
                }

                // Counted as a waiter and holding the current release signal before looking: a holder
                // that leaves after this look sees the count and completes that signal.
                if (TryEnter())
                {
                    return true;
                }

                if (other is { IsCompleted: true })
                {
                    return false;
                }

                Task either = other is null ? released : Task.WhenAny(released, other);
                await either.WaitAsync(cancellationToken).ConfigureAwait(false);
            }
        }
        finally
        {
            Interlocked.Decrement(ref _waiters);
        }
    }

    private static TaskCompletionSource NewReleased() => new(TaskCreationOptions.RunContinuationsAsynchronously);
}
