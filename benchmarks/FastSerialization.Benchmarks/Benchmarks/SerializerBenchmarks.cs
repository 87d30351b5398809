using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastSerialization.Benchmarks.Contenders;
using FastSerialization.Benchmarks.Payloads;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>Benchmark categories: one table group each, FastSerialization the baseline of each.</summary>
public static class Categories
{
    public const string Serialize = "Serialize";
    public const string Deserialize = "Deserialize";
    public const string Memcpy = "Memcpy";
}

/// <summary>A benchmark class that can say how many bytes each of its benchmarks handles per operation.</summary>
public interface IPayloadSizeSource
{
    /// <summary>Bytes per operation by benchmark method name.</summary>
    IReadOnlyDictionary<string, int> MeasurePayloadSizes();
}

/// <summary>
/// Every contender on the same object, serialize and deserialize. Serialize benchmarks write one
/// message into a buffer or stream the contender reuses; deserialize benchmarks read the message the
/// contender wrote in setup. Methods are named Operation_Contender; the part after the underscore
/// names the contender in the payload-size column.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public abstract class SerializerBenchmarks<T> : IPayloadSizeSource
    where T : ICustomBinarySerializable, ISeedSerializable
{
    private T _value = default!;
    private FastSerializationContender<T> _fast = null!;
    private SeedContender<T> _seed = null!;
    private BinaryFormatterContender<T> _binaryFormatter = null!;
    private SystemTextJsonContender<T> _json = null!;

    protected T Value => _value;

    protected FastSerializationContender<T> Fast => _fast;

    [GlobalSetup]
    public void Setup()
    {
        _value = CreateSample();
        _fast = new FastSerializationContender<T>(_value);
        _seed = new SeedContender<T>(_value);
        _binaryFormatter = new BinaryFormatterContender<T>(_value);
        _json = new SystemTextJsonContender<T>(_value);
        VerifyRoundTrips();
        OnSetup();
        Console.WriteLine("// " + BinaryFormatterContender<T>.Describe() + $", {typeof(T).Name} round-trip ok, {_binaryFormatter.Record.Length} bytes");
    }

    // ---- Serialize: one message into a reused buffer or stream ----

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_FastSerialization() => _fast.Serialize(_value);

    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_FastSerializationSpan() => _fast.TrySerialize(_value);

    // Generated variants go here when the source generator lands: a Serialize_FastSerializationGenerated
    // (and Deserialize_FastSerializationGenerated below) over the same payload declared [Generated...]
    // in Payloads/, with its contender in Contenders/ and its size in MeasurePayloadSizes.

    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_Seed() => _seed.Serialize(_value);

    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_BinaryFormatter() => _binaryFormatter.Serialize(_value);

    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_SystemTextJson() => _json.Serialize(_value);

    // ---- Deserialize: one message, serialized by the same contender in setup ----

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.Deserialize)]
    public T Deserialize_FastSerialization() => _fast.Deserialize();

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public T Deserialize_Seed() => _seed.Deserialize();

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public T Deserialize_BinaryFormatter() => _binaryFormatter.Deserialize();

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public T Deserialize_SystemTextJson() => _json.Deserialize();

    public virtual IReadOnlyDictionary<string, int> MeasurePayloadSizes()
    {
        Setup();
        var sizes = new Dictionary<string, int>();
        void Add(string contender, int bytes)
        {
            sizes["Serialize_" + contender] = bytes;
            sizes["Deserialize_" + contender] = bytes;
        }

        Add("FastSerialization", _fast.Record.Length);
        Add("FastSerializationSpan", _fast.TrySerialize(_value));
        Add("Seed", _seed.Record.Length);
        Add("BinaryFormatter", _binaryFormatter.Record.Length);
        Add("SystemTextJson", _json.Record.Length);
        return sizes;
    }

    protected abstract T CreateSample();

    /// <summary>Extra setup of a derived class, after the contenders exist.</summary>
    protected virtual void OnSetup()
    {
    }

    /// <summary>
    /// Every contender must give back the same object: read each one's bytes and compare the result,
    /// written with FastSerialization, against the original written with FastSerialization.
    /// </summary>
    private void VerifyRoundTrips()
    {
        byte[] expected = _fast.Record;
        Check("FastSerialization", _fast.Deserialize());
        Check("Seed", _seed.Deserialize());
        Check("BinaryFormatter", _binaryFormatter.Deserialize());
        Check("SystemTextJson", _json.Deserialize());
        if (_fast.TrySerialize(_value) != expected.Length)
        {
            throw new InvalidOperationException("TrySerialize wrote a different size than Serialize.");
        }

        void Check(string contender, T back)
        {
            byte[] actual = Formatters.Fast.SerializeToArray(back!);
            if (!actual.AsSpan().SequenceEqual(expected))
            {
                throw new InvalidOperationException($"{contender} did not round-trip {typeof(T).Name}.");
            }
        }
    }
}
