using System;
using System.Threading.Tasks;
using FastSerialization.Caching.TestChild;
using FluentAssertions;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using StackExchange.Redis;
using Xunit;

namespace FastSerialization.Caching.Tests;

/// <summary>FastDistributedCache over the real Redis-backed IDistributedCache.</summary>
public sealed class DistributedCacheTests : IClassFixture<RedisServerFixture>
{
    private readonly RedisServerFixture _redis;

    public DistributedCacheTests(RedisServerFixture redis) => _redis = redis;

    private ServiceProvider Services(LogCollector? logs = null, Action<FastSerialization.DependencyInjection.FastSerializationBuilder>? register = null) =>
        CacheContract.Services(_redis.SocketPath, register, s => { if (logs is not null) { s.AddLogging(b => b.AddProvider(logs)); } });

    private static string NewKey() => "distributed-test:" + Guid.NewGuid().ToString("N");

    [Fact]
    public async Task SetThenGet_RoundTripsThroughRedis()
    {
        string key = NewKey();
        await using ServiceProvider services = Services();
        var cache = services.GetRequiredService<FastDistributedCache>();

        await cache.SetAsync(key, CacheContract.CustomerFor(11));
        Customer? got = await cache.GetAsync<Customer>(key);

        got.Should().BeEquivalentTo(CacheContract.CustomerFor(11));
    }

    [Fact]
    public async Task TheStoredValue_IsTheRecordAndItsTrailer()
    {
        string key = NewKey();
        await using ServiceProvider services = Services();
        var cache = services.GetRequiredService<FastDistributedCache>();
        var formatter = services.GetRequiredService<CustomBinaryFormatter>();
        Customer customer = CacheContract.CustomerFor(12);

        await cache.SetAsync(key, customer);
        byte[] stored = (byte[])(await _redis.Database.HashGetAsync(key, "data"))!;

        byte[] record = formatter.SerializeToArray(customer);
        stored.Length.Should().Be(record.Length + 18);
        stored.AsSpan(0, record.Length).SequenceEqual(record).Should().BeTrue();
        BitConverter.ToUInt32(stored, record.Length).Should().Be((uint)record.Length);
        Convert.ToHexString(stored, record.Length + 8, 8).ToLowerInvariant().Should().Be(cache.RegistryFingerprint);
        stored[^2].Should().Be((byte)'F');
        stored[^1].Should().Be((byte)'S');
    }

    [Fact]
    public async Task AMissingKey_IsDefault()
    {
        await using ServiceProvider services = Services();

        (await services.GetRequiredService<FastDistributedCache>().GetAsync<Customer>(NewKey())).Should().BeNull();
    }

    [Fact]
    public async Task AnEntryOfAnotherType_IsALoggedMiss_NotAnException()
    {
        string key = NewKey();
        var logs = new LogCollector();
        await using ServiceProvider services = Services(logs);
        var cache = services.GetRequiredService<FastDistributedCache>();
        await cache.SetAsync(key, new Invoice { Number = 1, Amount = 9.5m, Currency = "EUR" });

        (await cache.GetAsync<Customer>(key)).Should().BeNull();
        logs.Rejections.Should().ContainSingle().Which.Should().Contain("not a Customer");
    }

    [Fact]
    public async Task AnEntryFromAnotherRegistry_IsALoggedMiss()
    {
        string key = NewKey();
        await using (ServiceProvider writer = Services())
        {
            await writer.GetRequiredService<FastDistributedCache>().SetAsync(key, CacheContract.CustomerFor(1));
        }

        var logs = new LogCollector();
        await using ServiceProvider reader = Services(logs, b => b.Register<Invoice>(1).Register<Customer>(2));

        (await reader.GetRequiredService<FastDistributedCache>().GetAsync<Customer>(key)).Should().BeNull();
        logs.Rejections.Should().ContainSingle().Which.Should().Contain("another type registry");
    }

    [Theory]
    [InlineData("flip a letter")]
    [InlineData("truncate")]
    [InlineData("garbage")]
    [InlineData("empty")]
    public async Task ACorruptedEntry_IsALoggedMiss(string corruption)
    {
        string key = NewKey();
        var logs = new LogCollector();
        await using ServiceProvider services = Services(logs);
        var cache = services.GetRequiredService<FastDistributedCache>();
        await cache.SetAsync(key, CacheContract.CustomerFor(6));
        byte[] stored = (byte[])(await _redis.Database.HashGetAsync(key, "data"))!;
        byte[] corrupted = corruption switch
        {
            "flip a letter" => Flip(stored, stored.AsSpan().IndexOf("Smith6"u8) + 2),
            "truncate" => stored.AsSpan(0, stored.Length - 5).ToArray(),
            "garbage" => "this is not a FastSerialization entry, FS"u8.ToArray(),
            _ => Array.Empty<byte>(),
        };
        await _redis.Database.HashSetAsync(key, "data", corrupted);

        (await cache.GetAsync<Customer>(key)).Should().BeNull();
        logs.Rejections.Should().ContainSingle();
    }

    [Fact]
    public async Task WithoutAStore_AddFastSerializationCachingSaysWhatToDo()
    {
        var services = new ServiceCollection();
        services.AddFastSerialization(b => CacheContract.RegisterAll(b));

        Action act = () => services.AddFastSerializationCaching();

        act.Should().Throw<InvalidOperationException>().WithMessage("*register the store first*");
        await Task.CompletedTask;
    }

    private static byte[] Flip(byte[] bytes, int at)
    {
        at.Should().BeGreaterThan(1);
        byte[] copy = (byte[])bytes.Clone();
        copy[at] ^= 0x20;
        return copy;
    }
}
