using System;
using System.IO;
using System.Net.Sockets;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>Servers and clients by name, over Unix domain sockets, in one process.</summary>
public class ServerTests
{
    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ClientAndServer_ExchangeMessages_ByName()
    {
        string name = Names.Unique("basic");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create());
        Task<IpcChannel> accept = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create());
        await using IpcChannel serverSide = await accept;

        await client.SendAsync(new Ping { Id = 7 });
        ((Ping)(await serverSide.ReceiveAsync())!).Id.Should().Be(7);
        await serverSide.SendAsync(new Pong { Id = 8 });
        ((Pong)(await client.ReceiveAsync())!).Id.Should().Be(8);
    }

    [Theory]
    [InlineData("")]
    [InlineData("../escape")]
    [InlineData("a/b")]
    [InlineData(".hidden")]
    [InlineData("name\n")] // '$' alone would let a final newline through
    [InlineData("this-name-is-far-too-long-to-be-a-channel-name-because-it-goes-on-and-on")]
    public void InvalidNames_AreRefused(string name)
    {
        Action act = () => IpcServer.Listen(name, Registry.Create());
        act.Should().Throw<ArgumentException>().WithMessage("*channel name*");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task TheSocket_LivesInAPrivateDirectory_AndIsOwnerOnly()
    {
        if (OperatingSystem.IsWindows())
        {
            return; // named pipes with CurrentUserOnly there; no socket file
        }

        await using IpcServer server = IpcServer.Listen(Names.Unique("private"), Registry.Create());
        string directory = Path.GetDirectoryName(server.Address)!;
        File.GetUnixFileMode(directory).Should().Be(UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        File.GetUnixFileMode(server.Address).Should().Be(UnixFileMode.UserRead | UnixFileMode.UserWrite);
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AStaleSocketFromACrashedServer_IsReplaced()
    {
        if (OperatingSystem.IsWindows())
        {
            return;
        }

        string name = Names.Unique("stale");
        string path;
        using (ChildProcess crashed = ChildProcess.Start("listen", name))
        {
            var deadline = DateTime.UtcNow.AddSeconds(60);
            while (!crashed.Output.Contains("LISTENING", StringComparison.Ordinal) && DateTime.UtcNow < deadline)
            {
                await Task.Delay(20);
            }

            crashed.Output.Should().Contain("LISTENING");
            path = crashed.Output.Split("LISTENING ")[1].Trim();
            crashed.Kill(); // SIGKILL: the server cannot remove its socket file
            await crashed.WaitForExitAsync(TimeSpan.FromSeconds(30));
        }

        File.Exists(path).Should().BeTrue("a killed server leaves its socket file behind");
        await using IpcServer second = IpcServer.Listen(name, Registry.Create());
        second.Address.Should().Be(path);
        Task<IpcChannel> accept = second.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create());
        await using IpcChannel serverSide = await accept;
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ASecondServerUnderALiveName_IsRefused()
    {
        string name = Names.Unique("twice");
        await using IpcServer first = IpcServer.Listen(name, Registry.Create());
        Action act = () => IpcServer.Listen(name, Registry.Create());
        act.Should().Throw<IpcException>().WithMessage("*already listening*");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ConnectingToNobody_SaysSo()
    {
        Func<Task> act = () => IpcChannel.ConnectAsync(Names.Unique("nobody"), Registry.Create());
        await act.Should().ThrowAsync<IpcException>().WithMessage("*No server is listening*");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AcceptAll_SkipsAClientWhoseHandshakeFails_AndReportsIt()
    {
        string name = Names.Unique("skip");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create());
        IpcException? reported = null;
        server.HandshakeFailed += ex => reported = ex;
        var accepted = new System.Collections.Generic.List<IpcChannel>();
        using var stop = new System.Threading.CancellationTokenSource(TimeSpan.FromSeconds(30));
        Task acceptLoop = Task.Run(async () =>
        {
            await foreach (IpcChannel channel in server.AcceptAllAsync(stop.Token))
            {
                accepted.Add(channel);
                break;
            }
        });

        Func<Task> bad = () => IpcChannel.ConnectAsync(name, Registry.CreateMismatched());
        await bad.Should().ThrowAsync<IpcHandshakeException>();
        await using IpcChannel good = await IpcChannel.ConnectAsync(name, Registry.Create());
        await acceptLoop;
        accepted.Should().ContainSingle();
        reported.Should().BeOfType<IpcHandshakeException>();
        await accepted[0].DisposeAsync();
    }
}
