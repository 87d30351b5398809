using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.IO.Pipelines;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>The channels' meter and activity source, read with a MeterListener and an ActivityListener.</summary>
/// <remarks>
/// The instruments are process-wide. This class runs alone, after the parallel tests, but a channel another test left
/// behind can still record meanwhile (a request it left waiting fails when its timeout ends or its channel closes). So each
/// test marks its own flow (<see cref="Watch"/>) and counts only what is recorded in it: the calls it makes, and the
/// receive loops of the channels it opens, which start in its flow.
/// </remarks>
[Collection(nameof(TelemetryTests))]
public sealed class TelemetryTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);
    private static readonly AsyncLocal<TelemetryTests?> Watching = new();
    private readonly MeterListener _meters = new();
    private readonly ConcurrentDictionary<string, long> _totals = new();
    private long _queueDepth = -1;

    public TelemetryTests()
    {
        _meters.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == IpcTelemetry.Name)
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _meters.SetMeasurementEventCallback<long>((instrument, value, _, _) =>
        {
            if (!IsMine())
            {
                return;
            }

            if (instrument.Name == "fastserialization.ipc.receive_queue.depth")
            {
                Volatile.Write(ref _queueDepth, value);
            }
            else
            {
                _totals.AddOrUpdate(instrument.Name, value, (_, total) => total + value);
            }
        });
        _meters.Start();
    }

    public void Dispose() => _meters.Dispose();

    /// <summary>Marks the calling flow, and every flow it starts, as this test's: only what they record is counted.</summary>
    private void Watch() => Watching.Value = this;

    private bool IsMine() => ReferenceEquals(Watching.Value, this);

    private long Total(string name) => _totals.TryGetValue("fastserialization.ipc." + name, out long total) ? total : 0;

    private long QueueDepth()
    {
        _meters.RecordObservableInstruments();
        return Volatile.Read(ref _queueDepth);
    }

    private sealed class Duplex(PipeReader input, PipeWriter output) : IDuplexPipe
    {
        public PipeReader Input { get; } = input;

        public PipeWriter Output { get; } = output;
    }

    /// <summary>A pair of channels opened with the IDuplexPipe overload.</summary>
    private static async Task<(IpcChannel A, IpcChannel B)> OpenPairAsync(CustomBinaryFormatter? b = null)
    {
        DuplexPipes pipes = DuplexPipes.Create();
        Task<IpcChannel> openA = IpcChannel.CreateAsync(new Duplex(pipes.AReader, pipes.AWriter), Registry.Create());
        Task<IpcChannel> openB = IpcChannel.CreateAsync(new Duplex(pipes.BReader, pipes.BWriter), b ?? Registry.Create());
        return (await openA.WaitAsync(Timeout), await openB.WaitAsync(Timeout));
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task MessagesAndBytes_AreCountedEachWay_AndTheQueueDepthIsObserved()
    {
        Watch();
        (IpcChannel a, IpcChannel b) = await OpenPairAsync();
        long depthBefore = QueueDepth();
        for (int i = 0; i < 100; i++)
        {
            await a.SendAsync(Trade.Make(i));
        }

        await a.SendBatchAsync(Enumerable.Range(100, 50).Select(i => Trade.Make(i)).ToArray());
        await a.FlushAsync();
        Total("messages.sent").Should().Be(150);
        long bytes = Total("bytes.sent");
        CustomBinaryFormatter formatter = Registry.Create();
        bytes.Should().Be(Enumerable.Range(0, 150).Sum(i => (long)formatter.SerializeToArray(Trade.Make(i)).Length));

        // Nobody took them yet: the receive loop queued them.
        using (var deadline = new CancellationTokenSource(Timeout))
        {
            while (QueueDepth() - depthBefore < 150)
            {
                await Task.Delay(10, deadline.Token);
            }
        }

        var taken = new object[200];
        int got = 0;
        while (got < 150)
        {
            got += await b.ReceiveBatchAsync(taken.AsMemory(got)).AsTask().WaitAsync(Timeout);
        }

        QueueDepth().Should().Be(depthBefore, "every queued message was taken");
        Total("messages.received").Should().Be(150);
        Total("bytes.received").Should().Be(bytes);
        await a.DisposeAsync();
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task Requests_AreCounted_TheFailedOnesToo_AndEachHasAnActivity()
    {
        Watch();
        var activities = new ConcurrentQueue<Activity>();
        using var activityListener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == IpcTelemetry.Name,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = activity =>
            {
                if (IsMine())
                {
                    activities.Enqueue(activity);
                }
            },
        };
        ActivitySource.AddActivityListener(activityListener);
        (IpcChannel a, IpcChannel b) = await OpenPairAsync();
        Task answering = Task.Run(async () =>
        {
            var first = (IpcRequest)(await b.ReceiveAsync())!;
            await first.RespondAsync(new Pong { Id = 1 });
            var second = (IpcRequest)(await b.ReceiveAsync())!;
            await second.FailAsync("no");
        });

        (await a.RequestAsync<Pong>(new Ping { Id = 1 }).WaitAsync(Timeout)).Id.Should().Be(1);
        Func<Task> failing = () => a.RequestAsync<Pong>(new Ping { Id = 2 }).WaitAsync(Timeout);
        await failing.Should().ThrowAsync<IpcException>().WithMessage("*no*");
        await answering.WaitAsync(Timeout);

        Total("requests").Should().Be(2);
        Total("requests.failed").Should().Be(1);
        Activity[] requests = activities.Where(x => x.OperationName == IpcTelemetry.RequestActivityName).ToArray();
        requests.Should().HaveCount(2);
        requests.Select(x => x.Kind).Should().AllBeEquivalentTo(ActivityKind.Client);
        requests.Select(x => x.Status).Should().BeEquivalentTo(new[] { ActivityStatusCode.Unset, ActivityStatusCode.Error });
        requests.Select(x => x.GetTagItem("fastserialization.ipc.request.type")).Should().AllBeEquivalentTo(typeof(Ping).FullName);
        await a.DisposeAsync();
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ARefusedHandshake_IsCountedOnBothSides()
    {
        Watch();
        Func<Task> open = () => OpenPairAsync(Registry.CreateMismatched());
        await open.Should().ThrowAsync<IpcHandshakeException>();
        using var deadline = new CancellationTokenSource(Timeout);
        while (Total("handshakes.refused") < 2)
        {
            await Task.Delay(10, deadline.Token); // the other side's refusal may still be on its way
        }

        Total("handshakes.refused").Should().Be(2);
    }
}

[CollectionDefinition(nameof(TelemetryTests), DisableParallelization = true)]
public sealed class TelemetryTestsCollection
{
}
