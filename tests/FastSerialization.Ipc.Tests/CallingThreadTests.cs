using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// <see cref="IpcChannelOptions.ReceiveOnCallingThread"/>: no receive loop; ReceiveAsync, ReadAllAsync and a
/// RequestAsync waiting for its response read the transport themselves ("the pump"). Unless a test says
/// otherwise, both ends of the pair receive on the calling thread.
/// </summary>
public class CallingThreadTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);

    /// <summary>What carries the bytes between the two ends of a pair.</summary>
    public enum Link
    {
        /// <summary>Two in-memory pipes (<see cref="DuplexPipes"/>).</summary>
        Pipes,

        /// <summary>In-memory pipes that deliver at most 3 bytes per read: every record arrives in pieces.</summary>
        PipesInPieces,

        /// <summary>Two in-memory streams (<see cref="LoopbackStream"/>) that close as a socket's stream does.</summary>
        Stream,

        /// <summary>A named server and client over a Unix domain socket.</summary>
        UnixSocket,

        /// <summary>A named server and client over shared-memory rings.</summary>
        SharedMemory,
    }

    private static IpcChannelOptions CallingThread(int receiveQueueCapacity = 1024) =>
        new() { ReceiveOnCallingThread = true, ReceiveQueueCapacity = receiveQueueCapacity };

    /// <summary>Opens <see cref="Pair.Channel"/> (the end under test) and <see cref="Pair.Peer"/>.</summary>
    internal static async Task<Pair> OpenAsync(Link link, IpcChannelOptions? channelOptions = null, IpcChannelOptions? peerOptions = null)
    {
        channelOptions ??= CallingThread();
        peerOptions ??= CallingThread();
        if (link is Link.Pipes or Link.PipesInPieces)
        {
            DuplexPipes pipes = DuplexPipes.Create(link == Link.PipesInPieces ? 3 : null);
            Task<IpcChannel> peer = IpcChannel.CreateAsync(pipes.AReader, pipes.AWriter, Registry.Create(), peerOptions);
            Task<IpcChannel> channel = IpcChannel.CreateAsync(pipes.BReader, pipes.BWriter, Registry.Create(), channelOptions);
            return new Pair(await channel.WaitAsync(Timeout), await peer.WaitAsync(Timeout), pipes, server: null);
        }

        if (link == Link.Stream)
        {
            (LoopbackStream a, LoopbackStream b) = LoopbackStream.CreatePair();
            Task<IpcChannel> peer = IpcChannel.CreateAsync(a, Registry.Create(), peerOptions);
            Task<IpcChannel> channel = IpcChannel.CreateAsync(b, Registry.Create(), channelOptions);
            return new Pair(await channel.WaitAsync(Timeout), await peer.WaitAsync(Timeout), pipes: null, server: null);
        }

        IpcTransport transport = link == Link.SharedMemory ? IpcTransport.SharedMemory : IpcTransport.UnixSocket;
        string name = Names.Unique("calling");
        IpcServer server = IpcServer.Listen(name, Registry.Create(), transport, channelOptions);
        Task<IpcChannel> accept = server.AcceptAsync();
        IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), transport, peerOptions).WaitAsync(Timeout);
        return new Pair(await accept.WaitAsync(Timeout), client, pipes: null, server);
    }

    /// <summary>The next message, failing the test instead of hanging it.</summary>
    internal static async Task<object?> NextAsync(IpcChannel channel) => await channel.ReceiveAsync().AsTask().WaitAsync(Timeout);

    private static async Task<long> NextTradeAsync(IpcChannel channel)
    {
        object? message = await NextAsync(channel);
        return message.Should().BeOfType<Trade>().Subject.Sequence;
    }

    private static IEnumerable<long> Sequences(int from, int count) => Enumerable.Range(from, count).Select(i => (long)i);

    /// <summary>On another thread: sends trades 0 to <paramref name="count"/> - 1, then closes <paramref name="peer"/>.</summary>
    private static Task SendTradesThenCloseAsync(IpcChannel peer, int count) => Task.Run(async () =>
    {
        for (int i = 0; i < count; i++)
        {
            await peer.SendAsync(Trade.Make(i));
        }

        await peer.DisposeAsync();
    });

    // 1. Order, and the end of the channel.
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.Pipes)]
    [InlineData(Link.PipesInPieces)]
    [InlineData(Link.Stream)]
    [InlineData(Link.UnixSocket)]
    [InlineData(Link.SharedMemory)]
    public async Task Messages_ArriveInOrder_ThroughReceiveAsync_ThenNullWhenThePeerCloses(Link link)
    {
        await using Pair pair = await OpenAsync(link);
        const int Count = 3_000;
        Task send = SendTradesThenCloseAsync(pair.Peer, Count);

        var sequences = new List<long>(Count);
        for (int i = 0; i < Count; i++)
        {
            sequences.Add(await NextTradeAsync(pair.Channel));
        }

        sequences.Should().Equal(Sequences(0, Count));
        (await NextAsync(pair.Channel)).Should().BeNull("the peer closed the channel");
        pair.Channel.Completion.IsCompletedSuccessfully.Should().BeTrue("the read that saw the goodbye ended receiving");
        (await NextAsync(pair.Channel)).Should().BeNull("the end stays the end");
        await send.WaitAsync(Timeout);
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.Pipes)]
    [InlineData(Link.PipesInPieces)]
    [InlineData(Link.Stream)]
    [InlineData(Link.UnixSocket)]
    [InlineData(Link.SharedMemory)]
    public async Task Messages_ArriveInOrder_ThroughReadAllAsync_WhichEndsNormallyWhenThePeerCloses(Link link)
    {
        await using Pair pair = await OpenAsync(link);
        const int Count = 3_000;
        Task send = SendTradesThenCloseAsync(pair.Peer, Count);

        var sequences = new List<long>(Count);
        using var cts = new CancellationTokenSource(Timeout);
        await foreach (object message in pair.Channel.ReadAllAsync(cts.Token))
        {
            sequences.Add(message is Trade trade ? trade.Sequence : -1);
        }

        sequences.Should().Equal(Sequences(0, Count));
        pair.Channel.Completion.IsCompletedSuccessfully.Should().BeTrue("the read that saw the goodbye ended receiving");
        await send.WaitAsync(Timeout);
    }

    // 2. A request pumps for itself; what it read on the way waits for ReceiveAsync.
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.Pipes)]
    [InlineData(Link.PipesInPieces)]
    [InlineData(Link.Stream)]
    [InlineData(Link.UnixSocket)]
    [InlineData(Link.SharedMemory)]
    public async Task ARequest_WithNobodyReceiving_ReadsItsOwnResponse_AndTheMessagesBeforeItComeToReceiveAsyncInOrder(Link link)
    {
        await using Pair pair = await OpenAsync(link);
        IpcChannel peer = pair.Peer;
        IpcChannel channel = pair.Channel;

        // Before the response: trades 0-9 and a request of the peer's own (which its own wait pumps for).
        for (int i = 0; i < 10; i++)
        {
            await peer.SendAsync(Trade.Make(i));
        }

        Task<Pong> peersRequest = peer.RequestAsync<Pong>(new Ping { Id = 77 });
        await peer.FlushAsync();
        Task serve = Task.Run(async () =>
        {
            var request = (IpcRequest)(await NextAsync(peer))!;
            await request.RespondAsync(new Pong { Id = ((Ping)request.Message).Id + 1000 });
            for (int i = 10; i < 15; i++)
            {
                await peer.SendAsync(Trade.Make(i)); // after the response: read by ReceiveAsync itself
            }

            await peer.FlushAsync();
        });

        Pong pong = await channel.RequestAsync<Pong>(new Ping { Id = 1 }).WaitAsync(Timeout);
        pong.Id.Should().Be(1001);
        await serve.WaitAsync(Timeout);

        var received = new List<object>();
        for (int i = 0; i < 16; i++)
        {
            received.Add((await NextAsync(channel))!);
        }

        received.OfType<Trade>().Select(t => t.Sequence).Should().Equal(Sequences(0, 15));
        IpcRequest fromPeer = received.OfType<IpcRequest>().Should().ContainSingle().Subject;
        ((Ping)fromPeer.Message).Id.Should().Be(77);
        received.IndexOf(fromPeer).Should().BeGreaterThan(received.FindIndex(m => m is Trade { Sequence: 9 }), "the peer sent its request after trade 9");
        received.Should().HaveCount(16);

        // The peer's request, delivered through the inbox, can be answered; the peer's own wait reads the answer.
        await fromPeer.RespondAsync(new Pong { Id = 78 });
        (await peersRequest.WaitAsync(Timeout)).Id.Should().Be(78);
    }

    // 3. A request while a ReceiveAsync holds the pump.
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.Pipes)]
    [InlineData(Link.PipesInPieces)]
    [InlineData(Link.Stream)]
    [InlineData(Link.UnixSocket)]
    [InlineData(Link.SharedMemory)]
    public async Task ARequest_WhileAReceiveAsyncIsPumping_GetsItsResponse_AndTheReceiverGetsTheMessages(Link link)
    {
        await using Pair pair = await OpenAsync(link);
        ValueTask<object?> receiving = pair.Channel.ReceiveAsync();
        receiving.IsCompleted.Should().BeFalse("nothing was sent yet: the receiver waits inside the transport, holding the pump");

        Task serve = Task.Run(async () =>
        {
            var request = (IpcRequest)(await NextAsync(pair.Peer))!;
            await request.RespondAsync(new Pong { Id = ((Ping)request.Message).Id * 2 });
            for (int i = 0; i < 3; i++)
            {
                await pair.Peer.SendAsync(Trade.Make(i));
            }

            await pair.Peer.FlushAsync();
        });

        Pong pong = await Task.Run(() => pair.Channel.RequestAsync<Pong>(new Ping { Id = 21 })).WaitAsync(Timeout);
        pong.Id.Should().Be(42);
        object? first = await receiving.AsTask().WaitAsync(Timeout);
        first.Should().BeOfType<Trade>().Which.Sequence.Should().Be(0, "the response went to the request, not to the receiver");
        (await NextTradeAsync(pair.Channel)).Should().Be(1);
        (await NextTradeAsync(pair.Channel)).Should().Be(2);
        await serve.WaitAsync(Timeout);
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.Pipes)]
    [InlineData(Link.PipesInPieces)]
    [InlineData(Link.UnixSocket)]
    [InlineData(Link.SharedMemory)]
    public async Task AReceiver_WaitingBehindAPumpingRequest_GetsEveryMessageTheRequestReads_InOrder(Link link)
    {
        // A small inbox: the request's pump can only go on while the receiver takes what it queues.
        await using Pair pair = await OpenAsync(link, channelOptions: CallingThread(receiveQueueCapacity: 4));
        const int Before = 500;
        const int After = 20;
        Task serve = Task.Run(async () =>
        {
            var request = (IpcRequest)(await NextAsync(pair.Peer))!;
            for (int i = 0; i < Before; i++)
            {
                await pair.Peer.SendAsync(Trade.Make(i));
            }

            await request.RespondAsync(new Pong { Id = ((Ping)request.Message).Id });
            for (int i = Before; i < Before + After; i++)
            {
                await pair.Peer.SendAsync(Trade.Make(i));
            }

            await pair.Peer.FlushAsync();
        });

        Task<Pong> requesting = pair.Channel.RequestAsync<Pong>(new Ping { Id = 9 });
        var sequences = new List<long>();
        for (int i = 0; i < Before + After; i++)
        {
            sequences.Add(await NextTradeAsync(pair.Channel));
        }

        sequences.Should().Equal(Sequences(0, Before + After));
        (await requesting.WaitAsync(Timeout)).Id.Should().Be(9);
        await serve.WaitAsync(Timeout);
    }

    // 4. Many requests at once.
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.Pipes)]
    [InlineData(Link.PipesInPieces)]
    [InlineData(Link.UnixSocket)]
    [InlineData(Link.SharedMemory)]
    public async Task ManyConcurrentRequests_EachGetTheResponseToItsOwnRequest_AndMessagesBetweenThemStayInOrder(Link link)
    {
        await using Pair pair = await OpenAsync(link);
        const int Tasks = 8;
        const int Each = 200;
        var lateAnswers = new ConcurrentBag<Task>();
        Task serve = Task.Run(async () =>
        {
            int answered = 0;
            await foreach (object message in pair.Peer.ReadAllAsync())
            {
                var request = (IpcRequest)message;
                long id = ((Ping)request.Message).Id;
                if (id % 3 == 0)
                {
                    lateAnswers.Add(Task.Run(() => request.RespondAsync(new Pong { Id = id }))); // out of order
                }
                else
                {
                    await request.RespondAsync(new Pong { Id = id });
                }

                if (++answered % 10 == 0)
                {
                    await pair.Peer.SendAsync(Trade.Make((answered / 10) - 1)); // read by whichever request pumps
                }
            }
        });

        long[][] answers = await Task.WhenAll(Enumerable.Range(0, Tasks).Select(task => Task.Run(async () =>
        {
            var ids = new long[Each];
            for (int i = 0; i < Each; i++)
            {
                Pong pong = await pair.Channel.RequestAsync<Pong>(new Ping { Id = (task * 1000) + i });
                ids[i] = pong.Id;
            }

            return ids;
        }))).WaitAsync(Timeout);

        for (int task = 0; task < Tasks; task++)
        {
            answers[task].Should().Equal(Enumerable.Range(0, Each).Select(i => (long)((task * 1000) + i)), $"task {task} got the responses to its own requests");
        }

        var sequences = new List<long>();
        for (int i = 0; i < Tasks * Each / 10; i++)
        {
            sequences.Add(await NextTradeAsync(pair.Channel));
        }

        sequences.Should().Equal(Sequences(0, Tasks * Each / 10));
        await Task.WhenAll(lateAnswers).WaitAsync(Timeout);
        await pair.Channel.DisposeAsync();
        await serve.WaitAsync(Timeout);
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.Pipes)]
    [InlineData(Link.UnixSocket)]
    [InlineData(Link.SharedMemory)]
    public async Task RequestsBothWaysAtOnce_WhileEachSideAlsoServes_EachGetTheirOwnResponses(Link link)
    {
        await using Pair pair = await OpenAsync(link);
        Task serveOnChannel = ServeAsync(pair.Channel, 1);
        Task serveOnPeer = ServeAsync(pair.Peer, 2);

        Task<Pong[]>[] requests = Enumerable.Range(0, 8).Select(task => Task.Run(async () =>
        {
            IpcChannel side = task % 2 == 0 ? pair.Channel : pair.Peer;
            var pongs = new Pong[100];
            for (int i = 0; i < 100; i++)
            {
                pongs[i] = await side.RequestAsync<Pong>(new Ping { Id = (task * 1000) + i });
            }

            return pongs;
        })).ToArray();

        Pong[][] answers = await Task.WhenAll(requests).WaitAsync(Timeout);
        for (int task = 0; task < 8; task++)
        {
            answers[task].Select(p => p.Id).Should().Equal(Enumerable.Range(0, 100).Select(i => (long)((task * 1000) + i)));
            answers[task].Select(p => p.ProcessId).Should().OnlyContain(id => id == (task % 2 == 0 ? 2 : 1), "the other side served the request");
        }

        await pair.Channel.DisposeAsync();
        await serveOnChannel.WaitAsync(Timeout);
        await serveOnPeer.WaitAsync(Timeout);

        static Task ServeAsync(IpcChannel side, int processId) => Task.Run(async () =>
        {
            await foreach (object message in side.ReadAllAsync())
            {
                var request = (IpcRequest)message;
                await request.RespondAsync(new Pong { Id = ((Ping)request.Message).Id, ProcessId = processId });
            }
        });
    }

    // 5. A full inbox and a request that times out: the message it could not queue is kept, in order.
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.Pipes)]
    [InlineData(Link.PipesInPieces)]
    [InlineData(Link.Stream)]
    [InlineData(Link.UnixSocket)]
    [InlineData(Link.SharedMemory)]
    public async Task AFullInbox_AndRequestsThatTimeOut_LoseNoMessage_AndDuplicateNone(Link link)
    {
        await using Pair pair = await OpenAsync(link, channelOptions: CallingThread(receiveQueueCapacity: 1));
        IpcChannel channel = pair.Channel;
        IpcChannel peer = pair.Peer;
        const int Count = 6;
        for (int i = 0; i < Count; i++)
        {
            await peer.SendAsync(Trade.Make(i));
        }

        await peer.FlushAsync();

        // Nobody answers yet (the peer does not even read). The first wait fills the inbox and keeps the
        // next message aside; the second starts by trying to queue that one, and times out too.
        Func<Task> first = () => channel.RequestAsync<Pong>(new Ping { Id = 1 }, TimeSpan.FromMilliseconds(300));
        await first.Should().ThrowAsync<TimeoutException>().WithMessage("No response to request 1 (*Ping) within 00:00:00.3*");
        Func<Task> second = () => channel.RequestAsync<Pong>(new Ping { Id = 2 }, TimeSpan.FromMilliseconds(300));
        await second.Should().ThrowAsync<TimeoutException>().WithMessage("No response to request 2 (*Ping) within 00:00:00.3*");

        var sequences = new List<long>();
        for (int i = 0; i < Count; i++)
        {
            sequences.Add(await NextTradeAsync(channel));
        }

        sequences.Should().Equal(Sequences(0, Count));

        // Now the peer answers everything: the late responses to requests 1 and 2 are dropped, request 3 gets its own.
        var requestIds = new List<long>();
        Task serve = Task.Run(async () =>
        {
            await foreach (object message in peer.ReadAllAsync())
            {
                var request = (IpcRequest)message;
                long id = ((Ping)request.Message).Id;
                requestIds.Add(id);
                await request.RespondAsync(new Pong { Id = id });
                if (id == 3)
                {
                    await peer.SendAsync(new Summary { Count = 99 });
                }
            }
        });

        (await channel.RequestAsync<Pong>(new Ping { Id = 3 }).WaitAsync(Timeout)).Id.Should().Be(3);
        (await NextAsync(channel)).Should().BeOfType<Summary>("a late response is no message").Which.Count.Should().Be(99);
        await channel.DisposeAsync();
        await serve.WaitAsync(Timeout);
        requestIds.Should().Equal(1, 2, 3);
    }

    // 6. A failed request.
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.Pipes, false)]
    [InlineData(Link.Pipes, true)]
    [InlineData(Link.PipesInPieces, true)]
    [InlineData(Link.UnixSocket, false)]
    [InlineData(Link.UnixSocket, true)]
    [InlineData(Link.SharedMemory, false)]
    [InlineData(Link.SharedMemory, true)]
    public async Task ARequestThePeerFails_ThrowsIpcExceptionWithItsText_AndTheChannelGoesOn(Link link, bool whileAReceiveAsyncPumps)
    {
        await using Pair pair = await OpenAsync(link);
        Task serve = Task.Run(async () =>
        {
            await foreach (object message in pair.Peer.ReadAllAsync())
            {
                var request = (IpcRequest)message;
                long id = ((Ping)request.Message).Id;
                switch (id)
                {
                    case 7:
                        await request.FailAsync("no pong for 7");
                        break;
                    case 8:
                        await request.RespondAsync(new Summary { Count = 8 });
                        break;
                    default:
                        await request.RespondAsync(new Pong { Id = id });
                        await pair.Peer.SendAsync(Trade.Make(id));
                        break;
                }
            }
        });

        ValueTask<object?> receiving = whileAReceiveAsyncPumps ? pair.Channel.ReceiveAsync() : default;
        Func<Task> failed = () => Task.Run(() => pair.Channel.RequestAsync<Pong>(new Ping { Id = 7 }));
        (await failed.Should().ThrowAsync<IpcException>()).Which.Message.Should().Be("The peer failed request 1: no pong for 7");
        Func<Task> wrongType = () => Task.Run(() => pair.Channel.RequestAsync<Pong>(new Ping { Id = 8 }));
        await wrongType.Should().ThrowAsync<IpcException>().WithMessage("The response to request 2 is a *Summary, not the *Pong that was expected.");
        (await Task.Run(() => pair.Channel.RequestAsync<Pong>(new Ping { Id = 9 })).WaitAsync(Timeout)).Id.Should().Be(9);

        object? trade = whileAReceiveAsyncPumps ? await receiving.AsTask().WaitAsync(Timeout) : await NextAsync(pair.Channel);
        trade.Should().BeOfType<Trade>().Which.Sequence.Should().Be(9, "the failure and the responses went to their requests, not to the receiver");
        await pair.Channel.DisposeAsync();
        await serve.WaitAsync(Timeout);
    }

    // 8. The peer vanishes without a goodbye.
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(false, false)]
    [InlineData(true, false)]
    [InlineData(false, true)]
    [InlineData(true, true)]
    public async Task ThePeerVanishing_DeliversEveryCompleteRecord_ThenThrowsIpcException(bool insideARecord, bool whileARequestPumps)
    {
        await using Pair pair = await OpenAsync(Link.Pipes);
        DuplexPipes pipes = pair.Pipes!;
        string expected = insideARecord ? "*inside a record*partial record was dropped*" : "*without closing the channel*";
        Task<Pong>? request = whileARequestPumps ? pair.Channel.RequestAsync<Pong>(new Ping { Id = 1 }) : null;

        // SendManyAsync flushes before it returns and leaves no flush scheduled: the test may write to the pipe after it.
        await pair.Peer.SendManyAsync(Enumerable.Range(0, 3).Select(i => Trade.Make(i)));
        if (insideARecord)
        {
            byte[] whole = Registry.Create().SerializeToArray(Trade.Make(3));
            await pipes.AWriter.WriteAsync(whole.AsMemory(0, whole.Length - 3));
        }

        await pipes.AWriter.CompleteAsync(); // the transport ends without a goodbye, as when a process dies
        if (request is not null)
        {
            Func<Task> waiting = () => request.WaitAsync(Timeout);
            await waiting.Should().ThrowAsync<IpcException>().WithMessage(expected);
        }

        for (int i = 0; i < 3; i++)
        {
            (await NextTradeAsync(pair.Channel)).Should().Be(i);
        }

        Func<Task> next = () => NextAsync(pair.Channel);
        await next.Should().ThrowAsync<IpcException>().WithMessage(expected);
        await next.Should().ThrowAsync<IpcException>().WithMessage(expected, "the failure stays");
        Func<Task> completion = () => pair.Channel.Completion;
        await completion.Should().ThrowAsync<IpcException>().WithMessage(expected);
    }

    // 9. A malformed record.
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(false)]
    [InlineData(true)]
    public async Task AMalformedRecord_EndsReceiveAsync_WithFastSerializationException(bool whileARequestPumps)
    {
        await using Pair pair = await OpenAsync(Link.Pipes);
        Task<Pong>? request = whileARequestPumps ? pair.Channel.RequestAsync<Pong>(new Ping { Id = 1 }) : null;
        await pair.Peer.SendManyAsync(Enumerable.Range(0, 2).Select(i => Trade.Make(i)));
        await pair.Pipes!.AWriter.WriteAsync(new byte[] { 1, 0, 0, 0, 99 }); // a whole record of type id 99, which nobody registered
        await pair.Peer.SendManyAsync(new[] { Trade.Make(2) }); // never delivered: the channel ends at the bad record
        const string Expected = "*type id 99*not registered*";
        if (request is not null)
        {
            Func<Task> waiting = () => request.WaitAsync(Timeout);
            await waiting.Should().ThrowAsync<FastSerializationException>().WithMessage(Expected);
        }

        (await NextTradeAsync(pair.Channel)).Should().Be(0);
        (await NextTradeAsync(pair.Channel)).Should().Be(1);
        Func<Task> next = () => NextAsync(pair.Channel);
        await next.Should().ThrowAsync<FastSerializationException>().WithMessage(Expected);
        await next.Should().ThrowAsync<FastSerializationException>().WithMessage(Expected, "the failure stays");
        Func<Task> completion = () => pair.Channel.Completion;
        await completion.Should().ThrowAsync<FastSerializationException>().WithMessage(Expected);
        Func<Task> send = () => pair.Channel.SendAsync(new Ping());
        await send.Should().ThrowAsync<IpcException>().WithMessage("*closed*");
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(false)] // the reference: a peer with a receive loop
    [InlineData(true)]
    public async Task AMalformedRecord_AlsoEndsTheReceivingOfAnInProcessPeer(bool peerReceivesOnCallingThread)
    {
        // The channel that read the bad record completes its writer with the failure (so that the peer sees the
        // channel end); over in-memory pipes the peer's reader then throws that FastSerializationException.
        await using Pair pair = await OpenAsync(Link.Pipes, peerOptions: peerReceivesOnCallingThread ? CallingThread() : new IpcChannelOptions());
        await pair.Pipes!.AWriter.WriteAsync(new byte[] { 1, 0, 0, 0, 99 });
        Func<Task> next = () => NextAsync(pair.Channel);
        await next.Should().ThrowAsync<FastSerializationException>().WithMessage("*type id 99*");

        Func<Task> peerNext = () => NextAsync(pair.Peer);
        await peerNext.Should().ThrowAsync<FastSerializationException>().WithMessage("*type id 99*");
        Task ended = await Task.WhenAny(pair.Peer.Completion, Task.Delay(TimeSpan.FromSeconds(5)));
        ended.Should().BeSameAs(pair.Peer.Completion, "the peer's read failed, so its channel stopped receiving");
        Func<Task> completion = () => pair.Peer.Completion;
        await completion.Should().ThrowAsync<FastSerializationException>().WithMessage("*type id 99*");
    }

    // 10. Cancellation.
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.Pipes)]
    [InlineData(Link.Stream)]
    [InlineData(Link.UnixSocket)]
    [InlineData(Link.SharedMemory)]
    public async Task CancelingAReceiveAsync_ThrowsOperationCanceled_AndALaterReceiveGetsTheNextMessage(Link link)
    {
        await using Pair pair = await OpenAsync(link);
        for (int round = 0; round < 20; round++)
        {
            using var cts = new CancellationTokenSource();
            ValueTask<object?> receiving = pair.Channel.ReceiveAsync(cts.Token);
            receiving.IsCompleted.Should().BeFalse();
            cts.Cancel();
            Func<Task> canceled = () => receiving.AsTask().WaitAsync(Timeout);
            await canceled.Should().ThrowAsync<OperationCanceledException>();

            await pair.Peer.SendAsync(Trade.Make(round));
            (await NextTradeAsync(pair.Channel)).Should().Be(round, "the canceled read took nothing");
        }

        // A receive canceled while it waits behind a pumping request, and a canceled request.
        using (var cts = new CancellationTokenSource())
        {
            Task<Pong> requesting = pair.Channel.RequestAsync<Pong>(new Ping { Id = 5 });
            var request = (IpcRequest)(await NextAsync(pair.Peer))!;
            ValueTask<object?> receiving = pair.Channel.ReceiveAsync(cts.Token);
            cts.Cancel();
            Func<Task> canceled = () => receiving.AsTask().WaitAsync(Timeout);
            await canceled.Should().ThrowAsync<OperationCanceledException>();

            await request.RespondAsync(new Pong { Id = 5 });
            await pair.Peer.SendAsync(Trade.Make(100));
            (await requesting.WaitAsync(Timeout)).Id.Should().Be(5);
            (await NextTradeAsync(pair.Channel)).Should().Be(100);
        }

        using (var cts = new CancellationTokenSource())
        {
            Task<Pong> requesting = pair.Channel.RequestAsync<Pong>(new Ping { Id = 6 }, cts.Token);
            var request = (IpcRequest)(await NextAsync(pair.Peer))!;
            cts.Cancel();
            Func<Task> canceled = () => requesting.WaitAsync(Timeout);
            await canceled.Should().ThrowAsync<OperationCanceledException>();

            await request.RespondAsync(new Pong { Id = 6 }); // too late: dropped
            await pair.Peer.SendAsync(Trade.Make(101));
            (await NextTradeAsync(pair.Channel)).Should().Be(101);
        }
    }

    // 11. Shared memory with a spin time.
    [Fact(Timeout = TestTimeouts.Test)]
    public async Task SharedMemory_WithASpinTime_RoundTrips_AndCarriesAHundredThousandMessagesWithTheirChecksum()
    {
        var options = new IpcChannelOptions { ReceiveOnCallingThread = true, SharedMemorySpinTime = TimeSpan.FromMicroseconds(50) };
        string name = Names.Unique("spin");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory, options);
        Task<IpcChannel> accept = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), IpcTransport.SharedMemory, options).WaitAsync(Timeout);
        await using IpcChannel serverSide = await accept.WaitAsync(Timeout);

        const int RoundTrips = 2_000;
        Task serve = Task.Run(async () =>
        {
            for (int i = 0; i < RoundTrips; i++)
            {
                var request = (IpcRequest)(await serverSide.ReceiveAsync())!;
                await request.RespondAsync(new Pong { Id = ((Ping)request.Message).Id + 1 });
            }
        });

        var answers = new List<long>(RoundTrips);
        for (int i = 0; i < RoundTrips; i++)
        {
            answers.Add((await client.RequestAsync<Pong>(new Ping { Id = i }).WaitAsync(Timeout)).Id);
        }

        answers.Should().Equal(Enumerable.Range(1, RoundTrips).Select(i => (long)i));
        await serve.WaitAsync(Timeout);

        const int Count = 100_000;
        Task<ulong> send = Task.Run(async () =>
        {
            ulong sent = 0;
            for (int i = 0; i < Count; i++)
            {
                Trade trade = Trade.Make(i);
                sent = trade.Fold(sent);
                await client.SendAsync(trade);
            }

            await client.SendAsync(new Summary { Count = Count, Checksum = sent });
            return sent;
        });

        long count = 0;
        long outOfOrder = 0;
        ulong checksum = 0;
        Summary? summary = null;
        using var cts = new CancellationTokenSource(Timeout);
        await foreach (object message in serverSide.ReadAllAsync(cts.Token))
        {
            if (message is Trade trade)
            {
                outOfOrder += trade.Sequence == count ? 0 : 1;
                checksum = trade.Fold(checksum);
                count++;
            }
            else
            {
                summary = message.Should().BeOfType<Summary>().Subject;
                break;
            }
        }

        ulong expected = await send.WaitAsync(Timeout);
        outOfOrder.Should().Be(0);
        count.Should().Be(Count);
        summary!.Count.Should().Be(Count);
        checksum.Should().Be(expected).And.Be(summary.Checksum);
    }

    /// <summary>The two ends of a channel, closed together.</summary>
    internal sealed class Pair : IAsyncDisposable
    {
        public Pair(IpcChannel channel, IpcChannel peer, DuplexPipes? pipes, IpcServer? server)
        {
            Channel = channel;
            Peer = peer;
            Pipes = pipes;
            Server = server;
        }

        /// <summary>The end under test.</summary>
        public IpcChannel Channel { get; }

        /// <summary>The other end.</summary>
        public IpcChannel Peer { get; }

        /// <summary>The in-memory transport, for the <see cref="Link.Pipes"/> links.</summary>
        public DuplexPipes? Pipes { get; }

        public IpcServer? Server { get; }

        public async ValueTask DisposeAsync()
        {
            await Channel.DisposeAsync();
            await Peer.DisposeAsync();
            if (Server is not null)
            {
                await Server.DisposeAsync();
            }
        }
    }
}

