using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// The send path of a channel: one sender at a time under the send lock writes records into the transport's
/// writer (<see cref="OutgoingRecords"/>), then hands them to the transport (<see cref="TransportFlusher"/>): publishes
/// them at once (shared memory), schedules one coalesced flush for a burst, or flushes itself once
/// <see cref="IpcChannel.FlushThreshold"/> bytes wait (back-pressure). Batches take the lock once and pack their
/// records side by side. What the transport can do beyond a <see cref="PipeWriter"/> (publish in place, take back a
/// failed record) comes through <see cref="IInPlaceWriter"/>, asked for once here and handed to both parts: the
/// send path tests no writer's type.
/// </summary>
internal sealed class ChannelSender
{
    private readonly PipeWriter _writer;
    private readonly AsyncGate _lock = new();
    private readonly OutgoingRecords _records;
    private readonly TransportFlusher _flusher;

    public ChannelSender(PipeWriter writer, CustomBinaryFormatter formatter, bool writesToAStream, ChannelLifetime lifetime)
    {
        _writer = writer;
        IInPlaceWriter? inPlace = writer as IInPlaceWriter;
        _records = new OutgoingRecords(writer, inPlace, formatter);
        _flusher = new TransportFlusher(writer, inPlace, writesToAStream, lifetime, _lock);
    }

    /// <summary>The transport's writer (tests reach past the send path with it).</summary>
    public PipeWriter Writer => _writer;

