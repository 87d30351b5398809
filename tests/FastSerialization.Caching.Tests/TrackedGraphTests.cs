using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Caching.TestChild;
using FastSerialization.DependencyInjection;
using FastSerialization.Tests.Shared;
using FluentAssertions;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace FastSerialization.Caching.Tests;

/// <summary>
/// Reference-tracked graphs (contract section 8) through the real Redis: an entry is one record, so a department read
/// back by another container has its managers shared by its employees and everyone pointing back to it.
/// </summary>
public sealed class TrackedGraphTests : IClassFixture<RedisServerFixture>
{
    private readonly RedisServerFixture _redis;

    public TrackedGraphTests(RedisServerFixture redis) => _redis = redis;

    /// <summary>A container whose formatter knows the cache contract and the department's three tracked types.</summary>
    private ServiceProvider Services() =>
        CacheContract.Services(_redis.SocketPath, b => Register(b));

    private static FastSerializationBuilder Register(FastSerializationBuilder b) =>
        CacheContract.RegisterAll(b).Register<TrackedDepartment>(3).Register<TrackedEmployee>(4).Register<TrackedManager>(5);

    private static string NewKey() => "tracked-test:" + Guid.NewGuid().ToString("N");

    [Fact]
    public async Task DistributedCache_AnotherContainerReadsTheDepartmentWithItsShape()
    {
        string key = NewKey();
        TrackedDepartment stored = TrackedDepartment.Build(employees: 200, managers: 10);
        await using (ServiceProvider writer = Services())
        {
            await writer.GetRequiredService<FastDistributedCache>().SetAsync(key, stored);
        }

        await using ServiceProvider reader = Services();
        TrackedDepartment got = (await reader.GetRequiredService<FastDistributedCache>().GetAsync<TrackedDepartment>(key))!;

        got.Should().NotBeNull().And.NotBeSameAs(stored);
        got.ShouldHaveTheShapeOf(employees: 200, managers: 10);
        got.Employees[0].Manager.Should().BeSameAs(got.Employees[10].Manager, "employees 0 and 10 share manager 0");
        got.Managers![3].Department.Should().BeSameAs(got, "the cycle closes on the department read back");
    }

    [Fact]
    public async Task DistributedCache_EachEntryIsItsOwnGraph()
    {
        string[] keys = { NewKey(), NewKey(), NewKey() };
        await using ServiceProvider services = Services();
        var cache = services.GetRequiredService<FastDistributedCache>();
        TrackedDepartment shared = TrackedDepartment.Build(employees: 12, managers: 3);
        foreach (string key in keys)
        {
            await cache.SetAsync(key, shared);
        }

        TrackedDepartment?[] got = await Task.WhenAll(keys.Select(k => cache.GetAsync<TrackedDepartment>(k)));

        foreach (TrackedDepartment? department in got)
        {
            department!.ShouldHaveTheShapeOf(employees: 12, managers: 3);
        }

        got[0]!.Managers![0].Should().NotBeSameAs(got[1]!.Managers![0], "identity is per entry: two reads never share an object");
    }

    [Fact]
    public async Task HybridCache_AnL2HitInAnotherContainer_HasTheShape_WithoutRunningTheFactory()
    {
        string key = NewKey();
        await using (ServiceProvider writer = Services())
        {
            await writer.GetRequiredService<HybridCache>().SetAsync(key, TrackedDepartment.Build(employees: 50, managers: 5, name: "hybrid"));
        }

        await using ServiceProvider reader = Services();
        int factoryCalls = 0;
        TrackedDepartment got = await reader.GetRequiredService<HybridCache>().GetOrCreateAsync(
            key, _ => { Interlocked.Increment(ref factoryCalls); return ValueTask.FromResult(new TrackedDepartment { Name = "factory" }); });

        factoryCalls.Should().Be(0, "the entry came from Redis");
        got.Name.Should().Be("hybrid");
        got.ShouldHaveTheShapeOf(employees: 50, managers: 5);
    }
}
