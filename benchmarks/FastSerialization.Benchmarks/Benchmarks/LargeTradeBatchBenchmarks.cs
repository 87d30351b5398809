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
/// The fixed-layout trade batch at 1,000,000 trades: a 32 MB record, far larger than any cache of the
/// machine, so every row streams from and to memory. <see cref="Memcpy"/> copies exactly as many bytes in the
/// same run. The FastSerialization rows are the fixed-layout batch (docs/FORMAT.md section 3b): serialize is
/// one header and one block copy; deserialize reads into an array the caller reuses (<c>ReadFixedInto</c>);
/// the other rows read into a new array (the allocation included) and take a view with no copy.
/// TradeBatchBenchmarks has the same rows at 10,000 trades (320 KB, in the cache). The peers are MemoryPack's default
/// mode (which copies the unmanaged trades as memory, and refuses to version them: MEMPACK041) and Orleans, whose
/// encoding versions every trade.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class LargeTradeBatchBenchmarks : IPayloadSizeSource
{
    /// <summary>Trades in the batch.</summary>
    public const int Count = 1_000_000;

    private FixedTradeBatch _batch = null!;
    private FastSerializationContender<FixedTradeBatch> _fast = null!;
    private FixedTrade[] _reused = Array.Empty<FixedTrade>();
    private byte[] _copySource = Array.Empty<byte>();
    private byte[] _copyDestination = Array.Empty<byte>();
    private PeerTradeBatch _peer = null!;
    private MemoryPackContender<PeerTradeBatch> _memoryPack = null!;
    private OrleansContender<PeerTradeBatch> _orleans = null!;

    [GlobalSetup]
    public void Setup()
    {
        TradeBatch sample = TradeBatch.Sample(Count);
        _batch = FixedTradeBatch.From(sample);
        _fast = new FastSerializationContender<FixedTradeBatch>(_batch, Formatters.Large);
        _reused = new FixedTrade[Count];
        _copySource = (byte[])_fast.Record.Clone();
        _copyDestination = new byte[_copySource.Length];
        _peer = PeerTradeBatch.From(sample);
        _memoryPack = new MemoryPackContender<PeerTradeBatch>(_peer);
        _orleans?.Dispose();
        _orleans = new OrleansContender<PeerTradeBatch>(_peer);

        if (Deserialize_FastSerialization() != Count
            || !_reused.AsSpan().SequenceEqual(_batch.Trades!)
            || !_fast.Deserialize().Trades.AsSpan().SequenceEqual(_batch.Trades!)
            || Deserialize_FastSerializationFixedView() != Count
            || !NewArray_FixedTrade().AsSpan().SequenceEqual(_batch.Trades!)
            || Serialize_FastSerialization() != _fast.Record.Length
            || !_fast.Written.SequenceEqual(_fast.Record)
            || !sample.HasSameValues(_memoryPack.Deserialize().ToHandWritten())
            || !sample.HasSameValues(_orleans.Deserialize().ToHandWritten())
            || _orleans.Serialize(_peer) != _orleans.Record.Length
            || !_orleans.Written.SequenceEqual(_orleans.Record))
        {
            throw new InvalidOperationException("The large fixed-layout batch does not round-trip.");
        }
    }

    /// <summary>Gives back what the Orleans contender holds from a pool.</summary>
    [GlobalCleanup]
    public void Cleanup() => _orleans?.Dispose();

    [Benchmark]
    [BenchmarkCategory(Categories.Memcpy)]
    public void Memcpy() => _copySource.AsSpan().CopyTo(_copyDestination);

    /// <summary>
    /// The floor under <see cref="Deserialize_FastSerializationFixedNew"/>: a new array of the batch's trades and one
    /// copy of the block into it, no serializer.
    /// </summary>
    [Benchmark]
    [BenchmarkCategory(Categories.NewArray)]
    public FixedTrade[] NewArray_FixedTrade() => NewArrayFloor.CopyTail<FixedTrade>(_fast.Record, Count);

    /// <summary>
    /// The same floor with MemoryPack's element (40 bytes where ours has 32): a 40 MB array, which the
    /// collector places differently from a 32 MB one (benchmarks/results/tradebatch-fixed.md).
    /// </summary>
    [Benchmark]
    [BenchmarkCategory(Categories.NewArray)]
    public PeerTrade[] NewArray_PeerTrade() => NewArrayFloor.CopyTail<PeerTrade>(_memoryPack.Record, Count);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_FastSerialization() => _fast.Serialize(_batch);

    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_MemoryPack() => _memoryPack.Serialize(_peer);

    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_Orleans() => _orleans.Serialize(_peer);

    /// <summary>The record's trades read into the array the caller reuses: one copy, no allocation.</summary>
    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.Deserialize)]
    public int Deserialize_FastSerialization()
    {
        var reader = new FastBinaryReader(_fast.Record.AsSpan(SerializerBenchmarks<TradeBatch, GeneratedTradeBatch, PeerTradeBatch>.RecordHeaderLength(_fast.Record)));
        return reader.ReadFixedInto<FixedTrade>(_reused);
    }

    /// <summary>The record read as a new batch: a new 32 MB array, then one copy.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public FixedTradeBatch Deserialize_FastSerializationFixedNew() => _fast.Deserialize();

    /// <summary>A view of the record's trades: no copy, no allocation.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public int Deserialize_FastSerializationFixedView()
    {
        var reader = new FastBinaryReader(_fast.Record.AsSpan(SerializerBenchmarks<TradeBatch, GeneratedTradeBatch, PeerTradeBatch>.RecordHeaderLength(_fast.Record)));
        return reader.ReadFixedView<FixedTrade>().Length;
    }

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public PeerTradeBatch Deserialize_MemoryPack() => _memoryPack.Deserialize();

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public PeerTradeBatch Deserialize_Orleans() => _orleans.Deserialize();

    /// <inheritdoc/>
    public IReadOnlyDictionary<string, PayloadSize> MeasurePayloadSizes()
    {
        Setup();
        int header = SerializerBenchmarks<TradeBatch, GeneratedTradeBatch, PeerTradeBatch>.RecordHeaderLength(_fast.Record);
        var ours = new PayloadSize(_fast.Record.Length, header);
        var pack = new PayloadSize(_memoryPack.Record.Length, 0);
        var orleans = new PayloadSize(_orleans.Record.Length, 0);
        return new Dictionary<string, PayloadSize>
        {
            [nameof(Memcpy)] = new PayloadSize(_copySource.Length, 0),
            [nameof(NewArray_FixedTrade)] = NewArrayFloor.Size<FixedTrade>(Count),
            [nameof(NewArray_PeerTrade)] = NewArrayFloor.Size<PeerTrade>(Count),
            [nameof(Serialize_FastSerialization)] = ours,
            [nameof(Deserialize_FastSerialization)] = ours,
            [nameof(Deserialize_FastSerializationFixedNew)] = ours,
            [nameof(Deserialize_FastSerializationFixedView)] = ours,
            [nameof(Serialize_MemoryPack)] = pack,
            [nameof(Deserialize_MemoryPack)] = pack,
            [nameof(Serialize_Orleans)] = orleans,
            [nameof(Deserialize_Orleans)] = orleans,
        };
    }
}
