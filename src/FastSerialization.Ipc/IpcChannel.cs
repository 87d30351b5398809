using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;
using FastSerialization.Ipc.SharedMemory;

namespace FastSerialization.Ipc;

/// <summary>
/// One end of a two-way channel of records between two processes (or any two ends of a connected
/// stream). Opening a channel exchanges a handshake (format version and registry), so two processes
/// whose registries disagree fail at once instead of misreading each other's records.
/// </summary>
/// <remarks>
/// <para>
/// Sending is safe from several threads; records sent in a burst are coalesced into few writes, and a
/// slow reader slows the sender down instead of growing its memory. Received messages are read with
/// <see cref="ReadAllAsync"/> (or <see cref="ReceiveAsync"/>) by one consumer.
/// </para>
/// <para>
/// Closing a channel with <see cref="DisposeAsync"/> tells the peer, whose reads then end normally.
/// When the peer goes away without closing (its process was killed, the connection broke), reads end
/// with an <see cref="IpcException"/> after every complete record was delivered; a partial record is
/// never delivered.
/// </para>
/// </remarks>
public sealed partial class IpcChannel : IAsyncDisposable
{
    private readonly CustomBinaryFormatter _formatter;
    private readonly PipeReader _reader;
    private readonly PipeWriter _writer;
    private readonly IAsyncDisposable? _transport;
    private readonly IpcChannelOptions _options;
    private readonly SemaphoreSlim _sendLock = new(1, 1);
    private readonly Channel<object> _inbox;
    private readonly ConcurrentDictionary<ulong, TaskCompletionSource<object>> _pendingRequests = new();
    private readonly CancellationTokenSource _closing = new();
    private long _nextCorrelationId;
    private bool _flushScheduled;
    private Exception? _flushError;
    private Exception? _receiveEnd;
    private int _disposed;
    private Task _receiveLoop = Task.CompletedTask;

    private IpcChannel(PipeReader reader, PipeWriter writer, CustomBinaryFormatter formatter, IpcChannelOptions options, IAsyncDisposable? transport)
    {
        _reader = reader;
        _writer = writer;
        _formatter = formatter;
        _options = options;
        _transport = transport;
        _inbox = Channel.CreateBounded<object>(new BoundedChannelOptions(options.ReceiveQueueCapacity)
        {
            SingleWriter = true,
            FullMode = BoundedChannelFullMode.Wait,
        });
    }

    /// <summary>The writer under the channel (tests reach past the send path with it).</summary>
    internal PipeWriter Writer => _writer;

    /// <summary>A task that completes when the channel stops receiving: normally when the peer closed it, faulted when it failed.</summary>
    public Task Completion => _receiveLoop;

    /// <summary>
    /// Opens a channel over a connected, two-way <paramref name="stream"/> (a socket's, a pipe's, or your
    /// own transport's) and exchanges the handshake. The channel owns the stream from then on.
    /// </summary>
    /// <param name="stream">A connected stream that can read and write.</param>
    /// <param name="formatter">The formatter whose registered types the channel carries.</param>
    /// <param name="options">Channel settings, or null for the defaults.</param>
    /// <param name="cancellationToken">Cancels the handshake.</param>
    /// <returns>The open channel.</returns>
    /// <exception cref="IpcHandshakeException">The peer's format version or registry does not match.</exception>
    /// <exception cref="IpcException">The peer closed the connection or did not answer within <see cref="IpcChannelOptions.HandshakeTimeout"/>.</exception>
    public static Task<IpcChannel> CreateAsync(Stream stream, CustomBinaryFormatter formatter, IpcChannelOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(stream);
        return CreateAsync(PipeReader.Create(stream), PipeWriter.Create(stream), formatter, options, stream, cancellationToken);
    }

    /// <summary>Opens a channel over a <see cref="PipeReader"/> and <see cref="PipeWriter"/> pair and exchanges the handshake.</summary>
    /// <param name="reader">Where the peer's bytes arrive.</param>
    /// <param name="writer">Where this side's bytes go.</param>
    /// <param name="formatter">The formatter whose registered types the channel carries.</param>
    /// <param name="options">Channel settings, or null for the defaults.</param>
    /// <param name="cancellationToken">Cancels the handshake.</param>
    /// <returns>The open channel.</returns>
    /// <exception cref="IpcHandshakeException">The peer's format version or registry does not match.</exception>
    /// <exception cref="IpcException">The peer closed the connection or did not answer in time.</exception>
    public static Task<IpcChannel> CreateAsync(PipeReader reader, PipeWriter writer, CustomBinaryFormatter formatter, IpcChannelOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(reader);
        ArgumentNullException.ThrowIfNull(writer);
        return CreateAsync(reader, writer, formatter, options, transport: null, cancellationToken);
    }

