using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>The lock that guards a channel's sends and its calling-thread pump.</summary>
public class AsyncGateTests
{
    private static readonly TimeSpan Long = TimeSpan.FromSeconds(30);

    [Fact]
    public void TryEnter_TakesAFreeGate_AndRefusesAHeldOne()
    {
        var gate = new AsyncGate();

        gate.TryEnter().Should().BeTrue();
        gate.TryEnter().Should().BeFalse();
        gate.Exit();
        gate.TryEnter().Should().BeTrue();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task EnterAsync_WaitsForTheHolderToLeave()
    {
        var gate = new AsyncGate();
        gate.TryEnter().Should().BeTrue();

        Task entering = gate.EnterAsync(CancellationToken.None).AsTask();
        await Task.Delay(50);
        entering.IsCompleted.Should().BeFalse("the gate is held");

        gate.Exit();
        await entering.WaitAsync(Long);
        gate.TryEnter().Should().BeFalse("the waiter holds it now");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task EnterOrAsync_ReturnsFalse_WhenTheOtherTaskCompletesFirst_WithoutTakingTheGate()
    {
        var gate = new AsyncGate();
        gate.TryEnter().Should().BeTrue();
        var other = new TaskCompletionSource();

        Task<bool> waiting = gate.EnterOrAsync(other.Task, CancellationToken.None).AsTask();
        other.SetResult();

        (await waiting.WaitAsync(Long)).Should().BeFalse();
        gate.Exit();
        gate.TryEnter().Should().BeTrue("the waiter that gave up does not hold the gate");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task EnterOrAsync_ReturnsTrue_WhenTheGateIsFreedFirst()
    {
        var gate = new AsyncGate();
        gate.TryEnter().Should().BeTrue();
        var other = new TaskCompletionSource();

        Task<bool> waiting = gate.EnterOrAsync(other.Task, CancellationToken.None).AsTask();
        gate.Exit();

        (await waiting.WaitAsync(Long)).Should().BeTrue();
        gate.TryEnter().Should().BeFalse();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ACanceledWait_Throws_AndLeavesTheGateToOthers()
    {
        var gate = new AsyncGate();
        gate.TryEnter().Should().BeTrue();
        using var cancel = new CancellationTokenSource();

        Task entering = gate.EnterAsync(cancel.Token).AsTask();
        cancel.Cancel();

        await FluentActions.Awaiting(() => entering).Should().ThrowAsync<OperationCanceledException>();
        gate.Exit();
        gate.TryEnter().Should().BeTrue();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task TryEnterAsync_GivesUpAfterItsTimeout()
    {
        var gate = new AsyncGate();
        gate.TryEnter().Should().BeTrue();

        (await gate.TryEnterAsync(TimeSpan.FromMilliseconds(50))).Should().BeFalse();
        gate.Exit();
        (await gate.TryEnterAsync(TimeSpan.FromMilliseconds(50))).Should().BeTrue();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ManyContenders_NeverHoldItTogether()
    {
        var gate = new AsyncGate();
        int inside = 0;
        int overlaps = 0;
        long count = 0;
        const int Tasks = 8, Rounds = 20_000;

        await Task.WhenAll(Enumerable.Range(0, Tasks).Select(t => Task.Run(async () =>
        {
            for (int i = 0; i < Rounds; i++)
            {
                if ((i + t) % 3 == 0 && gate.TryEnter())
                {
                    // taken without waiting
                }
                else
                {
                    await gate.EnterAsync(CancellationToken.None);
                }

                if (Interlocked.Increment(ref inside) != 1)
                {
                    Interlocked.Increment(ref overlaps);
                }

                count++; // not atomic on purpose: only the gate makes it exact
                if (i % 100 == 0)
                {
                    await Task.Yield();
                }

                Interlocked.Decrement(ref inside);
                gate.Exit();
            }
        }))).WaitAsync(TimeSpan.FromMinutes(2));

        overlaps.Should().Be(0);
        count.Should().Be(Tasks * Rounds);
    }
}
