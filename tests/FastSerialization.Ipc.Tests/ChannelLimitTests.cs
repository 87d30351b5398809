using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.Versioning;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// IpcServer.MaxConcurrentChannels (issue 43, item 3): a server holds at most that many channels, refuses the clients
/// beyond it with an error that names the limit, and counts a channel free again once it is closed. Its default leaves
/// a process whose descriptors are few enough of them to go on (the runtime aborted the whole process before).
/// </summary>
// Unix sockets and shared memory; the descriptor limit is a Unix one.
[UnsupportedOSPlatform("windows")]
public class ChannelLimitTests
{
    private const int FileLimit = 160;
    private const int Clients = 200;
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket)]
    [InlineData(IpcTransport.SharedMemory)]
    public async Task AServerWithFewFileDescriptors_RefusesTheClientsBeyondItsLimit_NeitherAbortsNorHangs_AndAcceptsAgainOnceTheyLeave(IpcTransport transport)
    {
        if (OperatingSystem.IsWindows())
        {
            return; // no descriptor limit there
        }

        string name = Names.Unique("limit");
        using ChildProcess server = ChildProcess.StartWithFileLimit(FileLimit, TwoProcessTests.Args(transport, "serve", name));
        await WaitForAsync(server, "LISTENING");

        // The default: 128 of the 160 descriptors for the runtime, half of the rest for channels, one each over a socket,
        // two over shared memory.
        int expected = (FileLimit - 128) / 2 / (transport == IpcTransport.SharedMemory ? 2 : 1);
        var held = new List<IpcChannel>();
        var refusals = new List<string>();
        try
        {
            for (int i = 0; i < Clients; i++)
            {
                try
                {
                    IpcChannel client = await ConnectAsync(name, transport);
                    held.Add(client);
                    (await client.RequestAsync<Pong>(new Ping { Id = i }, Timeout)).Id.Should().Be(i);
                }
                catch (IpcException ex)
                {
                    ex.Message.Should().Contain("MaxConcurrentChannels", "a client beyond the limit is told why (client {0}); the server printed: {1}", i, server.Output);
                    refusals.Add(ex.Message);
                }
            }

            held.Should().HaveCount(expected, "the server holds its default share of channels; it printed: " + server.Output);
            refusals.Should().HaveCount(Clients - expected);
            refusals.Should().OnlyContain(m => m.Contains($"maximum of {expected} channels"), "the error names the limit");
            server.HasExited.Should().BeFalse("the server neither aborts nor ends; it printed: " + server.Output);
            (await held[0].RequestAsync<Pong>(new Ping { Id = -1 }, Timeout)).Id.Should().Be(-1, "the channels it holds still work");
        }
        finally
        {
            foreach (IpcChannel channel in held)
            {
                await channel.DisposeAsync();
            }
        }

        // Gone: each server-side channel closes once its client said goodbye, and its place is free again.
        held.Clear();
        try
        {
            for (int i = 0; i < expected; i++)
            {
                IpcChannel client = await ConnectWhenThereIsRoomAsync(name, transport);
                held.Add(client);
                (await client.RequestAsync<Pong>(new Ping { Id = i }, Timeout)).Id.Should().Be(i);
            }
        }
        finally
        {
            foreach (IpcChannel channel in held)
            {
                await channel.DisposeAsync();
            }
        }

        server.HasExited.Should().BeFalse("the server still runs; it printed: " + server.Output);
        server.Output.Should().NotContain("CHILD-FAILED");
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket)]
    [InlineData(IpcTransport.SharedMemory)]
    public async Task MaxConcurrentChannels_RefusesTheClientBeyondIt_ReportsIt_AndCountsAChannelFreeWhenItIsDisposed(IpcTransport transport)
    {
        if (OperatingSystem.IsWindows())
        {
            return; // shared memory is not supported there, and the test's sockets are Unix sockets
        }

        string name = Names.Unique("cap");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), transport);
        server.MaxConcurrentChannels = 2;
        var reported = new List<IpcException>();
        server.HandshakeFailed += ex =>
        {
            lock (reported)
            {
                reported.Add(ex);
            }
        };
        var accepted = new List<IpcChannel>();
        using var stop = new CancellationTokenSource();
        Task accepting = Task.Run(async () =>
        {
            await foreach (IpcChannel channel in server.AcceptAllAsync(stop.Token))
            {
                lock (accepted)
                {
                    accepted.Add(channel);
                }
            }
        });

        await using IpcChannel first = await ConnectAsync(name, transport);
        await using IpcChannel second = await ConnectAsync(name, transport);
        Func<Task> third = () => ConnectAsync(name, transport);
        (await third.Should().ThrowAsync<IpcException>()).Which.Message.Should()
            .Contain("maximum of 2 channels").And.Contain("IpcServer.MaxConcurrentChannels").And.Contain(name);
        DateTime deadline = DateTime.UtcNow + Timeout;
        while (DateTime.UtcNow < deadline && ReportedCount() == 0)
        {
            await Task.Delay(20); // the server reports the refusal once the client closed the connection
        }

        lock (reported)
        {
            reported.Should().ContainSingle().Which.Message.Should().Contain("maximum of 2 channels");
        }

        int ReportedCount()
        {
            lock (reported)
            {
                return reported.Count;
            }
        }

        // A client that leaves frees nothing while the server keeps its channel open (it holds the descriptors) ...
        await first.DisposeAsync();
        await third.Should().ThrowAsync<IpcException>();

        // ... and the place is free once the server closes it.
        IpcChannel[] serverSides;
        lock (accepted)
        {
            serverSides = accepted.ToArray();
        }

        serverSides.Should().HaveCount(2);
        await serverSides[0].DisposeAsync();
        await using IpcChannel again = await ConnectWhenThereIsRoomAsync(name, transport);
        await again.SendAsync(new Ping { Id = 3 });
        stop.Cancel();
        await accepting.WaitAsync(Timeout);
        foreach (IpcChannel channel in accepted)
        {
            await channel.DisposeAsync();
        }
    }

    [Fact]
    public async Task MaxConcurrentChannels_DefaultsToHalfTheSoftLimitOfOpenFilesLessTheRuntimesShare_PerDescriptorsOfAChannel()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // the test reads the limit from /proc
        }

        // "Max open files            <soft>               <hard>               files"
        string line = File.ReadAllLines("/proc/self/limits").Single(l => l.StartsWith("Max open files", StringComparison.Ordinal));
        string soft = line.Substring("Max open files".Length).Trim().Split(' ', StringSplitOptions.RemoveEmptyEntries)[0];
        await using (IpcServer socket = IpcServer.Listen(Names.Unique("dflt"), Registry.Create()))
        {
            socket.MaxConcurrentChannels.Should().Be(Expected(soft, perChannel: 1));
            Action zero = () => socket.MaxConcurrentChannels = 0;
            zero.Should().Throw<ArgumentOutOfRangeException>();
        }

        await using IpcServer rings = IpcServer.Listen(Names.Unique("dflt"), Registry.Create(), IpcTransport.SharedMemory);
        rings.MaxConcurrentChannels.Should().Be(Expected(soft, perChannel: 2));

        static int Expected(string soft, ulong perChannel) =>
            soft == "unlimited" ? int.MaxValue : (int)Math.Clamp((ulong.Parse(soft) - Math.Min(ulong.Parse(soft), 128)) / 2 / perChannel, 1, int.MaxValue);
    }

    private static Task<IpcChannel> ConnectAsync(string name, IpcTransport transport) =>
        IpcChannel.ConnectAsync(name, Registry.Create(), transport, new IpcChannelOptions { HandshakeTimeout = Timeout }).WaitAsync(Timeout * 2);

    /// <summary>Connects, trying again while the server refuses for want of room (its channels close in the background).</summary>
    private static async Task<IpcChannel> ConnectWhenThereIsRoomAsync(string name, IpcTransport transport)
    {
        DateTime deadline = DateTime.UtcNow + Timeout;
        while (true)
        {
            try
            {
                return await ConnectAsync(name, transport);
            }
            catch (IpcException ex) when (ex.Message.Contains("MaxConcurrentChannels", StringComparison.Ordinal) && DateTime.UtcNow < deadline)
            {
                await Task.Delay(50);
            }
        }
    }

    private static async Task WaitForAsync(ChildProcess child, string marker)
    {
        DateTime deadline = DateTime.UtcNow + Timeout;
        while (!child.Output.Contains(marker, StringComparison.Ordinal))
        {
            if (DateTime.UtcNow > deadline || child.HasExited)
            {
                throw new TimeoutException($"the child did not print {marker}: {child.Output}");
            }

            await Task.Delay(20);
        }
    }
}
