using System;
using System.Buffers.Binary;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;

namespace FastSerialization.Ipc.SharedMemory;

/// <summary>
/// The producer side of a <see cref="Ring"/> as a <see cref="PipeWriter"/>: <see cref="GetSpan"/> hands out
/// the ring's free space itself, so the formatter writes records straight into shared memory, and
/// <see cref="FlushAsync"/> publishes them (a release store of the tail). Nothing is visible to the
/// consumer before the flush that publishes it.
/// </summary>
/// <remarks>
/// When a request does not fit in one piece before the ring's end (or the ring is too full), the writer
/// hands out a staging buffer instead; the flush copies it into the ring, across the end, waiting for
/// room as the consumer frees it. The channel flushes every <see cref="IpcChannel.FlushThreshold"/>
/// bytes, so the staging buffer stays small. Every record's length prefix is checked as it is written:
/// a record longer than the ring could never be read whole, so it is taken back and refused (a size
/// hint over the ring's capacity is only a hint: it gets a staging buffer, and the record's real length
/// decides).
/// </remarks>
internal sealed class RingPipeWriter : PipeWriter, IInPlaceWriter
{
    private const int MinimumStaging = 4096;
    private const long CacheLine = 64;
    private readonly Ring _ring;
    private readonly Doorbell _doorbell;
    private readonly long _spinTicks;
    private long _published;
    private long _written;
    private long _head;
    private long _nextRecord;
    private byte[] _staging = Array.Empty<byte>();
    private int _stagingStart;
    private int _stagingEnd;
    private bool _lastWasStaging;
    private int _lastLength;
    private volatile bool _completed;
    private volatile bool _flushCanceled;
    private IpcException? _corrupted;

    public RingPipeWriter(Ring ring, Doorbell doorbell, TimeSpan spinTime)
    {
        _ring = ring;
        _doorbell = doorbell;
        _spinTicks = Backoff.Ticks(spinTime);
        // From 0, not from the ring's tail: the tail is this side's to write, but the peer maps the same memory and could
        // have put any value there before this writer started (both rings are empty when a channel opens).
        _published = _written = _head = _nextRecord = 0;
    }

    public override bool CanGetUnflushedBytes => true;

    public override long UnflushedBytes => _written - _published + (_stagingEnd - _stagingStart);

    /// <summary>The position after everything written so far (published or not).</summary>
    public long Mark => _written + (_stagingEnd - _stagingStart);

    /// <summary>How many bytes were written straight into the ring and are not yet published (tests).</summary>
    internal long UnpublishedInRing => _written - _published;

    public override Memory<byte> GetMemory(int sizeHint = 0)
    {
        if (TryGetDirect(sizeHint, out int offset, out int length))
        {
            return _ring.Memory.Memory.Slice(offset, length);
        }

        return GetStaging(sizeHint).AsMemory(_stagingEnd);
    }

    public override unsafe Span<byte> GetSpan(int sizeHint = 0)
    {
        if (TryGetDirect(sizeHint, out int offset, out int length))
        {
            return new Span<byte>(_ring.Data + offset, length);
        }

        return GetStaging(sizeHint).AsSpan(_stagingEnd);
    }

    public override void Advance(int bytes)
    {
        if ((uint)bytes > (uint)_lastLength)
        {
            throw new ArgumentOutOfRangeException(nameof(bytes), bytes, $"Advanced by {bytes} bytes past the {_lastLength} handed out.");
        }

        _lastLength -= bytes;
        if (_lastWasStaging)
        {
            _stagingEnd += bytes;
        }
        else
        {
            _written += bytes;
        }

        CheckRecordLengths();
    }