    internal static async Task<IpcChannel> CreateAsync(
        PipeReader reader, PipeWriter writer, CustomBinaryFormatter formatter, IpcChannelOptions? options, IAsyncDisposable? transport, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(formatter);
        var channel = new IpcChannel(reader, writer, formatter, options ?? IpcChannelOptions.Default, transport);
        try
        {
            await channel.HandshakeAsync(cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            await channel.AbortAsync().ConfigureAwait(false);
            throw;
        }

        channel._receiveLoop = Task.Run(channel.ReceiveLoopAsync, CancellationToken.None);
        return channel;
    }

    /// <summary>
    /// Sends one message. Safe to call from several threads at once. Messages sent in quick succession
    /// are coalesced: the record goes into the channel's buffer, and one flush to the transport follows
    /// for all that arrived meanwhile (use <see cref="FlushAsync(CancellationToken)"/> to wait for it).
    /// Once <see cref="FlushThreshold"/> bytes wait, the sender flushes them itself, waiting for a slow
    /// reader: memory stays bounded.
    /// </summary>
    /// <typeparam name="T">The message's static type; its runtime type must be registered.</typeparam>
    /// <param name="message">The message.</param>
    /// <param name="cancellationToken">Cancels the wait for the transport (back-pressure) or for other senders.</param>
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
        await _sendLock.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            ThrowIfClosed();
            foreach (T message in messages)
            {
                long mark = RingMark();
                try
                {
                    _formatter.Serialize(_writer, message);
                }
                catch when (mark >= 0)
                {
                    ((RingPipeWriter)_writer).Rollback(mark);
                    throw;
                }

                if (MustFlush())
                {
                    await FlushCoreAsync(cancellationToken).ConfigureAwait(false);
                }
            }

            await FlushCoreAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            _sendLock.Release();
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
        await _sendLock.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            ThrowIfClosed();
            await FlushCoreAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            _sendLock.Release();
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
                response = await pending.Task.WaitAsync(timeout, cancellationToken).ConfigureAwait(false);
            }
            catch (TimeoutException)
            {
                throw new TimeoutException($"No response to request {id} ({request.GetType()}) within {timeout}.");
            }

