using System;
using System.Globalization;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>Batches between two real processes: SendBatchAsync one way, ReceiveBatchAsync the other, over every transport and strategy.</summary>
public class BatchTwoProcessTests
{
    private const int Messages = 1_000_000;
    private static readonly TimeSpan ChildTimeout = TimeSpan.FromMinutes(3);

    private static IpcChannelOptions? Options(bool callingThread) =>
        callingThread ? new IpcChannelOptions { ReceiveOnCallingThread = true } : null;

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket, false)]
    [InlineData(IpcTransport.SharedMemory, false)]
    [InlineData(IpcTransport.UnixSocket, true)]
    [InlineData(IpcTransport.SharedMemory, true)]
    public async Task OneMillionMessagesInBatches_EachWay_ArriveInOrderWithTheirChecksum(IpcTransport transport, bool callingThread)
    {
        // This process sends batches of 1 to 1,000; the child receives them with ReceiveBatchAsync and checks order and checksum.
        string sinkName = Names.Unique("bsink");
        await using (IpcServer server = IpcServer.Listen(sinkName, Registry.Create(), transport, Options(callingThread)))
        {
            using ChildProcess child = ChildProcess.Start(TwoProcessTests.Args(transport, callingThread, "batch-sink", sinkName));
            await using IpcChannel channel = await server.AcceptAsync();
            ulong checksum = 0;
            long sent = 0;
            var random = new Random(17);
            while (sent < Messages)
            {
                int size = (int)Math.Min(Messages - sent, random.Next(1, 1001));
                Trade[] trades = Enumerable.Range(0, size).Select(i => Trade.Make(sent + i)).ToArray();
                foreach (Trade trade in trades)
                {
                    checksum = trade.Fold(checksum);
                }

                await channel.SendBatchAsync(trades);
                sent += size;
            }

            await channel.SendAsync(new Summary { Count = Messages, Checksum = checksum });
            var report = (Summary)(await channel.ReceiveAsync())!;
            report.Count.Should().Be(Messages);
            report.Checksum.Should().Be(checksum);
            await channel.DisposeAsync();
            (await child.WaitForExitAsync(ChildTimeout)).Should().Be(0, child.Output);
        }

        // The child sends batches; this process receives them with ReceiveBatchAsync.
        string sourceName = Names.Unique("bsource");
        await using (IpcServer server = IpcServer.Listen(sourceName, Registry.Create(), transport, Options(callingThread)))
        {
            using ChildProcess child = ChildProcess.Start(TwoProcessTests.Args(transport, callingThread, "batch-source", sourceName, Messages.ToString(CultureInfo.InvariantCulture)));
            IpcChannel channel = await server.AcceptAsync();
            long count = 0;
            ulong checksum = 0;
            Summary? summary = null;
            var batch = new object[512];
            int batches = 0;
            while (summary is null)
            {
                int got = await channel.ReceiveBatchAsync(batch);
                got.Should().BeGreaterThan(0, "the Summary comes before the end");
                batches++;
                for (int i = 0; i < got; i++)
                {
                    if (batch[i] is Trade trade)
                    {
                        summary.Should().BeNull("nothing follows the Summary");
                        trade.Sequence.Should().Be(count);
                        checksum = trade.Fold(checksum);
                        count++;
                    }
                    else
                    {
                        summary = (Summary)batch[i];
                    }
                }
            }

            await channel.DisposeAsync();
            summary.Count.Should().Be(count).And.Be(Messages);
            summary.Checksum.Should().Be(checksum);
            batches.Should().BeLessThan(Messages, "a batch receive takes more than one message when several have arrived");
            (await child.WaitForExitAsync(ChildTimeout)).Should().Be(0, child.Output);
        }
    }
}
