using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// "The pump" of the strategies in which callers read the transport (<see cref="PumpingReceiveStrategy"/>): the gate
/// that one reader holds at a time (a caller, or the background reader), the buffer of the transport's last read,
/// kept across holders and handed back to the transport once every record in it was taken, the end seen in it, and
/// the messages a holder read for somebody else (queued in the inbox, or kept aside while the inbox is full).
/// Every member but <see cref="Gate"/>, <see cref="HasQueued"/>, <see cref="TryTakeQueued"/> and
/// <see cref="TakeQueued"/> is for the gate's holder.
/// </summary>
internal sealed class ReceivePump(ReceiveSide side)
{
    private ReadOnlySequence<byte> _buffer;
    private bool _holdsBuffer;
    private bool _bufferIsLast;

    /// <summary>
    /// How many bytes were left unread in the buffer when it was last handed back (<see cref="ReturnBuffer"/>): a read
    /// that returns no more than that brought nothing new. Kept as a number because the handed-back buffer's segments
    /// are the transport's again: the ring reader sets its two segments anew on every read, so the old sequence's
    /// length, computed from them after the next read, is wrong when it wrapped the ring's end (negative at times).
    /// </summary>
    private long _returnedLength;

    private object? _stash;
    private long _stashBytes;

    /// <summary>Messages queued (or being queued) in the inbox by a holder for somebody else, not yet taken.</summary>
    private int _inboxed;

    /// <summary>Taken by whoever reads the transport.</summary>
    public AsyncGate Gate { get; } = new();

    /// <summary>True once the end was seen in the buffer (a goodbye, a malformed record, the transport's end); <see cref="EndFailure"/> says how it ended.</summary>
    public bool SawEnd { get; private set; }

    /// <summary>The failure the end came with, or null for a goodbye.</summary>
    public Exception? EndFailure { get; private set; }

    /// <summary>True while messages queued for somebody else (by a request waiter or the background reader) wait in the inbox.</summary>
    public bool HasQueued => Volatile.Read(ref _inboxed) != 0;

    /// <summary>True while a message read for somebody else is kept aside (the inbox was full): it comes before anything read after it.</summary>
    public bool HasStash => _stash is not null;

    /// <summary>Whether the holder leaves something to read that the peer will not ring for: records in the buffer, the end, or a message kept aside.</summary>
    public bool LeavesWork => (_holdsBuffer && !_buffer.IsEmpty) || SawEnd || _stash is not null;

    /// <summary>
    /// Takes the next record for the application, or the answer to request <paramref name="wanted"/> (0: none),
    /// from the buffer, without reading the transport. False when the buffer holds no more (then it was handed
    /// back) or the end was seen (<see cref="SawEnd"/>).
    /// </summary>
    public bool TryTakeHeld(ulong wanted, out Pumped pumped)
    {
        while (_holdsBuffer)
        {
            Incoming incoming;
            object? message;
            ulong correlation;
            try
            {
                incoming = side.Records.TakeRecord(ref _buffer, out message, out correlation);
            }
            catch (Exception ex) when (ex is FastSerializationException or IpcException)
            {
                // A malformed record, or a control record that is not allowed here (a second Hello).
                ReturnBuffer();
                NoteEnd(ex);
                break;
            }

            switch (incoming)
            {
                case Incoming.Message:
                    pumped = Pumped.For(message!, side.Records.LastTakenBytes);
                    return true;
                case Incoming.Request:
                    pumped = Pumped.For(side.NewRequest(correlation, message!), side.Records.LastTakenBytes);
                    return true;
                case Incoming.Answered when wanted != 0 && correlation == wanted:
                    pumped = Pumped.Answered;
                    return true;
                case Incoming.Answered:
                    continue;
                case Incoming.Goodbye:
                    ReturnBuffer();
                    NoteEnd(null);
                    break;
                default:
                    bool last = _bufferIsLast;
                    ReadOnlySequence<byte> unread = _buffer;
                    ReturnBuffer();
                    if (last)
                    {
                        NoteEnd(ConnectionErrors.EndedWithoutGoodbye(unread));
                    }

                    break;
            }
        }

        pumped = default;
        return false;
    }

