using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>SendBatchAsync and ReceiveBatchAsync between two ends in one process (pipes and shared memory).</summary>
public class BatchTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);

    /// <summary>A type no registry knows.</summary>
    private sealed class Unregistered
    {
    }

    private static async Task<(IpcChannel A, IpcChannel B, IAsyncDisposable? Server)> OpenAsync(IpcTransport? transport, bool callingThread, int? chunk = null)
    {
        var options = new IpcChannelOptions { ReceiveOnCallingThread = callingThread };
        if (transport is { } named)
        {
            string name = Names.Unique("batch");
            IpcServer server = IpcServer.Listen(name, Registry.Create(), named, options);
            Task<IpcChannel> accept = server.AcceptAsync();
            IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), named, options).WaitAsync(Timeout);
            return (client, await accept.WaitAsync(Timeout), server);
        }

        DuplexPipes pipes = DuplexPipes.Create(chunk);
        Task<IpcChannel> openA = IpcChannel.CreateAsync(pipes.AReader, pipes.AWriter, Registry.Create(), options);
        Task<IpcChannel> openB = IpcChannel.CreateAsync(pipes.BReader, pipes.BWriter, Registry.Create(), options);
        return (await openA, await openB, null);
    }

    private static async Task<List<object>> ReceiveAllInBatchesAsync(IpcChannel channel, int batchSize)
    {
        var all = new List<object>();
        var batch = new object[batchSize];
        using var cts = new CancellationTokenSource(Timeout);
        int got;
        while ((got = await channel.ReceiveBatchAsync(batch, cts.Token)) > 0)
        {
            got.Should().BeLessThanOrEqualTo(batchSize);
            all.AddRange(batch.Take(got));
        }

        return all;
    }

    public static TheoryData<IpcTransport?, bool, int?> Setups() => new()
    {
        { null, false, null },
        { null, true, null },
        { null, false, 7 }, // records cut across reads
        { null, true, 7 },
        { IpcTransport.UnixSocket, false, null },
        { IpcTransport.UnixSocket, true, null },
        { IpcTransport.SharedMemory, false, null },
        { IpcTransport.SharedMemory, true, null },
    };

    [Theory(Timeout = TestTimeouts.Test)]
    [MemberData(nameof(Setups))]
    public async Task Batches_ArriveWhole_InOrder_AndTheEndReturnsZero(IpcTransport? transport, bool callingThread, int? chunk)
    {
        (IpcChannel a, IpcChannel b, IAsyncDisposable? server) = await OpenAsync(transport, callingThread, chunk);
        await using IAsyncDisposable? _ = server;
        Task<List<object>> received = ReceiveAllInBatchesAsync(b, 64);
        long next = 0;
        foreach (int size in new[] { 1, 2, 1000, 5000, 3, 64, 65 })
        {
            Trade[] trades = Enumerable.Range(0, size).Select(i => Trade.Make(next + i)).ToArray();
            next += size;
            // An array, with the type argument named (the array overload spares that call an ambiguity error), or a list.
            await (size % 2 == 0 ? a.SendBatchAsync<Trade>(trades) : a.SendBatchAsync<Trade>(trades.ToList())).WaitAsync(Timeout);
        }

        await a.SendBatchAsync(ReadOnlyMemory<Trade>.Empty).WaitAsync(Timeout); // nothing to send: completes
        await a.DisposeAsync();
        List<object> messages = await received.WaitAsync(Timeout);
        messages.Cast<Trade>().Select(t => t.Sequence).Should().Equal(Enumerable.Range(0, (int)next).Select(i => (long)i));
        (await b.ReceiveBatchAsync(new object[4]).AsTask().WaitAsync(Timeout)).Should().Be(0, "the channel ended");
        await b.DisposeAsync();
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [MemberData(nameof(Setups))]
    public async Task RecordsAroundAndOverTheBatchBuffersSize_ArriveWholeAndInOrder(IpcTransport? transport, bool callingThread, int? chunk)
    {
        // A batch packs its records into a buffer of a few KiB before handing them to the transport: records that
        // nearly fill it, that do not fit in what is left of it, and that are larger than all of it (written on
        // their own), among small ones.
        (IpcChannel a, IpcChannel b, IAsyncDisposable? server) = await OpenAsync(transport, callingThread, chunk);
        await using IAsyncDisposable? _ = server;
        Task<List<object>> received = ReceiveAllInBatchesAsync(b, 16);
        int[] symbolLengths = { 3, 4000, 3, 4050, 4096, 5, 10_000, 3, 3, 20_000, 4030, 4060, 7 };
        Trade[] trades = symbolLengths
            .Select((length, i) => new Trade { Sequence = i, Price = i, Amount = 1, Symbol = new string((char)('a' + (i % 26)), length) })
            .ToArray();
        await a.SendBatchAsync<Trade>(trades).WaitAsync(Timeout);
        await a.SendBatchAsync<Trade>(trades.Reverse().ToList()).WaitAsync(Timeout);
        await a.DisposeAsync();

        List<Trade> messages = (await received.WaitAsync(Timeout)).Cast<Trade>().ToList();
        messages.Select(t => t.Sequence).Should().Equal(trades.Select(t => t.Sequence).Concat(trades.Reverse().Select(t => t.Sequence)));
        messages.Select(t => t.Symbol).Should().Equal(trades.Select(t => t.Symbol).Concat(trades.Reverse().Select(t => t.Symbol)));
        await b.DisposeAsync();
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(null, false)]
    [InlineData(null, true)]
    [InlineData(IpcTransport.SharedMemory, false)]
    [InlineData(IpcTransport.SharedMemory, true)]
    public async Task AMessageThatCannotBeWritten_FailsTheBatchThere_TheOnesBeforeItAreSent_AndTheChannelGoesOn(IpcTransport? transport, bool callingThread)
    {
        (IpcChannel a, IpcChannel b, IAsyncDisposable? server) = await OpenAsync(transport, callingThread);
        await using IAsyncDisposable? _ = server;
        var batch = new object[] { Trade.Make(0), Trade.Make(1), new Unregistered(), Trade.Make(99) };
        Func<Task> send = () => a.SendBatchAsync(batch);
        await send.Should().ThrowAsync<FastSerializationException>();
        Func<Task> sendNull = () => a.SendBatchAsync(new Trade?[] { Trade.Make(2), null });
        await sendNull.Should().ThrowAsync<ArgumentNullException>();
        Func<Task> sendNullArray = () => a.SendBatchAsync((Trade[])null!);
        await sendNullArray.Should().ThrowAsync<ArgumentNullException>().WithParameterName("messages");
        await a.SendBatchAsync(new[] { Trade.Make(3) }).WaitAsync(Timeout);
        await a.DisposeAsync();

        List<object> messages = await ReceiveAllInBatchesAsync(b, 16);
        messages.Cast<Trade>().Select(t => t.Sequence).Should().Equal(0, 1, 2, 3);
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ABatchOnAClosedChannel_ThrowsIpcException()
    {
        (IpcChannel a, IpcChannel b, IAsyncDisposable? _) = await OpenAsync(null, callingThread: false);
        await a.DisposeAsync();
        Func<Task> send = () => a.SendBatchAsync(new[] { Trade.Make(0) });
        await send.Should().ThrowAsync<IpcException>();
        await b.DisposeAsync();
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(false)]
    [InlineData(true)]
    public async Task RequestsInABatchReceive_ArriveAsIpcRequests_AndCanBeAnswered(bool callingThread)
    {
        (IpcChannel a, IpcChannel b, IAsyncDisposable? _) = await OpenAsync(null, callingThread);
        Task<Pong> response = a.RequestAsync<Pong>(new Ping { Id = 5 });
        var batch = new object[8];
        int got = await b.ReceiveBatchAsync(batch).AsTask().WaitAsync(Timeout);
        got.Should().Be(1);
        var request = batch[0].Should().BeOfType<IpcRequest>().Subject;
        await request.RespondAsync(new Pong { Id = 6 });
        (await response.WaitAsync(Timeout)).Id.Should().Be(6);
        await a.DisposeAsync();
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AnEmptyDestination_ReturnsZero_WithoutTakingAMessage()
    {
        (IpcChannel a, IpcChannel b, IAsyncDisposable? _) = await OpenAsync(null, callingThread: false);
        await a.SendAsync(Trade.Make(0));
        await a.FlushAsync();
        (await b.ReceiveBatchAsync(Memory<object>.Empty)).Should().Be(0);
        ((Trade)(await b.ReceiveAsync().AsTask().WaitAsync(Timeout))!).Sequence.Should().Be(0);
        await a.DisposeAsync();
        await b.DisposeAsync();
    }
}
