using System;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Xunit;

namespace FastSerialization.Ipc.Hosting.Tests;

/// <summary>AddIpcServer in a real Host: serving, logging, refusing, stopping.</summary>
public class HostedServerTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);

    private static string UniqueName(string prefix) => $"{prefix}-{Guid.NewGuid():N}";

    private static IHost BuildHost(LogCollector logs, Action<IServiceCollection> configure, bool withFormatter = true)
    {
        HostApplicationBuilder builder = Host.CreateApplicationBuilder();
        builder.Logging.ClearProviders();
        builder.Logging.SetMinimumLevel(LogLevel.Debug);
        builder.Logging.AddProvider(logs);
        if (withFormatter)
        {
            builder.Services.AddSingleton(Registry.Create());
        }

        configure(builder.Services);
        return builder.Build();
    }

    /// <summary>Answers every Ping request with a Pong of the same id, until the client closes the channel or the host stops.</summary>
    private static async Task EchoAsync(IpcChannel channel, CancellationToken stopping)
    {
        await foreach (object message in channel.ReadAllAsync(stopping))
        {
            if (message is IpcRequest { Message: Ping ping } request)
            {
                await request.RespondAsync(new Pong { Id = ping.Id }, stopping);
            }
        }
    }

    [Theory(Timeout = 120_000)]
    [InlineData(IpcTransport.UnixSocket)]
    [InlineData(IpcTransport.SharedMemory)]
    public async Task TheHostedServer_AnswersClients_AndStoppingTheHostClosesTheirChannels(IpcTransport transport)
    {
        var logs = new LogCollector();
        string name = UniqueName("hosted");
        using IHost host = BuildHost(logs, services => services.AddIpcServer(o => { o.Name = name; o.Transport = transport; }, EchoAsync));
        await host.StartAsync().WaitAsync(Timeout);
        logs.Has(LogLevel.Information, 1).Should().BeTrue(logs.Dump());

        await using IpcChannel first = await IpcChannel.ConnectAsync(name, Registry.Create(), transport).WaitAsync(Timeout);
        await using IpcChannel second = await IpcChannel.ConnectAsync(name, Registry.Create(), transport).WaitAsync(Timeout);
        (await first.RequestAsync<Pong>(new Ping { Id = 1 }).WaitAsync(Timeout)).Id.Should().Be(1);
        (await second.RequestAsync<Pong>(new Ping { Id = 2 }).WaitAsync(Timeout)).Id.Should().Be(2);

        await host.StopAsync().WaitAsync(Timeout);
        (await first.ReceiveAsync().AsTask().WaitAsync(Timeout)).Should().BeNull("stopping the host closed the channel");
        (await second.ReceiveAsync().AsTask().WaitAsync(Timeout)).Should().BeNull();
        logs.Has(LogLevel.Information, 8).Should().BeTrue(logs.Dump());
        Func<Task> connect = () => IpcChannel.ConnectAsync(name, Registry.Create(), transport);
        await connect.Should().ThrowAsync<IpcException>("the server no longer listens");
    }

    [Fact(Timeout = 120_000)]
    public async Task ARefusedHandshake_IsLoggedAsAWarning_AndTheServerGoesOn()
    {
        var logs = new LogCollector();
        string name = UniqueName("refuse");
        using IHost host = BuildHost(logs, services => services.AddIpcServer(o => o.Name = name, EchoAsync));
        await host.StartAsync().WaitAsync(Timeout);

        Func<Task> mismatched = () => IpcChannel.ConnectAsync(name, Registry.CreateMismatched());
        await mismatched.Should().ThrowAsync<IpcHandshakeException>();
        using (var deadline = new CancellationTokenSource(Timeout))
        {
            while (!logs.Has(LogLevel.Warning, 3))
            {
                await Task.Delay(10, deadline.Token);
            }
        }

        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create()).WaitAsync(Timeout);
        (await client.RequestAsync<Pong>(new Ping { Id = 3 }).WaitAsync(Timeout)).Id.Should().Be(3);
        await host.StopAsync().WaitAsync(Timeout);
    }

    [Fact(Timeout = 120_000)]
    public async Task AHandlerThatThrows_IsLogged_ItsChannelClosed_AndOtherClientsServed()
    {
        var logs = new LogCollector();
        string name = UniqueName("throws");
        int calls = 0;
        using IHost host = BuildHost(logs, services => services.AddIpcServer(o => o.Name = name, (channel, stopping) =>
            Interlocked.Increment(ref calls) == 1 ? throw new InvalidOperationException("handler broke") : EchoAsync(channel, stopping)));
        await host.StartAsync().WaitAsync(Timeout);

        await using IpcChannel broken = await IpcChannel.ConnectAsync(name, Registry.Create()).WaitAsync(Timeout);
        (await broken.ReceiveAsync().AsTask().WaitAsync(Timeout)).Should().BeNull("the failed handler's channel was closed");
        logs.Has(LogLevel.Error, 5).Should().BeTrue(logs.Dump());

        await using IpcChannel fine = await IpcChannel.ConnectAsync(name, Registry.Create()).WaitAsync(Timeout);
        (await fine.RequestAsync<Pong>(new Ping { Id = 4 }).WaitAsync(Timeout)).Id.Should().Be(4);
        await host.StopAsync().WaitAsync(Timeout);
    }

    [Fact(Timeout = 120_000)]
    public async Task AHandlerThatIgnoresTheToken_HasItsChannelClosedAfterTheStopTimeout()
    {
        var logs = new LogCollector();
        string name = UniqueName("stubborn");
        var release = new TaskCompletionSource();
        using IHost host = BuildHost(logs, services => services.AddIpcServer(
            o => { o.Name = name; o.HandlerStopTimeout = TimeSpan.FromMilliseconds(200); },
            (_, _) => release.Task));
        await host.StartAsync().WaitAsync(Timeout);
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create()).WaitAsync(Timeout);
        using (var deadline = new CancellationTokenSource(Timeout))
        {
            while (!logs.Has(LogLevel.Debug, 2))
            {
                await Task.Delay(10, deadline.Token); // accepted: the handler runs
            }
        }

        await host.StopAsync().WaitAsync(Timeout);
        logs.Has(LogLevel.Warning, 7).Should().BeTrue(logs.Dump());
        (await client.ReceiveAsync().AsTask().WaitAsync(Timeout)).Should().BeNull("the stop closed the channel under its handler");
        release.SetResult();
    }

    [Fact(Timeout = 120_000)]
    public async Task WithoutAFormatterInTheContainer_StartingFails_SayingWhatIsMissing()
    {
        var logs = new LogCollector();
        using IHost host = BuildHost(logs, services => services.AddIpcServer(o => o.Name = UniqueName("none"), EchoAsync), withFormatter: false);
        Func<Task> start = () => host.StartAsync();
        await start.Should().ThrowAsync<InvalidOperationException>().WithMessage("*CustomBinaryFormatter*");
    }

    [Fact(Timeout = 120_000)]
    public async Task TheHostedServersChannelLimit_RefusesTheClientBeyondIt_NamingIt()
    {
        var logs = new LogCollector();
        string name = UniqueName("capped");
        using IHost host = BuildHost(logs, services => services.AddIpcServer(o => { o.Name = name; o.MaxConcurrentChannels = 1; }, EchoAsync));
        await host.StartAsync().WaitAsync(Timeout);
        try
        {
            await using IpcChannel first = await IpcChannel.ConnectAsync(name, Registry.Create()).WaitAsync(Timeout);
            (await first.RequestAsync<Pong>(new Ping { Id = 1 }).WaitAsync(Timeout)).Id.Should().Be(1);
            Func<Task> second = () => IpcChannel.ConnectAsync(name, Registry.Create()).WaitAsync(Timeout);
            (await second.Should().ThrowAsync<IpcException>()).Which.Message.Should().Contain("maximum of 1 channels").And.Contain("MaxConcurrentChannels");
        }
        finally
        {
            await host.StopAsync().WaitAsync(Timeout);
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    public void AChannelLimitBelowOne_IsRefusedWhenAdded(int channels)
    {
        var services = new ServiceCollection();
        Action add = () => services.AddIpcServer(o => { o.Name = UniqueName("bad"); o.MaxConcurrentChannels = channels; }, EchoAsync);
        add.Should().Throw<InvalidOperationException>().WithMessage("*IpcServerHostOptions.MaxConcurrentChannels*");
        services.Should().BeEmpty("nothing is added for a server that could not run");
    }

    [Theory]
    [InlineData(0, 5.0, "MaxPendingHandshakes")]
    [InlineData(-1, 5.0, "MaxPendingHandshakes")]
    [InlineData(null, -5.0, "HandlerStopTimeout")]
    [InlineData(null, 60.0 * 24 * 3600, "HandlerStopTimeout")]
    public void ASettingTheServerCouldNotRunWith_IsRefusedWhenAdded(int? pending, double stopSeconds, string named)
    {
        var services = new ServiceCollection();
        Action add = () => services.AddIpcServer(
            o =>
            {
                o.Name = UniqueName("bad");
                o.MaxPendingHandshakes = pending;
                o.HandlerStopTimeout = TimeSpan.FromSeconds(stopSeconds);
            },
            EchoAsync);
        add.Should().Throw<InvalidOperationException>().WithMessage($"*IpcServerHostOptions.{named}*");
        services.Should().BeEmpty("nothing is added for a server that could not run");
    }

    [Fact(Timeout = 120_000)]
    public async Task AnInfiniteOrZeroStopTimeout_IsAccepted_AndStopsTheHost()
    {
        foreach (TimeSpan wait in new[] { System.Threading.Timeout.InfiniteTimeSpan, TimeSpan.Zero })
        {
            var logs = new LogCollector();
            string name = UniqueName("wait");
            using IHost host = BuildHost(logs, services => services.AddIpcServer(o => { o.Name = name; o.HandlerStopTimeout = wait; o.MaxPendingHandshakes = 1; }, EchoAsync));
            await host.StartAsync().WaitAsync(Timeout);
            await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create()).WaitAsync(Timeout);
            (await client.RequestAsync<Pong>(new Ping { Id = 5 }).WaitAsync(Timeout)).Id.Should().Be(5, $"the server runs with a stop timeout of {wait}");

            await host.StopAsync().WaitAsync(Timeout);
            (await client.ReceiveAsync().AsTask().WaitAsync(Timeout)).Should().BeNull($"stopping with a stop timeout of {wait} closed the client's channel");
            Func<Task> connect = () => IpcChannel.ConnectAsync(name, Registry.Create());
            await connect.Should().ThrowAsync<IpcException>("the stopped server no longer listens");
        }
    }

    [Fact(Timeout = 120_000)]
    public async Task AContainerDisposedSynchronously_ClosesTheServer_AndGivesItsNameBack()
    {
        string name = UniqueName("sync");
        var services = new ServiceCollection();
        services.AddSingleton(Registry.Create());
        services.AddIpcServer(o => o.Name = name, EchoAsync);
        ServiceProvider provider = services.BuildServiceProvider();
        IHostedService hosted = provider.GetRequiredService<IHostedService>();
        await hosted.StartAsync(CancellationToken.None);

        Action dispose = provider.Dispose;
        dispose.Should().NotThrow("a ServiceProvider disposed with Dispose (not DisposeAsync) disposes its singletons synchronously");
        Func<Task> again = async () => await ((IAsyncDisposable)hosted).DisposeAsync();
        await again.Should().NotThrowAsync("disposing twice is harmless");
        await using IpcServer next = IpcServer.Listen(name, Registry.Create());
        next.Name.Should().Be(name);
    }

    [Fact]
    public void AServerWithoutAName_IsRefusedWhenAdded()
    {
        var services = new ServiceCollection();
        Action add = () => services.AddIpcServer(_ => { }, EchoAsync);
        add.Should().Throw<InvalidOperationException>().WithMessage("*Name*");
    }
}
