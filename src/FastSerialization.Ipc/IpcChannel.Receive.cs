using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;

namespace FastSerialization.Ipc;

public sealed partial class IpcChannel
{
    /// <summary>
    /// Reads the messages the peer sends, until it closes the channel. A message sent with
    /// <see cref="RequestAsync{TResponse}(object, CancellationToken)"/> arrives as an <see cref="IpcRequest"/>.
    /// </summary>
    /// <param name="cancellationToken">Cancels the wait for the next message.</param>
    /// <returns>The messages, in the order they were sent.</returns>
    /// <exception cref="IpcException">Thrown during enumeration, after every complete message: the peer went away without closing the channel.</exception>
    /// <exception cref="FastSerializationException">Thrown during enumeration: the peer sent a malformed record or one over the limit; the channel is closed.</exception>
    public IAsyncEnumerable<object> ReadAllAsync(CancellationToken cancellationToken = default) =>
        ReceivesOnCallingThread ? ReadAllOnCallingThreadAsync(cancellationToken) : _inbox.ReadAllAsync(cancellationToken);

    /// <summary>Reads the next message, or null when the peer closed the channel.</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The next message, or null at the end.</returns>
    /// <exception cref="IpcException">The peer went away without closing the channel.</exception>
    /// <exception cref="FastSerializationException">The peer sent a malformed record.</exception>
    public ValueTask<object?> ReceiveAsync(CancellationToken cancellationToken = default) =>
        ReceivesOnCallingThread ? ReceiveOnCallingThreadAsync(cancellationToken) : ReceiveQueuedAsync(cancellationToken);

    /// <summary>The next message of the inbox (filled by the receive loop), or null once it is complete.</summary>
    private async ValueTask<object?> ReceiveQueuedAsync(CancellationToken cancellationToken)
    {
        while (await _inbox.WaitToReadAsync(cancellationToken).ConfigureAwait(false))
        {
            if (_inbox.TryDequeue(out object message))
            {
                return message;
            }
        }

        return null;
    }

    /// <summary>How many bytes the record that <see cref="TakeRecord"/> returned last took on the wire (for the queue's byte bound).</summary>
    private long _lastTakenBytes;

    /// <summary>What <see cref="TakeRecord"/> found at the start of the buffer.</summary>
    private enum Incoming
    {
        /// <summary>No complete record: read more.</summary>
        NeedMore,

        /// <summary>A message for the application.</summary>
        Message,

        /// <summary>A request (a message to answer) with its correlation id.</summary>
        Request,

        /// <summary>The response to, or the failure of, the request with the correlation id; its waiter was completed.</summary>
        Answered,

        /// <summary>The peer closed the channel.</summary>
        Goodbye,
    }

    /// <summary>
    /// Takes the next record the application or a request waiter needs from <paramref name="buffer"/>, handling
    /// the control records before it: a response or failure completes the waiting request. Called by one
    /// reader at a time (the receive loop, or whoever holds the pump when receiving on the calling thread).
    /// </summary>
    private Incoming TakeRecord(ref ReadOnlySequence<byte> buffer, out object? message, out ulong correlation)
    {
        message = null;
        correlation = 0;
        long before = buffer.Length;
        while (true)
        {
            if (_incomingRequest is null && _incomingResponse is null && TryTakeWholeInFirstSegment(ref buffer, out message))
            {
                _lastTakenBytes = before - buffer.Length;
                CountReceived(1, _lastTakenBytes);
                return Incoming.Message;
            }

            if (ControlRecord.IsControl(buffer))
            {
                if (!ControlRecord.TryRead(ref buffer, ControlRecord.MaxLength, out ControlRecord control))
                {
                    ThrowIfItCanNeverArrive(buffer);
                    return Incoming.NeedMore;
                }

                switch (control.Kind)
                {
                    case ControlKind.Goodbye:
                        return Incoming.Goodbye;
                    case ControlKind.Request:
                        _incomingRequest = control.Correlation;
                        break;
                    case ControlKind.Response:
                        _incomingResponse = control.Correlation;
                        break;
                    case ControlKind.Failure:
                        correlation = control.Correlation;
                        if (_pendingRequests.TryGetValue(correlation, out TaskCompletionSource<object>? failed))
                        {
                            failed.TrySetException(new IpcException($"The peer failed request {correlation}: {control.Text}"));
                        }

                        return Incoming.Answered;
                    default:
                        throw new FastSerializationException($"Unexpected {control.Kind} control record after the handshake.", 0, 0);
                }

                continue;
            }

            if (!_formatter.TryReadRecord(ref buffer, out message))
            {
                ThrowIfItCanNeverArrive(buffer);
                return Incoming.NeedMore;
            }

            _lastTakenBytes = before - buffer.Length; // the record and the control record before it
            CountReceived(1, _lastTakenBytes);
            if (_incomingRequest is { } request)
            {
                _incomingRequest = null;
                correlation = request;
                return Incoming.Request;
            }

            if (_incomingResponse is { } response)
            {
                _incomingResponse = null;
                correlation = response;
                if (_pendingRequests.TryGetValue(response, out TaskCompletionSource<object>? waiting))
                {
                    waiting.TrySetResult(message!);
                }

                return Incoming.Answered;
            }

            return Incoming.Message;
        }
    }

    /// <summary>Counts received messages and their bytes (<see cref="IpcTelemetry"/>).</summary>
    private static void CountReceived(int messages, long bytes)
    {
        IpcTelemetry.MessagesReceived.Add(messages);
        if (IpcTelemetry.BytesReceived.Enabled)
        {
            IpcTelemetry.BytesReceived.Add(bytes);
        }
    }

