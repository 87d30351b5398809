using System;
using System.Buffers;
using System.IO;
using BenchmarkDotNet.Attributes;

namespace FastSerialization.Files.Benchmarks;

/// <summary>
/// Appending records to a new file until it is closed (every policy ends durable: dispose flushes and syncs), next to a
/// plain <c>FileStream</c> writing the same record bytes in 64 KiB writes, with and without a sync at the end.
/// One operation = <see cref="Count"/> trades (37 bytes each with their header).
/// </summary>
[MemoryDiagnoser]
public class AppendBenchmarks
{
    /// <summary>Records per operation: a tenth of FS_FILES_BENCH_RECORDS (200,000 by default, 7.4 MB).</summary>
    public static readonly long Count = Math.Max(1000, Data.Records / 10);

    private byte[] _bytes = null!;
    private string _path = null!;
    private CustomBinaryFormatter _formatter = null!;

    [Params(RecordFileDurability.EveryBlock, RecordFileDurability.Interval, RecordFileDurability.OnFlush)]
    public RecordFileDurability Durability { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _formatter = Data.NewFormatter();
        var buffer = new ArrayBufferWriter<byte>();
        for (long n = 0; n < Count; n++)
        {
            _formatter.Serialize(buffer, Trade.Make(n));
        }

        _bytes = buffer.WrittenSpan.ToArray();
        Directory.CreateDirectory(Data.Directory);
        _path = Path.Combine(Data.Directory, $"append-{Environment.ProcessId}.fsr");
    }

    [GlobalCleanup]
    public void Remove()
    {
        File.Delete(_path);
        File.Delete(_path + ".fsidx");
    }

    [Benchmark(Baseline = true)]
    public long FileStream_SameBytes_NoSync() => WritePlain(sync: false);

    [Benchmark]
    public long FileStream_SameBytes_SyncAtEnd() => WritePlain(sync: true);

    [Benchmark]
    public long RecordFileWriter_Append()
    {
        File.Delete(_path);
        using RecordFileWriter writer = RecordFileWriter.Create(_path, _formatter, new RecordFileWriterOptions { Durability = Durability });
        for (long n = 0; n < Count; n++)
        {
            writer.Append(Trade.Make(n));
        }

        return writer.RecordCount;
    }

    private long WritePlain(bool sync)
    {
        File.Delete(_path);
        using var stream = new FileStream(_path, FileMode.CreateNew, FileAccess.Write, FileShare.Read, 0);
        for (int at = 0; at < _bytes.Length; at += 1 << 16)
        {
            stream.Write(_bytes, at, Math.Min(1 << 16, _bytes.Length - at));
        }

        if (sync)
        {
            stream.Flush(flushToDisk: true);
        }

        return stream.Length;
    }
}
