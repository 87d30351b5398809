using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastSerialization.Benchmarks.Contenders;
using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>Benchmark categories: one table group each, FastSerialization the baseline of each.</summary>
public static class Categories
{
    public const string Serialize = "Serialize";
    public const string Deserialize = "Deserialize";
    public const string Memcpy = "Memcpy";
    public const string NewArray = "NewArray";
    public const string DeepClone = "DeepClone";
}

/// <summary>
/// The size of one serialized message: <paramref name="Message"/> bytes in all, of which
/// <paramref name="Framing"/> are the contender's record framing rather than the payload: 5 for a
/// FastSerialization record with a type id below 128 (<c>&lt;u32 length&gt;&lt;varuint type id&gt;</c>),
/// 8 for the seed formatter's (<c>&lt;i32 length&gt;&lt;i32 type id&gt;</c>), 0 for contenders without one.
/// </summary>
/// <param name="Message">Bytes of the whole message.</param>
/// <param name="Framing">Bytes of the record framing within it.</param>
public readonly record struct PayloadSize(int Message, int Framing)
{
    /// <summary>The bytes without the record framing.</summary>
    public int Payload => Message - Framing;
}

/// <summary>A benchmark class that can say how many bytes each of its benchmarks handles per operation.</summary>
public interface IPayloadSizeSource
{
    /// <summary>Bytes per operation by benchmark method name.</summary>
    /// <returns>The size of the message each benchmark writes or reads.</returns>
    IReadOnlyDictionary<string, PayloadSize> MeasurePayloadSizes();
}

