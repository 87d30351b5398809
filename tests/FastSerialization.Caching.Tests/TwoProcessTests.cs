using System;
using System.Diagnostics;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using FastSerialization.Caching.TestChild;
using FluentAssertions;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace FastSerialization.Caching.Tests;

/// <summary>A second, real process writes into the same Redis and exits; this process then reads what it wrote, and the other way round.</summary>
public sealed class TwoProcessTests : IClassFixture<RedisServerFixture>
{
    private readonly RedisServerFixture _redis;

    public TwoProcessTests(RedisServerFixture redis) => _redis = redis;

    private static string ChildPath => typeof(TwoProcessTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "TestChildPath").Value!;

    private static async Task<(int ExitCode, string Output, int Pid)> RunChild(params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(ChildPath);
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using Process child = Process.Start(start)!;
        Task<string> output = child.StandardOutput.ReadToEndAsync();
        Task<string> error = child.StandardError.ReadToEndAsync();
        using var timeout = new System.Threading.CancellationTokenSource(TimeSpan.FromSeconds(60));
        await child.WaitForExitAsync(timeout.Token);
        string text = (await output).Trim();
        text.Should().NotBeNull();
        (await error).Should().BeEmpty();
        return (child.ExitCode, text, child.Id);
    }

    [Fact]
    public async Task EntriesWrittenByAnotherProcess_AreReadHereAfterItExited()
    {
        string prefix = "two-process:" + Guid.NewGuid().ToString("N");

        (int exitCode, string output, int pid) = await RunChild("write", _redis.SocketPath, prefix, "20");

        exitCode.Should().Be(0);
        output.Should().Be($"written 20 pid {pid}");
        pid.Should().NotBe(Environment.ProcessId);
        Process.GetProcesses().Any(p => p.Id == pid && !p.HasExited && p.ProcessName.Contains("dotnet", StringComparison.Ordinal) && p.StartTime > DateTime.Now.AddMinutes(-1))
            .Should().BeFalse("the writer has exited");

        await using ServiceProvider services = CacheContract.Services(_redis.SocketPath);
        var cache = services.GetRequiredService<FastDistributedCache>();
        HybridCache hybrid = services.GetRequiredService<HybridCache>();
        for (int i = 0; i < 20; i++)
        {
            (await cache.GetAsync<Customer>($"{prefix}:distributed:{i}")).Should().BeEquivalentTo(CacheContract.CustomerFor(i));
            Customer fromHybrid = await hybrid.GetOrCreateAsync<Customer>($"{prefix}:hybrid:{i}", _ => throw new InvalidOperationException("the factory ran: L2 missed"));
            fromHybrid.Should().BeEquivalentTo(CacheContract.CustomerFor(i));
        }
    }

    [Fact]
    public async Task AnEntryWrittenHere_IsReadByAnotherProcess()
    {
        string key = "two-process-back:" + Guid.NewGuid().ToString("N");
        await using (ServiceProvider services = CacheContract.Services(_redis.SocketPath))
        {
            await services.GetRequiredService<FastDistributedCache>().SetAsync(key, CacheContract.CustomerFor(42));
        }

        (int exitCode, string output, _) = await RunChild("read", _redis.SocketPath, key);

        exitCode.Should().Be(0);
        output.Should().Be("John Smith42, 42 Main Street, 72, 42, vip|n42");
        (await RunChild("read", _redis.SocketPath, key + ":absent")).Output.Should().Be("miss");
    }
}
