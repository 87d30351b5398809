using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// Messages to bytes in the transport's writer, for <see cref="ChannelSender"/> (which holds the send lock around
/// every call): one message after its optional control record, or a run of a batch's messages packed side by side
/// (<see cref="Packer"/>); a record that fails to be written leaves nothing the peer could read (a shared-memory
/// ring takes it back, <see cref="IInPlaceWriter.Rollback"/>). Counts what it writes (<see cref="IpcTelemetry"/>).
/// </summary>
internal sealed class OutgoingRecords
{
    /// <summary>The size of <see cref="_batchScratch"/>: records of a batch are packed into it, then handed to the writer together.</summary>
    private const int BatchSpan = 4096;

    private readonly PipeWriter _writer;

    /// <summary>The writer's rollback, when its transport has one (shared memory), or null.</summary>
    private readonly IInPlaceWriter? _inPlace;
    private readonly CustomBinaryFormatter _formatter;

    /// <summary>
    /// Where a batch's records are serialized before they are copied to the writer, a few thousand bytes at a
    /// time. It stays in the sending core's cache: serializing straight into a shared-memory ring, whose lines the
    /// reading core holds, ran batches at about half the speed in 4 runs of 7 (benchmarks/results/ipc-batches.md).
    /// </summary>
    private readonly byte[] _batchScratch = new byte[BatchSpan];

    public OutgoingRecords(PipeWriter writer, IInPlaceWriter? inPlace, CustomBinaryFormatter formatter)
    {
        _writer = writer;
        _inPlace = inPlace;
        _formatter = formatter;
    }

    /// <summary>Writes an optional control record and the message into the buffer, adjacent: the peer sees both or neither.</summary>
    public void WriteMessage<T>(ControlKind? prefix, ulong correlationId, T message)
    {
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

    /// <summary>What the writer holds and has not flushed (0 when it cannot say): the difference over a write is the size of what was written.</summary>
    private long UnflushedBytes() => _writer.CanGetUnflushedBytes ? _writer.UnflushedBytes : 0;

    /// <summary>True when the buffer holds enough to flush now (or when the writer cannot say how much it holds).</summary>
    public bool MustFlush() => !_writer.CanGetUnflushedBytes || _writer.UnflushedBytes >= IpcChannel.FlushThreshold;

    /// <summary>Writes messages from the start of <paramref name="messages"/> until the buffer holds enough to flush; returns how many.</summary>
    public int WriteRun<T>(ReadOnlySpan<T> messages)
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

    /// <summary>Writes messages of <paramref name="messages"/> from <paramref name="start"/> until the buffer holds enough to flush; returns how many.</summary>
    public int WriteRun<T>(IReadOnlyList<T> messages, int start)
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
    /// Packs the records of a batch one after another into the scratch buffer and hands them to the
    /// writer together (one copy and one <see cref="PipeWriter.Advance"/> for many records): a record that does
    /// not fit in what is left commits the buffer and starts it again; one larger than the whole buffer is
    /// written on its own, through the writer. Nothing of a record that fails to be written reaches the writer.
    /// </summary>
    private ref struct Packer
    {
        private readonly OutgoingRecords _records;
        private readonly long _unflushedBefore;
        private readonly Span<byte> _span;
        private int _position;
        private bool _committedAny;
        private int _messages;

        public Packer(OutgoingRecords records, long unflushedBefore)
        {
            _records = records;
            _unflushedBefore = unflushedBefore;
            _span = records._batchScratch; // the other fields start at their defaults: nothing packed yet
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
                if (_records._formatter.TrySerialize(message, _span.Slice(_position), out int written))
                {
                    _position += written;
                    _messages++;
                    return true;
                }

                bool fresh = _position == 0;
                Commit();
                if (_committedAny && _records.MustFlush())
                {
                    return false;
                }

                if (fresh)
                {
                    // Larger than the whole scratch buffer: written on its own, through the writer.
                    _records.WriteBatchMessage(message);
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
                _records._writer.Write(_span.Slice(0, _position));
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
                    IpcTelemetry.BytesSent.Add(_records.UnflushedBytes() - _unflushedBefore);
                }
            }
        }
    }
}
