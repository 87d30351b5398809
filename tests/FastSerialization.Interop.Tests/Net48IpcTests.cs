using System;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Interop.Tests;

/// <summary>
/// A .NET Framework 4.8 program using the IPC package's netstandard2.0 build, run on Mono (the stand-in for .NET
/// Framework here), and this .NET 10 process talk over the default transport (a Unix socket), each side listening in
/// turn: records go both ways and a request is answered, and every message is, written again, the bytes the
/// receiving side writes for the same value (<see cref="IpcExchange"/>).
/// </summary>
public sealed class Net48IpcTests
{
    private const int Count = 600;

    private readonly string _name = "interop-" + Guid.NewGuid().ToString("N").Substring(0, 12);

    [Fact]
    public async Task Net10Listens_Net48Connects_RecordsAndARequestGoBothWays()
    {
        CustomBinaryFormatter formatter = InteropValues.NewFormatter();
        await using IpcServer server = IpcServer.Listen(_name, formatter);
        using var mono = new Net48Program("ipc-connect", _name, Count);

        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        Task<IpcChannel> accepting = server.AcceptAsync(timeout.Token);
        (await Task.WhenAny(accepting, mono.Exited)).Should().Be(accepting, $"the net48 program connects; it said: {mono.Output}");
        await using IpcChannel channel = await accepting;

        string? problem = await IpcExchange.ServeAsync(channel, formatter, Count);

        problem.Should().BeNull();
        string output = await mono.WaitForSuccessAsync();
        output.Should().Contain("runtime: Mono").And.Contain($"exchanged {Count} records each way over IPC").And.Contain("net48 interop: OK");
    }

    [Fact]
    public async Task Net48Listens_Net10Connects_RecordsAndARequestGoBothWays()
    {
        CustomBinaryFormatter formatter = InteropValues.NewFormatter();
        using var mono = new Net48Program("ipc-listen", _name, Count);
        await mono.WaitForLineAsync("listening");

        await using IpcChannel channel = await IpcChannel.ConnectAsync(_name, formatter);
        string? problem = await IpcExchange.ConnectAsync(channel, formatter, Count);

        problem.Should().BeNull();
        string output = await mono.WaitForSuccessAsync();
        output.Should().Contain("runtime: Mono").And.Contain($"exchanged {Count} records each way over IPC").And.Contain("net48 interop: OK");
    }

    [Fact]
    public async Task SharedMemory_OnTheNetStandardBuild_IsRefusedClearly()
    {
        using var mono = new Net48Program("ipc-shared-memory", _name, 1);

        string output = await mono.WaitForSuccessAsync();

        output.Should().Contain("PlatformNotSupportedException").And.Contain("has no shared-memory transport");
    }
}
