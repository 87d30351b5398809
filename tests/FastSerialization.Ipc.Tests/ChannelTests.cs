using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>Channel behaviour between two ends in one process (framing, handshake, endings, back-pressure, requests).</summary>
public class ChannelTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);

    private static async Task<(IpcChannel A, IpcChannel B)> OpenPairAsync(
        DuplexPipes pipes, CustomBinaryFormatter? a = null, CustomBinaryFormatter? b = null, IpcChannelOptions? bOptions = null)
    {
        Task<IpcChannel> openA = IpcChannel.CreateAsync(pipes.AReader, pipes.AWriter, a ?? Registry.Create());
        Task<IpcChannel> openB = IpcChannel.CreateAsync(pipes.BReader, pipes.BWriter, b ?? Registry.Create(), bOptions);
        return (await openA, await openB);
    }

    private static async Task<List<object>> ReadAllAsync(IpcChannel channel)
    {
        var list = new List<object>();
        using var cts = new CancellationTokenSource(Timeout);
        await foreach (object message in channel.ReadAllAsync(cts.Token))
        {
            list.Add(message);
        }

        return list;
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(null)]
    [InlineData(1)] // every byte in its own read
    [InlineData(7)]
    public async Task Messages_CrossInOrder_WhateverTheReadSizes(int? chunk)
    {
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create(chunk));
        Task<List<object>> received = ReadAllAsync(b);
        for (int i = 0; i < 500; i++)
        {
            await a.SendAsync(Trade.Make(i));
        }

        await a.DisposeAsync();
        List<object> messages = await received;
        messages.Should().HaveCount(500);
        messages.Cast<Trade>().Select(t => t.Sequence).Should().Equal(Enumerable.Range(0, 500).Select(i => (long)i));
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ManyRecordsInOneFlush_AreAllDelivered()
    {
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create());
        Task<List<object>> received = ReadAllAsync(b);
        await a.SendManyAsync(Enumerable.Range(0, 2_000).Select(i => Trade.Make(i)));
        await a.DisposeAsync();
        (await received).Should().HaveCount(2_000);
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ClosingTheChannel_EndsThePeersReadsNormally()
    {
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create());
        await a.SendAsync(new Ping { Id = 1 });
        await a.DisposeAsync();
        (await ReadAllAsync(b)).Should().ContainSingle();
        (await b.ReceiveAsync()).Should().BeNull();
        await b.Completion;
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task PeerVanishingBetweenRecords_EndsReadsWithAClearError_AfterEveryCompleteRecord()
    {
        var pipes = DuplexPipes.Create();
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(pipes);
        await a.SendAsync(new Ping { Id = 1 });
        await a.SendAsync(new Ping { Id = 2 });
        await pipes.AWriter.CompleteAsync(); // the transport ends without a goodbye, as when a process dies

        var received = new List<object>();
        Func<Task> read = async () =>
        {
            await foreach (object message in b.ReadAllAsync())
            {
                received.Add(message);
            }
        };
        await read.Should().ThrowAsync<IpcException>().WithMessage("*without closing the channel*");
        received.Should().HaveCount(2);
        await b.DisposeAsync();
        await a.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task PeerVanishingInsideARecord_NeverDeliversTheHalfRecord()
    {
        var pipes = DuplexPipes.Create();
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(pipes);
        await a.SendAsync(new Ping { Id = 1 });
        byte[] whole = Registry.Create().SerializeToArray(new Ping { Id = 2 });
        await pipes.AWriter.WriteAsync(whole.AsMemory(0, whole.Length - 3));
        await pipes.AWriter.CompleteAsync();

        var received = new List<object>();
        Func<Task> read = async () =>
        {
            await foreach (object message in b.ReadAllAsync())
            {
                received.Add(message);
            }
        };
        await read.Should().ThrowAsync<IpcException>().WithMessage("*inside a record*partial record was dropped*");
        received.Should().ContainSingle().Which.Should().BeOfType<Ping>().Which.Id.Should().Be(1);
        await b.DisposeAsync();
        await a.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task DifferentRegistries_FailBothSides_NamingTheFirstId()
    {
        var pipes = DuplexPipes.Create();
        Task<IpcChannel> openA = IpcChannel.CreateAsync(pipes.AReader, pipes.AWriter, Registry.Create());
        Task<IpcChannel> openB = IpcChannel.CreateAsync(pipes.BReader, pipes.BWriter, Registry.CreateMismatched());
        Func<Task> a = () => openA;
        Func<Task> b = () => openB;
        (await a.Should().ThrowAsync<IpcHandshakeException>()).Which.TypeId.Should().Be(3);
        (await b.Should().ThrowAsync<IpcHandshakeException>()).Which.Message.Should().Contain("type id 3").And.Contain("Ping").And.Contain("Pong");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AnIdOnlyOneSideHas_IsNotAMismatch()
    {
        var extra = Registry.Create();
        var smaller = new CustomBinaryFormatter();
        smaller.Register<Trade>(1);
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create(), extra, smaller);
        await a.SendAsync(Trade.Make(5));
        (await b.ReceiveAsync()).Should().BeOfType<Trade>();
        await a.DisposeAsync();
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task Handshake_TimesOut_WhenThePeerSaysNothing()
    {
        var pipes = DuplexPipes.Create();
        Func<Task> open = () => IpcChannel.CreateAsync(pipes.AReader, pipes.AWriter, Registry.Create(), new IpcChannelOptions { HandshakeTimeout = TimeSpan.FromMilliseconds(200) });
        await open.Should().ThrowAsync<IpcException>().WithMessage("*did not complete the handshake*");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task RecordOverTheReceiversLimit_ClosesTheChannelWithAClearError()
    {
        var small = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxRecordLength = 200 });
        small.Register<Trade>(1);
        small.Register<Summary>(2);
        small.Register<Ping>(3);
        small.Register<Pong>(4);
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create(), b: small);
        await a.SendAsync(new Trade { Symbol = new string('x', 10_000) });
        Func<Task> read = () => ReadAllAsync(b);
        await read.Should().ThrowAsync<FastSerializationException>().WithMessage("*over the limit of 200*");
        await a.DisposeAsync();
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ARecordWithAHugeLength_IsRefusedNamingTheReceiversLimit()
    {
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create());
        await a.Writer.WriteAsync(Convert.FromHexString("FFFFFFFF" + "01")); // a record header only, of type id 1
        Func<Task> read = () => ReadAllAsync(b);
        await read.Should().ThrowAsync<FastSerializationException>()
            .WithMessage($"*declares 4294967295 bytes, over the limit of {CustomBinaryFormatterOptions.DefaultMaxRecordLength}*");
        await a.DisposeAsync();
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ASlowReader_BlocksTheSender_InsteadOfGrowingMemory()
    {
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(
            DuplexPipes.Create(pauseThreshold: 16 * 1024), bOptions: new IpcChannelOptions { ReceiveQueueCapacity = 4 });
        int sent = 0;
        Task sending = Task.Run(async () =>
        {
            for (int i = 0; i < 100_000; i++)
            {
                await a.SendAsync(Trade.Make(i));
                Interlocked.Increment(ref sent);
            }
        });

        await Task.Delay(500);
        int stalledAt = Volatile.Read(ref sent);
        sending.IsCompleted.Should().BeFalse("nobody reads, so the sender must be held back");
        stalledAt.Should().BeLessThan(5_000, "only the queue, the pipe and the socket buffers may hold unread trades");

        List<object> all = new();
        await foreach (object message in b.ReadAllAsync())
        {
            all.Add(message);
            if (all.Count == 100_000)
            {
                break;
            }
        }

        await sending;
        all.Cast<Trade>().Select(t => t.Sequence).Should().BeInAscendingOrder();
        await a.DisposeAsync();
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ConcurrentSenders_DoNotInterleaveTheirRecords()
    {
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create());
        Task<List<object>> received = ReadAllAsync(b);
        await Task.WhenAll(Enumerable.Range(0, 8).Select(sender => Task.Run(async () =>
        {
            for (int i = 0; i < 2_000; i++)
            {
                await a.SendAsync(Trade.Make(i, sender));
            }
        })));
        await a.DisposeAsync();
        List<Trade> trades = (await received).Cast<Trade>().ToList();
        trades.Should().HaveCount(16_000);
        foreach (IGrouping<int, Trade> bySender in trades.GroupBy(t => t.Sender))
        {
            bySender.Select(t => t.Sequence).Should().Equal(Enumerable.Range(0, 2_000).Select(i => (long)i));
        }

        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task Requests_ManyInFlight_EachGetsItsOwnResponse()
    {
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create());
        Task server = Task.Run(async () =>
        {
            await foreach (object message in b.ReadAllAsync())
            {
                var request = (IpcRequest)message;
                long id = ((Ping)request.Message).Id;
                _ = Task.Run(async () =>
                {
                    await Task.Delay((int)(id % 5)); // answer out of order
                    await request.RespondAsync(new Pong { Id = id });
                });
            }
        });

        Pong[] pongs = await Task.WhenAll(Enumerable.Range(0, 200).Select(i => a.RequestAsync<Pong>(new Ping { Id = i })));
        pongs.Select(p => p.Id).Should().Equal(Enumerable.Range(0, 200).Select(i => (long)i));
        await a.DisposeAsync();
        await server;
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task Request_TimesOut_And_AFailedRequest_Throws()
    {
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create());
        Task server = Task.Run(async () =>
        {
            await foreach (object message in b.ReadAllAsync())
            {
                var request = (IpcRequest)message;
                if (((Ping)request.Message).Id == 2)
                {
                    await request.FailAsync("no pongs today");
                }
            }
        });

        Func<Task> silent = () => a.RequestAsync<Pong>(new Ping { Id = 1 }, TimeSpan.FromMilliseconds(100));
        await silent.Should().ThrowAsync<TimeoutException>().WithMessage("*request 1*");
        Func<Task> failed = () => a.RequestAsync<Pong>(new Ping { Id = 2 });
        await failed.Should().ThrowAsync<IpcException>().WithMessage("*no pongs today*");
        await a.DisposeAsync();
        await server;
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task Cancellation_StopsWaitsForMessagesAndForRequests()
    {
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create());
        using var cts = new CancellationTokenSource(100);
        Func<Task> receive = async () => await b.ReceiveAsync(cts.Token);
        await receive.Should().ThrowAsync<OperationCanceledException>();
        using var cts2 = new CancellationTokenSource(100);
        Func<Task> request = () => a.RequestAsync<Pong>(new Ping(), cts2.Token);
        await request.Should().ThrowAsync<OperationCanceledException>();
        await a.DisposeAsync();
        await b.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AfterThePeerClosed_RequestsAndSendsFailAtOnce()
    {
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create());
        await b.DisposeAsync();
        await a.Completion.WaitAsync(Timeout);
        Func<Task> request = () => a.RequestAsync<Pong>(new Ping { Id = 1 });
        (await request.Should().ThrowAsync<IpcException>().WithMessage("*peer closed the channel*"))
            .Which.Should().NotBeAssignableTo<IpcHandshakeException>();
        Func<Task> send = () => a.SendAsync(new Ping());
        await send.Should().ThrowAsync<IpcException>().WithMessage("*closed*");
        await a.DisposeAsync();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task SendingOnAClosedChannel_Throws()
    {
        (IpcChannel a, IpcChannel b) = await OpenPairAsync(DuplexPipes.Create());
        await a.DisposeAsync();
        Func<Task> send = () => a.SendAsync(new Ping());
        await send.Should().ThrowAsync<IpcException>().WithMessage("*closed*");
        await b.DisposeAsync();
    }
}
