using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.SharedMemory;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>The shared-memory transport: rings, wrap-around, limits, back-pressure, setup and endings.</summary>
public class SharedMemoryTests
{
    private const int SmallRing = 4096;
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ClientAndServer_ExchangeMessagesAndRequests_AndLeaveNoRingFileBehind()
    {
        string name = Names.Unique("shm");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory);
        server.Transport.Should().Be(IpcTransport.SharedMemory);
        Task<IpcChannel> accept = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), IpcTransport.SharedMemory).WaitAsync(Timeout);
        await using IpcChannel serverSide = await accept.WaitAsync(Timeout);
        client.Writer.Should().BeOfType<RingPipeWriter>("the formatter writes straight into the ring");

        RingFiles(name).Should().BeEmpty("the server removes the file's name once both sides mapped it");
        if (OperatingSystem.IsLinux())
        {
            // There, the rings never had a name: a sealed memory file, reached through the server's descriptor.
            serverSide.SharedMemoryRings!.FilePath.Should().MatchRegex($"^/proc/{Environment.ProcessId}/fd/[0-9]+$");
        }
        await client.SendAsync(new Ping { Id = 7 });
        ((Ping)(await serverSide.ReceiveAsync().AsTask().WaitAsync(Timeout))!).Id.Should().Be(7);
        Task answer = Task.Run(async () =>
        {
            var request = (IpcRequest)(await serverSide.ReceiveAsync())!;
            await request.RespondAsync(new Pong { Id = ((Ping)request.Message).Id + 1 });
        });
        (await client.RequestAsync<Pong>(new Ping { Id = 41 }).WaitAsync(Timeout)).Id.Should().Be(42);
        await answer.WaitAsync(Timeout);

        // Closing one side ends the other's reads normally.
        await client.DisposeAsync();
        (await serverSide.ReceiveAsync().AsTask().WaitAsync(Timeout)).Should().BeNull();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task RecordsWrapTheRingsEnd_AtEveryOffset_ForRecordsOfManySizes()
    {
        // Records of an odd size S start at k*S mod 4096: 4096 of them start at every offset of the ring.
        CustomBinaryFormatter formatter = Registry.Create();
        int[] sizes = { 41, 101, 777, 2049, SmallRing - 3 };
        var plan = new List<Trade>();
        var offsets = new HashSet<long>[sizes.Length];
        long position = 0;
        for (int s = 0; s < sizes.Length; s++)
        {
            string symbol = SymbolForRecordSize(formatter, sizes[s]);
            offsets[s] = new HashSet<long>();
            for (int k = 0; k < SmallRing; k++)
            {
                Trade trade = SameSizedTrade(plan.Count);
                trade.Symbol = symbol;
                formatter.SerializeToArray(trade).Length.Should().Be(sizes[s]);
                offsets[s].Add(position % SmallRing);
                position += formatter.SerializeToArray(trade).Length;
                plan.Add(trade);
            }
        }

        offsets.Should().OnlyContain(set => set.Count == SmallRing, "every size starts at every offset of the ring");
        string name = Names.Unique("wrap");
        var options = new IpcChannelOptions { SharedMemoryRingCapacity = SmallRing };
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory, options);
        Task<IpcChannel> accept = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), IpcTransport.SharedMemory, options).WaitAsync(Timeout);
        await using IpcChannel serverSide = await accept.WaitAsync(Timeout);

        Task send = Task.Run(async () =>
        {
            foreach (Trade trade in plan)
            {
                await client.SendAsync(trade);
            }

            await client.FlushAsync();
        });
        // The deadline is for a stall, not for the whole transfer: each record restarts it. 8,192 of these 20,480 records
        // (those of 2,049 and 4,093 bytes) fill the 4 KB ring alone, so the writer and the reader hand it over 8,192
        // times, each waiting to be scheduled: on two busy cores the whole transfer can take longer than Timeout
        // (the test's own timeout still bounds it).
        using var cts = new CancellationTokenSource(Timeout);
        int received = 0;
        await foreach (object message in serverSide.ReadAllAsync(cts.Token))
        {
            cts.CancelAfter(Timeout);
            var trade = (Trade)message;
            Trade expected = plan[received];
            trade.Sequence.Should().Be(expected.Sequence);
            trade.Symbol.Should().Be(expected.Symbol);
            trade.Fold(0).Should().Be(expected.Fold(0));
            if (++received == plan.Count)
            {
                break;
            }
        }

        await send.WaitAsync(Timeout);
        received.Should().Be(plan.Count);
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ARecordLargerThanTheRing_IsRefusedWithAClearError_AndNothingOfItIsSent()
    {
        string name = Names.Unique("large");
        var options = new IpcChannelOptions { SharedMemoryRingCapacity = SmallRing };
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory, options);
        Task<IpcChannel> accept = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), IpcTransport.SharedMemory, options).WaitAsync(Timeout);
        await using IpcChannel serverSide = await accept.WaitAsync(Timeout);

        await client.SendAsync(Trade.Make(1));
        var large = Trade.Make(2);
        large.Symbol = new string('x', 5000);
        Func<Task> send = () => client.SendAsync(large);
        await send.Should().ThrowAsync<IpcException>().WithMessage("*does not fit in the shared-memory ring of 4096 bytes*");
        Func<Task> request = () => client.RequestAsync<Pong>(large, TimeSpan.FromSeconds(5));
        await request.Should().ThrowAsync<IpcException>().WithMessage("*does not fit*");

        // The channel goes on: the peer sees the records before and after, nothing of the refused ones.
        await client.SendAsync(Trade.Make(3));
        await client.FlushAsync();
        ((Trade)(await serverSide.ReceiveAsync().AsTask().WaitAsync(Timeout))!).Sequence.Should().Be(1);
        ((Trade)(await serverSide.ReceiveAsync().AsTask().WaitAsync(Timeout))!).Sequence.Should().Be(3);
        Task answer = Task.Run(async () =>
        {
            var ping = (IpcRequest)(await serverSide.ReceiveAsync())!;
            await ping.RespondAsync(new Pong { Id = ((Ping)ping.Message).Id });
        });
        (await client.RequestAsync<Pong>(new Ping { Id = 5 }).WaitAsync(Timeout)).Id.Should().Be(5, "the refused request's prefix was taken back too");
        await answer.WaitAsync(Timeout);
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AFullRing_WithASlowReader_MakesTheSenderWait_AndMemoryStaysBounded()
    {
        string name = Names.Unique("full");
        var options = new IpcChannelOptions { SharedMemoryRingCapacity = SmallRing, ReceiveQueueCapacity = 1 };
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory, options);
        Task<IpcChannel> accept = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), IpcTransport.SharedMemory, options).WaitAsync(Timeout);
        await using IpcChannel serverSide = await accept.WaitAsync(Timeout);

        const int Total = 5000;
        string symbol = new('s', 1000);
        long sent = 0;
        Task send = Task.Run(async () =>
        {
            for (int i = 0; i < Total; i++)
            {
                var trade = Trade.Make(i);
                trade.Symbol = symbol;
                await client.SendAsync(trade);
                Interlocked.Increment(ref sent);
            }

            await client.FlushAsync();
        });

        // Nobody reads: the sender fills the ring, the receive queue and its flush threshold, then waits.
        // Wait until it has stopped (a loaded machine may take a while to get there).
        long stalledAt = -1;
        var deadline = DateTime.UtcNow.AddSeconds(30);
        while (DateTime.UtcNow < deadline)
        {
            long before = Interlocked.Read(ref sent);
            await Task.Delay(500);
            if (before > 0 && Interlocked.Read(ref sent) == before)
            {
                stalledAt = before;
                break;
            }
        }

        stalledAt.Should().BePositive("the sender makes progress, then stops while nobody reads");
        send.IsCompleted.Should().BeFalse();
        stalledAt.Should().BeLessThan((SmallRing + IpcChannel.FlushThreshold) / 1000 + 20, "a sender facing a full ring waits instead of buffering");
        await Task.Delay(300);
        Interlocked.Read(ref sent).Should().Be(stalledAt, "the sender stays parked while nobody reads");

        // The slow reader drains it all, in order.
        for (int i = 0; i < Total; i++)
        {
            var trade = (Trade)(await serverSide.ReceiveAsync().AsTask().WaitAsync(Timeout))!;
            trade.Sequence.Should().Be(i);
            trade.Symbol.Should().Be(symbol);
        }

        await send.WaitAsync(Timeout);
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task TransportsThatDiffer_FailTheHandshake_SayingSo()
    {
        string name = Names.Unique("mixed");
        await using (IpcServer shmServer = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory))
        {
            Task<IpcChannel> accept = shmServer.AcceptAsync();
            Func<Task> socketClient = () => IpcChannel.ConnectAsync(name, Registry.Create(), IpcTransport.UnixSocket).WaitAsync(Timeout);
            await socketClient.Should().ThrowAsync<IpcHandshakeException>().WithMessage("*shared-memory transport*");
            Func<Task> serverSide = () => accept.WaitAsync(Timeout);
            await serverSide.Should().ThrowAsync<IpcHandshakeException>().WithMessage("*Unix-socket transport*");
        }

        await using (IpcServer socketServer = IpcServer.Listen(name, Registry.Create(), IpcTransport.UnixSocket))
        {
            Task<IpcChannel> accept = socketServer.AcceptAsync();
            Func<Task> shmClient = () => IpcChannel.ConnectAsync(name, Registry.Create(), IpcTransport.SharedMemory).WaitAsync(Timeout);
            await shmClient.Should().ThrowAsync<IpcHandshakeException>().WithMessage("*uses the Unix-socket transport*");
            Func<Task> serverSide = () => accept.WaitAsync(Timeout);
            await serverSide.Should().ThrowAsync<IpcException>();
        }
    }

    [Fact]
    public void RingFiles_AreOwnerOnly_InAPrivateDirectory_AndRemovedOnDispose()
    {
        if (OperatingSystem.IsWindows())
        {
            return; // not supported there
        }

        string name = Names.Unique("mode");
        string path;
        if (OperatingSystem.IsLinux())
        {
            // On Linux the rings are a memory file with no name, sealed against any change of its size (the probe's
            // truncation attack is in HostilePeerTests); the client reaches it through the server's descriptor.
            using SharedMemoryFile file = SharedMemoryFile.Create(name, SmallRing);
            file.Path.Should().MatchRegex($"^/proc/{Environment.ProcessId}/fd/[0-9]+$");
            using var peer = new FileStream(file.Path, FileMode.Open, FileAccess.ReadWrite, FileShare.ReadWrite);
            SealedMemory.IsSizeSealed(peer.SafeFileHandle).Should().BeTrue();
            peer.Length.Should().Be(SharedMemoryFile.FileSize(SmallRing));
            RingFiles(name).Should().BeEmpty("nothing is created in the directory");
            return;
        }

        using (SharedMemoryFile file = SharedMemoryFile.Create(name, SmallRing))
        {
            path = file.Path;
            File.GetUnixFileMode(path).Should().Be(UnixFileMode.UserRead | UnixFileMode.UserWrite);
            File.GetUnixFileMode(Path.GetDirectoryName(path)!).Should().Be(UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
            new FileInfo(path).Length.Should().Be(SharedMemoryFile.FileSize(SmallRing));
        }

        File.Exists(path).Should().BeFalse();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ARingFileOfACrashedServer_IsRemovedWhenTheNameIsListenedOnAgain()
    {
        if (OperatingSystem.IsWindows())
        {
            return;
        }

        // A process that has exited stands for the crashed server; its pid names the file.
        int deadPid;
        using (ChildProcess exited = ChildProcess.Start("help"))
        {
            deadPid = exited.Id;
            (await exited.WaitForExitAsync(Timeout)).Should().Be(2);
        }

        string name = Names.Unique("stale");
        string stale = Path.Combine(SharedMemoryFile.Directory(), $"{name}.{deadPid}.0123456789abcdef.ring");
        await File.WriteAllBytesAsync(stale, new byte[SharedMemoryFile.FileSize(SmallRing)]);
        string live = Path.Combine(SharedMemoryFile.Directory(), $"{name}.{Environment.ProcessId}.fedcba9876543210.ring");
        await File.WriteAllBytesAsync(live, new byte[16]);
        try
        {
            await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory);
            File.Exists(stale).Should().BeFalse("its creator is gone");
            File.Exists(live).Should().BeTrue("its creator still runs");
        }
        finally
        {
            File.Delete(stale);
            File.Delete(live);
        }
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AProducerKilledBetweenWritingAndPublishing_LeavesNothingTheConsumerDelivers()
    {
        string name = Names.Unique("unpublished");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory);
        using ChildProcess child = ChildProcess.Start("die-unpublished", name, "1000");
        IpcChannel channel = await server.AcceptAsync().WaitAsync(Timeout);
        long count = 0;
        Func<Task> read = async () =>
        {
            using var cts = new CancellationTokenSource(Timeout);
            await foreach (object message in channel.ReadAllAsync(cts.Token))
            {
                ((Trade)message).Sequence.Should().Be(count);
                count++;
            }
        };

        await read.Should().ThrowAsync<IpcException>().WithMessage("*peer*");
        count.Should().Be(1000, "the published records all arrive, the unpublished one never does");
        await child.WaitForExitAsync(Timeout);
        child.Output.Should().MatchRegex(@"UNPUBLISHED [1-9]\d*", "the last record was in the ring, written but not published");
        await channel.DisposeAsync();
    }

    private static IEnumerable<string> RingFiles(string name) =>
        OperatingSystem.IsWindows() ? Array.Empty<string>() : Directory.EnumerateFiles(SharedMemoryFile.Directory(), name + ".*.ring");

    /// <summary>A symbol that makes a trade's record exactly <paramref name="recordSize"/> bytes long.</summary>
    /// <summary>A trade whose sequence number takes the same varint length for every <paramref name="index"/> below 2^40 (the generated Trade writes it compact).</summary>
    private static Trade SameSizedTrade(int index)
    {
        Trade trade = Trade.Make(index);
        trade.Sequence = (1L << 40) + index;
        return trade;
    }

    private static string SymbolForRecordSize(CustomBinaryFormatter formatter, int recordSize)
    {
        for (int length = 0; length < recordSize; length++)
        {
            Trade trade = SameSizedTrade(0);
            trade.Symbol = new string('a', length);
            if (formatter.SerializeToArray(trade).Length == recordSize)
            {
                return trade.Symbol;
            }
        }

        throw new InvalidOperationException($"No symbol makes a {recordSize}-byte record.");
    }
}
