using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Xunit;

namespace FastSerialization.Ipc.Hosting.Tests;

/// <summary>Concurrency tests of the hosted server, through AddIpcServer and IHostedService only.</summary>
public class ConcurrencyTests
{
    private static readonly TimeSpan Prompt = TimeSpan.FromSeconds(10);

    private static string UniqueName(string prefix) => $"{prefix}-{Guid.NewGuid():N}";

    private static ServiceProvider Build(string name, Func<IpcChannel, CancellationToken, Task> handler)
    {
        var services = new ServiceCollection();
        services.AddLogging(b => b.ClearProviders());
        services.AddSingleton(Registry.Create());
        services.AddIpcServer(o => { o.Name = name; o.HandlerStopTimeout = TimeSpan.FromSeconds(2); }, handler);
        return services.BuildServiceProvider();
    }

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

    private static bool NameIsFree(string name)
    {
        try
        {
            IpcServer.Listen(name, Registry.Create()).DisposeAsync().AsTask().GetAwaiter().GetResult();
            return true;
        }
        catch (IpcException)
        {
            return false;
        }
    }

    [Fact(Timeout = 120_000)]
    public async Task StopAsyncTwiceConcurrently_WithClientsConnected_BothEndPromptly()
    {
        for (int iteration = 0; iteration < 30; iteration++)
        {
            string name = UniqueName("stop2");
            await using ServiceProvider provider = Build(name, EchoAsync);
            IHostedService service = provider.GetServices<IHostedService>().Single();
            await service.StartAsync(CancellationToken.None).WaitAsync(Prompt);
            IpcChannel[] clients = await Task.WhenAll(Enumerable.Range(0, 3).Select(_ => IpcChannel.ConnectAsync(name, Registry.Create()))).WaitAsync(Prompt);
            foreach (IpcChannel client in clients)
            {
                (await client.RequestAsync<Pong>(new Ping { Id = 5 }).WaitAsync(Prompt)).Id.Should().Be(5);
            }

            Task first = Task.Run(() => service.StopAsync(CancellationToken.None));
            Task second = Task.Run(() => service.StopAsync(CancellationToken.None));
            await Task.WhenAll(first, second).WaitAsync(Prompt);
            foreach (IpcChannel client in clients)
            {
                (await client.ReceiveAsync().AsTask().WaitAsync(Prompt)).Should().BeNull("stopping closed the channel");
                await client.DisposeAsync();
            }

            NameIsFree(name).Should().BeTrue($"iteration {iteration}: the server stopped");
        }
    }

    [Fact(Timeout = 120_000)]
    public async Task StartAndStopRacing_AfterBothTheNameIsFree()
    {
        var random = new Random(5);
        for (int iteration = 0; iteration < 50; iteration++)
        {
            string name = UniqueName("race");
            ServiceProvider provider = Build(name, EchoAsync);
            IHostedService service = provider.GetServices<IHostedService>().Single();
            using var go = new Barrier(2);
            int delay = random.Next(0, 3);
            Task start = Task.Run(() => { go.SignalAndWait(); return service.StartAsync(CancellationToken.None); });
            Task stop = Task.Run(() => { go.SignalAndWait(); if (delay > 0) { Thread.SpinWait(delay * 500); } return service.StopAsync(CancellationToken.None); });
            await Task.WhenAll(start, stop).WaitAsync(Prompt);
            bool free = NameIsFree(name);
            await provider.DisposeAsync();
            free.Should().BeTrue($"iteration {iteration}: StartAsync and StopAsync both returned, yet a server still listens under the name");
        }
    }

    [Fact(Timeout = 120_000)]
    public async Task ChannelsWhoseHandlersReturnAtOnce_AreNotKeptByTheServer()
    {
        // A handler that returns at once races the accept loop's bookkeeping: the server must still let go of every
        // channel it served, or a long-running server of short connections keeps each one for good.
        string name = UniqueName("brief");
        var served = new System.Collections.Concurrent.ConcurrentQueue<WeakReference>();
        await using ServiceProvider provider = Build(name, (channel, _) =>
        {
            served.Enqueue(new WeakReference(channel));
            return Task.CompletedTask;
        });
        IHostedService service = provider.GetServices<IHostedService>().Single();
        await service.StartAsync(CancellationToken.None);
        for (int i = 0; i < 200; i++)
        {
            await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create()).WaitAsync(Prompt);
            (await client.ReceiveAsync().AsTask().WaitAsync(Prompt)).Should().BeNull("the handler returned, so the server closed the channel");
        }

        for (int attempt = 0; attempt < 50 && served.Any(r => r.IsAlive); attempt++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            await Task.Delay(20);
        }

        served.Should().HaveCount(200);
        served.Count(r => r.IsAlive).Should().Be(0, "every channel was disposed and nothing of the server's refers to it any more");
        await service.StopAsync(CancellationToken.None);
    }
}
