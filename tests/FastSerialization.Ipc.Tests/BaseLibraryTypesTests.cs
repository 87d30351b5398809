using System;
using System.Runtime.Versioning;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Tests.Shared;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>A model holding every base-library type of contract section 2b (issue 45), sent over a real channel.</summary>
// Unix sockets and shared memory: the Windows transport (named pipes) is covered by the channel tests.
[UnsupportedOSPlatform("windows")]
public class BaseLibraryTypesTests
{
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket)]
    [InlineData(IpcTransport.SharedMemory)]
    public async Task EveryType_RoundTripsEqual_OverAChannel(IpcTransport transport)
    {
        string name = Names.Unique("everytype");
        await using IpcServer server = IpcServer.Listen(name, EveryBaseLibraryType.NewFormatter(), transport);
        Task<IpcChannel> accept = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, EveryBaseLibraryType.NewFormatter(), transport);
        await using IpcChannel served = await accept;

        for (int seed = 0; seed < 10; seed++)
        {
            await client.SendAsync(EveryBaseLibraryType.Sample(seed));
        }

        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        for (int seed = 0; seed < 10; seed++)
        {
            object? received = await served.ReceiveAsync(timeout.Token);
            received.Should().BeOfType<EveryBaseLibraryType>().Which.ShouldEqualWhatWasWritten(EveryBaseLibraryType.Sample(seed));
        }
    }
}