/// <summary>
/// <see cref="IpcChannelOptions.ReceiveOnCallingThread"/>: closing this side while somebody waits, many rounds
/// per link. What happens to the waiters races with the closing of the transport; not run in parallel with other
/// tests, because on a busy machine the waiters wake later and the races show less often. The
/// <see cref="CallingThreadTests.Link.Stream"/> link takes the timing out of the first race.
/// </summary>
[Collection(nameof(CallingThreadClosingTests))]
[CollectionDefinition(nameof(CallingThreadClosingTests), DisableParallelization = true)]
public class CallingThreadClosingTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(CallingThreadTests.Link.Pipes)]
    [InlineData(CallingThreadTests.Link.Stream)]
    [InlineData(CallingThreadTests.Link.UnixSocket)]
    [InlineData(CallingThreadTests.Link.SharedMemory)]
    public async Task DisposingWhileAReceiveAsyncWaits_EndsItWithNull_CompletesCompletion_AndReturnsPromptly(CallingThreadTests.Link link)
    {
        // Many rounds: the receiver's wake-up races with the closing of the transport.
        for (int round = 0; round < 50; round++)
        {
            await using CallingThreadTests.Pair pair = await CallingThreadTests.OpenAsync(link);
            ValueTask<object?> receiving = pair.Channel.ReceiveAsync();
            receiving.IsCompleted.Should().BeFalse();

            Task disposing = pair.Channel.DisposeAsync().AsTask();
            (await Task.WhenAny(disposing, Task.Delay(TimeSpan.FromSeconds(4)))).Should().BeSameAs(disposing, $"closing wakes the pump instead of waiting out its 5-second limit (round {round})");
            await disposing;
            Func<Task<object?>> received = () => receiving.AsTask().WaitAsync(Timeout);
            (await received.Should().NotThrowAsync($"this side closed the channel (round {round})")).Subject.Should().BeNull();
            pair.Channel.Completion.IsCompletedSuccessfully.Should().BeTrue();
            (await CallingThreadTests.NextAsync(pair.Channel)).Should().BeNull("a closed channel has nothing more to receive");

            // The peer was told: its reads end normally.
            (await CallingThreadTests.NextAsync(pair.Peer)).Should().BeNull();
            pair.Peer.Completion.IsCompletedSuccessfully.Should().BeTrue();
        }
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(CallingThreadTests.Link.Pipes)]
    [InlineData(CallingThreadTests.Link.Stream)]
    [InlineData(CallingThreadTests.Link.UnixSocket)]
    [InlineData(CallingThreadTests.Link.SharedMemory)]
    public async Task DisposingWhileRequestsAndAReceiveAsyncWait_FailsEachRequestWithIpcException_AndEndsTheReceiveWithNull(CallingThreadTests.Link link)
    {
        for (int round = 0; round < 50; round++)
        {
            await using CallingThreadTests.Pair pair = await CallingThreadTests.OpenAsync(link);
            Task<Pong>[] requests = Enumerable.Range(1, 4)
                .Select(i => Task.Run(() => pair.Channel.RequestAsync<Pong>(new Ping { Id = i })))
                .ToArray();
            for (int i = 0; i < 4; i++)
            {
                (await CallingThreadTests.NextAsync(pair.Peer)).Should().BeOfType<IpcRequest>(); // every request was sent; none is answered
            }

            ValueTask<object?> receiving = pair.Channel.ReceiveAsync();
            Task disposing = pair.Channel.DisposeAsync().AsTask();
            (await Task.WhenAny(disposing, Task.Delay(TimeSpan.FromSeconds(4)))).Should().BeSameAs(disposing, $"closing wakes the pump instead of waiting out its 5-second limit (round {round})");
            await disposing;
            foreach (Task<Pong> request in requests)
            {
                Func<Task> wait = () => request.WaitAsync(Timeout);
                await wait.Should().ThrowAsync<IpcException>($"this side closed the channel (round {round})").WithMessage("*closed*");
            }

            Func<Task<object?>> received = () => receiving.AsTask().WaitAsync(Timeout);
            (await received.Should().NotThrowAsync($"this side closed the channel (round {round})")).Subject.Should().BeNull();
            pair.Channel.Completion.IsCompletedSuccessfully.Should().BeTrue();
        }
    }
}
