using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Text;

namespace FastSerialization.Files.Benchmarks;

/// <summary>
/// Random access, timed one read at a time (BenchmarkDotNet gives means, not a p99): record k for random k of the record
/// file, warm cache, through one reader; the median and p99 of each read, and the file reads each one cost.
/// </summary>
public static class RandomAccessRun
{
    public static int Run(int reads, string resultsDir)
    {
        foreach (RecordFileCompression compression in new[] { RecordFileCompression.None, RecordFileCompression.Brotli })
        {
            string path = Data.RecordFile(compression);
            using RecordFileReader reader = RecordFileReader.Open(path, Data.NewFormatter());
            var random = new Random(42);
            for (int i = 0; i < 2000; i++)
            {
                _ = reader.ReadRecord(random.NextInt64(reader.RecordCount)); // JIT and page cache
            }

            double[] micros = new double[reads];
            long fileReadsBefore = reader.FileReadCount;
            long ticksPerMicro = Stopwatch.Frequency / 1_000_000;
            for (int i = 0; i < reads; i++)
            {
                long k = random.NextInt64(reader.RecordCount);
                long start = Stopwatch.GetTimestamp();
                var trade = (Trade)reader.ReadRecord(k);
                long end = Stopwatch.GetTimestamp();
                if (trade.Time != Trade.Make(k).Time)
                {
                    Console.Error.WriteLine($"record {k} is not the one written");
                    return 1;
                }

                micros[i] = (end - start) / (double)Stopwatch.Frequency * 1e6;
            }

            Array.Sort(micros);
            double fileReadsPerRecord = (reader.FileReadCount - fileReadsBefore) / (double)reads;
            string line = string.Create(CultureInfo.InvariantCulture,
                $"| {compression} | {reader.RecordCount:N0} | {reader.BlockCount:N0} | {reads:N0} | {micros[reads / 2]:F1} us | {micros[(int)(reads * 0.99)]:F1} us | {micros[reads - 1]:F0} us | {fileReadsPerRecord:F3} |");
            Console.WriteLine(line);
            File.AppendAllText(Path.Combine(resultsDir, "record-files-random.md"), line + Environment.NewLine, new UTF8Encoding(false));
        }

        return 0;
    }
}
