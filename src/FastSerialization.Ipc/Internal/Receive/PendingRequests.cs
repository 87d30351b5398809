using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>The requests this side sent and waits for, by correlation id: completed by the receive strategy when their answer arrives, failed together when receiving ends.</summary>
internal sealed class PendingRequests
{
    private readonly ConcurrentDictionary<ulong, TaskCompletionSource<object>> _waiting = new();
    private long _lastId;

    /// <summary>Registers a new request: its correlation id and the task its answer completes.</summary>
    public TaskCompletionSource<object> Add(out ulong id)
    {
        id = (ulong)Interlocked.Increment(ref _lastId);
        var pending = new TaskCompletionSource<object>(TaskCreationOptions.RunContinuationsAsynchronously);
        _waiting[id] = pending;
        return pending;
    }

    /// <summary>Forgets request <paramref name="id"/> (answered, failed or given up).</summary>
    public void Remove(ulong id) => _waiting.TryRemove(id, out _);

    /// <summary>Completes request <paramref name="id"/> with its response, if it still waits.</summary>
    public void Answer(ulong id, object response)
    {
        if (_waiting.TryGetValue(id, out TaskCompletionSource<object>? waiting))
        {
            waiting.TrySetResult(response);
        }
    }

    /// <summary>Fails request <paramref name="id"/> with the peer's reason, if it still waits.</summary>
    public void Refuse(ulong id, string? reason)
    {
        if (_waiting.TryGetValue(id, out TaskCompletionSource<object>? failed))
        {
            failed.TrySetException(new IpcException($"The peer failed request {id}: {reason}"));
        }
    }

    /// <summary>Fails every request that still waits with <paramref name="error"/>.</summary>
    public void FailAll(Exception error)
    {
        foreach (KeyValuePair<ulong, TaskCompletionSource<object>> pair in _waiting)
        {
            pair.Value.TrySetException(error);
        }
    }
}
