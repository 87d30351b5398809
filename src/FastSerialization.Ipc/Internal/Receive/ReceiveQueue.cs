using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// The messages received and not yet taken by the application, bounded both in count and in the bytes their
/// records took on the wire (<see cref="IpcChannelOptions.ReceiveQueueCapacity"/>,
/// <see cref="IpcChannelOptions.ReceiveQueueMaxBytes"/>). The one who fills it (the receive loop, or the
/// caller holding the pump) waits while either bound is reached: it then stops reading the transport, and
/// the peer's sends wait in turn (back-pressure). A message larger than the byte bound is let in alone.
/// </summary>
/// <remarks>
/// One lock guards the queue, taken once per call: a run of messages goes in with <see cref="TryEnqueueRun"/>
/// and comes out with <see cref="TakeQueued"/> under one lock each, so that a burst costs one hand-over between
/// the threads rather than one per message. A producer that found the queue full is woken only once the queue
/// has drained to half of both bounds (or is empty), not by every message taken: otherwise a consumer slower
/// than the producer would wake it for each message, and the two threads would trade every message.
/// </remarks>
internal sealed class ReceiveQueue
{
    private readonly object _lock = new();
    private readonly Queue<Queued> _messages;
    private readonly int _capacity;
    private readonly long _maxBytes;
    private readonly int _resumeCount;
    private readonly long _resumeBytes;
    private readonly TaskCompletionSource _completion = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private long _bytes;
    private bool _completed;
    private Exception? _failure;

    /// <summary>Completed (with true) when messages arrive or the queue is completed; null while nobody waits to read.</summary>
    private TaskCompletionSource<bool>? _readers;

    /// <summary>Completed when the queue has drained enough for a waiting producer, or was completed; null while no producer waits.</summary>
    private TaskCompletionSource? _room;

    public ReceiveQueue(int capacity, long maxBytes)
    {
        _capacity = capacity;
        _maxBytes = maxBytes;
        _resumeCount = capacity / 2;
        _resumeBytes = maxBytes / 2;
        _messages = new Queue<Queued>(Math.Min(capacity, 256));
    }

    /// <summary>Completes when the queue was completed and emptied (faulted with the failure it was completed with, if any).</summary>
    public Task Completion => _completion.Task;

    /// <summary>How many messages are in the queue.</summary>
    public int Count
    {
        get
        {
            lock (_lock)
            {
                return _messages.Count;
            }
        }
    }

    /// <summary>The bytes of the messages in the queue (tests).</summary>
    internal long Bytes
    {
        get
        {
            lock (_lock)
            {
                return _bytes;
            }
        }
    }

    /// <summary>Adds <paramref name="message"/>, whose record took <paramref name="size"/> bytes, once both bounds leave room for it.</summary>
    /// <exception cref="ChannelClosedException">The queue was completed.</exception>
    public async ValueTask EnqueueAsync(object message, long size, CancellationToken cancellationToken)
    {
        while (true)
        {
            Task? room = null;
            TaskCompletionSource<bool>? readers = null;
            lock (_lock)
            {
                if (_completed)
                {
                    throw new ChannelClosedException();
                }

                if (HasRoomFor(size))
                {
                    Add(message, size);
                    readers = TakeReaders();
                }
                else
                {
                    room = (_room ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously)).Task;
                }
            }

            if (room is null)
            {
                readers?.TrySetResult(true);
                return;
            }

            await room.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Adds the messages of <paramref name="messages"/> (whose records took <paramref name="sizes"/> bytes), in
    /// order, as far as both bounds leave room now, under one lock and with one wake-up of a waiting reader
    /// (with <paramref name="wakeReaders"/> false, only once the queue is half full by either bound, so that a full
    /// queue has always woken its reader; the caller then calls <see cref="WakeReaders"/> before it waits).
    /// </summary>
    /// <returns>How many were added, from the start: 0 when the queue is full or was completed.</returns>
    public int TryEnqueueRun(ReadOnlySpan<object> messages, ReadOnlySpan<int> sizes, bool wakeReaders = true)
    {
        int added = 0;
        TaskCompletionSource<bool>? readers;
        lock (_lock)
        {
            if (_completed)
            {
                return 0;
            }

            while (added < messages.Length && HasRoomFor(sizes[added]))
            {
                Add(messages[added], sizes[added]);
                added++;
            }

            readers = added > 0 && (wakeReaders || _messages.Count >= _resumeCount || _bytes >= _resumeBytes) ? TakeReaders() : null;
        }

        readers?.TrySetResult(true);
        return added;
    }

    /// <summary>Wakes a reader waiting for a message, if one waits and a message is queued (after runs queued without a wake-up).</summary>
    public void WakeReaders()
    {
        TaskCompletionSource<bool>? readers = null;
        lock (_lock)
        {
            if (_readers is not null && _messages.Count > 0)
            {
                readers = TakeReaders();
            }
        }

        readers?.TrySetResult(true);
    }

    /// <summary>Takes the next message, if one is queued.</summary>
    public bool TryDequeue(out object message)
    {
        TaskCompletionSource? room;
        bool emptied;
        lock (_lock)
        {
            if (_messages.Count == 0)
            {
                message = null!;
                return false;
            }

            message = Remove();
            room = TakeRoomIfDrained();
            emptied = _completed && _messages.Count == 0;
        }

        room?.TrySetResult();
        if (emptied)
        {
            CompleteCompletion();
        }

        return true;
    }

    /// <summary>Takes the messages already queued, up to the length of <paramref name="into"/>, without waiting; returns how many.</summary>
    public int TakeQueued(Span<object> into)
    {
        int taken = 0;
        TaskCompletionSource? room;
        bool emptied;
        lock (_lock)
        {
            while (taken < into.Length && _messages.Count > 0)
            {
                into[taken++] = Remove();
            }

            room = taken > 0 ? TakeRoomIfDrained() : null;
            emptied = taken > 0 && _completed && _messages.Count == 0;
        }

        room?.TrySetResult();
        if (emptied)
        {
            CompleteCompletion();
        }

        return taken;
    }

    /// <summary>Waits until a message is queued (true) or the queue is complete and empty (false, or the failure it was completed with).</summary>
    public ValueTask<bool> WaitToReadAsync(CancellationToken cancellationToken)
    {
        Task<bool> arrival;
        lock (_lock)
        {
            if (_messages.Count > 0)
            {
                return new ValueTask<bool>(true);
            }

            if (_completed)
            {
                return _failure is null ? new ValueTask<bool>(false) : new ValueTask<bool>(Task.FromException<bool>(_failure));
            }

            arrival = (_readers ??= new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously)).Task;
        }

        if (cancellationToken.IsCancellationRequested)
        {
            return new ValueTask<bool>(Task.FromCanceled<bool>(cancellationToken));
        }

        // Woken, the caller looks again: the queue may have been emptied by another reader, or completed.
        return new ValueTask<bool>(cancellationToken.CanBeCanceled ? arrival.WaitAsync(cancellationToken) : arrival);
    }

