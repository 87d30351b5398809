using System;
using System.IO;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace FastSerialization.Files.Benchmarks;

/// <summary>
/// Sequential read and deserialize of every record, warm cache: the record file reader (sync and async), the same records
/// as a plain stream through <c>formatter.ReadAll(stream)</c>, and the raw bytes read with no parsing (the <c>cat</c>-like ceiling).
/// One operation = the whole file.
/// </summary>
[MemoryDiagnoser]
public class ReadBenchmarks
{
    private string _recordFile = null!;
    private string _brotliFile = null!;
    private string _streamFile = null!;
    private CustomBinaryFormatter _formatter = null!;
    private byte[] _buffer = null!;
    private long _expected;

    [GlobalSetup]
    public void Setup()
    {
        _recordFile = Data.RecordFile();
        _brotliFile = Data.RecordFile(RecordFileCompression.Brotli);
        _streamFile = Data.StreamFile();
        _formatter = Data.NewFormatter();
        _buffer = new byte[1 << 20];
        for (long n = 0; n < Data.Records; n++)
        {
            _expected += Trade.Make(n).Quantity;
        }

        Check(RecordFileReader_ReadAll(), nameof(RecordFileReader_ReadAll));
        Check(RecordFileReader_ReadAll_Brotli(), nameof(RecordFileReader_ReadAll_Brotli));
        Check(RecordFileReader_ReadAllAsync().GetAwaiter().GetResult(), nameof(RecordFileReader_ReadAllAsync));
        Check(Formatter_ReadAll_Stream(), nameof(Formatter_ReadAll_Stream));
        RawFile_Read();
    }

    /// <summary>The ceiling: read the record file's bytes, 1 MiB at a time, and do nothing with them.</summary>
    [Benchmark(Baseline = true)]
    public long RawFile_Read()
    {
        using var stream = new FileStream(_recordFile, FileMode.Open, FileAccess.Read, FileShare.Read, 1, FileOptions.SequentialScan);
        long total = 0;
        int read;
        while ((read = stream.Read(_buffer, 0, _buffer.Length)) > 0)
        {
            total += read;
        }

        return total;
    }

    [Benchmark]
    public long RecordFileReader_ReadAll() => SumAll(_recordFile);

    [Benchmark]
    public long RecordFileReader_ReadAll_Brotli() => SumAll(_brotliFile);

    [Benchmark]
    public async Task<long> RecordFileReader_ReadAllAsync()
    {
        using RecordFileReader reader = RecordFileReader.Open(_recordFile, _formatter);
        long sum = 0;
        await foreach (object record in reader.ReadAllAsync())
        {
            sum += ((Trade)record).Quantity;
        }

        return sum;
    }

    [Benchmark]
    public long Formatter_ReadAll_Stream()
    {
        using var stream = new FileStream(_streamFile, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16, FileOptions.SequentialScan);
        long sum = 0;
        foreach (object record in _formatter.ReadAll(stream))
        {
            sum += ((Trade)record).Quantity;
        }

        return sum;
    }

    private long SumAll(string path)
    {
        using RecordFileReader reader = RecordFileReader.Open(path, _formatter);
        long sum = 0;
        foreach (object record in reader.ReadAll())
        {
            sum += ((Trade)record).Quantity;
        }

        return sum;
    }

    private void Check(long sum, string name)
    {
        if (sum != _expected)
        {
            throw new InvalidOperationException($"{name} summed {sum}, expected {_expected}.");
        }
    }
}
