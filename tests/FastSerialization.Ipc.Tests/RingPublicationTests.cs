using System;
using System.Buffers.Binary;
using System.Net.Sockets;
using System.Runtime.Versioning;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.SharedMemory;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// When the shared-memory writer makes a send's records visible without a flush: at once for a consumer that
/// waits, whole cache lines only while a flush is already scheduled, nothing while the consumer is still reading.
/// </summary>
[UnsupportedOSPlatform("windows")] // the ring file is a Unix shared-memory mapping
public sealed class RingPublicationTests : IDisposable
{
    private const int RecordSize = 100;
    private readonly SharedMemoryFile _file = SharedMemoryFile.Create(Names.Unique("publish"), 4096);
    private readonly Socket _unconnected = new(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
    private readonly Doorbell _doorbell;
    private readonly RingPipeWriter _writer;

    public RingPublicationTests()
    {
        _doorbell = new Doorbell(_unconnected); // never rung: the consumer never says it sleeps here
        _writer = new RingPipeWriter(_file.ClientToServer, _doorbell, TimeSpan.Zero);
    }

    private Ring Ring => _file.ClientToServer;

    public void Dispose()
    {
        _writer.Complete();
        _doorbell.Dispose();
        _unconnected.Dispose();
        _file.Dispose();
    }

    [Fact]
    public void ARecordTheConsumerWaitsFor_IsPublishedAtOnce()
    {
        WriteRecord();

        _writer.TryPublishInPlace(flushPending: false).Should().BeTrue();
        Volatile.Read(ref Ring.Tail).Should().Be(RecordSize);
        _writer.UnpublishedInRing.Should().Be(0);
    }

    [Fact]
    public void WhileAFlushIsScheduled_OnlyWholeCacheLinesArePublished_AndTheFlushPublishesTheRest()
    {
        WriteRecord();
        _writer.TryPublishInPlace(flushPending: false).Should().BeTrue();
        Volatile.Write(ref Ring.Head, RecordSize); // the consumer took everything and waits

        WriteRecord();
        WriteRecord();
        _writer.TryPublishInPlace(flushPending: true).Should().BeFalse("the partial line is left to the scheduled flush");
        Volatile.Read(ref Ring.Tail).Should().Be(256, "the records end at 300: lines up to 256 are whole");
        _writer.UnpublishedInRing.Should().Be(300 - 256);

        ValueTask<System.IO.Pipelines.FlushResult> flush = _writer.FlushAsync();
        flush.IsCompletedSuccessfully.Should().BeTrue();
        Volatile.Read(ref Ring.Tail).Should().Be(300);
        _writer.UnpublishedInRing.Should().Be(0);
    }

    [Fact]
    public void WhileAFlushIsScheduled_RecordsWithinTheLineAlreadyPublished_WaitForIt()
    {
        WriteRecord();
        _writer.TryPublishInPlace(flushPending: false).Should().BeTrue();
        Volatile.Write(ref Ring.Head, RecordSize);

        WriteRecord(20); // ends at 120: no line boundary passed since 100
        _writer.TryPublishInPlace(flushPending: true).Should().BeFalse();
        Volatile.Read(ref Ring.Tail).Should().Be(RecordSize);
    }

    [Fact]
    public void AConsumerStillReading_LeavesTheRecordToTheNextPublication()
    {
        WriteRecord();
        _writer.TryPublishInPlace(flushPending: false).Should().BeTrue();

        WriteRecord(); // the consumer has not taken the first record yet (head 0)
        _writer.TryPublishInPlace(flushPending: false).Should().BeFalse();
        Volatile.Read(ref Ring.Tail).Should().Be(RecordSize);
        _writer.UnpublishedInRing.Should().Be(RecordSize);
    }

    private void WriteRecord(int size = RecordSize)
    {
        Span<byte> span = _writer.GetSpan(size);
        BinaryPrimitives.WriteUInt32LittleEndian(span, (uint)(size - 4));
        span.Slice(4, size - 4).Fill(0xAB);
        _writer.Advance(size);
    }
}
