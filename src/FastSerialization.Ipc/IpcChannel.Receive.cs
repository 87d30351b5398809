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

    /// <summary>The peer's handshake, once the channel is open.</summary>
    internal Handshake? PeerHandshake { get; private set; }

    private async Task HandshakeAsync(CancellationToken cancellationToken)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(_options.HandshakeTimeout);
        Handshake local = Handshake.Of(_formatter);
        try
        {
            local.WriteTo(_writer);
            await FlushCoreAsync(timeout.Token).ConfigureAwait(false);
            while (true)
            {
                ReadResult result = await _reader.ReadAsync(timeout.Token).ConfigureAwait(false);
                ReadOnlySequence<byte> buffer = result.Buffer;
                ControlRecord hello = default;
                bool complete = false;
                try
                {
                    if (buffer.Length > 4)
                    {
                        if (!ControlRecord.IsControl(buffer))
                        {
                            throw new IpcHandshakeException("The peer sent a record before its handshake: it is not a FastSerialization channel, or it is a different protocol.", null);
                        }

                        complete = ControlRecord.TryRead(ref buffer, ControlRecord.MaxLength, out hello);
                    }
                }
                finally
                {
                    // After the handshake, what follows it stays unexamined for the receive loop.
                    if (complete)
                    {
                        _reader.AdvanceTo(buffer.Start);
                    }
                    else
                    {
                        _reader.AdvanceTo(buffer.Start, buffer.End);
                    }
                }

                if (complete)
                {
                    if (hello.Kind == ControlKind.SharedMemorySetup)
                    {
                        throw new IpcHandshakeException("The server uses the shared-memory transport (IpcTransport.SharedMemory); this side uses a stream. Both ends must use the same transport.", null);
                    }

                    if (hello.Kind != ControlKind.Hello || hello.Hello is null)
                    {
                        throw new IpcHandshakeException($"The peer's first record is a {hello.Kind} control record, not its handshake.", null);
                    }

                    PeerHandshake = hello.Hello;
                    IpcHandshakeException? mismatch = Handshake.Compare(local, hello.Hello);
                    if (mismatch is not null)
                    {
                        throw mismatch;
                    }

                    return;
                }

                if (result.IsCompleted)
                {
                    throw new IpcException("The peer closed the connection before completing the handshake.");
                }
            }
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            throw new IpcException($"The peer did not complete the handshake within {_options.HandshakeTimeout}.");
        }
        catch (FastSerializationException ex)
        {
            throw new IpcHandshakeException($"The peer's handshake is malformed: {ex.Message}", null);
        }
    }

    private async Task ReceiveLoopAsync()
    {
        Exception? failure = null;
        ulong? requestId = null;
        ulong? responseId = null;
        bool goodbye = false;
        try
        {
            while (!goodbye)
            {
                ReadResult result = await _reader.ReadAsync(_closing.Token).ConfigureAwait(false);
                if (result.IsCanceled)
                {
                    break;
                }

                ReadOnlySequence<byte> buffer = result.Buffer;
                try
                {
                    while (!goodbye)
                    {
                        if (ControlRecord.IsControl(buffer))
                        {
                            if (!ControlRecord.TryRead(ref buffer, ControlRecord.MaxLength, out ControlRecord control))
                            {
                                break;
                            }

                            switch (control.Kind)
                            {
                                case ControlKind.Goodbye:
                                    goodbye = true;
                                    break;
                                case ControlKind.Request:
                                    requestId = control.Correlation;
                                    break;
                                case ControlKind.Response:
                                    responseId = control.Correlation;
                                    break;
                                case ControlKind.Failure:
                                    if (_pendingRequests.TryGetValue(control.Correlation, out TaskCompletionSource<object>? failed))
                                    {
                                        failed.TrySetException(new IpcException($"The peer failed request {control.Correlation}: {control.Text}"));
                                    }

                                    break;
                                default:
                                    throw new FastSerializationException($"Unexpected {control.Kind} control record after the handshake.", 0, 0);
                            }

                            continue;
                        }

                        if (!_formatter.TryReadRecord(ref buffer, out object? message))
                        {
                            break;
                        }

                        if (requestId is { } request)
                        {
                            requestId = null;
                            await _inbox.Writer.WriteAsync(new IpcRequest(this, request, message), _closing.Token).ConfigureAwait(false);
                        }
                        else if (responseId is { } response)
                        {
                            responseId = null;
                            if (_pendingRequests.TryGetValue(response, out TaskCompletionSource<object>? waiting))
                            {
                                waiting.TrySetResult(message);
                            }
                        }
                        else
                        {
                            await _inbox.Writer.WriteAsync(message, _closing.Token).ConfigureAwait(false);
                        }
                    }
                }
                finally
                {
                    _reader.AdvanceTo(buffer.Start, buffer.End);
                }

                if (result.IsCompleted && !goodbye)
                {
                    failure = buffer.IsEmpty
                        ? new IpcException("The peer closed the connection without closing the channel: its process has most likely exited or crashed.")
                        : new IpcException($"The peer's connection ended inside a record ({buffer.Length} bytes of it had arrived); the partial record was dropped.");
                    break;
                }
            }
        }
        catch (OperationCanceledException) when (_closing.IsCancellationRequested)
        {
            // Closed by this side.
        }
        catch (FastSerializationException ex)
        {
            failure = ex;
        }
        catch (Exception ex) when (ex is IOException or System.Net.Sockets.SocketException or ObjectDisposedException)
        {
            failure = new IpcException("The connection to the peer broke: " + ex.Message, ex);
        }

        // Set before the pending requests are failed: a request registered after that sees it (RequestAsync).
        Volatile.Write(ref _receiveEnd, failure ?? new IpcException("The peer closed the channel."));
        _inbox.Writer.TryComplete(failure);
        FailPendingRequests(_receiveEnd!);
        if (failure is not null)
        {
            // Stop sending too, so that the peer sees the channel end.
            _closing.Cancel();
            await _writer.CompleteAsync(failure).ConfigureAwait(false);
            throw failure;
        }
    }
}