    /// <summary>
    /// Writes an optional control record and the message, adjacent; flushes now, or publishes / schedules a
    /// coalesced flush. Uncontended and with a transport that takes the bytes at once (shared memory), it
    /// completes without a state machine or a wait.
    /// </summary>
    public Task SendAsync<T>(ControlKind? prefix, ulong correlationId, T message, bool flushNow, CancellationToken cancellationToken)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled(cancellationToken); // canceled before the call: nothing is written
        }

        return _lock.TryEnter()
            ? SendHoldingLockAsync(prefix, correlationId, message, flushNow, cancellationToken)
            : SendWaitingAsync(prefix, correlationId, message, flushNow, cancellationToken);
    }

    /// <summary>Sends several messages with a single flush (a flush in between whenever enough waits).</summary>
    public async Task SendManyAsync<T>(IEnumerable<T> messages, CancellationToken cancellationToken)
    {
        await _lock.EnterAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            foreach (T message in messages)
            {
                WriteMessage(prefix: null, 0, message);
                if (_records.MustFlush())
                {
                    await _flusher.FlushAsync(cancellationToken).ConfigureAwait(false);
                }
            }

            await _flusher.FlushAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            _lock.Exit();
        }
    }

    /// <summary>Waits until every message sent so far was handed to the transport.</summary>
    public Task FlushAsync(CancellationToken cancellationToken) => WriteAndFlushAsync(ReadOnlyMemory<byte>.Empty, cancellationToken);

    /// <summary>Tells the peer that request <paramref name="correlationId"/> failed, with <paramref name="message"/>.</summary>
    public Task SendFailureAsync(ulong correlationId, string message, CancellationToken cancellationToken)
    {
        var body = new ByteBufferWriter();
        var writer = new FastBinaryWriter(body);
        writer.WriteVarUInt64(correlationId);
        writer.Write(message);
        writer.Flush();
        var record = new ByteBufferWriter();
        ControlRecord.Write(record, ControlKind.Failure, body.WrittenSpan);
        return WriteAndFlushAsync(record.WrittenMemory, cancellationToken);
    }

    /// <summary>Sends this side's handshake, before anybody else can send.</summary>
    public Task SendHandshakeAsync(Handshake local, CancellationToken cancellationToken)
    {
        var record = new ByteBufferWriter();
        local.WriteTo(record);
        return WriteAndFlushAsync(record.WrittenMemory, cancellationToken);
    }

    /// <summary>Tells the peer that this side closes the channel (its reads then end normally).</summary>
    public async Task SendGoodbyeAsync(CancellationToken cancellationToken)
    {
        await _lock.EnterAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            ControlRecord.Write(_writer, ControlKind.Goodbye, ReadOnlySpan<byte>.Empty);
            FlushResult flushed = await _writer.FlushAsync(cancellationToken).ConfigureAwait(false);
            if (flushed.IsCanceled && !flushed.IsCompleted)
            {
                // A cancellation meant for an earlier flush (see TransportFlusher.IsStaleCancel): the goodbye is still buffered, and
                // closing disposes a stream transport before completing the writer, so it must go now.
                await _writer.FlushAsync(cancellationToken).ConfigureAwait(false);
            }
        }
        finally
        {
            _lock.Exit();
        }
    }

    /// <summary>Wakes a flush that waits for the peer (closing).</summary>
    public void CancelPendingFlush()
    {
        try
        {
            _writer.CancelPendingFlush();
        }
        catch (ObjectDisposedException)
        {
            // The writer was completed already (the channel failed): no flush is pending.
        }
    }

    /// <summary>Completes the writer: what is still buffered is flushed, then the peer sees the end (or <paramref name="failure"/>).</summary>
    /// <remarks>
    /// Under the send lock: a sender between its <c>GetSpan</c> and <c>Advance</c> (the goodbye of a channel being
    /// disposed while its receive side fails, say) would otherwise find the writer completed under it and fail
    /// with an <see cref="ArgumentOutOfRangeException"/> from the pipe instead of the channel's documented
    /// exceptions. On a failure a flush stuck on the peer is woken first (closing wakes it itself); a sender that keeps the lock longer than
    /// <see cref="CompleteLockTimeout"/> is inside the transport, not between those two calls, and the writer is
    /// completed without the lock, as before.
    /// </remarks>
    public async ValueTask CompleteAsync(Exception? failure = null)
    {
        if (failure is not null)
        {
            CancelPendingFlush();
        }

        bool entered = await _lock.TryEnterAsync(CompleteLockTimeout).ConfigureAwait(false);
        try
        {
            await _writer.CompleteAsync(failure).ConfigureAwait(false);
        }
        finally
        {
            if (entered)
            {
                _lock.Exit();
            }
        }
    }

    /// <summary>How long completing the writer waits for a sender to leave the send lock.</summary>
    private static readonly TimeSpan CompleteLockTimeout = TimeSpan.FromSeconds(5);

    /// <summary>Waits up to <paramref name="timeout"/> for a sender still inside the transport to leave it; false when one stays.</summary>
    public async Task<bool> WaitForSendersToLeaveAsync(TimeSpan timeout)
    {
        if (!await _lock.TryEnterAsync(timeout).ConfigureAwait(false))
        {
            return false;
        }

        _lock.Exit();
        return true;
    }

    /// <summary>
    /// Sends every message of <paramref name="memory"/> (or of <paramref name="list"/> when it is not null) under
    /// one entry into the send lock, flushing (publishing) once, or once per <see cref="IpcChannel.FlushThreshold"/> bytes.
    /// </summary>
    public async Task SendBatchAsync<T>(ReadOnlyMemory<T> memory, IReadOnlyList<T>? list, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        int count = list?.Count ?? memory.Length;
        if (!_lock.TryEnter())
        {
            await _lock.EnterAsync(cancellationToken).ConfigureAwait(false);
        }

        try
        {
            _flusher.ThrowIfClosed();
            int sent = 0;
            do
            {
                sent += list is null ? _records.WriteRun(memory.Span.Slice(sent)) : _records.WriteRun(list, sent);
                ValueTask flush = _flusher.FlushAsync(cancellationToken);
                if (!flush.IsCompletedSuccessfully)
                {
                    await flush.ConfigureAwait(false);
                }
            }
            while (sent < count);
        }
        finally
        {
            _lock.Exit();
        }
    }

    /// <summary>Under the send lock, writes <paramref name="records"/> (whole control records, or nothing) after what is buffered and flushes it all.</summary>
    private async Task WriteAndFlushAsync(ReadOnlyMemory<byte> records, CancellationToken cancellationToken)
    {
        await _lock.EnterAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            _flusher.ThrowIfClosed();
            if (!records.IsEmpty)
            {
                _writer.Write(records.Span);
            }

            await _flusher.FlushAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            _lock.Exit();
        }
    }

    private async Task SendWaitingAsync<T>(ControlKind? prefix, ulong correlationId, T message, bool flushNow, CancellationToken cancellationToken)
    {
        await _lock.EnterAsync(cancellationToken).ConfigureAwait(false);
        await SendHoldingLockAsync(prefix, correlationId, message, flushNow, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The send itself; the caller holds the send lock, which this leaves (once a pending flush is done).</summary>
    private Task SendHoldingLockAsync<T>(ControlKind? prefix, ulong correlationId, T message, bool flushNow, CancellationToken cancellationToken)
    {
        bool flushing = false;
        try
        {
            WriteMessage(prefix, correlationId, message);
            if (flushNow || _records.MustFlush())
            {
                ValueTask flush = _flusher.FlushAsync(cancellationToken);
                if (!flush.IsCompleted)
                {
                    flushing = true;
                    return FinishFlushAndExitAsync(flush);
                }

                flush.GetAwaiter().GetResult(); // throws what the flush threw
            }
            else
            {
                _flusher.PublishOrSchedule();
            }

            return Task.CompletedTask;
        }
        catch (OperationCanceledException ex)
        {
            // Canceled, as an async method's task would be (not faulted).
            var canceled = new TaskCompletionSource();
            canceled.TrySetCanceled(ex.CancellationToken);
            return canceled.Task;
        }
        catch (Exception ex)
        {
            return Task.FromException(ex);
        }
        finally
        {
            if (!flushing)
            {
                _lock.Exit();
            }
        }
    }

    /// <summary>Waits for a flush the caller started, then leaves the send lock.</summary>
    private async Task FinishFlushAndExitAsync(ValueTask flush)
    {
        try
        {
            await flush.ConfigureAwait(false);
        }
        finally
        {
            _lock.Exit();
        }
    }

    /// <summary>Writes an optional control record and the message into the buffer, adjacent, if the channel can still send; the caller holds the send lock.</summary>
    private void WriteMessage<T>(ControlKind? prefix, ulong correlationId, T message)
    {
        _flusher.ThrowIfClosed();
        _records.WriteMessage(prefix, correlationId, message);
    }
}
