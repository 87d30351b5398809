using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;
using static FastSerialization.Ipc.Tests.CallingThreadTests;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// The default receive strategy over shared memory and over a socket: a caller that waits reads the transport
/// itself (it polls the rings for the spin time; it waits inside the socket's read), and a background reader,
/// asleep until something arrives (the peer rings the doorbell; a zero-byte read of the socket completes), reads
/// whatever no caller reads. These tests reach the hand-overs between the two: nobody receiving, a caller that
/// gave up its spin, a response that comes late, messages read by a request waiter and by the background reader
/// in one stream. Each runs over both transports.
/// </summary>
public class BackgroundReaderTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);

    /// <summary>The defaults, with a small ring: a peer whose records nobody took would fill it after about a hundred Trades.</summary>
    private static IpcChannelOptions Defaults(int receiveQueueCapacity = 1024) =>
        new() { SharedMemoryRingCapacity = 4096, ReceiveQueueCapacity = receiveQueueCapacity };

    private static Task<Pair> OpenDefaultAsync(Link link, IpcChannelOptions? channel = null, IpcChannelOptions? peer = null) =>
        OpenAsync(link, channel ?? Defaults(), peer ?? Defaults());

    /// <summary>
    /// How many Trades are far more than the transport holds between the two sides when nobody reads: a ring of
    /// 4 KiB holds about a hundred; a socket's kernel buffers (the channel asks for 1 MiB, which Linux doubles for
    /// its bookkeeping) and the channel's own buffers (64 KiB to write, 256 KiB to read) some tens of thousands.
    /// </summary>
    private static int MoreThanTheTransportHolds(Link link) => link == Link.SharedMemory ? 2_000 : 250_000;

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.SharedMemory)]
    [InlineData(Link.UnixSocket)]
    public async Task WhileNobodyReceives_TheBackgroundReaderEmptiesTheTransport_IntoTheInbox_InOrder(Link link)
    {
        await using Pair pair = await OpenDefaultAsync(link, channel: Defaults(receiveQueueCapacity: 300_000));
        int count = MoreThanTheTransportHolds(link); // the inbox takes them all

        // Nobody receives on the channel: the sends complete only if something there keeps taking the records.
        for (int i = 0; i < count; i++)
        {
            await pair.Peer.SendAsync(Trade.Make(i)).WaitAsync(Timeout);
        }

        await pair.Peer.FlushAsync().WaitAsync(Timeout);

        for (int i = 0; i < count; i++)
        {
            object? message = await NextAsync(pair.Channel);
            message.Should().BeOfType<Trade>().Which.Sequence.Should().Be(i);
        }
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.SharedMemory)]
    [InlineData(Link.UnixSocket)]
    public async Task AReceiveThatGaveUpItsSpin_GetsTheMessage_ThatComesLater(Link link)
    {
        await using Pair pair = await OpenDefaultAsync(link);
        for (int round = 0; round < 5; round++)
        {
            ValueTask<object?> receive = pair.Channel.ReceiveAsync();
            await Task.Delay(50); // far past the spin: the caller waits for the background reader now
            receive.IsCompleted.Should().BeFalse("nothing was sent yet");
            await pair.Peer.SendAsync(new Ping { Id = round });
            object? message = await receive.AsTask().WaitAsync(Timeout);
            message.Should().BeOfType<Ping>().Which.Id.Should().Be(round);
        }
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.SharedMemory)]
    [InlineData(Link.UnixSocket)]
    public async Task ARequestAnsweredAfterTheSpin_IsCompletedByTheBackgroundReader(Link link)
    {
        await using Pair pair = await OpenDefaultAsync(link);
        Task answering = Task.Run(async () =>
        {
            for (int round = 0; round < 5; round++)
            {
                var request = (IpcRequest)(await NextAsync(pair.Peer))!;
                await Task.Delay(30); // the requester stopped polling long ago
                await request.RespondAsync(new Ping { Id = ((Ping)request.Message).Id * 10 });
            }
        });

        for (int round = 0; round < 5; round++)
        {
            Ping answer = await pair.Channel.RequestAsync<Ping>(new Ping { Id = round }).WaitAsync(Timeout);
            answer.Id.Should().Be(round * 10);
        }

        await answering.WaitAsync(Timeout);
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.SharedMemory)]
    [InlineData(Link.UnixSocket)]
    public async Task MessagesAroundAResponse_ReadPartlyByTheRequestWaiter_PartlyByTheBackgroundReader_KeepTheirOrder(Link link)
    {
        await using Pair pair = await OpenDefaultAsync(link);
        const int Before = 300, After = 300;
        Task answering = Task.Run(async () =>
        {
            var request = (IpcRequest)(await NextAsync(pair.Peer))!;
            for (int i = 0; i < Before; i++)
            {
                await pair.Peer.SendAsync(Trade.Make(i));
            }

            await request.RespondAsync(new Ping { Id = 7 });
            await Task.Delay(20);
            for (int i = Before; i < Before + After; i++)
            {
                await pair.Peer.SendAsync(Trade.Make(i));
                if (i % 100 == 0)
                {
                    await pair.Peer.FlushAsync();
                    await Task.Delay(5); // gaps longer than the spin: the background reader takes over between them
                }
            }

            await pair.Peer.FlushAsync();
        });

        (await pair.Channel.RequestAsync<Ping>(new Ping { Id = 1 }).WaitAsync(Timeout)).Id.Should().Be(7);
        await answering.WaitAsync(Timeout);
        await Task.Delay(20);

        var sequences = new List<long>();
        for (int i = 0; i < Before + After; i++)
        {
            sequences.Add(((Trade)(await NextAsync(pair.Channel))!).Sequence);
        }

        sequences.Should().BeInAscendingOrder().And.HaveCount(Before + After).And.OnlyHaveUniqueItems();
        sequences[0].Should().Be(0);
        sequences[^1].Should().Be(Before + After - 1);
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.SharedMemory)]
    [InlineData(Link.UnixSocket)]
    public async Task RequestsAnsweredAtOnce_WithinTheSpin_AndAfterIt_AllGetTheirOwnAnswer(Link link)
    {
        await using Pair pair = await OpenDefaultAsync(link);
        const int Rounds = 300;
        Task answering = Task.Run(async () =>
        {
            for (int round = 0; round < Rounds; round++)
            {
                var request = (IpcRequest)(await NextAsync(pair.Peer))!;
                switch (round % 3)
                {
                    case 1:
                        SpinFor(TimeSpan.FromMicroseconds(20)); // within the requester's spin
                        break;
                    case 2:
                        await Task.Delay(2); // after it
                        break;
                }

                await request.RespondAsync(new Ping { Id = ((Ping)request.Message).Id + 1 });
            }
        });

        for (int round = 0; round < Rounds; round++)
        {
            (await pair.Channel.RequestAsync<Ping>(new Ping { Id = round }).WaitAsync(Timeout)).Id.Should().Be(round + 1);
        }

        await answering.WaitAsync(Timeout);
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.SharedMemory)]
    [InlineData(Link.UnixSocket)]
    public async Task AFullInbox_StopsTheBackgroundReader_AndSoThePeer_UntilTheApplicationReads(Link link)
    {
        await using Pair pair = await OpenDefaultAsync(link, channel: Defaults(receiveQueueCapacity: 16));
        int count = MoreThanTheTransportHolds(link); // far more than the transport and the inbox hold together
        Task sending = Task.Run(async () =>
        {
            for (int i = 0; i < count; i++)
            {
                await pair.Peer.SendAsync(Trade.Make(i));
            }

            await pair.Peer.FlushAsync();
        });

        await Task.Delay(300);
        sending.IsCompleted.Should().BeFalse("the transport and the inbox are full and nobody reads: the peer waits for room");

        for (int i = 0; i < count; i++)
        {
            ((Trade)(await NextAsync(pair.Channel))!).Sequence.Should().Be(i);
        }

        await sending.WaitAsync(Timeout);
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.SharedMemory)]
    [InlineData(Link.UnixSocket)]
    public async Task ClosingWhileACallerWaits_AfterItsSpin_EndsTheWaitWithNull_AndStopsTheBackgroundReader(Link link)
    {
        Pair pair = await OpenDefaultAsync(link);
        await using (pair)
        {
            ValueTask<object?> receive = pair.Channel.ReceiveAsync();
            Task<Ping> request = pair.Channel.RequestAsync<Ping>(new Ping { Id = 1 });
            (await NextAsync(pair.Peer)).Should().BeOfType<IpcRequest>("the request went out; it is never answered");
            await Task.Delay(50);

            await pair.Channel.DisposeAsync().AsTask().WaitAsync(Timeout);

            (await receive.AsTask().WaitAsync(Timeout)).Should().BeNull("this side closed the channel");
            Func<Task> answer = () => request.WaitAsync(Timeout);
            await answer.Should().ThrowAsync<IpcException>();
            pair.Channel.Completion.IsCompleted.Should().BeTrue();
        }
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(Link.SharedMemory)]
    [InlineData(Link.UnixSocket)]
    public async Task ThePeerClosing_WhileNobodyReceives_IsSeen_AfterEveryMessageBeforeIt(Link link)
    {
        Pair pair = await OpenDefaultAsync(link);
        await using (pair)
        {
            for (int i = 0; i < 10; i++)
            {
                await pair.Peer.SendAsync(Trade.Make(i));
            }

            await pair.Peer.DisposeAsync();
            await pair.Channel.Completion.WaitAsync(Timeout);
            pair.Channel.Completion.IsCompletedSuccessfully.Should().BeTrue();
            for (int i = 0; i < 10; i++)
            {
                ((Trade)(await NextAsync(pair.Channel))!).Sequence.Should().Be(i);
            }

            (await NextAsync(pair.Channel)).Should().BeNull();
        }
    }

    private static void SpinFor(TimeSpan time)
    {
        long until = Stopwatch.GetTimestamp() + (long)(time.TotalSeconds * Stopwatch.Frequency);
        while (Stopwatch.GetTimestamp() < until)
        {
            Thread.SpinWait(10);
        }
    }
}
