using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;
using FastSerialization.Ipc.SharedMemory;

namespace FastSerialization.Ipc;

public sealed partial class IpcChannel
{
    /// <summary>
    /// Sends one message. Safe to call from several threads at once. Messages sent in quick succession
    /// are coalesced: the record goes into the channel's buffer, and one flush to the transport follows
    /// for all that arrived meanwhile (use <see cref="FlushAsync(CancellationToken)"/> to wait for it).
    /// Once <see cref="FlushThreshold"/> bytes wait, the sender flushes them itself, waiting for a slow
    /// reader: memory stays bounded.
    /// </summary>
    /// <typeparam name="T">The message's static type; its runtime type must be registered.</typeparam>
    /// <param name="message">The message.</param>
    /// <param name="cancellationToken">
    /// Cancels the wait for other senders or for the transport (back-pressure). A send canceled while its
    /// record is being written into a socket or a pipe also ends the channel, since the record may be half
    /// written (the peer drops it, and never reads a damaged record).
    /// </param>
    /// <returns>A task that completes when the message is in the channel's buffer.</returns>
    /// <exception cref="FastSerializationException">The message's type is not registered, or it cannot be written.</exception>
    /// <exception cref="IpcException">The channel is closed or the connection broke.</exception>
    public Task SendAsync<T>(T message, CancellationToken cancellationToken = default)
    {
        if (message is null)
        {
            throw new ArgumentNullException(nameof(message));
        }

        return SendCoreAsync(prefix: null, 0, message, flushNow: false, cancellationToken);
    }

