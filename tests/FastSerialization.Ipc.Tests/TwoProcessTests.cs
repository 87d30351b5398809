using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>The channel between two real processes: this test process and FastSerialization.Ipc.TestChild.</summary>
public class TwoProcessTests
{
    private const int MillionMessages = 1_000_000;
    private static readonly TimeSpan ChildTimeout = TimeSpan.FromMinutes(3);

    /// <summary>The child's arguments, with the flag that makes it use <paramref name="transport"/>.</summary>
    internal static string[] Args(IpcTransport transport, params string[] args) => Args(transport, callingThread: false, args);

    /// <summary>The child's arguments, with the flags that make it use <paramref name="transport"/> and, when <paramref name="callingThread"/>, receive on the calling thread.</summary>
    internal static string[] Args(IpcTransport transport, bool callingThread, params string[] args)
    {
        IEnumerable<string> all = args;
        if (transport == IpcTransport.SharedMemory)
        {
            all = all.Append("--shm");
        }

        if (callingThread)
        {
            all = all.Append("--calling-thread");
        }

        return all.ToArray();
    }

    /// <summary>This side's channel settings: the defaults (a receive loop), or receiving on the calling thread.</summary>
    private static IpcChannelOptions? Options(bool callingThread) =>
        callingThread ? new IpcChannelOptions { ReceiveOnCallingThread = true } : null;

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket, false)]
    [InlineData(IpcTransport.SharedMemory, false)]
    [InlineData(IpcTransport.UnixSocket, true)]
    [InlineData(IpcTransport.SharedMemory, true)]
    public async Task OneMillionMessages_EachWay_ArriveWithTheirChecksum(IpcTransport transport, bool callingThread)
    {
        // This process -> child: the child checks order, counts and folds a checksum, and reports it.
        string sinkName = Names.Unique("sink");
        await using (IpcServer server = IpcServer.Listen(sinkName, Registry.Create(), transport, Options(callingThread)))
        {
            using ChildProcess child = ChildProcess.Start(Args(transport, callingThread, "sink", sinkName));
            await using IpcChannel channel = await server.AcceptAsync();
            ulong checksum = 0;
            for (long i = 0; i < MillionMessages; i++)
            {
                Trade trade = Trade.Make(i);
                checksum = trade.Fold(checksum);
                await channel.SendAsync(trade);
            }

            await channel.SendAsync(new Summary { Count = MillionMessages, Checksum = checksum });
            var report = (Summary)(await channel.ReceiveAsync())!;
            report.Count.Should().Be(MillionMessages);
            report.Checksum.Should().Be(checksum);
            await channel.DisposeAsync();
            (await child.WaitForExitAsync(ChildTimeout)).Should().Be(0, child.Output);
        }

        // Child -> this process.
        string sourceName = Names.Unique("source");
        await using (IpcServer server = IpcServer.Listen(sourceName, Registry.Create(), transport, Options(callingThread)))
        {
            using ChildProcess child = ChildProcess.Start(Args(transport, callingThread, "source", sourceName, MillionMessages.ToString(System.Globalization.CultureInfo.InvariantCulture)));
            IpcChannel channel = await server.AcceptAsync();
            long count = 0;
            ulong checksum = 0;
            Summary? summary = null;
            await foreach (object message in channel.ReadAllAsync())
            {
                if (message is Trade trade)
                {
                    trade.Sequence.Should().Be(count);
                    checksum = trade.Fold(checksum);
                    count++;
                }
                else
                {
                    summary = (Summary)message;
                    break;
                }
            }

            await channel.DisposeAsync();
            summary.Should().NotBeNull();
            summary!.Count.Should().Be(count).And.Be(MillionMessages);
            summary.Checksum.Should().Be(checksum);
            (await child.WaitForExitAsync(ChildTimeout)).Should().Be(0, child.Output);
        }
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket, false)]
    [InlineData(IpcTransport.SharedMemory, false)]
    [InlineData(IpcTransport.UnixSocket, true)]
    [InlineData(IpcTransport.SharedMemory, true)]
    public async Task AChildKilledMidStream_EndsReadsWithAClearError_AfterEveryCompleteRecord(IpcTransport transport, bool callingThread)
    {
        string name = Names.Unique("killed");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), transport, Options(callingThread));
        using ChildProcess child = ChildProcess.Start(Args(transport, callingThread, "source", name, "100000000"));
        IpcChannel channel = await server.AcceptAsync();
        long count = 0;
        Func<Task> read = async () =>
        {
            await foreach (object message in channel.ReadAllAsync())
            {
                ((Trade)message).Sequence.Should().Be(count, "every delivered record is whole and in order");
                if (++count == 50_000)
                {
                    child.Kill();
                }
            }
        };

        await read.Should().ThrowAsync<IpcException>().WithMessage("*peer*");
        count.Should().BeGreaterOrEqualTo(50_000);
        await channel.DisposeAsync();
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket)]
    [InlineData(IpcTransport.SharedMemory)]
    public async Task AChildWithADifferentRegistry_FailsOnBothSides_NamingTheId(IpcTransport transport)
    {
        string name = Names.Unique("mismatch");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), transport);
        using ChildProcess child = ChildProcess.Start(Args(transport, "mismatch", name));
        Func<Task> accept = () => server.AcceptAsync();
        (await accept.Should().ThrowAsync<IpcHandshakeException>()).Which.TypeId.Should().Be(3);
        (await child.WaitForExitAsync(ChildTimeout)).Should().Be(3, child.Output);
        child.Output.Should().Contain("HANDSHAKE-FAILED id=3");
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket, false)]
    [InlineData(IpcTransport.SharedMemory, false)]
    [InlineData(IpcTransport.UnixSocket, true)]
    [InlineData(IpcTransport.SharedMemory, true)]
    public async Task AServerRestarted_WhileTheClientReconnects_ServesEveryPing(IpcTransport transport, bool callingThread)
    {
        string name = Names.Unique("restart");
        const int Pings = 300;
        IpcServer server = IpcServer.Listen(name, Registry.Create(), transport, Options(callingThread));
        using ChildProcess child = ChildProcess.Start(Args(transport, callingThread, "reconnect", name, Pings.ToString(System.Globalization.CultureInfo.InvariantCulture)));
        IpcChannel channel = await server.AcceptAsync().WaitAsync(ChildTimeout);
        int answered = 0;
        await foreach (object message in channel.ReadAllAsync())
        {
            var request = (IpcRequest)message;
            await request.RespondAsync(new Pong { Id = ((Ping)request.Message).Id });
            if (++answered == 100)
            {
                break;
            }
        }

        // The server goes away (as in a restart) and comes back under the same name.
        await channel.DisposeAsync();
        await server.DisposeAsync();
        await Task.Delay(200);
        server = IpcServer.Listen(name, Registry.Create(), transport, Options(callingThread));
        channel = await server.AcceptAsync().WaitAsync(ChildTimeout);
        await foreach (object message in channel.ReadAllAsync())
        {
            var request = (IpcRequest)message;
            await request.RespondAsync(new Pong { Id = ((Ping)request.Message).Id });
        }

        (await child.WaitForExitAsync(ChildTimeout)).Should().Be(0, child.Output);
        child.Output.Should().Contain($"RECONNECT-DONE pings={Pings}");
        await channel.DisposeAsync();
        await server.DisposeAsync();
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket, false)]
    [InlineData(IpcTransport.SharedMemory, false)]
    [InlineData(IpcTransport.UnixSocket, true)]
    [InlineData(IpcTransport.SharedMemory, true)]
    public async Task ABurstFromEightConcurrentSenders_ArrivesWhole_AndInOrderPerSender(IpcTransport transport, bool callingThread)
    {
        string name = Names.Unique("burst");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), transport, Options(callingThread));
        using ChildProcess child = ChildProcess.Start(Args(transport, callingThread, "burst", name, "8", "25000"));
        IpcChannel channel = await server.AcceptAsync();
        var next = new long[8];
        long total = 0;
        await foreach (object message in channel.ReadAllAsync())
        {
            if (message is Summary summary)
            {
                summary.Count.Should().Be(total);
                break;
            }

            var trade = (Trade)message;
            trade.Sequence.Should().Be(next[trade.Sender]++);
            total++;
        }

        total.Should().Be(8 * 25_000);
        await channel.DisposeAsync();
        (await child.WaitForExitAsync(ChildTimeout)).Should().Be(0, child.Output);
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(false)]
    [InlineData(true)]
    public async Task AnonymousPipes_ToAChildThisProcessStarted_CarryRequests(bool callingThread)
    {
        await using var pipes = new IpcParentPipes();
        using ChildProcess child = ChildProcess.Start(Args(IpcTransport.UnixSocket, callingThread, "echo-parent", pipes.ChildArgument));
        pipes.ReleaseChildHandles();
        await using IpcChannel channel = await pipes.OpenChannelAsync(Registry.Create(), Options(callingThread));
        Pong pong = await channel.RequestAsync<Pong>(new Ping { Id = 42 });
        pong.Id.Should().Be(42);
        pong.ProcessId.Should().Be(child.Id);
        await channel.SendAsync(Trade.Make(9));
        ((Trade)(await channel.ReceiveAsync())!).Sequence.Should().Be(9);
        await channel.DisposeAsync();
        (await child.WaitForExitAsync(ChildTimeout)).Should().Be(0, child.Output);
    }
}