    /// <summary>The next message, or null once the queue is complete and empty (or its failure, if it was completed with one).</summary>
    public ValueTask<object?> TakeAsync(CancellationToken cancellationToken) =>
        TryDequeue(out object message) ? new ValueTask<object?>(message) : TakeSlowAsync(cancellationToken);

    private async ValueTask<object?> TakeSlowAsync(CancellationToken cancellationToken)
    {
        while (await WaitToReadAsync(cancellationToken).ConfigureAwait(false))
        {
            if (TryDequeue(out object message))
            {
                return message;
            }
        }

        return null;
    }

    /// <summary>Every message until the queue is complete; then its failure, if it was completed with one.</summary>
    public async IAsyncEnumerable<object> ReadAllAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        while (await WaitToReadAsync(cancellationToken).ConfigureAwait(false))
        {
            while (TryDequeue(out object message))
            {
                yield return message;
            }
        }
    }

    /// <summary>No more messages: readers get what is queued, then the end (or <paramref name="failure"/>); a waiting producer is released.</summary>
    /// <returns>False when the queue was already completed (the first failure stays).</returns>
    public bool TryComplete(Exception? failure = null)
    {
        TaskCompletionSource<bool>? readers;
        TaskCompletionSource? room;
        bool empty;
        lock (_lock)
        {
            if (_completed)
            {
                return false;
            }

            _completed = true;
            _failure = failure;
            readers = TakeReaders();
            room = _room;
            _room = null;
            empty = _messages.Count == 0;
        }

        readers?.TrySetResult(true);
        room?.TrySetResult();
        if (empty)
        {
            CompleteCompletion();
        }

        return true;
    }

    private bool HasRoomFor(long size) => _messages.Count < _capacity && (_bytes == 0 || _bytes + size <= _maxBytes);

    private void Add(object message, long size)
    {
        _messages.Enqueue(new Queued(message, size));
        _bytes += size;
    }

    private object Remove()
    {
        Queued queued = _messages.Dequeue();
        _bytes -= queued.Size;
        return queued.Message;
    }

    private TaskCompletionSource<bool>? TakeReaders()
    {
        TaskCompletionSource<bool>? readers = _readers;
        _readers = null;
        return readers;
    }

    /// <summary>The waiting producer's signal, taken, once the queue has drained to half of both bounds or is empty; otherwise null.</summary>
    private TaskCompletionSource? TakeRoomIfDrained()
    {
        TaskCompletionSource? room = _room;
        if (room is null || (_messages.Count != 0 && (_messages.Count > _resumeCount || _bytes > _resumeBytes)))
        {
            return null;
        }

        _room = null;
        return room;
    }

    private void CompleteCompletion()
    {
        Exception? failure = _failure;
        if (failure is null)
        {
            _completion.TrySetResult();
        }
        else if (failure is OperationCanceledException canceled)
        {
            _completion.TrySetCanceled(canceled.CancellationToken);
        }
        else
        {
            _completion.TrySetException(failure);
        }
    }

    private readonly record struct Queued(object Message, long Size);
}
