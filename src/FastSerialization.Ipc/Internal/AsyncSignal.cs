using System;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>An auto-reset event that one waiter awaits: a <see cref="Set"/> with nobody waiting is kept for the next wait.</summary>
internal sealed class AsyncSignal
{
    private readonly object _lock = new();
    private bool _set;
    private TaskCompletionSource? _waiter;

    public void Set()
    {
        TaskCompletionSource? waiter;
        lock (_lock)
        {
            waiter = _waiter;
            _waiter = null;
            if (waiter is null)
            {
                _set = true;
                return;
            }
        }

        waiter.TrySetResult();
    }

    public Task WaitAsync(CancellationToken cancellationToken)
    {
        TaskCompletionSource waiter;
        lock (_lock)
        {
            if (_set)
            {
                _set = false;
                return Task.CompletedTask;
            }

            waiter = _waiter ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        }

        return cancellationToken.CanBeCanceled ? WaitCancelableAsync(waiter, cancellationToken) : waiter.Task;
    }

    /// <summary>
    /// A wait that may be canceled: the canceled waiter is withdrawn, so that a later <see cref="Set"/> is kept
    /// for the next wait instead of being spent on a wait nobody awaits any more (a lost wake-up).
    /// </summary>
    private async Task WaitCancelableAsync(TaskCompletionSource waiter, CancellationToken cancellationToken)
    {
        try
        {
            await waiter.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            lock (_lock)
            {
                if (_waiter == waiter)
                {
                    _waiter = null;
                }
                else
                {
                    // Set took this waiter (it may not have completed it yet) while the wait was being
                    // canceled: keep the signal for the next wait.
                    _set = true;
                }
            }

            throw;
        }
    }
}
