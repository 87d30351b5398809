using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using FastSerialization.Benchmarks.Payloads;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>
/// 10,000 trades in one message: bulk throughput. <see cref="Memcpy"/> is the physical limit next to
/// it: a plain <see cref="Span{T}.CopyTo(Span{T})"/> of exactly as many bytes as FastSerialization's
/// record of the batch, in the same run.
/// </summary>
public class TradeBatchBenchmarks : SerializerBenchmarks<TradeBatch>
{
    private byte[] _copySource = Array.Empty<byte>();
    private byte[] _copyDestination = Array.Empty<byte>();

    [Benchmark]
    [BenchmarkCategory(Categories.Memcpy)]
    public void Memcpy() => _copySource.AsSpan().CopyTo(_copyDestination);

    public override IReadOnlyDictionary<string, int> MeasurePayloadSizes()
    {
        var sizes = new Dictionary<string, int>(base.MeasurePayloadSizes())
        {
            [nameof(Memcpy)] = _copySource.Length,
        };
        return sizes;
    }

    protected override TradeBatch CreateSample() => TradeBatch.Sample();

    protected override void OnSetup()
    {
        _copySource = (byte[])Fast.Record.Clone();
        _copyDestination = new byte[_copySource.Length];
    }
}