    /// <summary>Sends several messages with a single flush to the transport.</summary>
    /// <typeparam name="T">The messages' static type.</typeparam>
    /// <param name="messages">The messages, sent in order.</param>
    /// <param name="cancellationToken">Cancels the wait for the transport.</param>
    /// <returns>A task that completes when the messages were handed to the transport.</returns>
    public async Task SendManyAsync<T>(IEnumerable<T> messages, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(messages);
        await _sendLock.EnterAsync(cancellationToken).ConfigureAwait(false);
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
            _sendLock.Exit();
        }
    }

    /// <summary>How many buffered bytes make a sender flush them itself (and wait for the transport). 64 KiB.</summary>
    public const int FlushThreshold = 64 * 1024;

    /// <summary>Waits until every message sent so far was handed to the transport.</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when the buffer is flushed.</returns>
    /// <exception cref="IpcException">The channel is closed or the connection broke.</exception>
    public async Task FlushAsync(CancellationToken cancellationToken = default)
    {
        await _sendLock.EnterAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            ThrowIfClosed();
            await FlushCoreAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            _sendLock.Exit();
        }
    }

    /// <summary>
    /// Sends <paramref name="request"/> and waits for the peer to answer it with
    /// <see cref="IpcRequest.RespondAsync"/>. Many requests may be in flight at once.
    /// </summary>
    /// <typeparam name="TResponse">The expected response type.</typeparam>
    /// <param name="request">The request; its type must be registered.</param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The response.</returns>
    /// <exception cref="TimeoutException">No response within <see cref="IpcChannelOptions.DefaultRequestTimeout"/>.</exception>
    /// <exception cref="IpcException">The peer failed the request, the response was not a <typeparamref name="TResponse"/>, or the channel closed.</exception>
    public Task<TResponse> RequestAsync<TResponse>(object request, CancellationToken cancellationToken = default) =>
        RequestAsync<TResponse>(request, _options.DefaultRequestTimeout, cancellationToken);

    /// <summary>Sends <paramref name="request"/> and waits up to <paramref name="timeout"/> for its response.</summary>
    /// <typeparam name="TResponse">The expected response type.</typeparam>
    /// <param name="request">The request; its type must be registered.</param>
    /// <param name="timeout">How long to wait for the response.</param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The response.</returns>
    /// <exception cref="TimeoutException">No response within <paramref name="timeout"/>.</exception>
    /// <exception cref="IpcException">The peer failed the request, the response was not a <typeparamref name="TResponse"/>, or the channel closed.</exception>
    public async Task<TResponse> RequestAsync<TResponse>(object request, TimeSpan timeout, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(request);
        ulong id = (ulong)Interlocked.Increment(ref _nextCorrelationId);
        IpcTelemetry.Requests.Add(1);
        using Activity? activity = IpcTelemetry.Source.StartActivity(IpcTelemetry.RequestActivityName, ActivityKind.Client);
        activity?.SetTag("fastserialization.ipc.request.type", request.GetType().FullName);
        activity?.SetTag("fastserialization.ipc.request.id", id);
        var pending = new TaskCompletionSource<object>(TaskCreationOptions.RunContinuationsAsynchronously);
        _pendingRequests[id] = pending;
        try
        {
            if (Volatile.Read(ref _receiveEnd) is { } ended)
            {
                // The peer is gone (or closed the channel): no response can come.
                throw new IpcException("No response can arrive: " + ended.Message, ended);
            }

            await SendCoreAsync(ControlKind.Request, id, request, flushNow: true, cancellationToken).ConfigureAwait(false);
            object response;
            try
            {
                response = ReceivesOnCallingThread
                    ? await PumpForResponseAsync(id, pending, timeout, cancellationToken).ConfigureAwait(false)
                    : await pending.Task.WaitAsync(timeout, cancellationToken).ConfigureAwait(false);
            }
            catch (TimeoutException)
            {
                throw new TimeoutException($"No response to request {id} ({request.GetType()}) within {timeout}.");
            }

            activity?.SetTag("fastserialization.ipc.response.type", response.GetType().FullName);
            return response is TResponse typed
                ? typed
                : throw new IpcException($"The response to request {id} is a {response.GetType()}, not the {typeof(TResponse)} that was expected.");
        }
        catch (Exception ex)
        {
            IpcTelemetry.RequestsFailed.Add(1);
            activity?.SetStatus(ActivityStatusCode.Error, ex.Message);
            throw;
        }
        finally
        {
            _pendingRequests.TryRemove(id, out _);
        }
    }

    internal Task SendResponseAsync(ulong correlationId, object response, CancellationToken cancellationToken) =>
        SendCoreAsync(ControlKind.Response, correlationId, response, flushNow: true, cancellationToken);

    internal async Task SendFailureAsync(ulong correlationId, string message, CancellationToken cancellationToken)
    {
        await _sendLock.EnterAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            ThrowIfClosed();
            var body = new ArrayBufferWriter<byte>();
            var writer = new FastBinaryWriter(body);
            writer.WriteVarUInt64(correlationId);
            writer.Write(message);
            writer.Flush();
            ControlRecord.Write(_writer, ControlKind.Failure, body.WrittenSpan);
            await FlushCoreAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            _sendLock.Exit();
        }
    }

    /// <summary>
    /// Writes an optional control record and the message, adjacent; flushes now, or publishes / schedules a
    /// coalesced flush. Uncontended and with a transport that takes the bytes at once (shared memory), it
    /// completes without a state machine or a wait.
    /// </summary>
    private Task SendCoreAsync<T>(ControlKind? prefix, ulong correlationId, T message, bool flushNow, CancellationToken cancellationToken)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled(cancellationToken); // canceled before the call: nothing is written
        }

        return _sendLock.TryEnter()
            ? SendHoldingLockAsync(prefix, correlationId, message, flushNow, cancellationToken)
            : SendWaitingAsync(prefix, correlationId, message, flushNow, cancellationToken);
    }

    private async Task SendWaitingAsync<T>(ControlKind? prefix, ulong correlationId, T message, bool flushNow, CancellationToken cancellationToken)
    {
        await _sendLock.EnterAsync(cancellationToken).ConfigureAwait(false);
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
                _sendLock.Exit();
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
            _sendLock.Exit();
        }
    }

    /// <summary>Writes an optional control record and the message into the buffer, adjacent; the caller holds the send lock.</summary>
    private void WriteMessage<T>(ControlKind? prefix, ulong correlationId, T message)
    {
        ThrowIfClosed();
        long mark = RingMark();
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
    /// Shared memory publishes at once (a store and a fence, no system call unless the peer sleeps); other
    /// transports coalesce the records of a burst into one scheduled flush. The caller holds the send lock.
    /// </summary>
    private void PublishOrScheduleFlush()
    {
        if (_inPlace?.TryPublishInPlace() != true)
        {
            ScheduleFlush();
        }
    }

    /// <summary>Queues one flush for everything sent until it runs; the caller holds the send lock.</summary>
    private void ScheduleFlush()
    {
        if (!_flushScheduled)
        {
            _flushScheduled = true;
            ThreadPool.UnsafeQueueUserWorkItem(static channel => _ = channel.ScheduledFlushAsync(), this, preferLocal: false);
        }
    }

    /// <summary>What the writer holds and has not flushed (0 when it cannot say): the difference over a write is the size of what was written.</summary>
    private long UnflushedBytes() => _writer.CanGetUnflushedBytes ? _writer.UnflushedBytes : 0;

    /// <summary>Where a shared-memory ring writer stands before a message (so that a failed one can be taken back), or -1 for other writers.</summary>
    private long RingMark() => _inPlace?.Mark ?? -1;

    /// <summary>True when the buffer holds enough to flush now (or when the writer cannot say how much it holds).</summary>
    private bool MustFlush() => !_writer.CanGetUnflushedBytes || _writer.UnflushedBytes >= FlushThreshold;

    private async Task ScheduledFlushAsync()
    {
        await _sendLock.EnterAsync(CancellationToken.None).ConfigureAwait(false);
        try
        {
            _flushScheduled = false;
            if (Volatile.Read(ref _disposed) == 0 && _flushError is null)
            {
                await FlushCoreAsync(CancellationToken.None).ConfigureAwait(false);
            }
        }
        catch (Exception ex) when (ex is IpcException or IOException or InvalidOperationException or ObjectDisposedException)
        {
            // Reported to the next sender; the receive loop reports the peer's going away to readers.
            _flushError = ex;
        }
        finally
        {
            _sendLock.Exit();
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
        catch (Exception ex) when (IsBrokenConnection(ex))
        {
            throw BrokenWhileSending(ex);
        }
        catch (OperationCanceledException) when (WritesToAStream)
        {
            EndAfterCanceledWrite();
            throw;
        }

        if (flush.IsCompletedSuccessfully)
        {
            CheckFlushed(flush.Result);
            return default;
        }

        return AwaitFlushAsync(flush);
    }

    private async ValueTask AwaitFlushAsync(ValueTask<FlushResult> flush)
    {
        FlushResult result;
        try
        {
            result = await flush.ConfigureAwait(false);
        }
        catch (Exception ex) when (IsBrokenConnection(ex))
        {
            throw BrokenWhileSending(ex);
        }
        catch (OperationCanceledException) when (WritesToAStream)
        {
            EndAfterCanceledWrite();
            throw;
        }

        CheckFlushed(result);
    }

    /// <summary>True when the channel's bytes go to a stream (a socket, a pipe) through a stream pipe writer.</summary>
    private bool WritesToAStream => _transport is Stream or StreamPair;

    /// <summary>
    /// A flush into a stream was canceled while the stream wrote: part of a record may have gone, and the
    /// stream pipe writer would write those bytes again. The peer must not read a damaged record, so the
    /// channel ends here (the peer sees it end inside a record, whose bytes it drops). The caller holds the
    /// send lock; the channel is closed in the background.
    /// </summary>
    private void EndAfterCanceledWrite()
    {
        _flushError ??= new IpcException("A send was canceled while its record was being written to the transport; the channel was closed so that the peer never reads a damaged record.");
        _ = Task.Run(AbortAsync);
    }

    /// <summary>A transport that failed under a send: the channel was closed under it (the transport disposed), or the connection broke.</summary>
    private IpcException BrokenWhileSending(Exception ex) => Volatile.Read(ref _disposed) != 0
        ? new IpcException("The channel was closed while sending.", ex)
        : new IpcException("The connection to the peer broke while sending.", ex);

    private void CheckFlushed(FlushResult result)
    {
        if (result.IsCompleted)
        {
            throw new IpcException("The peer stopped reading: the channel is closed.");
        }

        if (result.IsCanceled && Volatile.Read(ref _disposed) != 0)
        {
            // Closing this side woke the flush (CancelPendingFlush): the bytes may not all have gone.
            throw new IpcException("The channel was closed while sending.");
        }
    }

    private void ThrowIfClosed()
    {
        if (Volatile.Read(ref _disposed) != 0)
        {
            throw new IpcException("The channel is closed.");
        }

        if (Volatile.Read(ref _receiveEnd) is { } ended)
        {
            throw new IpcException("The channel is closed: " + ended.Message, ended);
        }

        if (_flushError is not null)
        {
            throw new IpcException("Sending failed: " + _flushError.Message, _flushError);
        }
    }

    private void FailPendingRequests(Exception error)
    {
        foreach (KeyValuePair<ulong, TaskCompletionSource<object>> pair in _pendingRequests)
        {
            pair.Value.TrySetException(error);
        }
    }
}
