using System;
using System.Buffers;
using System.Buffers.Binary;

namespace FastSerialization.Ipc.Internal;

/// <summary>What <see cref="IncomingRecords.TakeRecord"/> found at the start of the buffer.</summary>
internal enum Incoming
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
/// Turns the peer's bytes into messages, for both receive strategies: application records (one at a time,
/// or a run of them straight from a span), and the control records around them (a request's or response's
/// correlation id, a failure, the goodbye). A response or failure completes the waiting request here.
/// Used by one reader at a time (the receive loop, or whoever holds the pump on the calling thread).
/// </summary>
internal sealed class IncomingRecords
{
    private readonly CustomBinaryFormatter _formatter;

    /// <summary>The formatter's <see cref="CustomBinaryFormatterOptions.MaxRecordLength"/>, read once: <see cref="CustomBinaryFormatter.Options"/> copies the options on every call.</summary>
    private readonly int _maxRecordLength;

    /// <summary>The largest record the transport can ever hold whole (a shared-memory ring's size), or <see cref="long.MaxValue"/>.</summary>
    private readonly long _largestIncomingRecord;
    private readonly PendingRequests _requests;
    private ulong? _incomingRequest;
    private ulong? _incomingResponse;

    public IncomingRecords(CustomBinaryFormatter formatter, long largestIncomingRecord, PendingRequests requests)
    {
        _formatter = formatter;
        _maxRecordLength = formatter.Options.MaxRecordLength;
        _largestIncomingRecord = largestIncomingRecord;
        _requests = requests;
    }

    /// <summary>How many bytes the record that <see cref="TakeRecord"/> returned last took on the wire (for the queue's byte bound).</summary>
    public long LastTakenBytes { get; private set; }

    /// <summary>
    /// Takes the next record the application or a request waiter needs from <paramref name="buffer"/>, handling
    /// the control records before it: a response or failure completes the waiting request.
    /// </summary>
    public Incoming TakeRecord(ref ReadOnlySequence<byte> buffer, out object? message, out ulong correlation)
    {
        message = null;
        correlation = 0;
        long before = buffer.Length;
        while (true)
        {
            if (_incomingRequest is null && _incomingResponse is null && TryTakeWholeInFirstSegment(ref buffer, out message))
            {
                LastTakenBytes = before - buffer.Length;
                CountReceived(1, LastTakenBytes);
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
                        _requests.Refuse(correlation, control.Text);
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

            LastTakenBytes = before - buffer.Length; // the record and the control record before it
            CountReceived(1, LastTakenBytes);
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
                _requests.Answer(response, message!);
                return Incoming.Answered;
            }

            return Incoming.Message;
        }
    }

    /// <summary>
    /// The common case of a burst, read straight from a span: the application records that lie whole, one
    /// after another, at the start of the buffer's first segment, up to the length of <paramref name="into"/>.
    /// Stops (taking nothing more) at a control record, a record cut by the segment's end, or one not complete
    /// yet: <see cref="TakeRecord"/> decides about those. A record that fails to be read is left in the buffer;
    /// the failure is thrown only when it is the first.
    /// </summary>
    /// <returns>How many messages were taken; <paramref name="sizes"/>, unless empty, gets the size of each one's record.</returns>
    public int TakeRun(ref ReadOnlySequence<byte> buffer, Span<object> into, Span<int> sizes)
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
                if (!TryWholeRecordLength(rest, out int length))
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

    /// <summary>
    /// The common case read straight from a span: an application record lying whole in the buffer's first
    /// segment. False (nothing taken) for a control record, a record cut by the segment's end or not complete
    /// yet: the general path then decides.
    /// </summary>
    private bool TryTakeWholeInFirstSegment(ref ReadOnlySequence<byte> buffer, out object? message)
    {
        ReadOnlySpan<byte> first = buffer.FirstSpan;
        if (TryWholeRecordLength(first, out int length))
        {
            message = _formatter.Deserialize(first.Slice(0, RecordFrame.LengthPrefixSize + length), out int consumed);
            buffer = buffer.Slice(consumed);
            return true;
        }

        message = null;
        return false;
    }

    /// <summary>
    /// True when <paramref name="span"/> starts with a whole application record (not a control record: its
    /// type id's first byte is not 0); its length after the prefix in <paramref name="length"/>. A length of 0
    /// or over the formatter's limit throws here, with the message the formatter gives.
    /// </summary>
    private bool TryWholeRecordLength(ReadOnlySpan<byte> span, out int length)
    {
        if (span.Length > RecordFrame.LengthPrefixSize && span[RecordFrame.LengthPrefixSize] != 0
            && RecordFrame.TryReadLength(span, _maxRecordLength, out length)
            && length <= span.Length - RecordFrame.LengthPrefixSize)
        {
            return true;
        }

        length = 0;
        return false;
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
        long total = 4L + BinaryPrimitives.ReadUInt32LittleEndian(prefix);
        if (total > _largestIncomingRecord)
        {
            throw new FastSerializationException(
                $"The peer sent a record of {total} bytes, which can never arrive whole through a transport that holds {_largestIncomingRecord} bytes at most.", 0, null);
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
}
