using System;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>The auto-reset signal a shared-memory side sleeps on until the peer's doorbell rings.</summary>
public class AsyncSignalTests
{
    [Fact]
    public void ASetWithNobodyWaiting_IsKeptForTheNextWait_Once()
    {
        var signal = new AsyncSignal();
        signal.Set();

        signal.WaitAsync(CancellationToken.None).IsCompleted.Should().BeTrue();
        signal.WaitAsync(CancellationToken.None).IsCompleted.Should().BeFalse("the set was used up by the first wait");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ASetAfterACanceledWait_IsNotLost_TheNextWaitSeesIt()
    {
        var signal = new AsyncSignal();
        using var cancel = new CancellationTokenSource();
        Task canceled = signal.WaitAsync(cancel.Token);
        cancel.Cancel();
        await FluentActions.Awaiting(() => canceled).Should().ThrowAsync<OperationCanceledException>();

        signal.Set(); // the peer rings after the wait gave up

        Task next = signal.WaitAsync(CancellationToken.None);
        next.IsCompleted.Should().BeTrue("a ring spent on a withdrawn wait would leave this side asleep with data waiting");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AWaitingSide_IsWokenBySet()
    {
        var signal = new AsyncSignal();
        using var cancel = new CancellationTokenSource();
        Task waiting = signal.WaitAsync(cancel.Token);
        waiting.IsCompleted.Should().BeFalse();

        signal.Set();

        await waiting.WaitAsync(TimeSpan.FromSeconds(30));
    }
}
