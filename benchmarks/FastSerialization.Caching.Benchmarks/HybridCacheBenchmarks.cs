using System;
using System.Buffers;
using System.Text.Json;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using StackExchange.Redis;

namespace FastSerialization.Caching.Benchmarks;

/// <summary>
/// HybridCache over a real Redis (Unix socket): a get that misses L1 and hits L2, and a set that writes L2, with
/// FastSerialization's serializer against HybridCache's default (System.Text.Json). The bytes Redis holds for the
/// entry are reported by the program after the run (setup checks each contender's round trip).
/// </summary>
[MemoryDiagnoser]
public class HybridCacheBenchmarks
{
    private static readonly HybridCacheEntryOptions L2Only = new() { Flags = HybridCacheEntryFlags.DisableLocalCache };
    private static readonly HybridCacheEntryOptions L2OnlyNoFactory = new() { Flags = HybridCacheEntryFlags.DisableLocalCache | HybridCacheEntryFlags.DisableUnderlyingData };

    private RedisProcess _redis = null!;
    private ServiceProvider _services = null!;
    private HybridCache _cache = null!;
    private Customer _value = null!;
    private string _key = null!;
    private long _misses;

    [Params("FastSerialization", "System.Text.Json")]
    public string Serializer { get; set; } = "FastSerialization";

    public static ServiceProvider Build(string socketPath, bool fast)
    {
        var services = new ServiceCollection();
        services.AddStackExchangeRedisCache(o => o.ConfigurationOptions = RedisProcess.Options(socketPath));
        services.AddHybridCache();
        if (fast)
        {
            services.AddFastSerialization(b => b.Register<Customer>(1));
            services.AddFastSerializationCaching();
        }

        return services.BuildServiceProvider();
    }

    [GlobalSetup]
    public async Task Setup()
    {
        _redis = new RedisProcess();
        _services = Build(_redis.SocketPath, Serializer == "FastSerialization");
        _cache = _services.GetRequiredService<HybridCache>();
        _value = Customer.Sample();
        _key = "bench:" + Serializer;
        await _cache.SetAsync(_key, _value, L2Only);
        Customer got = await _cache.GetOrCreateAsync<Customer>(_key, _ => throw new InvalidOperationException("L2 missed"), L2OnlyNoFactory);
        if (!_value.SameAs(got))
        {
            throw new InvalidOperationException($"{Serializer}: the value read back from Redis differs.");
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        if (_misses != 0)
        {
            throw new InvalidOperationException($"{Serializer}: {_misses} gets missed L2 or read a wrong value.");
        }

        _services.Dispose();
        _redis.Dispose();
    }

    [Benchmark(Description = "get (L1 off, L2 hit)")]
    public async ValueTask<Customer> Get()
    {
        Customer value = await _cache.GetOrCreateAsync<Customer>(_key, static _ => throw new InvalidOperationException("L2 missed"), L2OnlyNoFactory);
        if (value is null || value.Code != 7)
        {
            _misses++;
        }

        return value!;
    }

    [Benchmark(Description = "set (L1 off, L2 write)")]
    public ValueTask Set() => _cache.SetAsync(_key, _value, L2Only);
}

/// <summary>The serializers alone, without Redis: what each adds to every get and set.</summary>
[MemoryDiagnoser]
public class CacheSerializerBenchmarks
{
    private readonly ArrayBufferWriter<byte> _buffer = new(4096);
    private IHybridCacheSerializer<Customer> _serializer = null!;
    private Customer _value = null!;
    private ReadOnlySequence<byte> _bytes;

    [Params("FastSerialization", "System.Text.Json")]
    public string Serializer { get; set; } = "FastSerialization";

    [GlobalSetup]
    public void Setup()
    {
        _value = Customer.Sample();
        if (Serializer == "FastSerialization")
        {
            var formatter = new CustomBinaryFormatter();
            formatter.Register<Customer>(1);
            new FastHybridCacheSerializerFactory(formatter).TryCreateSerializer(out IHybridCacheSerializer<Customer>? s);
            _serializer = s!;
        }
        else
        {
            _serializer = new JsonLikeHybridCacheDefault();
        }

        _serializer.Serialize(_value, _buffer);
        _bytes = new ReadOnlySequence<byte>(_buffer.WrittenMemory.ToArray());
        if (!_value.SameAs(_serializer.Deserialize(_bytes)))
        {
            throw new InvalidOperationException($"{Serializer}: round trip differs.");
        }
    }

    [Benchmark(Description = "serialize")]
    public int Serialize()
    {
        _buffer.ResetWrittenCount();
        _serializer.Serialize(_value, _buffer);
        return _buffer.WrittenCount;
    }

    [Benchmark(Description = "deserialize")]
    public Customer Deserialize() => _serializer.Deserialize(_bytes);

    /// <summary>What HybridCache's default serializer does for a type it has no serializer for: System.Text.Json, default options.</summary>
    private sealed class JsonLikeHybridCacheDefault : IHybridCacheSerializer<Customer>
    {
        public Customer Deserialize(ReadOnlySequence<byte> source)
        {
            var reader = new Utf8JsonReader(source);
            return JsonSerializer.Deserialize<Customer>(ref reader)!;
        }

        public void Serialize(Customer value, IBufferWriter<byte> target)
        {
            using var writer = new Utf8JsonWriter(target);
            JsonSerializer.Serialize(writer, value);
        }
    }
}
