using System;
using System.Collections.Generic;
using System.Net.Sockets;
using FastSerialization.DependencyInjection;
using Microsoft.Extensions.DependencyInjection;
using StackExchange.Redis;

namespace FastSerialization.Caching.TestChild;

[BinarySerializable]
public sealed partial class Customer
{
    public string? LastName { get; set; }

    public string? FirstName { get; set; }

    public string? Address { get; set; }

    public int Age { get; set; }

    public int Code { get; set; }

    public List<string>? Tags { get; set; }
}

[BinarySerializable]
public sealed partial class Invoice
{
    public long Number { get; set; }

    public decimal Amount { get; set; }

    public string? Currency { get; set; }
}

/// <summary>What the test and its child process share: the types, the registry, and how to reach the Redis server.</summary>
public static class CacheContract
{
    public static FastSerializationBuilder RegisterAll(FastSerializationBuilder b) => b.Register<Customer>(1).Register<Invoice>(2);

    public static Customer CustomerFor(int i) => new()
    {
        LastName = "Smith" + i,
        FirstName = "John",
        Address = i + " Main Street",
        Age = 30 + (i % 50),
        Code = i,
        Tags = new List<string> { "vip", "n" + i },
    };

    /// <summary>Redis over the Unix socket the test's fixture started it on.</summary>
    public static ConfigurationOptions Redis(string socketPath)
    {
        var options = new ConfigurationOptions { AbortOnConnectFail = true, ConnectTimeout = 5000, SyncTimeout = 5000 };
        options.EndPoints.Add(new UnixDomainSocketEndPoint(socketPath));
        return options;
    }

    /// <summary>A container with the formatter, Redis as IDistributedCache, HybridCache and the FastSerialization caching adapters.</summary>
    public static ServiceProvider Services(string socketPath, Action<FastSerializationBuilder>? register = null, Action<IServiceCollection>? more = null)
    {
        var services = new ServiceCollection();
        services.AddLogging();
        services.AddFastSerialization(register ?? (b => RegisterAll(b)));
        services.AddStackExchangeRedisCache(o => o.ConfigurationOptions = Redis(socketPath));
        services.AddHybridCache();
        services.AddFastSerializationCaching();
        more?.Invoke(services);
        return services.BuildServiceProvider();
    }
}