    /// <summary>Takes a run of plain messages from the start of the buffer, up to the length of <paramref name="into"/> (<see cref="IncomingRecords.TakeRun"/>); 0 when it holds none.</summary>
    public int TakeRun(Span<object> into) => _holdsBuffer ? side.Records.TakeRun(ref _buffer, into, sizes: default) : 0;

    /// <summary>Keeps what a read of the transport returned, until every record in it was taken.</summary>
    public void Hold(in ReadResult result)
    {
        _buffer = result.Buffer;
        _holdsBuffer = true;
        _bufferIsLast = result.IsCompleted;
    }

    /// <summary>Hands the buffer back to the transport: what was taken is consumed, the rest examined.</summary>
    public void ReturnBuffer()
    {
        if (_holdsBuffer)
        {
            _holdsBuffer = false;
            _returnedLength = _buffer.Length;
            side.Reader.AdvanceTo(_buffer.Start, _buffer.End);
        }
    }

    /// <summary>Takes what the transport already holds into the buffer, without waiting; false when it holds nothing new.</summary>
    public bool TryReadArrived()
    {
        if (!side.Reader.TryRead(out ReadResult result))
        {
            return false;
        }

        if (!result.IsCanceled && !result.IsCompleted && result.Buffer.Length <= _returnedLength)
        {
            // Nothing came since the buffer was handed back (the unread rest of it is all there is). The transports of
            // this package return from TryRead only when bytes came; a PipeReader of the application's may return the
            // examined rest again, and taking it would find nothing to take, again and again.
            side.Reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
            return false;
        }

        if (result.IsCanceled)
        {
            // Only closing cancels a read; the next receive sees the channel closing.
            side.Reader.AdvanceTo(result.Buffer.Start);
            return false;
        }

        Hold(result);
        return true;
    }

    /// <summary>Takes a message queued in the inbox (by a request waiter or the background reader), if there is one.</summary>
    public bool TryTakeQueued(out object message)
    {
        if (!side.Inbox.TryDequeue(out message))
        {
            return false;
        }

        Interlocked.Decrement(ref _inboxed);
        return true;
    }

    /// <summary>Takes the messages queued in the inbox (by request waiters or the background reader), up to the length of <paramref name="into"/>.</summary>
    public int TakeQueued(Span<object> into)
    {
        if (Volatile.Read(ref _inboxed) == 0)
        {
            return 0;
        }

        int taken = side.Inbox.TakeQueued(into);
        Interlocked.Add(ref _inboxed, -taken);
        return taken;
    }

    /// <summary>Takes the message kept aside, if there is one: the receiver it was read for gets it, in its place.</summary>
    public bool TryTakeStash(out object message)
    {
        if (_stash is { } stashed)
        {
            _stash = null;
            message = stashed;
            return true;
        }

        message = null!;
        return false;
    }

    /// <summary>Puts the message kept aside into the inbox, if there is one: it comes before anything read now.</summary>
    public ValueTask QueueStashAsync(CancellationToken cancellationToken) =>
        _stash is { } stashed ? QueueForReceiverAsync(stashed, _stashBytes, cancellationToken) : default;

    /// <summary>
    /// Puts a message that a request waiter (or the background reader) read into the inbox, for
    /// <see cref="IpcChannel.ReceiveAsync"/>. When the inbox stays full until the wait is canceled (or it was
    /// completed), the message is kept aside, in order, for the next receiver.
    /// </summary>
    public async ValueTask QueueForReceiverAsync(object message, long size, CancellationToken cancellationToken)
    {
        _stash = message;
        _stashBytes = size;
        Interlocked.Increment(ref _inboxed);
        try
        {
            await side.Inbox.EnqueueAsync(message, size, cancellationToken).ConfigureAwait(false);
            _stash = null;
        }
        catch (ChannelClosedException)
        {
            Interlocked.Decrement(ref _inboxed);
        }
        catch
        {
            Interlocked.Decrement(ref _inboxed);
            throw;
        }
    }

    private void NoteEnd(Exception? failure)
    {
        SawEnd = true;
        EndFailure = failure;
    }
}
