using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// The send path of a channel: one sender at a time under the send lock writes records into the transport's
/// writer, then publishes them at once (shared memory), schedules one coalesced flush for a burst, or
/// flushes itself once <see cref="IpcChannel.FlushThreshold"/> bytes wait (back-pressure). Batches take the
/// lock once and pack their records side by side. What the transport can do beyond a
/// <see cref="PipeWriter"/> (publish in place, take back a failed record) comes through
/// <see cref="IInPlaceWriter"/>, asked for once here: the send path tests no writer's type.
/// </summary>
internal sealed class ChannelSender
{
    /// <summary>The size of <see cref="_batchScratch"/>: records of a batch are packed into it, then handed to the writer together.</summary>
    private const int BatchSpan = 4096;

    private readonly PipeWriter _writer;

    /// <summary>The writer's in-place publication and rollback, when its transport has them (shared memory), or null.</summary>
    private readonly IInPlaceWriter? _inPlace;
    private readonly CustomBinaryFormatter _formatter;
    private readonly ChannelLifetime _lifetime;

    /// <summary>True when the bytes go to a stream (a socket, a pipe) through a stream pipe writer: a canceled write may have sent part of a record.</summary>
    private readonly bool _writesToAStream;
    private readonly AsyncGate _lock = new();

    /// <summary>
    /// Where a batch's records are serialized before they are copied to the writer, a few thousand bytes at a
    /// time (used under the send lock only). It stays in the sending core's cache: serializing straight into a
    /// shared-memory ring, whose lines the reading core holds, ran batches at about half the speed in 4 runs of 7
    /// (benchmarks/results/ipc-batches.md).
    /// </summary>
    private readonly byte[] _batchScratch = new byte[BatchSpan];
    private bool _flushScheduled;
    private Exception? _flushError;

    public ChannelSender(PipeWriter writer, CustomBinaryFormatter formatter, bool writesToAStream, ChannelLifetime lifetime)
    {
        _writer = writer;
        _inPlace = writer as IInPlaceWriter;
        _formatter = formatter;
        _writesToAStream = writesToAStream;
        _lifetime = lifetime;
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
                if (MustFlush())
                {
                    await FlushCoreAsync(cancellationToken).ConfigureAwait(false);
                }
            }