            return response is TResponse typed
                ? typed
                : throw new IpcException($"The response to request {id} is a {response.GetType()}, not the {typeof(TResponse)} that was expected.");
        }
        finally
        {
            _pendingRequests.TryRemove(id, out _);
        }
    }

    /// <summary>
    /// Reads the messages the peer sends, until it closes the channel. A message sent with
    /// <see cref="RequestAsync{TResponse}(object, CancellationToken)"/> arrives as an <see cref="IpcRequest"/>.
    /// </summary>
    /// <param name="cancellationToken">Cancels the wait for the next message.</param>
    /// <returns>The messages, in the order they were sent.</returns>
    /// <exception cref="IpcException">Thrown during enumeration, after every complete message: the peer went away without closing the channel.</exception>
    /// <exception cref="FastSerializationException">Thrown during enumeration: the peer sent a malformed record or one over the limit; the channel is closed.</exception>
    public IAsyncEnumerable<object> ReadAllAsync(CancellationToken cancellationToken = default) => _inbox.Reader.ReadAllAsync(cancellationToken);

    /// <summary>Reads the next message, or null when the peer closed the channel.</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The next message, or null at the end.</returns>
    /// <exception cref="IpcException">The peer went away without closing the channel.</exception>
    /// <exception cref="FastSerializationException">The peer sent a malformed record.</exception>
    public async ValueTask<object?> ReceiveAsync(CancellationToken cancellationToken = default)
    {
        while (await _inbox.Reader.WaitToReadAsync(cancellationToken).ConfigureAwait(false))
        {
            if (_inbox.Reader.TryRead(out object? message))
            {
                return message;
            }
        }

        return null;
    }

    /// <summary>Closes the channel: tells the peer (whose reads then end normally), stops receiving and releases the transport.</summary>
    /// <returns>A task that completes when the channel is closed.</returns>
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        try
        {
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(5));
            await _sendLock.WaitAsync(timeout.Token).ConfigureAwait(false);
            try
            {
                ControlRecord.Write(_writer, ControlKind.Goodbye, ReadOnlySpan<byte>.Empty);
                await _writer.FlushAsync(timeout.Token).ConfigureAwait(false);
            }
            finally
            {
                _sendLock.Release();
            }
        }
        catch (Exception ex) when (ex is IOException or OperationCanceledException or InvalidOperationException or ObjectDisposedException)
        {
            // The peer is gone or the transport is stuck: there is nobody to tell.
        }

        await AbortAsync().ConfigureAwait(false);
    }

    /// <summary>Stops everything without telling the peer.</summary>
    private async Task AbortAsync()
    {
        Interlocked.Exchange(ref _disposed, 1);
        _closing.Cancel();
        try
        {
            await _writer.CompleteAsync().ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is IOException or ObjectDisposedException or OperationCanceledException)
        {
            // Completing flushes what is still buffered; with the peer gone there is nowhere for it to go.
        }

        _reader.CancelPendingRead();
        try
        {
            await _receiveLoop.ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is IpcException or FastSerializationException or OperationCanceledException or IOException)
        {
            // Already reported to the readers.
        }

        await _reader.CompleteAsync().ConfigureAwait(false);
        if (_transport is SharedMemoryTransport)
        {
            // The rings are unmapped with the transport: wait for a sender still inside them (one that
            // passed its closed check before this began, or a flush that is waking up) to leave. A sender
            // that does not leave in time keeps the mapping: a leak, never a write to unmapped memory.
            if (!await _sendLock.WaitAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(false))
            {
                _inbox.Writer.TryComplete();
                FailPendingRequests(new IpcException("The channel was closed."));
                return;
            }

            _sendLock.Release();
        }

        if (_transport is not null)
        {
            try
            {
                await _transport.DisposeAsync().ConfigureAwait(false);
            }
            catch (IOException)
            {
                // A stream that flushes on dispose, to a peer that is gone.
            }
        }

        _inbox.Writer.TryComplete();
        FailPendingRequests(new IpcException("The channel was closed."));
    }

    internal Task SendResponseAsync(ulong correlationId, object response, CancellationToken cancellationToken) =>
        SendCoreAsync(ControlKind.Response, correlationId, response, flushNow: true, cancellationToken);

    internal async Task SendFailureAsync(ulong correlationId, string message, CancellationToken cancellationToken)
    {
        await _sendLock.WaitAsync(cancellationToken).ConfigureAwait(false);
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
            _sendLock.Release();
        }
    }

    /// <summary>Writes an optional control record and the message, adjacent; flushes now, or schedules a coalesced flush.</summary>
    private async Task SendCoreAsync<T>(ControlKind? prefix, ulong correlationId, T message, bool flushNow, CancellationToken cancellationToken)
    {
        await _sendLock.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            ThrowIfClosed();
            long mark = RingMark();
            try
            {
                if (prefix is { } kind)
                {
                    ControlRecord.Write(_writer, kind, correlationId);
                }

                _formatter.Serialize(_writer, message);
            }
            catch when (mark >= 0)
            {
                // A shared-memory ring refused the record (or the formatter failed inside it): take back
                // the request prefix too, so that the peer never sees half a message.
                ((RingPipeWriter)_writer).Rollback(mark);
                throw;
            }

            if (flushNow || MustFlush())
            {
                await FlushCoreAsync(cancellationToken).ConfigureAwait(false);
            }
            else if (!_flushScheduled)
            {
                // Everything sent until this runs goes out in one write.
                _flushScheduled = true;
                ThreadPool.UnsafeQueueUserWorkItem(static channel => _ = channel.ScheduledFlushAsync(), this, preferLocal: false);
            }
        }
        finally
        {
            _sendLock.Release();
        }
    }

    /// <summary>Where a shared-memory ring writer stands before a message (so that a failed one can be taken back), or -1 for other writers.</summary>
    private long RingMark() => _writer is RingPipeWriter ring ? ring.Mark : -1;

    /// <summary>True when the buffer holds enough to flush now (or when the writer cannot say how much it holds).</summary>
    private bool MustFlush() => !_writer.CanGetUnflushedBytes || _writer.UnflushedBytes >= FlushThreshold;

    private async Task ScheduledFlushAsync()
    {
        await _sendLock.WaitAsync().ConfigureAwait(false);
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
            _sendLock.Release();
        }
    }

    private async Task FlushCoreAsync(CancellationToken cancellationToken)
    {
        _flushScheduled = false;
        FlushResult result;
        try
        {
            result = await _writer.FlushAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (IOException ex)
        {
            throw new IpcException("The connection to the peer broke while sending.", ex);
        }

        if (result.IsCompleted)
        {
            throw new IpcException("The peer stopped reading: the channel is closed.");
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
