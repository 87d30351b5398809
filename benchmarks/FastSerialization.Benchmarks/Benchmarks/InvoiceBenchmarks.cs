using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastSerialization.Benchmarks.Contenders;
using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>
/// Issue 45's payload: an invoice holding <c>DateOnly</c>, <c>TimeOnly</c>, <c>decimal</c> and <c>Int128</c> members and
/// immutable collections (<see cref="Invoice"/>), in our generated form (<see cref="GeneratedInvoice"/>, the baseline:
/// there is no hand-written form) against MemoryPack's default mode, its version-tolerant mode (the fair MemoryPack row
/// for a generated, version-tolerant type, issue 48) and Orleans, whose serializer has codecs for every member type used.
/// The target (issue 45): ours no slower than MemoryPack both ways. Setup checks that every contender reads back the
/// model's values, and that each serialize row writes the bytes its deserialize row reads.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class InvoiceBenchmarks : IPayloadSizeSource
{
    private Invoice _model = null!;
    private GeneratedInvoice _generatedValue = null!;
    private FastSerializationContender<GeneratedInvoice> _generated = null!;
    private PeerInvoice _peerValue = null!;
    private MemoryPackContender<PeerInvoice> _memoryPack = null!;
    private OrleansContender<PeerInvoice> _orleans = null!;
    private PeerVtInvoice _versionTolerantValue = null!;
    private MemoryPackContender<PeerVtInvoice> _versionTolerant = null!;

    [GlobalSetup]
    public void Setup()
    {
        _model = Invoice.Sample();
        _generatedValue = GeneratedInvoice.From(_model);
        _generated = new FastSerializationContender<GeneratedInvoice>(_generatedValue);
        _peerValue = PeerInvoice.From(_model);
        _memoryPack = new MemoryPackContender<PeerInvoice>(_peerValue);
        _orleans?.Dispose();
        _orleans = new OrleansContender<PeerInvoice>(_peerValue);
        _versionTolerantValue = PeerVtInvoice.From(_model);
        _versionTolerant = new MemoryPackContender<PeerVtInvoice>(_versionTolerantValue);
        Verify();
    }

    /// <summary>Gives back what the Orleans contender holds from a pool.</summary>
    [GlobalCleanup]
    public void Cleanup() => _orleans?.Dispose();

    // ---- Serialize: one invoice into a reused buffer ----

    /// <summary>The [BinarySerializable] invoice, serializer written by the source generator, into a reused ArrayBufferWriter.</summary>
    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_FastSerializationGenerated() => _generated.Serialize(_generatedValue);

    /// <summary>MemoryPack's default mode, into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_MemoryPack() => _memoryPack.Serialize(_peerValue);

    /// <summary>MemoryPack's version-tolerant mode, into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_MemoryPackVersionTolerant() => _versionTolerant.Serialize(_versionTolerantValue);

    /// <summary>Orleans' serializer (source-generated codec, kept session), into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_Orleans() => _orleans.Serialize(_peerValue);

    // ---- Deserialize: one invoice, from the record the same contender wrote in setup ----

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.Deserialize)]
    public GeneratedInvoice Deserialize_FastSerializationGenerated() => _generated.Deserialize();

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public PeerInvoice Deserialize_MemoryPack() => _memoryPack.Deserialize();

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public PeerVtInvoice Deserialize_MemoryPackVersionTolerant() => _versionTolerant.Deserialize();

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public PeerInvoice Deserialize_Orleans() => _orleans.Deserialize();

    public IReadOnlyDictionary<string, PayloadSize> MeasurePayloadSizes()
    {
        Setup();
        var sizes = new Dictionary<string, PayloadSize>();
        void Add(string contender, PayloadSize size)
        {
            sizes["Serialize_" + contender] = size;
            sizes["Deserialize_" + contender] = size;
        }

        Add("FastSerializationGenerated", new PayloadSize(_generated.Record.Length, SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.RecordHeaderLength(_generated.Record)));
        Add("MemoryPack", new PayloadSize(_memoryPack.Record.Length, 0));
        Add("MemoryPackVersionTolerant", new PayloadSize(_versionTolerant.Record.Length, 0));
        Add("Orleans", new PayloadSize(_orleans.Record.Length, 0));
        return sizes;
    }

    /// <summary>
    /// Every contender must read back the model's values (<see cref="Invoice.HasSameValues"/>: the immutable collections
    /// element by element, the hashed dictionary as a set of pairs, decimals with their scale), and each serialize row
    /// must write the bytes its deserialize row reads.
    /// </summary>
    private void Verify()
    {
        Check("FastSerializationGenerated", _generated.Deserialize().ToModel());
        Check("MemoryPack", _memoryPack.Deserialize().ToHandWritten());
        Check("MemoryPackVersionTolerant", _versionTolerant.Deserialize().ToHandWritten());
        Check("Orleans", _orleans.Deserialize().ToHandWritten());

        SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.SameWritten("FastSerializationGenerated", Serialize_FastSerializationGenerated(), _generated.Written, _generated.Record);
        SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.SameWritten("MemoryPack", Serialize_MemoryPack(), _memoryPack.Written, _memoryPack.Record);
        SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.SameWritten("MemoryPackVersionTolerant", Serialize_MemoryPackVersionTolerant(), _versionTolerant.Written, _versionTolerant.Record);
        // Twice: the kept session must not carry anything from one message to the next.
        SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.SameWritten("Orleans", Serialize_Orleans(), _orleans.Written, _orleans.Record);
        SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.SameWritten("Orleans", Serialize_Orleans(), _orleans.Written, _orleans.Record);
        Check("Orleans", _orleans.Deserialize().ToHandWritten());

        if (_versionTolerant.Record.AsSpan().SequenceEqual(_memoryPack.Record))
        {
            throw new InvalidOperationException($"{nameof(PeerVtInvoice)} writes the bytes of MemoryPack's default mode: it is not version tolerant.");
        }
    }

    private void Check(string contender, Invoice back)
    {
        if (!_model.HasSameValues(back))
        {
            throw new InvalidOperationException($"{contender} did not round-trip the invoice: a member read back differs from the model's.");
        }
    }
}