            await FlushCoreAsync(cancellationToken).ConfigureAwait(false);
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
                // A cancellation meant for an earlier flush (see IsStaleCancel): the goodbye is still buffered, and
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
            ThrowIfClosed();
            int sent = 0;
            do
            {
                sent += list is null ? WriteRun(memory.Span.Slice(sent)) : WriteRun(list, sent);
                ValueTask flush = FlushCoreAsync(cancellationToken);
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
            ThrowIfClosed();
            if (!records.IsEmpty)
            {
                _writer.Write(records.Span);
            }

            await FlushCoreAsync(cancellationToken).ConfigureAwait(false);
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
            if (flushNow || MustFlush())
            {
                ValueTask flush = FlushCoreAsync(cancellationToken);
                if (!flush.IsCompleted)
                {
                    flushing = true;
                    return FinishFlushAndExitAsync(flush);
                }

                flush.GetAwaiter().GetResult(); // throws what the flush threw
            }
            else
            {
                PublishOrScheduleFlush();
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

    /// <summary>Writes an optional control record and the message into the buffer, adjacent; the caller holds the send lock.</summary>
    private void WriteMessage<T>(ControlKind? prefix, ulong correlationId, T message)
    {
        ThrowIfClosed();
        long mark = _inPlace?.Mark ?? -1;
        long before = IpcTelemetry.MeasuresBytes ? UnflushedBytes() : 0;
        try
        {
            if (prefix is { } kind)
            {
                ControlRecord.Write(_writer, kind, correlationId);
            }

            _formatter.Serialize(_writer, message);
            IpcTelemetry.MessagesSent.Add(1);
            if (IpcTelemetry.MeasuresBytes)
            {
                IpcTelemetry.BytesSent.Add(UnflushedBytes() - before);
            }
        }
        catch when (mark >= 0)
        {
            // A shared-memory ring refused the record (or the formatter failed inside it): take back
            // the request prefix too, so that the peer never sees half a message.
            _inPlace!.Rollback(mark);
            throw;
        }
    }

    /// <summary>
    /// Shared memory publishes at once when the consumer waits (a store and a fence, no system call unless the
    /// peer sleeps), and otherwise leaves records to the next send or a scheduled flush; other transports
    /// coalesce the records of a burst into one scheduled flush. The caller holds the send lock.
    /// </summary>
    private void PublishOrScheduleFlush()
    {
        if (_inPlace?.TryPublishInPlace(_flushScheduled) != true && !_flushScheduled)
        {
            // One flush for everything sent until it runs.
            _flushScheduled = true;
#if NETSTANDARD2_0
            ThreadPool.UnsafeQueueUserWorkItem(static sender => _ = ((ChannelSender)sender!).ScheduledFlushAsync(), this);
#else
            ThreadPool.UnsafeQueueUserWorkItem(static sender => _ = sender.ScheduledFlushAsync(), this, preferLocal: false);
#endif
        }
    }

    /// <summary>What the writer holds and has not flushed (0 when it cannot say): the difference over a write is the size of what was written.</summary>
    private long UnflushedBytes() => _writer.CanGetUnflushedBytes ? _writer.UnflushedBytes : 0;

    /// <summary>True when the buffer holds enough to flush now (or when the writer cannot say how much it holds).</summary>
    private bool MustFlush() => !_writer.CanGetUnflushedBytes || _writer.UnflushedBytes >= IpcChannel.FlushThreshold;

    private async Task ScheduledFlushAsync()
    {
        await _lock.EnterAsync(CancellationToken.None).ConfigureAwait(false);
        try
        {
            _flushScheduled = false;
            if (!_lifetime.IsClosed && _flushError is null)
            {
                await FlushCoreAsync(CancellationToken.None).ConfigureAwait(false);
            }
        }
        catch (Exception ex) when (ex is IpcException or IOException or InvalidOperationException or ObjectDisposedException)
        {
            // Reported to the next sender; the receive side reports the peer's going away to readers.
            _flushError = ex;
        }
        finally
        {
            _lock.Exit();
        }
    }

    /// <summary>Hands the buffered bytes to the transport; the caller holds the send lock. Completes at once when the transport takes them at once.</summary>
    private ValueTask FlushCoreAsync(CancellationToken cancellationToken)
    {
        _flushScheduled = false;
        ValueTask<FlushResult> flush;
        try
        {
            flush = _writer.FlushAsync(cancellationToken);
        }
        catch (Exception ex) when (ConnectionErrors.IsBroken(ex))
        {
            throw BrokenWhileSending(ex);
        }
        catch (OperationCanceledException) when (_writesToAStream)
        {
            EndAfterCanceledWrite();
            throw;
        }

        if (flush.IsCompletedSuccessfully)
        {
            FlushResult result = flush.Result;
            if (!IsStaleCancel(result))
            {
                CheckFlushed(result);
                return default;
            }

            flush = new ValueTask<FlushResult>(result); // its result is taken: AwaitFlushAsync flushes again
        }

        return AwaitFlushAsync(flush, cancellationToken);
    }

    /// <summary>
    /// A flush canceled while the channel is open: a cancellation meant for an earlier flush (a StreamPipeWriter
    /// cancels its internal token when an earlier flush's token fires as that flush completes, and the next flush
    /// then returns IsCanceled without writing). Its bytes are still buffered: flush again.
    /// </summary>
    private bool IsStaleCancel(FlushResult result) => result.IsCanceled && !result.IsCompleted && !_lifetime.IsClosed;

    private async ValueTask AwaitFlushAsync(ValueTask<FlushResult> flush, CancellationToken cancellationToken)
    {
        while (true)
        {
            FlushResult result;
            try
            {
                result = await flush.ConfigureAwait(false);
                if (IsStaleCancel(result))
                {
                    flush = _writer.FlushAsync(cancellationToken);
                    continue;
                }
            }
            catch (Exception ex) when (ConnectionErrors.IsBroken(ex))
            {
                throw BrokenWhileSending(ex);
            }
            catch (OperationCanceledException) when (_writesToAStream)
            {
                EndAfterCanceledWrite();
                throw;
            }

            CheckFlushed(result);
            return;
        }
    }

    /// <summary>
    /// A flush into a stream was canceled while the stream wrote: part of a record may have gone, and the
    /// stream pipe writer would write those bytes again. The peer must not read a damaged record, so the
    /// channel ends here (the peer sees it end inside a record, whose bytes it drops). The caller holds the
    /// send lock; the channel is closed in the background.
    /// </summary>
    private void EndAfterCanceledWrite()
    {
        _flushError ??= new IpcException("A send was canceled while its record was being written to the transport; the channel was closed so that the peer never reads a damaged record.");
        _lifetime.AbortInBackground();
    }

    /// <summary>A transport that failed under a send: the channel was closed under it (the transport disposed), or the connection broke.</summary>
    private IpcException BrokenWhileSending(Exception ex) => _lifetime.IsClosed
        ? new IpcException("The channel was closed while sending.", ex)
        : new IpcException("The connection to the peer broke while sending.", ex);

    private void CheckFlushed(FlushResult result)
    {
        if (result.IsCompleted)
        {
            throw new IpcException("The peer stopped reading: the channel is closed.");
        }

        if (result.IsCanceled && _lifetime.IsClosed)
        {
            // Closing this side woke the flush (CancelPendingFlush): the bytes may not all have gone.
            throw new IpcException("The channel was closed while sending.");
        }
    }

    private void ThrowIfClosed()
    {
        if (_lifetime.IsClosed)
        {
            throw new IpcException("The channel is closed.");
        }

        if (_lifetime.ReceiveEnd is { } ended)
        {
            throw new IpcException("The channel is closed: " + ended.Message, ended);
        }

        if (_flushError is not null)
        {
            throw new IpcException("Sending failed: " + _flushError.Message, _flushError);
        }
    }

    /// <summary>Writes messages from the start of <paramref name="messages"/> until the buffer holds enough to flush; returns how many. The caller holds the send lock.</summary>
    private int WriteRun<T>(ReadOnlySpan<T> messages)
    {
        var packer = new Packer(this, IpcTelemetry.MeasuresBytes ? UnflushedBytes() : 0);
        try
        {
            for (int i = 0; i < messages.Length; i++)
            {
                if (!packer.TryWrite(messages[i]))
                {
                    return i;
                }
            }

            return messages.Length;
        }
        finally
        {
            packer.End();
        }
    }

    private int WriteRun<T>(IReadOnlyList<T> messages, int start)
    {
        var packer = new Packer(this, IpcTelemetry.MeasuresBytes ? UnflushedBytes() : 0);
        try
        {
            int count = messages.Count;
            for (int i = start; i < count; i++)
            {
                if (!packer.TryWrite(messages[i]))
                {
                    return i - start;
                }
            }

            return count - start;
        }
        finally
        {
            packer.End();
        }
    }

    /// <summary>One message of a batch written through the writer on its own (a shared-memory ring takes back a record that fails).</summary>
    private void WriteBatchMessage<T>(T message)
    {
        if (_inPlace is { } inPlace)
        {
            long mark = inPlace.Mark;
            try
            {
                _formatter.Serialize(_writer, message!);
            }
            catch
            {
                inPlace.Rollback(mark); // the peer never sees part of a record
                throw;
            }
        }
        else
        {
            _formatter.Serialize(_writer, message!);
        }
    }

    /// <summary>
    /// Packs the records of a batch one after another into the sender's scratch buffer and hands them to the
    /// writer together (one copy and one <see cref="PipeWriter.Advance"/> for many records): a record that does
    /// not fit in what is left commits the buffer and starts it again; one larger than the whole buffer is
    /// written on its own, through the writer. Nothing of a record that fails to be written reaches the writer.
    /// </summary>
    private ref struct Packer
    {
        private readonly ChannelSender _sender;
        private readonly long _unflushedBefore;
        private readonly Span<byte> _span;
        private int _position;
        private bool _committedAny;
        private int _messages;

        public Packer(ChannelSender sender, long unflushedBefore)
        {
            _sender = sender;
            _unflushedBefore = unflushedBefore;
            _span = sender._batchScratch; // the other fields start at their defaults: nothing packed yet
        }

        /// <summary>Writes <paramref name="message"/>; false (nothing written) when the buffer holds enough to flush first.</summary>
        public bool TryWrite<T>(T message)
        {
            if (message is null)
            {
                throw new ArgumentNullException(nameof(message), "A batch holds a null message.");
            }

            while (true)
            {
                if (_sender._formatter.TrySerialize(message, _span.Slice(_position), out int written))
                {
                    _position += written;
                    _messages++;
                    return true;
                }

                bool fresh = _position == 0;
                Commit();
                if (_committedAny && _sender.MustFlush())
                {
                    return false;
                }

                if (fresh)
                {
                    // Larger than the whole scratch buffer: written on its own, through the writer.
                    _sender.WriteBatchMessage(message);
                    _committedAny = true;
                    _messages++;
                    return true;
                }
            }
        }

        /// <summary>Hands the packed records to the writer.</summary>
        public void Commit()
        {
            if (_position > 0)
            {
                _sender._writer.Write(_span.Slice(0, _position));
                _committedAny = true;
            }

            _position = 0;
        }

        /// <summary>Commits, and counts the messages written (<see cref="IpcTelemetry"/>).</summary>
        public void End()
        {
            Commit();
            if (_messages > 0)
            {
                IpcTelemetry.MessagesSent.Add(_messages);
                if (IpcTelemetry.MeasuresBytes)
                {
                    IpcTelemetry.BytesSent.Add(_sender.UnflushedBytes() - _unflushedBefore);
                }
            }
        }
    }
}