/// <summary>
/// Every contender on the same object, serialize and deserialize. Serialize benchmarks write one
/// message into a buffer or stream the contender reuses; deserialize benchmarks read the message the
/// contender wrote in setup. Methods are named Operation_Contender; the part after the underscore
/// names the contender in the payload-size column.
/// <typeparamref name="TGenerated"/> is the payload's [BinarySerializable] counterpart (Payloads/Generated/):
/// the same members, its serializer written by the source generator, measured in the same way as the
/// hand-written FastSerialization rows. <typeparamref name="TPeer"/> is its counterpart for the peer
/// serializers (Payloads/Peers/): the same members, annotated for MemoryPack (default mode), MessagePack,
/// protobuf-net and Orleans. <see cref="MessageBenchmarks{T, TGenerated, TPeer, TUnion}"/> adds MemoryPack behind a
/// union tag for the single-message payloads, and <see cref="VersionTolerantBenchmarks{T, TGenerated, TPeer, TUnion, TVersionTolerant}"/>
/// MemoryPack's version-tolerant mode where MemoryPack accepts it.
/// </summary>
/// <typeparam name="T">The hand-written payload.</typeparam>
/// <typeparam name="TGenerated">Its [BinarySerializable] counterpart.</typeparam>
/// <typeparam name="TPeer">Its MemoryPack / MessagePack / protobuf-net / Orleans counterpart.</typeparam>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public abstract class SerializerBenchmarks<T, TGenerated, TPeer> : IPayloadSizeSource
    where T : ICustomBinarySerializable, ISeedSerializable, IValueEquatable<T>
    where TGenerated : ICustomBinarySerializable, IGeneratedVariant<TGenerated, T>
    where TPeer : IPeerVariant<TPeer, T>
{
    private T _value = default!;
    private FastSerializationContender<T> _fast = null!;
    private SeedContender<T> _seed = null!;
    private BinaryFormatterContender<T> _binaryFormatter = null!;
    private SystemTextJsonContender<T> _json = null!;
    private TGenerated _generatedValue = default!;
    private FastSerializationContender<TGenerated> _generated = null!;
    private TPeer _peerValue = default!;
    private MemoryPackContender<TPeer> _memoryPack = null!;
    private MessagePackContender<TPeer> _messagePack = null!;
    private ProtobufNetContender<TPeer> _protobufNet = null!;
    private OrleansContender<TPeer> _orleans = null!;

    protected T Value => _value;

    protected FastSerializationContender<T> Fast => _fast;

    /// <summary>The record the generated counterpart wrote in setup.</summary>
    protected byte[] GeneratedRecord => _generated.Record;

    /// <summary>The bytes MemoryPack wrote in setup.</summary>
    protected byte[] MemoryPackRecord => _memoryPack.Record;

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
        _peerValue = TPeer.From(_value);
        _memoryPack = new MemoryPackContender<TPeer>(_peerValue);
        _messagePack = new MessagePackContender<TPeer>(_peerValue);
        _protobufNet = new ProtobufNetContender<TPeer>(_peerValue);
        _orleans?.Dispose();
        _orleans = new OrleansContender<TPeer>(_peerValue);
        VerifyRoundTrips();
        VerifyGenerated();
        OnSetup();
        Console.WriteLine("// " + BinaryFormatterContender<T>.Describe() + $", {typeof(T).Name} round-trip ok, {_binaryFormatter.Record.Length} bytes");
    }

    /// <summary>Gives back what the contenders hold from a pool.</summary>
    [GlobalCleanup]
    public void Cleanup() => _orleans?.Dispose();

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

    /// <summary>MemoryPack, into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_MemoryPack() => _memoryPack.Serialize(_peerValue);

    /// <summary>MessagePack (standard resolver, no compression), into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_MessagePack() => _messagePack.Serialize(_peerValue);

    /// <summary>protobuf-net, into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_ProtobufNet() => _protobufNet.Serialize(_peerValue);

    /// <summary>Orleans' serializer (source-generated codec, kept session), into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_Orleans() => _orleans.Serialize(_peerValue);

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

    /// <summary>MemoryPack, from the bytes it wrote in setup.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public TPeer Deserialize_MemoryPack() => _memoryPack.Deserialize();

    /// <summary>MessagePack, from the bytes it wrote in setup.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public TPeer Deserialize_MessagePack() => _messagePack.Deserialize();

    /// <summary>protobuf-net, from the bytes it wrote in setup.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public TPeer Deserialize_ProtobufNet() => _protobufNet.Deserialize();

    /// <summary>Orleans' serializer, from the bytes it wrote in setup.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public TPeer Deserialize_Orleans() => _orleans.Deserialize();

    public virtual IReadOnlyDictionary<string, PayloadSize> MeasurePayloadSizes()
    {
        Setup();
        var sizes = new Dictionary<string, PayloadSize>();
        void Add(string contender, int bytes, int framing)
        {
            sizes["Serialize_" + contender] = new PayloadSize(bytes, framing);
            sizes["Deserialize_" + contender] = new PayloadSize(bytes, framing);
        }

        Add("FastSerialization", _fast.Record.Length, RecordHeaderLength(_fast.Record));
        Add("FastSerializationSpan", _fast.TrySerialize(_value), RecordHeaderLength(_fast.Record));
        Add("FastSerializationGenerated", _generated.Record.Length, RecordHeaderLength(_generated.Record));
        Add("Seed", _seed.Record.Length, 8);
        Add("BinaryFormatter", _binaryFormatter.Record.Length, 0);
        Add("SystemTextJson", _json.Record.Length, 0);
        Add("MemoryPack", _memoryPack.Record.Length, 0);
        Add("MessagePack", _messagePack.Record.Length, 0);
        Add("ProtobufNet", _protobufNet.Record.Length, 0);
        Add("Orleans", _orleans.Record.Length, 0);
        return sizes;
    }

    /// <summary>The length of a FastSerialization record's header: the 4-byte length and the type id as a varuint32 (5 bytes for an id below 128).</summary>
    /// <param name="record">A whole record.</param>
    /// <returns>The header's byte count.</returns>
    public static int RecordHeaderLength(byte[] record)
    {
        int offset = 4;
        while ((record[offset] & 0x80) != 0)
        {
            offset++;
        }

        return offset + 1;
    }

    protected abstract T CreateSample();

    /// <summary>Extra setup of a derived class, after the contenders exist.</summary>
    protected virtual void OnSetup()
    {
    }

    /// <summary>
    /// The generated counterpart must read back the same values (its record, deserialized, converted to
    /// the hand-written type and written by the hand-written code, gives the hand-written record), and
    /// write the same payload bytes as the hand-written code where the encodings are the same
    /// (<see cref="IGeneratedVariant{TSelf, THandWritten}.SameBytes"/>; only the type id in the record header
    /// differs). Where they are not (generated code writes single integers as varints, nested objects with
    /// a frame), the generated type's remarks say how, and the report gives both sizes.
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

        ReadOnlySpan<byte> handPayload = handWritten.AsSpan(RecordHeaderLength(handWritten));
        ReadOnlySpan<byte> generatedPayload = generated.AsSpan(RecordHeaderLength(generated));
        if (TGenerated.SameBytes)
        {
            if (!generatedPayload.SequenceEqual(handPayload))
            {
                throw new InvalidOperationException($"{name} does not write the same payload bytes as the hand-written {typeof(T).Name} ({generatedPayload.Length} B against {handPayload.Length} B).");
            }
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
        Check("MemoryPack", _memoryPack.Deserialize().ToHandWritten());
        Check("MessagePack", _messagePack.Deserialize().ToHandWritten());
        Check("ProtobufNet", _protobufNet.Deserialize().ToHandWritten());
        Check("Orleans", _orleans.Deserialize().ToHandWritten());
        if (_fast.TrySerialize(_value) != expected.Length)
        {
            throw new InvalidOperationException("TrySerialize wrote a different size than Serialize.");
        }

        // The peers' benchmarks write into a reused buffer: it must hold the bytes of the record they read.
        SameWritten("MemoryPack", _memoryPack.Serialize(_peerValue), _memoryPack.Written, _memoryPack.Record);
        SameWritten("MessagePack", _messagePack.Serialize(_peerValue), _messagePack.Written, _messagePack.Record);
        SameWritten("ProtobufNet", _protobufNet.Serialize(_peerValue), _protobufNet.Written, _protobufNet.Record);
        // Twice: the kept session must not carry anything from one message to the next.
        SameWritten("Orleans", _orleans.Serialize(_peerValue), _orleans.Written, _orleans.Record);
        SameWritten("Orleans", _orleans.Serialize(_peerValue), _orleans.Written, _orleans.Record);
        Check("Orleans", _orleans.Deserialize().ToHandWritten());
    }

    /// <summary>A peer's serialize benchmark writes into a reused buffer: it must hold the bytes of the record the peer reads.</summary>
    /// <param name="contender">The contender's name, for the message.</param>
    /// <param name="count">The byte count its Serialize returned.</param>
    /// <param name="written">What is in its buffer now.</param>
    /// <param name="record">The record its deserialize benchmark reads.</param>
    /// <exception cref="InvalidOperationException">They differ.</exception>
    public static void SameWritten(string contender, int count, ReadOnlySpan<byte> written, byte[] record)
    {
        if (count != record.Length || !written.SequenceEqual(record))
        {
            throw new InvalidOperationException($"{contender}: Serialize into the reused buffer wrote other bytes than the record it reads ({count} B against {record.Length} B).");
        }
    }

    /// <summary>
    /// A contender's result must have the sample's values, member by member, and give the sample's record when
    /// FastSerialization writes it.
    /// </summary>
    /// <param name="contender">The contender's name, for the message.</param>
    /// <param name="back">What it read back, as the hand-written type.</param>
    /// <exception cref="InvalidOperationException">A member differs.</exception>
    protected void Check(string contender, T back)
    {
        if (!_value.HasSameValues(back))
        {
            throw new InvalidOperationException($"{contender} did not round-trip {typeof(T).Name}: a member read back differs from the sample's.");
        }

        byte[] actual = Formatters.Fast.SerializeToArray(back!);
        if (!actual.AsSpan().SequenceEqual(_fast.Record))
        {
            throw new InvalidOperationException($"{contender} did not round-trip {typeof(T).Name}: its values, written by FastSerialization, give other bytes.");
        }
    }
}
