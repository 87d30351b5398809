using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;
using FastSerialization.Ipc.SharedMemory;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// The messages received and not yet taken by the application, bounded both in count and in the bytes their
/// records took on the wire (<see cref="IpcChannelOptions.ReceiveQueueCapacity"/>,
/// <see cref="IpcChannelOptions.ReceiveQueueMaxBytes"/>). The one who fills it (the receive loop, or the
/// caller holding the pump) waits while either bound is reached: it then stops reading the transport, and
/// the peer's sends wait in turn (back-pressure). A message larger than the byte bound is let in alone.
/// </summary>
internal sealed class ReceiveQueue
{
    private readonly Channel<Queued> _messages;
    private readonly long _maxBytes;
    private readonly AsyncSignal _room = new();
    private long _bytes;
    private int _producerWaits;
    private volatile bool _completed;

    public ReceiveQueue(int capacity, long maxBytes)
    {
        _maxBytes = maxBytes;
        _messages = Channel.CreateBounded<Queued>(new BoundedChannelOptions(capacity)
        {
            SingleWriter = true,
            FullMode = BoundedChannelFullMode.Wait,
        });
    }

    /// <summary>Completes when the queue was completed and emptied.</summary>
    public Task Completion => _messages.Reader.Completion;

    /// <summary>How many messages are in the queue.</summary>
    public int Count => _messages.Reader.Count;

    /// <summary>The bytes of the messages in the queue (tests).</summary>
    internal long Bytes => Volatile.Read(ref _bytes);

    /// <summary>Adds <paramref name="message"/>, whose record took <paramref name="size"/> bytes, once both bounds leave room for it.</summary>
    /// <exception cref="ChannelClosedException">The queue was completed.</exception>
    public async ValueTask EnqueueAsync(object message, long size, CancellationToken cancellationToken)
    {
        while (true)
        {
            if (_completed)
            {
                throw new ChannelClosedException();
            }

            if (HasRoomFor(size))
            {
                break;
            }

            // Say that this side waits, then look again: a dequeue either sees the flag (and sets the
            // signal, which a wait that starts later still sees) or its bytes are seen here.
            Interlocked.Exchange(ref _producerWaits, 1);
            if (!HasRoomFor(size) && !_completed)
            {
                await _room.WaitAsync(cancellationToken).ConfigureAwait(false);
            }

            Volatile.Write(ref _producerWaits, 0);
        }

        Interlocked.Add(ref _bytes, size);
        try
        {
            await _messages.Writer.WriteAsync(new Queued(message, size), cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            Interlocked.Add(ref _bytes, -size);
            throw;
        }
    }

    /// <summary>Adds <paramref name="message"/> when both bounds leave room for it now; false (nothing added) otherwise, or when the queue was completed.</summary>
    public bool TryEnqueue(object message, long size)
    {
        if (_completed || !HasRoomFor(size))
        {
            return false;
        }

        Interlocked.Add(ref _bytes, size);
        if (_messages.Writer.TryWrite(new Queued(message, size)))
        {
            return true;
        }

        Interlocked.Add(ref _bytes, -size);
        return false;
    }

    private bool HasRoomFor(long size)
    {
        long queued = Volatile.Read(ref _bytes);
        return queued == 0 || queued + size <= _maxBytes;
    }

    /// <summary>Takes the next message, if one is queued.</summary>
    public bool TryDequeue(out object message)
    {
        if (_messages.Reader.TryRead(out Queued queued))
        {
            Interlocked.Add(ref _bytes, -queued.Size); // a full fence: the flag below is read after it
            if (Volatile.Read(ref _producerWaits) != 0)
            {
                _room.Set();
            }

            message = queued.Message;
            return true;
        }

        message = null!;
        return false;
    }

    /// <summary>Waits until a message is queued (true) or the queue is complete and empty (false, or the failure it was completed with).</summary>
    public ValueTask<bool> WaitToReadAsync(CancellationToken cancellationToken) => _messages.Reader.WaitToReadAsync(cancellationToken);

    /// <summary>The next message, or null once the queue is complete and empty (or its failure, if it was completed with one).</summary>
    public async ValueTask<object?> TakeAsync(CancellationToken cancellationToken)
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

    /// <summary>Takes the messages already queued, up to the length of <paramref name="into"/>, without waiting; returns how many.</summary>
    public int TakeQueued(Span<object> into)
    {
        int taken = 0;
        while (taken < into.Length && TryDequeue(out object message))
        {
            into[taken++] = message;
        }

        return taken;
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
    public bool TryComplete(Exception? failure = null)
    {
        _completed = true;
        _room.Set();
        return _messages.Writer.TryComplete(failure);
    }

    private readonly record struct Queued(object Message, long Size);
}
