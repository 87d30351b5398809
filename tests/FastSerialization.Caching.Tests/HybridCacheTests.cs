using System;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Caching.TestChild;
using FluentAssertions;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using StackExchange.Redis;
using Xunit;

namespace FastSerialization.Caching.Tests;

/// <summary>HybridCache with Redis as its L2 and FastSerialization as its serializer.</summary>
public sealed class HybridCacheTests : IClassFixture<RedisServerFixture>
{
    private readonly RedisServerFixture _redis;

    public HybridCacheTests(RedisServerFixture redis) => _redis = redis;

    private ServiceProvider Services(LogCollector? logs = null, Action<FastSerialization.DependencyInjection.FastSerializationBuilder>? register = null) =>
        CacheContract.Services(_redis.SocketPath, register, s => { if (logs is not null) { s.AddLogging(b => b.AddProvider(logs)); } });

    private static string NewKey() => "hybrid-test:" + Guid.NewGuid().ToString("N");

    [Fact]
    public async Task AnEntrySetByOneContainer_IsAnL2HitForAnother_WithoutRunningTheFactory()
    {
        string key = NewKey();
        await using (ServiceProvider writer = Services())
        {
            await writer.GetRequiredService<HybridCache>().SetAsync(key, CacheContract.CustomerFor(7));
        }

        await using ServiceProvider reader = Services();
        int factoryCalls = 0;
        Customer got = await reader.GetRequiredService<HybridCache>().GetOrCreateAsync(
            key, _ => { Interlocked.Increment(ref factoryCalls); return ValueTask.FromResult(new Customer { LastName = "factory" }); });

        factoryCalls.Should().Be(0);
        got.Should().BeEquivalentTo(CacheContract.CustomerFor(7));
    }

    [Fact]
    public async Task TheStoredBytes_HoldTheRecordAndItsTrailer_InsideHybridCachesPayload()
    {
        string key = NewKey();
        await using ServiceProvider services = Services();
        Customer customer = CacheContract.CustomerFor(1);
        await services.GetRequiredService<HybridCache>().SetAsync(key, customer);
        string fingerprint = services.GetRequiredService<FastDistributedCache>().RegistryFingerprint;
        byte[] record = services.GetRequiredService<CustomBinaryFormatter>().SerializeToArray(customer);

        byte[] stored = (byte[])(await _redis.Database.HashGetAsync(key, "data"))!;

        byte[] tail = new byte[record.Length + 18];
        record.CopyTo(tail, 0);
        BitConverter.GetBytes((uint)record.Length).CopyTo(tail, record.Length);
        Convert.FromHexString(fingerprint).CopyTo(tail, record.Length + 8);
        tail[^2] = (byte)'F';
        tail[^1] = (byte)'S';
        int at = stored.AsSpan().IndexOf(tail.AsSpan(0, record.Length + 4));
        at.Should().BeGreaterThan(0, "HybridCache keeps its own header in front of the serializer's bytes");
        stored.AsSpan(at + record.Length + 8, 10).SequenceEqual(tail.AsSpan(record.Length + 8)).Should().BeTrue();
        (stored.Length - (at + tail.Length)).Should().BeLessThanOrEqualTo(16, "the guard looks for the trailer in the last 16 bytes");
    }

    [Fact]
    public async Task AnEntryFromAnotherRegistry_IsAMiss_LoggedAndRefilledByTheFactory()
    {
        string key = NewKey();
        await using (ServiceProvider writer = Services())
        {
            await writer.GetRequiredService<HybridCache>().SetAsync(key, CacheContract.CustomerFor(3));
        }

        // Same types, ids swapped: the bytes would read as garbage.
        var logs = new LogCollector();
        await using ServiceProvider reader = Services(logs, b => b.Register<Invoice>(1).Register<Customer>(2));
        int factoryCalls = 0;
        Customer got = await reader.GetRequiredService<HybridCache>().GetOrCreateAsync(
            key, _ => { Interlocked.Increment(ref factoryCalls); return ValueTask.FromResult(new Customer { LastName = "from the database" }); });

        factoryCalls.Should().Be(1);
        got.LastName.Should().Be("from the database");
        logs.Rejections.Should().ContainSingle().Which.Should().Contain("another type registry");
    }

    [Fact]
    public async Task ACorruptedEntry_IsAMiss_LoggedAndRefilledByTheFactory()
    {
        string key = NewKey();
        await using (ServiceProvider writer = Services())
        {
            await writer.GetRequiredService<HybridCache>().SetAsync(key, CacheContract.CustomerFor(4));
        }

        // One letter changed inside the record: "Smith4" becomes "Smyth4". The record still parses; only the CRC
        // can tell, and a wrong object must not come back.
        byte[] stored = (byte[])(await _redis.Database.HashGetAsync(key, "data"))!;
        int at = stored.AsSpan().IndexOf("Smith4"u8);
        at.Should().BeGreaterThan(0);
        stored[at + 2] = (byte)'y';
        await _redis.Database.HashSetAsync(key, "data", stored);

        var logs = new LogCollector();
        await using ServiceProvider reader = Services(logs);
        int factoryCalls = 0;
        Customer got = await reader.GetRequiredService<HybridCache>().GetOrCreateAsync(
            key, _ => { Interlocked.Increment(ref factoryCalls); return ValueTask.FromResult(new Customer { LastName = "refilled" }); });

        factoryCalls.Should().Be(1);
        got.LastName.Should().Be("refilled");
        logs.Rejections.Should().ContainSingle().Which.Should().Contain("fails its CRC-32C");
    }

    [Fact]
    public async Task ATruncatedEntry_IsAMiss()
    {
        string key = NewKey();
        await using (ServiceProvider writer = Services())
        {
            await writer.GetRequiredService<HybridCache>().SetAsync(key, CacheContract.CustomerFor(5));
        }

        byte[] stored = (byte[])(await _redis.Database.HashGetAsync(key, "data"))!;
        await _redis.Database.HashSetAsync(key, "data", stored.AsSpan(0, stored.Length - 6).ToArray());

        await using ServiceProvider reader = Services();
        int factoryCalls = 0;
        Customer got = await reader.GetRequiredService<HybridCache>().GetOrCreateAsync(
            key, _ => { Interlocked.Increment(ref factoryCalls); return ValueTask.FromResult(new Customer { LastName = "refilled" }); });

        factoryCalls.Should().Be(1);
        got.LastName.Should().Be("refilled");
    }

    [Fact]
    public async Task TypesOutsideTheRegistry_KeepHybridCachesDefaultSerializer()
    {
        string key = NewKey();
        await using ServiceProvider services = Services();
        await services.GetRequiredService<HybridCache>().SetAsync(key, "a plain string");

        await using ServiceProvider reader = Services();
        string got = await reader.GetRequiredService<HybridCache>().GetOrCreateAsync(key, _ => ValueTask.FromResult("factory"));

        got.Should().Be("a plain string");
    }
}
