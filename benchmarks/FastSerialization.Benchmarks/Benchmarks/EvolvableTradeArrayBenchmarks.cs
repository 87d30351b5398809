using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using MemoryPack;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>
/// Issue 48's evolvable fixed-layout arrays (docs/FORMAT.md section 3c): 10,000 trades of 32 bytes (320 KB, in the
/// cache), written as one sequence (the count, the element size once, the block) and read back into an array the caller
/// reuses, into a new array, and by a reader one version older (24-byte elements: each element's prefix) or newer
/// (40-byte elements: each element's 32 bytes, the appended member at its default). <see cref="Memcpy"/> copies the same
/// 320,000 bytes; MemoryPack copies the same unmanaged struct array as memory (it cannot version it). Targets (issue 48):
/// same version >= 90% of memcpy both ways and <= 1.0 MemoryPack; an older or newer reader >= 25% of memcpy; a new array
/// <= 1.0 MemoryPack. No record framing on either side: both write the bare sequence.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class EvolvableTradeArrayBenchmarks : IPayloadSizeSource
{
    /// <summary>Trades in the array.</summary>
    public const int Count = 10_000;

    private EvolvableTrade[] _trades = Array.Empty<EvolvableTrade>();
    private EvolvableTrade[] _reused = Array.Empty<EvolvableTrade>();
    private EvolvableTrade[]? _reusedByMemoryPack;
    private EvolvableTradeV1[] _reusedOlder = Array.Empty<EvolvableTradeV1>();
    private EvolvableTradeV3[] _reusedNewer = Array.Empty<EvolvableTradeV3>();
    private byte[] _ours = Array.Empty<byte>();
    private byte[] _memoryPack = Array.Empty<byte>();
    private byte[] _copySource = Array.Empty<byte>();
    private byte[] _copyDestination = Array.Empty<byte>();
    private readonly ArrayBufferWriter<byte> _buffer = new(Count * 64);

    [GlobalSetup]
    public void Setup()
    {
        _trades = TradeBatch.Sample(Count).Trades!.Select(t => EvolvableTrade.From(FixedTrade.From(t))).ToArray();
        _reused = new EvolvableTrade[Count];
        _reusedByMemoryPack = new EvolvableTrade[Count];
        _reusedOlder = new EvolvableTradeV1[Count];
        _reusedNewer = new EvolvableTradeV3[Count];
        Serialize_FastSerialization();
        _ours = _buffer.WrittenSpan.ToArray();
        Serialize_MemoryPack();
        _memoryPack = _buffer.WrittenSpan.ToArray();
        // The floor copies the block our sequence carries, as the other memcpy rows copy their record: a source never
        // written reads the kernel's shared zero page (4 KiB in the cache for all 320 KB), 15-20% faster than real bytes
        // (benchmarks/results/evolvable-and-per-record-read.md).
        _copySource = MemoryMarshal.AsBytes(_trades.AsSpan()).ToArray();
        _copyDestination = new byte[Count * 32];

        if (Deserialize_FastSerialization() != Count || !_reused.AsSpan().SequenceEqual(_trades)
            || !NewArray_FastSerialization().AsSpan().SequenceEqual(_trades)
            || Deserialize_MemoryPack() != Count || !_reusedByMemoryPack!.AsSpan().SequenceEqual(_trades)
            || !NewArray_MemoryPack().AsSpan().SequenceEqual(_trades)
            || OlderReader_FastSerialization() != Count || NewerReader_FastSerialization() != Count)
        {
            throw new InvalidOperationException("The evolvable trade array does not round-trip.");
        }

        for (int i = 0; i < Count; i++)
        {
            EvolvableTrade t = _trades[i];
            EvolvableTradeV1 older = _reusedOlder[i];
            EvolvableTradeV3 newer = _reusedNewer[i];
            if (older.Time != t.Time || older.Price != t.Price || older.ServerTimeOffset != t.ServerTimeOffset
                || newer.Time != t.Time || newer.Amount != t.Amount || newer.TradeId != 0)
            {
                throw new InvalidOperationException($"Trade {i} reads back wrong in another version.");
            }
        }
    }

    /// <summary>The floor: the same 320,000 bytes (the trades' block) copied once.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Memcpy)]
    public void Memcpy() => _copySource.AsSpan().CopyTo(_copyDestination);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_FastSerialization()
    {
        _buffer.ResetWrittenCount();
        var writer = new FastBinaryWriter(_buffer);
        writer.WriteFixedArray<EvolvableTrade>(_trades);
        writer.Flush();
        return _buffer.WrittenCount;
    }

    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_MemoryPack()
    {
        _buffer.ResetWrittenCount();
        MemoryPackSerializer.Serialize(_buffer, _trades);
        return _buffer.WrittenCount;
    }

    /// <summary>Same version, into the array the caller reuses: one block copy.</summary>
    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.Deserialize)]
    public int Deserialize_FastSerialization()
    {
        var reader = new FastBinaryReader(_ours);
        return reader.ReadFixedInto<EvolvableTrade>(_reused);
    }

    /// <summary>MemoryPack into the same reused array (its overload that reads into an existing value).</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public int Deserialize_MemoryPack()
    {
        MemoryPackSerializer.Deserialize(_memoryPack, ref _reusedByMemoryPack);
        return _reusedByMemoryPack!.Length;
    }

    /// <summary>A reader one version older: each 32-byte element's first 24 bytes.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public int OlderReader_FastSerialization()
    {
        var reader = new FastBinaryReader(_ours);
        return reader.ReadFixedInto<EvolvableTradeV1>(_reusedOlder);
    }

    /// <summary>A reader one version newer: each element's 32 bytes into a 40-byte struct, the trade id 0.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public int NewerReader_FastSerialization()
    {
        var reader = new FastBinaryReader(_ours);
        return reader.ReadFixedInto<EvolvableTradeV3>(_reusedNewer);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.NewArray)]
    public EvolvableTrade[] NewArray_FastSerialization()
    {
        var reader = new FastBinaryReader(_ours);
        return reader.ReadFixedArray<EvolvableTrade>()!;
    }

    [Benchmark]
    [BenchmarkCategory(Categories.NewArray)]
    public EvolvableTrade[] NewArray_MemoryPack() => MemoryPackSerializer.Deserialize<EvolvableTrade[]>(_memoryPack)!;

    /// <summary>The bytes each row moves: our sequence (its count and element size included), MemoryPack's, memcpy's block.</summary>
    public IReadOnlyDictionary<string, PayloadSize> MeasurePayloadSizes()
    {
        Setup();
        var ours = new PayloadSize(_ours.Length, 0);
        var memoryPack = new PayloadSize(_memoryPack.Length, 0);
        return new Dictionary<string, PayloadSize>
        {
            [nameof(Memcpy)] = new PayloadSize(_copySource.Length, 0),
            [nameof(Serialize_FastSerialization)] = ours,
            [nameof(Deserialize_FastSerialization)] = ours,
            [nameof(OlderReader_FastSerialization)] = ours,
            [nameof(NewerReader_FastSerialization)] = ours,
            [nameof(NewArray_FastSerialization)] = ours,
            [nameof(Serialize_MemoryPack)] = memoryPack,
            [nameof(Deserialize_MemoryPack)] = memoryPack,
            [nameof(NewArray_MemoryPack)] = memoryPack,
        };
    }
}
