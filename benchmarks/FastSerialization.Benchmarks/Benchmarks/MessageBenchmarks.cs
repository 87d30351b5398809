using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using FastSerialization.Benchmarks.Contenders;
using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;
using MemoryPack;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>
/// A single-message payload: besides the rows of <see cref="SerializerBenchmarks{T, TGenerated, TPeer}"/>, MemoryPack
/// writing the message behind its union tag (<see cref="IPeerMessage"/>), which carries what our record's type id
/// carries: which message this is. <typeparamref name="TUnion"/> is the peer type behind the tag (the peer type itself
/// where it is a class; a class twin where it is a struct, which MemoryPack does not accept as a union member).
/// </summary>
/// <typeparam name="T">The hand-written payload.</typeparam>
/// <typeparam name="TGenerated">Its [BinarySerializable] counterpart.</typeparam>
/// <typeparam name="TPeer">Its MemoryPack / MessagePack / protobuf-net / Orleans counterpart.</typeparam>
/// <typeparam name="TUnion">Its counterpart behind MemoryPack's union tag.</typeparam>
public abstract class MessageBenchmarks<T, TGenerated, TPeer, TUnion> : SerializerBenchmarks<T, TGenerated, TPeer>
    where T : ICustomBinarySerializable, ISeedSerializable, IValueEquatable<T>
    where TGenerated : ICustomBinarySerializable, IGeneratedVariant<TGenerated, T>
    where TPeer : IPeerVariant<TPeer, T>
    where TUnion : class, IPeerMessage, IPeerVariant<TUnion, T>
{
    private TUnion _unionValue = null!;
    private MemoryPackUnionContender<TUnion> _union = null!;

    /// <summary>MemoryPack, the message behind its union tag, into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_MemoryPackUnion() => _union.Serialize(_unionValue);

    /// <summary>MemoryPack, read through the union interface (dispatch on the tag) from the bytes it wrote in setup.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public TUnion Deserialize_MemoryPackUnion() => _union.Deserialize();

    public override IReadOnlyDictionary<string, PayloadSize> MeasurePayloadSizes()
    {
        var sizes = new Dictionary<string, PayloadSize>(base.MeasurePayloadSizes()); // runs the setup
        // The tag is MemoryPack's framing of the message: one byte for the tags used here.
        var union = new PayloadSize(_union.Record.Length, 1);
        sizes[nameof(Serialize_MemoryPackUnion)] = union;
        sizes[nameof(Deserialize_MemoryPackUnion)] = union;
        return sizes;
    }

    protected override void OnSetup()
    {
        base.OnSetup();
        _unionValue = TUnion.From(Value);
        _union = new MemoryPackUnionContender<TUnion>(_unionValue);
        Check("MemoryPackUnion", _union.Deserialize().ToHandWritten());
        SameWritten("MemoryPackUnion", _union.Serialize(_unionValue), _union.Written, _union.Record);

        // The record is the tag (our type id, below 250: one byte) and then the message as MemoryPack writes it alone.
        byte[] alone = MemoryPackSerializer.Serialize(_unionValue);
        if (_union.Record.Length != alone.Length + 1 || _union.Record[0] != ExpectedTag() || !_union.Record.AsSpan(1).SequenceEqual(alone))
        {
            throw new InvalidOperationException($"MemoryPack's union record of {typeof(TUnion).Name} is not its tag followed by the message.");
        }
    }

    /// <summary>The union tag of <typeparamref name="TUnion"/>, read from the [MemoryPackUnion] attributes of <see cref="IPeerMessage"/>.</summary>
    private static byte ExpectedTag()
    {
        foreach (MemoryPackUnionAttribute union in typeof(IPeerMessage).GetCustomAttributes(typeof(MemoryPackUnionAttribute), inherit: false))
        {
            if (union.Type == typeof(TUnion))
            {
                return checked((byte)union.Tag);
            }
        }

        throw new InvalidOperationException($"{typeof(TUnion).Name} is not a union member of {nameof(IPeerMessage)}.");
    }
}

/// <summary>
/// A single-message payload that MemoryPack can also write in its version-tolerant mode
/// (<c>[MemoryPackable(GenerateType.VersionTolerant)]</c>, Payloads/Peers/VersionTolerant.cs): the fair MemoryPack row
/// for our default path, which frames and versions every object too.
/// </summary>
/// <typeparam name="T">The hand-written payload.</typeparam>
/// <typeparam name="TGenerated">Its [BinarySerializable] counterpart.</typeparam>
/// <typeparam name="TPeer">Its MemoryPack / MessagePack / protobuf-net / Orleans counterpart.</typeparam>
/// <typeparam name="TUnion">Its counterpart behind MemoryPack's union tag.</typeparam>
/// <typeparam name="TVersionTolerant">Its MemoryPack version-tolerant counterpart.</typeparam>
public abstract class VersionTolerantBenchmarks<T, TGenerated, TPeer, TUnion, TVersionTolerant> : MessageBenchmarks<T, TGenerated, TPeer, TUnion>
    where T : ICustomBinarySerializable, ISeedSerializable, IValueEquatable<T>
    where TGenerated : ICustomBinarySerializable, IGeneratedVariant<TGenerated, T>
    where TPeer : IPeerVariant<TPeer, T>
    where TUnion : class, IPeerMessage, IPeerVariant<TUnion, T>
    where TVersionTolerant : IPeerVariant<TVersionTolerant, T>
{
    private TVersionTolerant _versionTolerantValue = default!;
    private MemoryPackContender<TVersionTolerant> _versionTolerant = null!;

    /// <summary>MemoryPack in its version-tolerant mode, into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_MemoryPackVersionTolerant() => _versionTolerant.Serialize(_versionTolerantValue);

    /// <summary>MemoryPack in its version-tolerant mode, from the bytes it wrote in setup.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public TVersionTolerant Deserialize_MemoryPackVersionTolerant() => _versionTolerant.Deserialize();

    public override IReadOnlyDictionary<string, PayloadSize> MeasurePayloadSizes()
    {
        var sizes = new Dictionary<string, PayloadSize>(base.MeasurePayloadSizes()); // runs the setup
        var size = new PayloadSize(_versionTolerant.Record.Length, 0);
        sizes[nameof(Serialize_MemoryPackVersionTolerant)] = size;
        sizes[nameof(Deserialize_MemoryPackVersionTolerant)] = size;
        return sizes;
    }

    protected override void OnSetup()
    {
        base.OnSetup();
        _versionTolerantValue = TVersionTolerant.From(Value);
        _versionTolerant = new MemoryPackContender<TVersionTolerant>(_versionTolerantValue);
        Check("MemoryPackVersionTolerant", _versionTolerant.Deserialize().ToHandWritten());
        SameWritten("MemoryPackVersionTolerant", _versionTolerant.Serialize(_versionTolerantValue), _versionTolerant.Written, _versionTolerant.Record);
        if (_versionTolerant.Record.AsSpan().SequenceEqual(MemoryPackRecord))
        {
            throw new InvalidOperationException($"{typeof(TVersionTolerant).Name} writes the bytes of MemoryPack's default mode: it is not version tolerant.");
        }
    }
}
