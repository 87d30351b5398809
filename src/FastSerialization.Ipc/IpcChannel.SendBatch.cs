using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.SharedMemory;

namespace FastSerialization.Ipc;

// Sending in batches: many messages for one entry into the send lock and one flush (one publication on shared memory).
public sealed partial class IpcChannel
{
    /// <summary>
    /// Sends every message of <paramref name="messages"/>, in order, taking the send lock once and handing
    /// them to the transport with one flush (one publication on shared memory): the cheapest way to send
    /// many messages. A batch larger than <see cref="FlushThreshold"/> bytes is flushed in pieces of about
    /// that size as it is written, waiting for a slow reader (back-pressure), so memory stays bounded.
    /// Other senders' messages never come between the messages of a batch.
    /// </summary>
    /// <typeparam name="T">The messages' static type; their runtime types must be registered.</typeparam>
    /// <param name="messages">The messages.</param>
    /// <param name="cancellationToken">Cancels the wait for other senders or for the transport, as for <see cref="SendAsync{T}(T, CancellationToken)"/>.</param>
    /// <returns>A task that completes when every message was handed to the transport.</returns>
    /// <exception cref="ArgumentNullException">A message is null.</exception>
    /// <exception cref="FastSerializationException">
    /// A message's type is not registered, or it cannot be written: the messages before it were sent, it
    /// and the ones after it were not.
    /// </exception>
    /// <exception cref="IpcException">The channel is closed or the connection broke.</exception>
    public Task SendBatchAsync<T>(ReadOnlyMemory<T> messages, CancellationToken cancellationToken = default) =>
        SendBatchCoreAsync(messages, list: null, cancellationToken);

    /// <summary>Sends every message of <paramref name="messages"/> as one batch; see <see cref="SendBatchAsync{T}(ReadOnlyMemory{T}, CancellationToken)"/>.</summary>
    /// <typeparam name="T">The messages' static type; their runtime types must be registered.</typeparam>
    /// <param name="messages">The messages (an array or a list).</param>
    /// <param name="cancellationToken">Cancels the wait for other senders or for the transport.</param>
    /// <returns>A task that completes when every message was handed to the transport.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="messages"/> or one of them is null.</exception>
    /// <exception cref="FastSerializationException">A message's type is not registered, or it cannot be written (the messages before it were sent).</exception>
    /// <exception cref="IpcException">The channel is closed or the connection broke.</exception>
    public Task SendBatchAsync<T>(IReadOnlyList<T> messages, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(messages);
        return messages is T[] array
            ? SendBatchCoreAsync<T>(array, list: null, cancellationToken)
            : SendBatchCoreAsync(ReadOnlyMemory<T>.Empty, messages, cancellationToken);
    }

    private async Task SendBatchCoreAsync<T>(ReadOnlyMemory<T> memory, IReadOnlyList<T>? list, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        int count = list?.Count ?? memory.Length;
        if (!_sendLock.TryEnter())
        {
            await _sendLock.EnterAsync(cancellationToken).ConfigureAwait(false);
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
            _sendLock.Exit();
        }
    }

    /// <summary>How much of the writer's buffer a batch asks for at a time: records are packed into it, then committed together.</summary>
    private const int BatchSpan = 4096;

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

    /// <summary>
    /// Packs the records of a batch one after another into one span of the writer and commits them together
    /// (one <see cref="PipeWriter.Advance"/> for many records): a record that does not fit in what is left
    /// commits the span and takes a new one; one larger than a new span is written on its own. Nothing of a
    /// record that fails to be written reaches the writer.
    /// </summary>
    private ref struct Packer
    {
        private readonly IpcChannel _channel;
        private Span<byte> _span;
        private int _position;
        private readonly long _unflushedBefore;
        private bool _committedAny;
        private int _messages;

        public Packer(IpcChannel channel, long unflushedBefore)
        {
            _channel = channel;
            _unflushedBefore = unflushedBefore;
            _span = default;
            _position = 0;
            _committedAny = false;
            _messages = 0;
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
                if (_channel._formatter.TrySerialize(message, _span.Slice(_position), out int written))
                {
                    _position += written;
                    _messages++;
                    return true;
                }

                bool fresh = _position == 0 && _span.Length >= BatchSpan;
                Commit();
                if (_committedAny && _channel.MustFlush())
                {
                    return false;
                }

                if (fresh)
                {
                    // Larger than a whole new span: written on its own, through the writer.
                    _channel.WriteBatchMessage(message);
                    _committedAny = true;
                    _messages++;
                    return true;
                }

                Span<byte> span = _channel._writer.GetSpan(BatchSpan);
                _span = span.Length > FlushThreshold ? span.Slice(0, FlushThreshold) : span;
            }
        }

        /// <summary>Hands the packed records to the writer.</summary>
        public void Commit()
        {
            if (_position > 0)
            {
                _channel._writer.Advance(_position);
                _committedAny = true;
            }

            _span = default;
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
                    IpcTelemetry.BytesSent.Add(_channel.UnflushedBytes() - _unflushedBefore);
                }
            }
        }
    }

    /// <summary>One message written through the writer on its own (a shared-memory ring takes back a record that fails).</summary>
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
}
