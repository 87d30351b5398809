using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastSerialization.Benchmarks.Contenders;
using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;

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
/// <typeparamref name="TGenerated"/> is the payload's [BinarySerializable] counterpart (Payloads/Generated/):
/// the same members, its serializer written by the source generator, measured in the same way as the
/// hand-written FastSerialization rows.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public abstract class SerializerBenchmarks<T, TGenerated> : IPayloadSizeSource
    where T : ICustomBinarySerializable, ISeedSerializable, IValueEquatable<T>
    where TGenerated : ICustomBinarySerializable, IGeneratedVariant<TGenerated, T>
{
    private T _value = default!;
    private FastSerializationContender<T> _fast = null!;
    private SeedContender<T> _seed = null!;
    private BinaryFormatterContender<T> _binaryFormatter = null!;
    private SystemTextJsonContender<T> _json = null!;
    private TGenerated _generatedValue = default!;
    private FastSerializationContender<TGenerated> _generated = null!;

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
        _generatedValue = TGenerated.From(_value);
        _generated = new FastSerializationContender<TGenerated>(_generatedValue);
        VerifyRoundTrips();
        VerifyGenerated();
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

    /// <summary>The [BinarySerializable] counterpart, serializer written by the source generator, into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_FastSerializationGenerated() => _generated.Serialize(_generatedValue);

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

    /// <summary>The [BinarySerializable] counterpart, from the record it wrote in setup.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public TGenerated Deserialize_FastSerializationGenerated() => _generated.Deserialize();

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
        Add("FastSerializationGenerated", _generated.Record.Length);
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
    /// The generated counterpart must read back the same values (its record, deserialized, converted to
    /// the hand-written type and written by the hand-written code, gives the hand-written record), and
    /// write the same payload bytes as the hand-written code: byte for byte where the encodings are the
    /// same (<see cref="IGeneratedVariant{TSelf, THandWritten}.SameBytes"/>), otherwise exactly
    /// <see cref="IGeneratedVariant{TSelf, THandWritten}.ExtraPayloadBytes"/> longer, as the generated
    /// type's remarks document. Only the type id in the record header differs in any case.
    /// </summary>
    private void VerifyGenerated()
    {
        string name = typeof(TGenerated).Name;
        byte[] handWritten = _fast.Record;
        byte[] generated = _generated.Record;
        if (_generated.Serialize(_generatedValue) != generated.Length || !_generated.Written.SequenceEqual(generated))
        {
            throw new InvalidOperationException($"{name}: Serialize into the reused buffer wrote other bytes than SerializeToArray.");
        }

        T back = _generated.Deserialize().ToHandWritten();
        if (!_value.HasSameValues(back) || !Formatters.Fast.SerializeToArray(back!).AsSpan().SequenceEqual(handWritten))
        {
            throw new InvalidOperationException($"{name} did not round-trip the values of {typeof(T).Name}.");
        }

        ReadOnlySpan<byte> handPayload = Payload(handWritten);
        ReadOnlySpan<byte> generatedPayload = Payload(generated);
        if (TGenerated.SameBytes)
        {
            if (!generatedPayload.SequenceEqual(handPayload))
            {
                throw new InvalidOperationException($"{name} does not write the same payload bytes as the hand-written {typeof(T).Name} ({generatedPayload.Length} B against {handPayload.Length} B).");
            }
        }
        else if (generatedPayload.Length != handPayload.Length + _generatedValue.ExtraPayloadBytes)
        {
            throw new InvalidOperationException(
                $"{name} writes {generatedPayload.Length} payload bytes; its documented encoding difference says {handPayload.Length} + {_generatedValue.ExtraPayloadBytes}.");
        }

        // The payload after the record header: a 4-byte length, then the type id as a varuint32.
        static ReadOnlySpan<byte> Payload(byte[] record)
        {
            int offset = 4;
            while ((record[offset] & 0x80) != 0)
            {
                offset++;
            }

            return record.AsSpan(offset + 1);
        }
    }

    /// <summary>
    /// Every contender must give back the same object: read each one's bytes, compare the result with the
    /// sample member by member (<see cref="IValueEquatable{T}.HasSameValues"/>), and compare it, written
    /// with FastSerialization, against the original written with FastSerialization.
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
            if (!_value.HasSameValues(back) || !actual.AsSpan().SequenceEqual(expected))
            {
                throw new InvalidOperationException($"{contender} did not round-trip {typeof(T).Name}.");
            }
        }
    }
}
