using System;
using System.Linq;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// The inbox between the receive loop and the application: its two bounds, runs in and out under one lock,
/// a full queue's producer woken only once half of it has drained, and the end.
/// </summary>
public class ReceiveQueueTests
{
    private static object[] Messages(int count) => Enumerable.Range(0, count).Select(i => (object)i).ToArray();

    private static int[] Sizes(int count, int size) => Enumerable.Repeat(size, count).ToArray();

    [Fact]
    public void ARun_GoesInAsFarAsTheCountBoundAllows_AndComesOutInOrder()
    {
        var queue = new ReceiveQueue(capacity: 4, maxBytes: 1_000);

        queue.TryEnqueueRun(Messages(6), Sizes(6, 10)).Should().Be(4);
        queue.Count.Should().Be(4);
        queue.Bytes.Should().Be(40);
        queue.TryEnqueueRun(Messages(1), Sizes(1, 10)).Should().Be(0, "the queue is full");

        var taken = new object[10];
        queue.TakeQueued(taken).Should().Be(4);
        taken.Take(4).Should().Equal(0, 1, 2, 3);
        queue.Bytes.Should().Be(0);
    }

    [Fact]
    public void ARun_StopsAtTheByteBound_AndAMessageLargerThanTheBoundGoesInAlone()
    {
        var queue = new ReceiveQueue(capacity: 100, maxBytes: 100);

        queue.TryEnqueueRun(Messages(3), new[] { 40, 50, 20 }).Should().Be(2, "the third would take the queue to 110 bytes");
        queue.TakeQueued(new object[2]).Should().Be(2);

        queue.TryEnqueueRun(Messages(2), new[] { 500, 1 }).Should().Be(1, "a message over the bound is let into an empty queue, alone");
        queue.Bytes.Should().Be(500);
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task RunsQueuedWithoutAWakeUp_WakeTheWaitingReaderOnWakeReaders_OrOnceTheQueueIsHalfFull()
    {
        var queue = new ReceiveQueue(capacity: 8, maxBytes: 1_000_000);
        queue.WakeReaders(); // nobody waits, nothing queued: nothing happens

        ValueTask<object?> first = queue.TakeAsync(CancellationToken.None);
        first.IsCompleted.Should().BeFalse("the queue is empty");
        queue.TryEnqueueRun(Messages(3), Sizes(3, 1), wakeReaders: false).Should().Be(3);
        await Task.Delay(50);
        first.IsCompleted.Should().BeFalse("the runs were queued without waking the reader");
        queue.WakeReaders();
        (await first.AsTask().WaitAsync(TimeSpan.FromSeconds(10))).Should().Be(0);
        queue.TakeQueued(new object[8]).Should().Be(2);

        ValueTask<object?> second = queue.TakeAsync(CancellationToken.None);
        queue.TryEnqueueRun(Messages(3), Sizes(3, 1), wakeReaders: false).Should().Be(3);
        await Task.Delay(50);
        second.IsCompleted.Should().BeFalse("3 of 8 is less than half");
        queue.TryEnqueueRun(Messages(1), Sizes(1, 1), wakeReaders: false).Should().Be(1);
        (await second.AsTask().WaitAsync(TimeSpan.FromSeconds(10))).Should().Be(0, "4 of 8 is half: the reader is woken without WakeReaders");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task RunsQueuedWithoutAWakeUp_WakeTheWaitingReaderOnceHalfTheByteBoundIsTaken()
    {
        // Few large messages fill the byte bound long before the count bound: a full queue must have woken its reader.
        var queue = new ReceiveQueue(capacity: 1_000, maxBytes: 100);
        ValueTask<object?> first = queue.TakeAsync(CancellationToken.None);
        queue.TryEnqueueRun(Messages(1), Sizes(1, 30), wakeReaders: false).Should().Be(1);
        await Task.Delay(50);
        first.IsCompleted.Should().BeFalse("30 of 100 bytes is less than half");
        queue.TryEnqueueRun(Messages(3), Sizes(3, 30), wakeReaders: false).Should().Be(2, "a third would pass the bound");
        (await first.AsTask().WaitAsync(TimeSpan.FromSeconds(10))).Should().Be(0, "90 of 100 bytes is over half: the reader is woken");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AProducerWaitingForRoom_IsWokenOnlyOnceHalfTheQueueHasDrained()
    {
        var queue = new ReceiveQueue(capacity: 8, maxBytes: 1_000_000);
        queue.TryEnqueueRun(Messages(8), Sizes(8, 1)).Should().Be(8);

        Task waiting = queue.EnqueueAsync("next", 1, CancellationToken.None).AsTask();
        await Task.Delay(50);
        waiting.IsCompleted.Should().BeFalse("the queue is full");

        for (int i = 0; i < 3; i++)
        {
            queue.TryDequeue(out _).Should().BeTrue();
        }

        await Task.Delay(100);
        waiting.IsCompleted.Should().BeFalse("5 of 8 are still queued: waking the producer for each message taken would trade every message between the threads");

        queue.TryDequeue(out _).Should().BeTrue(); // 4 left: half
        await waiting.WaitAsync(TimeSpan.FromSeconds(10));
        queue.Count.Should().Be(5);
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AWaitingReader_IsWokenByARun_AndTakesItWhole()
    {
        var queue = new ReceiveQueue(capacity: 1_000, maxBytes: 1_000_000);
        ValueTask<bool> waiting = queue.WaitToReadAsync(CancellationToken.None);
        waiting.IsCompleted.Should().BeFalse();

        queue.TryEnqueueRun(Messages(100), Sizes(100, 30)).Should().Be(100);

        (await waiting.AsTask().WaitAsync(TimeSpan.FromSeconds(10))).Should().BeTrue();
        queue.TakeQueued(new object[1_000]).Should().Be(100);
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task Completion_DeliversWhatIsQueuedFirst_ThenTheFailure_AndReleasesAWaitingProducer()
    {
        var queue = new ReceiveQueue(capacity: 2, maxBytes: 1_000);
        queue.TryEnqueueRun(Messages(2), Sizes(2, 1)).Should().Be(2);
        Task producer = queue.EnqueueAsync("late", 1, CancellationToken.None).AsTask();
        var failure = new IpcException("the peer went away");

        queue.TryComplete(failure).Should().BeTrue();
        queue.TryComplete().Should().BeFalse("the first end stays");

        await FluentActions.Awaiting(() => producer.WaitAsync(TimeSpan.FromSeconds(10))).Should().ThrowAsync<ChannelClosedException>();
        queue.Completion.IsCompleted.Should().BeFalse("two messages are still queued");
        (await queue.TakeAsync(CancellationToken.None)).Should().Be(0);
        (await queue.TakeAsync(CancellationToken.None)).Should().Be(1);
        // Awaited, not only looked at: a faulted task nobody observes is reported by the finalizer as an unobserved
        // task exception, process-wide, where it once failed ConcurrencyTests' check running beside this class.
        (await FluentActions.Awaiting(() => queue.Completion.WaitAsync(TimeSpan.FromSeconds(10))).Should().ThrowAsync<IpcException>())
            .Which.Should().BeSameAs(failure);

        (await FluentActions.Awaiting(() => queue.TakeAsync(CancellationToken.None).AsTask()).Should().ThrowAsync<IpcException>())
            .Which.Should().BeSameAs(failure);
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AnEndWithoutFailure_EndsReadersWithNull()
    {
        var queue = new ReceiveQueue(capacity: 2, maxBytes: 1_000);
        Task<object?> reader = queue.TakeAsync(CancellationToken.None).AsTask();

        queue.TryComplete();

        (await reader.WaitAsync(TimeSpan.FromSeconds(10))).Should().BeNull();
        await queue.Completion.WaitAsync(TimeSpan.FromSeconds(10));
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ACanceledWait_ThrowsAndLeavesTheQueueUsable()
    {
        var queue = new ReceiveQueue(capacity: 2, maxBytes: 1_000);
        using var cancel = new CancellationTokenSource();
        Task<bool> waiting = queue.WaitToReadAsync(cancel.Token).AsTask();
        cancel.Cancel();
        await FluentActions.Awaiting(() => waiting).Should().ThrowAsync<OperationCanceledException>();

        queue.TryEnqueueRun(Messages(1), Sizes(1, 1)).Should().Be(1);
        (await queue.WaitToReadAsync(CancellationToken.None)).Should().BeTrue();
        (await queue.TakeAsync(CancellationToken.None)).Should().Be(0);
    }
}
