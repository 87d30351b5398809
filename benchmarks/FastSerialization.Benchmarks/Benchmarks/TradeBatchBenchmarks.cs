using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using FastSerialization.Benchmarks.Contenders;
using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>
/// 10,000 trades in one message: bulk throughput. <see cref="Memcpy"/> is the physical limit next to
/// it: a plain <see cref="Span{T}.CopyTo(Span{T})"/> of exactly as many bytes as FastSerialization's
/// record of the batch, in the same run. No MemoryPack version-tolerant row: MemoryPack refuses that mode for unmanaged
/// structs (MEMPACK041) and copies their arrays as memory.
/// </summary>
public class TradeBatchBenchmarks : SerializerBenchmarks<TradeBatch, GeneratedTradeBatch, PeerTradeBatch>
{
    private byte[] _copySource = Array.Empty<byte>();
    private byte[] _copyDestination = Array.Empty<byte>();
    private TradeBatchBulk _bulk = null!;
    private FastSerializationContender<TradeBatchBulk> _fastBulk = null!;
    private FixedTradeBatch _fixed = null!;
    private FastSerializationContender<FixedTradeBatch> _fastFixed = null!;
    private FixedTrade[] _reusedTrades = Array.Empty<FixedTrade>();

    [Benchmark]
    [BenchmarkCategory(Categories.Memcpy)]
    public void Memcpy() => _copySource.AsSpan().CopyTo(_copyDestination);

    /// <summary>
    /// The floor under <see cref="Deserialize_FastSerializationFixed"/>: a new array of the batch's trades and one
    /// copy of the block into it, no serializer.
    /// </summary>
    [Benchmark]
    [BenchmarkCategory(Categories.NewArray)]
    public FixedTrade[] NewArray_FixedTrade() => NewArrayFloor.CopyTail<FixedTrade>(_fastFixed.Record, _reusedTrades.Length);

    /// <summary>The same floor with MemoryPack's element (40 bytes where ours has 32).</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.NewArray)]
    public PeerTrade[] NewArray_PeerTrade() => NewArrayFloor.CopyTail<PeerTrade>(MemoryPackRecord, _reusedTrades.Length);

    /// <summary>The same trades and payload bytes, packed in one block and written with one WriteRaw (see <see cref="TradeBatchBulk"/>).</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_FastSerializationBulk() => _fastBulk.Serialize(_bulk);

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public TradeBatchBulk Deserialize_FastSerializationBulk() => _fastBulk.Deserialize();

    /// <summary>The batch as a generated fixed-layout array: one header, one block copy (docs/FORMAT.md section 3b).</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_FastSerializationFixed() => _fastFixed.Serialize(_fixed);

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public FixedTradeBatch Deserialize_FastSerializationFixed() => _fastFixed.Deserialize();

    /// <summary>The same record's trades read into an array the caller reuses: <c>ReadFixedInto</c>, one copy, no allocation.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public int Deserialize_FastSerializationFixedInto()
    {
        var reader = new FastBinaryReader(_fastFixed.Record.AsSpan(RecordHeaderLength(_fastFixed.Record)));
        return reader.ReadFixedInto<FixedTrade>(_reusedTrades);
    }

    /// <summary>The zero-copy view of the same record's trades: <c>ReadFixedView</c>, no allocation, no copy.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public int Deserialize_FastSerializationFixedView()
    {
        var reader = new FastBinaryReader(_fastFixed.Record.AsSpan(RecordHeaderLength(_fastFixed.Record)));
        return reader.ReadFixedView<FixedTrade>().Length;
    }

    public override IReadOnlyDictionary<string, PayloadSize> MeasurePayloadSizes()
    {
        var sizes = new Dictionary<string, PayloadSize>(base.MeasurePayloadSizes()); // runs the setup
        var bulk = new PayloadSize(_fastBulk.Record.Length, RecordHeaderLength(_fastBulk.Record));
        sizes[nameof(Memcpy)] = new PayloadSize(_copySource.Length, 0);
        sizes[nameof(NewArray_FixedTrade)] = NewArrayFloor.Size<FixedTrade>(_reusedTrades.Length);
        sizes[nameof(NewArray_PeerTrade)] = NewArrayFloor.Size<PeerTrade>(_reusedTrades.Length);
        sizes[nameof(Serialize_FastSerializationBulk)] = bulk;
        sizes[nameof(Deserialize_FastSerializationBulk)] = bulk;
        var fixedSize = new PayloadSize(_fastFixed.Record.Length, RecordHeaderLength(_fastFixed.Record));
        sizes[nameof(Serialize_FastSerializationFixed)] = fixedSize;
        sizes[nameof(Deserialize_FastSerializationFixed)] = fixedSize;
        sizes[nameof(Deserialize_FastSerializationFixedView)] = fixedSize;
        sizes[nameof(Deserialize_FastSerializationFixedInto)] = fixedSize;
        return sizes;
    }

    protected override TradeBatch CreateSample() => TradeBatch.Sample();

    protected override void OnSetup()
    {
        base.OnSetup();
        _copySource = (byte[])Fast.Record.Clone();
        _copyDestination = new byte[_copySource.Length];
        _bulk = new TradeBatchBulk { Trades = Value.Trades };
        _fastBulk = new FastSerializationContender<TradeBatchBulk>(_bulk);

        // Same payload bytes as TradeBatch (only the type id differs), and it reads back the same trades.
        if (!_fastBulk.Record.AsSpan(5).SequenceEqual(Fast.Record.AsSpan(5))
            || !Formatters.Fast.SerializeToArray(new TradeBatch { Trades = _fastBulk.Deserialize().Trades }).AsSpan().SequenceEqual(Fast.Record))
        {
            throw new InvalidOperationException("TradeBatchBulk does not write the same payload as TradeBatch.");
        }

        // The fixed-layout batch: the same payload bytes too, the same trades back, and a view of all of them.
        _fixed = FixedTradeBatch.From(Value);
        _fastFixed = new FastSerializationContender<FixedTradeBatch>(_fixed);
        _reusedTrades = new FixedTrade[Value.Trades!.Length];
        TradeBatch back = new() { Trades = Array.ConvertAll(_fastFixed.Deserialize().Trades!, t => t.ToHandWritten()) };
        if (!_fastFixed.Record.AsSpan(RecordHeaderLength(_fastFixed.Record)).SequenceEqual(Fast.Record.AsSpan(RecordHeaderLength(Fast.Record)))
            || !Value.HasSameValues(back)
            || Deserialize_FastSerializationFixedView() != Value.Trades!.Length
            || Deserialize_FastSerializationFixedInto() != Value.Trades.Length
            || !_reusedTrades.AsSpan().SequenceEqual(_fixed.Trades)
            || !NewArray_FixedTrade().AsSpan().SequenceEqual(_fixed.Trades))
        {
            throw new InvalidOperationException("FixedTradeBatch does not write the same payload as TradeBatch, or does not read back the same trades.");
        }
    }
}
