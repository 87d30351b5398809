using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;

namespace FastSerialization.Ipc.SharedMemory;

/// <summary>
/// The consumer side of a <see cref="Ring"/> as a <see cref="PipeReader"/>: <see cref="ReadAsync"/>
/// returns the published bytes in place (one segment, or two when they wrap the ring's end), read after
/// an acquire load of the tail; <see cref="AdvanceTo(SequencePosition, SequencePosition)"/> hands the
/// consumed bytes back to the producer with a release store of the head. As an <see cref="IPolledReader"/>,
/// it lets the default receive strategy poll it from the callers' threads and sleep on the doorbell otherwise.
/// </summary>
internal sealed class RingPipeReader : PipeReader, IPolledReader
{
    private readonly Ring _ring;
    private readonly Doorbell _doorbell;
    private readonly long _spinTicks;
    private readonly RingSegment _first = new();
    private readonly RingSegment _second = new();
    private long _consumed;
    private long _examined;
    private long _lastTail;
    private volatile bool _cancelRead;
    private volatile bool _completed;

    public RingPipeReader(Ring ring, Doorbell doorbell, TimeSpan spinTime)
    {
        _ring = ring;
        _doorbell = doorbell;
        _spinTicks = Backoff.Ticks(spinTime);
        // From 0, not from the ring's head: the head is this side's to write, but the peer could have put any value there
        // before this reader started (both rings are empty when a channel opens).
        _consumed = _examined = _lastTail = 0;
    }

    public override ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        if (TryReadCore(out ReadResult result))
        {
            return new ValueTask<ReadResult>(result);
        }

        var backoff = new Backoff(_spinTicks);
        while (backoff.Wait())
        {
            if (TryReadCore(out result))
            {
                return new ValueTask<ReadResult>(result);
            }
        }

        return SleepThenReadAsync(cancellationToken);
    }

    public override bool TryRead(out ReadResult result) => TryReadCore(out result);

    public long SpinTicks => _spinTicks;

    public bool CallersWaitInTransport => false;

    public bool HasUnread => _cancelRead || Volatile.Read(ref _ring.Tail) != _examined || _doorbell.PeerGone;

    public void ArmWakeUp() => Interlocked.Exchange(ref _ring.ConsumerSleeping, 1);

    public void DisarmWakeUp()
    {
        if (Volatile.Read(ref _ring.ConsumerSleeping) != 0)
        {
            Volatile.Write(ref _ring.ConsumerSleeping, 0);
        }
    }

    public Task WaitForWakeUpAsync() => _doorbell.Data.WaitAsync(CancellationToken.None);

    public void Nudge() => _doorbell.Data.Set();

    public override void AdvanceTo(SequencePosition consumed) => AdvanceTo(consumed, consumed);

    public override void AdvanceTo(SequencePosition consumed, SequencePosition examined)
    {
        long consumedAt = PositionOf(consumed);
        long examinedAt = PositionOf(examined);
        if (consumedAt < _consumed || consumedAt > _lastTail || examinedAt < consumedAt || examinedAt > _lastTail)
        {
            throw new InvalidOperationException("The positions are not in the buffer the last read returned.");
        }

        _examined = examinedAt;
        if (consumedAt != _consumed)
        {
            _consumed = consumedAt;
            Volatile.Write(ref _ring.Head, consumedAt);
            Interlocked.MemoryBarrier();
            if (Volatile.Read(ref _ring.ProducerSleeping) != 0 && Interlocked.Exchange(ref _ring.ProducerSleeping, 0) != 0)
            {
                _doorbell.Ring(Doorbell.SpaceByte);
            }
        }
    }

    public override void CancelPendingRead()
    {
        _cancelRead = true;
        _doorbell.Data.Set();
    }

    public override void Complete(Exception? exception = null)
    {
        _completed = true;
    }

    private bool TryReadCore(out ReadResult result)
    {
        if (_completed)
        {
            throw new InvalidOperationException("Reading is not allowed after the reader was completed.");
        }

        if (_cancelRead)
        {
            _cancelRead = false;
            result = new ReadResult(Sequence(_consumed, _lastTail), isCanceled: true, isCompleted: false);
            return true;
        }

        long tail = ReadTail(); // acquire: the bytes before the tail are complete
        if (tail > _examined)
        {
            result = new ReadResult(Sequence(_consumed, tail), isCanceled: false, isCompleted: false);
            return true;
        }

        if (_doorbell.PeerGone)
        {
            // Everything the peer published before its socket ended, then the end.
            tail = ReadTail();
            result = new ReadResult(Sequence(_consumed, tail), isCanceled: false, isCompleted: true);
            return true;
        }

        result = default;
        return false;
    }

    /// <summary>
    /// The producer's tail, checked: the peer writes it, so it is input. A producer never takes back what it
    /// published, and never publishes more than the ring holds beyond what was consumed; a tail outside that
    /// range is a corrupted ring, which ends the channel with an <see cref="IpcException"/>.
    /// </summary>
    private long ReadTail()
    {
        long tail = Volatile.Read(ref _ring.Tail);
        if (tail < _lastTail || (ulong)(tail - _consumed) > (ulong)_ring.Capacity)
        {
            throw new IpcException(
                $"The peer corrupted the shared-memory ring: it reports {tail} bytes published, where only {_lastTail} to {_consumed + _ring.Capacity} are possible.");
        }

        return tail;
    }

    private async ValueTask<ReadResult> SleepThenReadAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            // Say that this side sleeps, fence, and look once more: a producer publishing now either
            // sees the flag (and rings) or its record is seen here.
            Interlocked.Exchange(ref _ring.ConsumerSleeping, 1);
            if (TryReadCore(out ReadResult result))
            {
                Volatile.Write(ref _ring.ConsumerSleeping, 0);
                return result;
            }

            await _doorbell.Data.WaitAsync(cancellationToken).ConfigureAwait(false);
            Volatile.Write(ref _ring.ConsumerSleeping, 0);
            var backoff = new Backoff(_spinTicks);
            do
            {
                if (TryReadCore(out result))
                {
                    return result;
                }
            }
            while (backoff.Wait());
        }
    }

    private ReadOnlySequence<byte> Sequence(long from, long to)
    {
        _lastTail = to;
        int length = (int)(to - from);
        int offset = (int)(from & _ring.Mask);
        Memory<byte> data = _ring.Memory.Memory;
        if (offset + length <= _ring.Capacity)
        {
            _first.Set(data.Slice(offset, length), from, next: null);
            return new ReadOnlySequence<byte>(_first, 0, _first, length);
        }

        int firstLength = _ring.Capacity - offset;
        _second.Set(data.Slice(0, length - firstLength), from + firstLength, next: null);
        _first.Set(data.Slice(offset, firstLength), from, _second);
        return new ReadOnlySequence<byte>(_first, 0, _second, length - firstLength);
    }

    private long PositionOf(SequencePosition position) =>
        position.GetObject() is RingSegment segment && (segment == _first || segment == _second)
            ? segment.RunningIndex + position.GetInteger()
            : throw new InvalidOperationException("The position is not from a buffer this reader returned.");

    /// <summary>A reused segment of the sequences the reader returns; its running index is the absolute ring position.</summary>
    private sealed class RingSegment : ReadOnlySequenceSegment<byte>
    {
        public void Set(ReadOnlyMemory<byte> memory, long runningIndex, RingSegment? next)
        {
            Memory = memory;
            RunningIndex = runningIndex;
            Next = next;
        }
    }
}
