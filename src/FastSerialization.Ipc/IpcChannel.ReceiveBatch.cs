using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.SharedMemory;

namespace FastSerialization.Ipc;

// Receiving in batches: every message that has arrived, for one wait.
public sealed partial class IpcChannel
{
    /// <summary>
    /// Waits for the next message, then fills <paramref name="destination"/> with it and with every further
    /// message that has already arrived, without waiting again: many messages for one wait. A message sent
    /// with <see cref="RequestAsync{TResponse}(object, CancellationToken)"/> arrives as an <see cref="IpcRequest"/>,
    /// as with <see cref="ReceiveAsync"/>; the order is the order they were sent.
    /// </summary>
    /// <param name="destination">Where the messages go, from its start.</param>
    /// <param name="cancellationToken">Cancels the wait for the first message.</param>
    /// <returns>How many messages were put in <paramref name="destination"/>; 0 when the peer closed the channel (or <paramref name="destination"/> is empty).</returns>
    /// <exception cref="IpcException">The peer went away without closing the channel (after every complete message was delivered).</exception>
    /// <exception cref="FastSerializationException">The peer sent a malformed record (after the messages before it were delivered).</exception>
    public async ValueTask<int> ReceiveBatchAsync(Memory<object> destination, CancellationToken cancellationToken = default)
    {
        if (destination.IsEmpty)
        {
            return 0;
        }

        object? first = await ReceiveAsync(cancellationToken).ConfigureAwait(false);
        if (first is null)
        {
            return 0;
        }

        destination.Span[0] = first;
        return 1 + TakeArrived(destination.Span.Slice(1));
    }

    /// <summary>Takes the messages that already arrived, up to the length of <paramref name="into"/>, without waiting.</summary>
    private int TakeArrived(Span<object> into)
    {
        if (!ReceivesOnCallingThread)
        {
            int queued = 0;
            while (queued < into.Length && _inbox.TryDequeue(out object message))
            {
                into[queued++] = message;
            }

            return queued;
        }

        if (!_pump.TryEnter())
        {
            return 0; // a request waiter pumps: what it reads reaches the inbox, for the next call
        }

        int taken = 0;
        try
        {
            while (taken < into.Length)
            {
                if (Volatile.Read(ref _inboxed) != 0 || _pumpStash is not null)
                {
                    break; // what a request waiter set aside comes first: the next call takes it
                }

                if (_pumpHoldsBuffer)
                {
                    int run = TakeRun(ref _pumpBuffer, into.Slice(taken), sizes: default);
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

                if (_pumpSawEnd || _lifetime.IsClosing || !TryReadArrived())
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
            _pump.Exit();
        }

        return taken;
    }

    /// <summary>
    /// The common case of a burst, read straight from a span: the application records that lie whole, one
    /// after another, at the start of the buffer's first segment, up to the length of <paramref name="into"/>.
    /// Stops (taking nothing more) at a control record, a record cut by the segment's end, or one not complete
    /// yet: the general path decides about those. A record that fails to be read is left in the buffer; the
    /// failure is thrown only when it is the first.
    /// </summary>
    /// <returns>How many messages were taken; <paramref name="sizes"/>, unless empty, gets the size of each one's record.</returns>
    private int TakeRun(ref ReadOnlySequence<byte> buffer, Span<object> into, Span<int> sizes)
    {
        if (_incomingRequest is not null || _incomingResponse is not null)
        {
            return 0;
        }

        ReadOnlySpan<byte> first = buffer.FirstSpan;
        int offset = 0;
        int taken = 0;
        try
        {
            while (taken < into.Length)
            {
                ReadOnlySpan<byte> rest = first.Slice(offset);
                if (rest.Length <= RecordFrame.LengthPrefixSize || rest[RecordFrame.LengthPrefixSize] == 0
                    || !RecordFrame.TryReadLength(rest, _maxRecordLength, out int length)
                    || length > rest.Length - RecordFrame.LengthPrefixSize)
                {
                    break;
                }

                into[taken] = _formatter.Deserialize(rest.Slice(0, RecordFrame.LengthPrefixSize + length), out int consumed);
                if (!sizes.IsEmpty)
                {
                    sizes[taken] = consumed;
                }

                taken++;
                offset += consumed;
            }
        }
        catch (Exception ex) when (taken > 0 && ex is not OutOfMemoryException)
        {
            // Delivered: the records before it. The failing one stays for the next read, which throws.
        }

        if (offset > 0)
        {
            CountReceived(taken, offset);
            buffer = buffer.Slice(offset);
        }

        return taken;
    }

    /// <summary>Takes what the transport already holds into the pump's buffer, without waiting; false when it holds nothing new. The caller holds the pump.</summary>
    private bool TryReadArrived()
    {
        if (!_reader.TryRead(out ReadResult result))
        {
            return false;
        }

        if (!result.IsCanceled && !result.IsCompleted && result.Buffer.Length <= _pumpBuffer.Length)
        {
            // Nothing came since the pump handed its buffer back (the unread rest of it is all there is).
            _reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
            return false;
        }

        if (result.IsCanceled)
        {
            // Only closing cancels a read; the next receive sees the channel closing.
            _reader.AdvanceTo(result.Buffer.Start);
            return false;
        }

        _pumpBuffer = result.Buffer;
        _pumpHoldsBuffer = true;
        _pumpBufferIsLast = result.IsCompleted;
        return true;
    }
}
