using System;
using System.IO;
using System.IO.MemoryMappedFiles;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace FastSerialization.Files.Benchmarks;

/// <summary>
/// "Sum of quantity over all trades of one symbol" over a mapped record file, warm cache, against <c>memcpy</c> of the same
/// mapped bytes into a buffer (the bandwidth ceiling). One operation = the whole file.
/// </summary>
[MemoryDiagnoser]
public unsafe class ScanBenchmarks
{
    private MappedRecordFile _checked = null!;
    private MappedRecordFile _trusted = null!;
    private MemoryMappedFile _raw = null!;
    private MemoryMappedViewAccessor _rawView = null!;
    private byte* _rawPointer;
    private long _length;
    private byte* _destination;
    private long _expected;
    private string _path = null!;

    [GlobalSetup]
    public void Setup()
    {
        string path = Data.RecordFile();
        _path = path;
        _checked = MappedRecordFile.Open(path, Data.NewFormatter());
        _trusted = MappedRecordFile.Open(path, Data.NewFormatter(), verifyChecksums: false);
        _length = new FileInfo(path).Length;
        _raw = MemoryMappedFile.CreateFromFile(path, FileMode.Open, null, 0, MemoryMappedFileAccess.Read);
        _rawView = _raw.CreateViewAccessor(0, _length, MemoryMappedFileAccess.Read);
        _rawView.SafeMemoryMappedViewHandle.AcquirePointer(ref _rawPointer);
        _destination = (byte*)NativeMemory.AlignedAlloc((nuint)_length, 64);
        Buffer.MemoryCopy(_rawPointer, _destination, _length, _length); // fault every page in once

        for (long n = 0; n < Data.Records; n++)
        {
            Trade t = Trade.Make(n);
            _expected += t.Symbol == 7 ? t.Quantity : 0;
        }

        Check(ViewScan_OpenedAnew_Checked(), nameof(ViewScan_OpenedAnew_Checked));
        Check(ReadBlocksScan_OpenedAnew_Checked(), nameof(ReadBlocksScan_OpenedAnew_Checked));
        Check(ViewScan_Checked(), nameof(ViewScan_Checked));
        Check(ViewScan_Trusted(), nameof(ViewScan_Trusted));
        Check(ViewScan_Checked_AllCores(), nameof(ViewScan_Checked_AllCores));
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _checked.Dispose();
        _trusted.Dispose();
        _rawView.SafeMemoryMappedViewHandle.ReleasePointer();
        _rawView.Dispose();
        _raw.Dispose();
        NativeMemory.AlignedFree(_destination);
    }

    /// <summary>The ceiling: copy the file's mapped bytes (as many as the scan reads) into a buffer.</summary>
    [Benchmark(Baseline = true)]
    public long Memcpy_SameBytes()
    {
        Buffer.MemoryCopy(_rawPointer, _destination, _length, _length);
        return _destination[_length - 1];
    }

    /// <summary>Every checksum checked: the file is opened (and mapped) anew, then scanned once.</summary>
    [Benchmark]
    public long ViewScan_OpenedAnew_Checked()
    {
        using MappedRecordFile file = MappedRecordFile.Open(_path, Data.NewFormatter());
        return Sum(file);
    }

    /// <summary>
    /// Every checksum checked, without a mapping: the file is opened anew and each block read once into the reader's buffer
    /// and viewed there (<see cref="RecordFileReader.ReadFixedBlock{T}"/>).
    /// </summary>
    [Benchmark]
    public long ReadBlocksScan_OpenedAnew_Checked()
    {
        using RecordFileReader reader = RecordFileReader.Open(_path, Data.NewFormatter());
        long sum = 0;
        for (int b = 0; b < reader.BlockCount; b++)
        {
            foreach (ref readonly Trade t in reader.ReadFixedBlock<Trade>(b))
            {
                if (t.Symbol == 7)
                {
                    sum += t.Quantity;
                }
            }
        }

        return sum;
    }

    /// <summary>A later scan of a file opened with checks: each block's checksum was checked by the first scan.</summary>
    [Benchmark]
    public long ViewScan_Checked() => Sum(_checked);

    [Benchmark]
    public long ViewScan_Trusted() => Sum(_trusted);

    [Benchmark]
    public long ViewScan_Checked_AllCores()
    {
        long total = 0;
        Parallel.For(0, _checked.BlockCount, () => 0L, (b, _, local) =>
        {
            foreach (ref readonly Trade t in _checked.GetFixedBlock<Trade>(b))
            {
                if (t.Symbol == 7)
                {
                    local += t.Quantity;
                }
            }

            return local;
        }, local => Interlocked.Add(ref total, local));
        return total;
    }

    private static long Sum(MappedRecordFile file)
    {
        long sum = 0;
        for (int b = 0; b < file.BlockCount; b++)
        {
            foreach (ref readonly Trade t in file.GetFixedBlock<Trade>(b))
            {
                if (t.Symbol == 7)
                {
                    sum += t.Quantity;
                }
            }
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
