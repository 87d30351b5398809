using System;
using System.Runtime.Versioning;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Tests.Shared;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>Reference-tracked graphs (contract section 8) over a real channel: shared objects and cycles survive.</summary>
// Unix sockets and shared memory: the Windows transport (named pipes) is covered by the channel tests.
[UnsupportedOSPlatform("windows")]
public class TrackedGraphTests
{
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket)]
    [InlineData(IpcTransport.SharedMemory)]
    public async Task SharedObjectsAndCycles_SurviveAChannel(IpcTransport transport)
    {
        string name = Names.Unique("graph");
        await using IpcServer server = IpcServer.Listen(name, TrackedDepartment.NewFormatter(), transport);
        Task<IpcChannel> accept = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, TrackedDepartment.NewFormatter(), transport);
        await using IpcChannel served = await accept;

        for (int i = 1; i <= 5; i++)
        {
            await client.SendAsync(TrackedDepartment.Build(employees: 200 * i, managers: 10));
        }

        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        for (int i = 1; i <= 5; i++)
        {
            object? received = await served.ReceiveAsync(timeout.Token);
            received.Should().BeOfType<TrackedDepartment>().Which.ShouldHaveTheShapeOf(employees: 200 * i, managers: 10);
        }
    }
}
