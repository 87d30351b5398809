using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using FastSerialization.Benchmarks.Contenders;
using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>
/// A depth-of-book message (seed 001): symbol, sequence, timestamp, 20 price levels. Besides the shared rows, the
/// Fixed rows write the levels as fixed-layout structs (<see cref="FixedMarketUpdate"/>): one block copy. No MemoryPack
/// version-tolerant row: its levels are unmanaged structs, which MemoryPack refuses to version (MEMPACK041) and copies
/// as memory in either mode (Payloads/Peers/VersionTolerant.cs).
/// </summary>
public class MarketUpdateBenchmarks : MessageBenchmarks<MarketUpdate, GeneratedMarketUpdate, PeerMarketUpdate, PeerMarketUpdate>
{
    private FixedMarketUpdate _fixed = null!;
    private FastSerializationContender<FixedMarketUpdate> _fastFixed = null!;

    /// <summary>The message with fixed-layout levels (generated code): one header, one block copy of 20 levels.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_FastSerializationFixed() => _fastFixed.Serialize(_fixed);

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public FixedMarketUpdate Deserialize_FastSerializationFixed() => _fastFixed.Deserialize();

    public override IReadOnlyDictionary<string, PayloadSize> MeasurePayloadSizes()
    {
        var sizes = new Dictionary<string, PayloadSize>(base.MeasurePayloadSizes()); // runs the setup
        var fixedSize = new PayloadSize(_fastFixed.Record.Length, RecordHeaderLength(_fastFixed.Record));
        sizes[nameof(Serialize_FastSerializationFixed)] = fixedSize;
        sizes[nameof(Deserialize_FastSerializationFixed)] = fixedSize;
        return sizes;
    }

    protected override MarketUpdate CreateSample() => MarketUpdate.Sample();

    protected override void OnSetup()
    {
        base.OnSetup();
        _fixed = FixedMarketUpdate.From(Value);
        _fastFixed = new FastSerializationContender<FixedMarketUpdate>(_fixed);
        if (!Value.HasSameValues(_fastFixed.Deserialize().ToHandWritten())
            || _fastFixed.Serialize(_fixed) != _fastFixed.Record.Length
            || !_fastFixed.Written.SequenceEqual(_fastFixed.Record))
        {
            throw new InvalidOperationException("FixedMarketUpdate does not round-trip, or does not write the same bytes twice.");
        }

        // The rows are about the block copy: a view of the levels throws where memory and wire layouts differ.
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        writer.WriteFixedArray(_fixed.Levels);
        writer.Flush();
        var reader = new FastBinaryReader(buffer.WrittenSpan);
        if (reader.ReadFixedView<FixedPriceLevel>().Length != _fixed.Levels!.Length)
        {
            throw new InvalidOperationException("FixedPriceLevel's levels are not viewed in place.");
        }
    }
}