    /// <summary>
    /// Refuses a record whose declared length the transport can never hold whole (a record longer than a
    /// shared-memory ring): waiting for the rest would stall both sides for good.
    /// </summary>
    private void ThrowIfItCanNeverArrive(in ReadOnlySequence<byte> buffer)
    {
        if (buffer.Length < 4 || _largestIncomingRecord == long.MaxValue)
        {
            return;
        }

        Span<byte> prefix = stackalloc byte[4];
        buffer.Slice(0, 4).CopyTo(prefix);
        long total = 4L + System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(prefix);
        if (total > _largestIncomingRecord)
        {
            throw new FastSerializationException(
                $"The peer sent a record of {total} bytes, which can never arrive whole through a transport that holds {_largestIncomingRecord} bytes at most.", 0, null);
        }
    }

    /// <summary>
    /// The common case read straight from a span: an application record lying whole in the buffer's first
    /// segment. False (nothing taken) for a control record, a record cut by the segment's end or not complete
    /// yet: the general path then decides. A length of 0 or over the formatter's limit throws here, with the
    /// message the formatter gives (the limit is the formatter's own, read once when the channel was made).
    /// </summary>
    private bool TryTakeWholeInFirstSegment(ref ReadOnlySequence<byte> buffer, out object? message)
    {
        ReadOnlySpan<byte> first = buffer.FirstSpan;
        if (first.Length > RecordFrame.LengthPrefixSize && first[RecordFrame.LengthPrefixSize] != 0
            && RecordFrame.TryReadLength(first, _maxRecordLength, out int length)
            && length <= first.Length - RecordFrame.LengthPrefixSize)
        {
            message = _formatter.Deserialize(first.Slice(0, RecordFrame.LengthPrefixSize + length), out int consumed);
            buffer = buffer.Slice(consumed);
            return true;
        }

        message = null;
        return false;
    }

    /// <summary>How many messages the receive loop reads from a span before it queues them.</summary>
    private const int RunLength = 256;

    private async Task ReceiveLoopAsync()
    {
        Exception? failure = null;
        bool goodbye = false;
        bool closedHere = false;
        var run = new object[RunLength];
        var sizes = new int[RunLength];
        try
        {
            while (!goodbye)
            {
                ReadResult result = await _reader.ReadAsync(_lifetime.Closing).ConfigureAwait(false);
                if (result.IsCanceled)
                {
                    closedHere = true;
                    break;
                }

                ReadOnlySequence<byte> buffer = result.Buffer;
                try
                {
                    while (!goodbye)
                    {
                        // A burst of plain messages is read from a span, then queued without a wait while there is room.
                        int taken = TakeRun(ref buffer, run, sizes);
                        for (int i = 0; i < taken; i++)
                        {
                            if (!_inbox.TryEnqueue(run[i], sizes[i]))
                            {
                                await _inbox.EnqueueAsync(run[i], sizes[i], _lifetime.Closing).ConfigureAwait(false);
                            }

                            run[i] = null!;
                        }

                        if (taken > 0)
                        {
                            continue;
                        }

                        Incoming incoming = TakeRecord(ref buffer, out object? message, out ulong correlation);
                        if (incoming == Incoming.NeedMore)
                        {
                            break;
                        }

                        switch (incoming)
                        {
                            case Incoming.Goodbye:
                                goodbye = true;
                                break;
                            case Incoming.Request:
                                await _inbox.EnqueueAsync(new IpcRequest(this, correlation, message!), _lastTakenBytes, _lifetime.Closing).ConfigureAwait(false);
                                break;
                            case Incoming.Message:
                                await _inbox.EnqueueAsync(message!, _lastTakenBytes, _lifetime.Closing).ConfigureAwait(false);
                                break;
                        }
                    }
                }
                finally
                {
                    _reader.AdvanceTo(buffer.Start, buffer.End);
                }

                if (result.IsCompleted && !goodbye)
                {
                    failure = ConnectionErrors.EndedWithoutGoodbye(buffer);
                    break;
                }
            }
        }
        catch (Exception) when (_lifetime.IsClosing)
        {
            // Closing this side: a read canceled, or failing on the transport that closing disposed.
            closedHere = true;
        }
        catch (FastSerializationException ex)
        {
            failure = ex;
        }
        catch (Exception ex) when (ConnectionErrors.IsBroken(ex))
        {
            failure = ConnectionErrors.Broken(ex);
        }
        catch (IpcException ex)
        {
            // The transport refused the peer's bytes (a corrupted shared-memory ring).
            failure = ex;
        }
        catch (Exception ex)
        {
            // Whatever else went wrong, the readers must hear of it: a receive loop that dies silently
            // leaves ReadAllAsync waiting for ever.
            failure = new IpcException("Receiving failed: " + ex.Message, ex);
        }

        await EndReceivingAsync(failure, closedHere).ConfigureAwait(false);
        if (failure is not null)
        {
            throw failure;
        }
    }

    /// <summary>
    /// Ends receiving: readers get what is queued, then the end (or <paramref name="failure"/>); waiting
    /// requests fail; on a failure, sending stops too, so that the peer sees the channel end.
    /// </summary>
    private async ValueTask EndReceivingAsync(Exception? failure, bool closedHere = false)
    {
        // Set before the pending requests are failed: a request registered after that sees it (RequestAsync).
        Exception end = failure ?? new IpcException(closedHere ? "The channel was closed." : "The peer closed the channel.");
        _lifetime.SetReceiveEnd(end);
        _inbox.TryComplete(failure);
        FailPendingRequests(end);
        if (failure is not null)
        {
            _lifetime.CancelClosing();
            await _sender.CompleteAsync(failure).ConfigureAwait(false);
        }

        if (_pumpCompletion is { } completion)
        {
            if (failure is null)
            {
                completion.TrySetResult();
            }
            else
            {
                completion.TrySetException(failure);
            }
        }
    }
}