    public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default)
    {
        _lastLength = 0;
        if (_corrupted is not null)
        {
            throw _corrupted;
        }

        if (_completed || _doorbell.PeerGone)
        {
            return new ValueTask<FlushResult>(new FlushResult(isCanceled: false, isCompleted: true));
        }

        Publish(_written);
        if (_stagingEnd > _stagingStart)
        {
            return FlushStagingAsync(cancellationToken);
        }

        return new ValueTask<FlushResult>(new FlushResult(isCanceled: false, isCompleted: false));
    }

    /// <summary>
    /// Publishes what was written straight into the ring, without waiting: false when staged bytes wait for
    /// room (a flush must copy them), the writer cannot publish (completed, peer gone), or bytes are left to
    /// the next send or to the flush the channel scheduled (<paramref name="flushPending"/>).
    /// </summary>
    /// <remarks>
    /// A record the consumer waits for is published at once, unless a flush is already scheduled: then only
    /// the whole 64-byte cache lines are published, and the line the next record goes on to is left to that
    /// flush (or to the next send). The consumer then never reads a line this side is still writing, so the
    /// line is not pulled back and forth between the two cores with every record of a burst (shared memory
    /// one way: +13-34% in alternated runs, benchmarks/results/ipc-batches.md). A lone message finds no flush
    /// scheduled and is visible at once; what is left waits no longer than a flush that was already on its way.
    /// </remarks>
    public bool TryPublishInPlace(bool flushPending)
    {
        if (_stagingEnd > _stagingStart || _completed || _doorbell.PeerGone)
        {
            return false;
        }

        _lastLength = 0;
        if (Volatile.Read(ref _ring.Head) < _published)
        {
            // The consumer has not taken all it was given yet: it comes back to the tail by itself, so this
            // record can wait for the next send or the flush the channel schedules. A burst is then published in
            // a few stores of the tail instead of one per record (each moves the tail's cache line to the
            // consumer's core); a consumer that waits (it took everything) gets each record at once.
            return false;
        }

        if (flushPending)
        {
            Publish(Math.Max(_published, _written & ~(CacheLine - 1)));
            return false;
        }

        Publish(_written);
        return true;
    }

    public override void CancelPendingFlush()
    {
        _flushCanceled = true;
        _doorbell.Space.Set();
    }

    public override void Complete(Exception? exception = null)
    {
        _completed = true;
        _doorbell.Space.Set();
    }

    /// <summary>Takes back everything written after <paramref name="mark"/> (a record boundary), none of which is published yet.</summary>
    public void Rollback(long mark)
    {
        if (mark < _published)
        {
            throw new InvalidOperationException("Cannot take back bytes that were already published.");
        }

        if (mark >= _written)
        {
            _stagingEnd = _stagingStart + (int)(mark - _written);
        }
        else
        {
            _written = mark;
            _stagingStart = _stagingEnd = 0;
        }

        _nextRecord = mark;
        _lastLength = 0;
    }

    private bool TryGetDirect(int sizeHint, out int offset, out int length)
    {
        int capacity = _ring.Capacity;
        offset = 0;
        length = 0;
        if (_stagingEnd > _stagingStart)
        {
            return false; // staged bytes come first: keep the order
        }

        int need = Math.Max(sizeHint, 1);
        offset = (int)(_written & _ring.Mask);
        long free = capacity - (_written - _head);
        if (free < need)
        {
            _head = ReadHead();
            free = capacity - (_written - _head);
        }

        length = (int)Math.Min(free, capacity - offset);
        if (length < need)
        {
            return false;
        }

        _lastWasStaging = false;
        _lastLength = length;
        return true;
    }

    private byte[] GetStaging(int sizeHint)
    {
        int need = Math.Max(sizeHint, 256);
        if (_staging.Length - _stagingEnd < need)
        {
            int kept = _stagingEnd - _stagingStart;
            byte[] bigger = _staging.Length - kept >= need + MinimumStaging
                ? _staging
                : new byte[Math.Max(MinimumStaging, Math.Max(_staging.Length * 2, kept + need))];
            Buffer.BlockCopy(_staging, _stagingStart, bigger, 0, kept);
            _staging = bigger;
            _stagingStart = 0;
            _stagingEnd = kept;
        }

        _lastWasStaging = true;
        _lastLength = _staging.Length - _stagingEnd;
        return _staging;
    }

    /// <summary>Walks the length prefixes of the records completed since the last call; refuses one longer than the ring.</summary>
    private void CheckRecordLengths()
    {
        long end = Mark;
        while (end - _nextRecord >= 4)
        {
            uint length = LengthAt(_nextRecord);
            long total = 4L + length;
            if (total > _ring.Capacity)
            {
                Rollback(_nextRecord);
                throw new IpcException($"A record of {total} bytes does not fit in the shared-memory ring of {_ring.Capacity} bytes (IpcChannelOptions.SharedMemoryRingCapacity); it was not sent.");
            }

            _nextRecord += total;
        }
    }

    /// <summary>
    /// The little-endian length prefix at <paramref name="position"/>: one load when its 4 bytes are in the ring
    /// and do not wrap around its end (nearly always), byte by byte otherwise (wrapped, or still staged).
    /// </summary>
    private unsafe uint LengthAt(long position)
    {
        long offset = position & _ring.Mask;
        if (position + 4 <= _written && offset <= _ring.Capacity - 4)
        {
            return BinaryPrimitives.ReadUInt32LittleEndian(new ReadOnlySpan<byte>(_ring.Data + offset, 4));
        }

        return (uint)(ByteAt(position) | (ByteAt(position + 1) << 8) | (ByteAt(position + 2) << 16) | (ByteAt(position + 3) << 24));
    }

    private unsafe int ByteAt(long position) =>
        position < _written ? _ring.Data[position & _ring.Mask] : _staging[_stagingStart + (int)(position - _written)];

    /// <summary>Release-stores the tail, then (after a full fence) wakes the consumer if it said it sleeps.</summary>
    private void Publish(long position)
    {
        if (position == _published)
        {
            return;
        }

        Volatile.Write(ref _ring.Tail, position);
        _published = position;
        Interlocked.MemoryBarrier();
        if (Volatile.Read(ref _ring.ConsumerSleeping) != 0 && Interlocked.Exchange(ref _ring.ConsumerSleeping, 0) != 0)
        {
            _doorbell.Ring(Doorbell.DataByte);
        }
    }

    private async ValueTask<FlushResult> FlushStagingAsync(CancellationToken cancellationToken)
    {
        int capacity = _ring.Capacity;
        while (_stagingEnd > _stagingStart)
        {
            _head = ReadHead();
            long free = capacity - (_written - _head);
            if (free == 0)
            {
                if (!await WaitForSpaceAsync(cancellationToken).ConfigureAwait(false))
                {
                    bool canceled = _flushCanceled;
                    _flushCanceled = false;
                    return new FlushResult(isCanceled: canceled, isCompleted: !canceled);
                }

                continue;
            }

            int count = (int)Math.Min(free, _stagingEnd - _stagingStart);
            CopyIntoRing(_staging.AsSpan(_stagingStart, count), _written);
            _stagingStart += count;
            _written += count;
            Publish(_written);
        }

        _stagingStart = _stagingEnd = 0;
        if (_staging.Length > 4 * IpcChannel.FlushThreshold)
        {
            _staging = Array.Empty<byte>(); // a burst of large records: do not keep its buffer
        }

        return new FlushResult(isCanceled: false, isCompleted: false);
    }

    /// <summary>Copies <paramref name="bytes"/> to the ring at <paramref name="position"/>, across its end if need be.</summary>
    private unsafe void CopyIntoRing(ReadOnlySpan<byte> bytes, long position)
    {
        int offset = (int)(position & _ring.Mask);
        int first = Math.Min(bytes.Length, _ring.Capacity - offset);
        bytes.Slice(0, first).CopyTo(new Span<byte>(_ring.Data + offset, first));
        bytes.Slice(first).CopyTo(new Span<byte>(_ring.Data, bytes.Length - first));
    }

    /// <summary>Waits until the consumer frees room; false when the peer is gone, the writer completed or the flush was canceled.</summary>
    private async ValueTask<bool> WaitForSpaceAsync(CancellationToken cancellationToken)
    {
        var backoff = new Backoff(_spinTicks);
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (HasSpace())
            {
                return true;
            }

            if (_completed || _flushCanceled || _doorbell.PeerGone)
            {
                return false;
            }

            if (backoff.Wait())
            {
                continue;
            }

            // Going to sleep: say so, fence, and look once more, so that a consumer that frees room
            // right now either sees the flag (and rings) or is seen here.
            Interlocked.Exchange(ref _ring.ProducerSleeping, 1);
            if (HasSpace() || _completed || _flushCanceled || _doorbell.PeerGone)
            {
                Volatile.Write(ref _ring.ProducerSleeping, 0);
                continue;
            }

            await _doorbell.Space.WaitAsync(cancellationToken).ConfigureAwait(false);
            Volatile.Write(ref _ring.ProducerSleeping, 0);
            backoff = new Backoff(_spinTicks);
        }
    }

    private bool HasSpace() => _written - ReadHead() < _ring.Capacity;

    /// <summary>
    /// The consumer's head, checked: the peer writes it, so it is input. A consumer can only have consumed
    /// what was published, and never gives bytes back; a head outside that range would make the free space
    /// larger than the ring, and the copies that trust it would write past the mapping. Such a ring is
    /// corrupted for good: this and every later use of the writer throws.
    /// </summary>
    private long ReadHead()
    {
        if (_corrupted is not null)
        {
            throw _corrupted;
        }

        long head = Volatile.Read(ref _ring.Head);
        if (head < _head || head > _published)
        {
            _corrupted = new IpcException(
                $"The peer corrupted the shared-memory ring: it reports {head} bytes consumed, where only {_head} to {_published} are possible. The channel can no longer send.");
            throw _corrupted;
        }

        return head;
    }
}
