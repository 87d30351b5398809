using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization;
using FastSerialization.Files;

namespace RecordFiles;

/// <summary>
/// Writes a few million trades to a record file with progress shown, reopens it, reads record k through the index, scans
/// every trade in place to sum one symbol's quantity (one thread, then every core), and prints the figures.
/// Usage: dotnet run -c Release --project samples/RecordFiles [-- --records N]
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        long count = args.Length == 2 && args[0] == "--records" ? long.Parse(args[1], CultureInfo.InvariantCulture) : 5_000_000;
        string dir = Path.Combine(Path.GetTempPath(), "fastserialization-recordfiles-sample-" + Environment.ProcessId.ToString(CultureInfo.InvariantCulture));
        Directory.CreateDirectory(dir);
        string path = Path.Combine(dir, "trades.fsr");
        try
        {
            var formatter = new CustomBinaryFormatter();
            formatter.Register<Trade>(1);

            // 1. Append, in 64 KiB blocks, synced once a second and at the end.
            var clock = Stopwatch.StartNew();
            using (RecordFileWriter writer = RecordFileWriter.Create(path, formatter, new RecordFileWriterOptions { Durability = RecordFileDurability.Interval }))
            {
                for (long n = 0; n < count; n++)
                {
                    writer.Append(Trade.Make(n));
                    if ((n + 1) % (count / 5) == 0)
                    {
                        Console.WriteLine($"  written {n + 1:N0} trades, {writer.DurableRecordCount:N0} durable");
                    }
                }
            }

            double writeSeconds = clock.Elapsed.TotalSeconds;
            long bytes = new FileInfo(path).Length;
            Console.WriteLine($"wrote {count:N0} trades, {bytes / 1e6:F1} MB, in {writeSeconds:F2} s: {count / writeSeconds / 1e6:F1} M records/s");

            // 2. Reopen and read record k through the index: one read of one block.
            long k = count * 3 / 4;
            using (RecordFileReader reader = RecordFileReader.Open(path, formatter))
            {
                long readsBefore = reader.FileReadCount;
                clock.Restart();
                Trade trade = reader.ReadRecord<Trade>(k);
                double micros = clock.Elapsed.TotalMilliseconds * 1000;
                bool same = trade.Equals(Trade.Make(k));
                Console.WriteLine($"record {k:N0}: price {trade.Price}, quantity {trade.Quantity}, read in {micros:F0} us (the first read: JIT included) with {reader.FileReadCount - readsBefore} file read; index used: {reader.IndexUsed}; as written: {same}");
                if (!same)
                {
                    return 1;
                }
            }

            // 3. Scan every trade in place, no copy: the sum of one symbol's quantity.
            long expected = 0;
            for (long n = 0; n < count; n++)
            {
                Trade t = Trade.Make(n);
                expected += t.Symbol == 7 ? t.Quantity : 0;
            }

            (long sum, double firstScan) = Best(() =>
            {
                using MappedRecordFile fresh = MappedRecordFile.Open(path, formatter);
                return SumOfSymbol(fresh, 7);
            });
            Console.WriteLine($"scan, one thread, opened anew, every checksum checked: sum of symbol 7's quantity = {sum:N0} (expected {expected:N0}); {count / firstScan / 1e6:F0} M records/s, {bytes / firstScan / 1e9:F2} GB/s");

            // The same once-only scan without a mapping: each block read once into the reader's buffer and viewed there.
            (long read, double readScan) = Best(() =>
            {
                using RecordFileReader reader = RecordFileReader.Open(path, formatter);
                long total = 0;
                for (int b = 0; b < reader.BlockCount; b++)
                {
                    foreach (ref readonly Trade t in reader.ReadFixedBlock<Trade>(b))
                    {
                        if (t.Symbol == 7)
                        {
                            total += t.Quantity;
                        }
                    }
                }

                return total;
            });
            Console.WriteLine($"scan, one thread, opened anew, blocks read (not mapped), every checksum checked: sum = {read:N0}; {count / readScan / 1e6:F0} M records/s, {bytes / readScan / 1e9:F2} GB/s");
            using MappedRecordFile mapped = MappedRecordFile.Open(path, formatter);
            (long later, double laterScan) = Best(() => SumOfSymbol(mapped, 7));
            Console.WriteLine($"scan, one thread, later scans of the same mapped file (checksums checked by the first): sum = {later:N0}; {count / laterScan / 1e6:F0} M records/s, {bytes / laterScan / 1e9:F2} GB/s");
            using MappedRecordFile trusted = MappedRecordFile.Open(path, formatter, verifyChecksums: false);
            (long unchecked_, double unverified) = Best(() => SumOfSymbol(trusted, 7));
            Console.WriteLine($"scan, one thread, checksums not checked (a trusted file): sum = {unchecked_:N0}; {count / unverified / 1e6:F0} M records/s, {bytes / unverified / 1e9:F2} GB/s");
            (long parallel, double parallelSeconds) = Best(() =>
            {
                long total = 0;
                Parallel.For(0, mapped.BlockCount, () => 0L, (b, _, local) =>
                {
                    foreach (ref readonly Trade t in mapped.GetFixedBlock<Trade>(b))
                    {
                        if (t.Symbol == 7)
                        {
                            local += t.Quantity;
                        }
                    }

                    return local;
                }, local => Interlocked.Add(ref total, local));
                return total;
            });
            Console.WriteLine($"scan, {Environment.ProcessorCount} threads by block: sum = {parallel:N0}; {count / parallelSeconds / 1e6:F0} M records/s");

            // 7. A bad sector: one byte of a copy of the file flipped in its middle. Reads that cross that block throw
            // RecordFileCorruptedException; Salvage copies the records of every whole block into a new file.
            bool salvaged = count < 10_000 || Salvage(path, dir, formatter, count, bytes);
            bool ok = sum == expected && read == expected && later == expected && unchecked_ == expected && parallel == expected && salvaged;
            Console.WriteLine(ok ? "record files sample: OK" : "record files sample: WRONG SUM OR SALVAGE");
            return ok ? 0 : 1;
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }

    /// <summary>Step 7 (a file of at least 10,000 trades, so that its middle is inside an interior block).</summary>
    private static bool Salvage(string path, string dir, CustomBinaryFormatter formatter, long count, long bytes)
    {
        string damaged = Path.Combine(dir, "damaged.fsr");
        File.Copy(path, damaged);
        using (var stream = new FileStream(damaged, FileMode.Open))
        {
            stream.Position = stream.Length / 2;
            int b = stream.ReadByte();
            stream.Position = stream.Length / 2;
            stream.WriteByte((byte)(b ^ 0x10));
        }

        var clock = Stopwatch.StartNew();
        RecordFileSalvage salvage = RecordFileReader.Salvage(damaged, Path.Combine(dir, "salvaged.fsr"), formatter);
        double seconds = clock.Elapsed.TotalSeconds;
        RecordFileDamage damage = salvage.Damage[0];
        bool ok = salvage.Damage.Count == 1 && damage.RecordCount is > 0 && salvage.RecordsCopied + damage.RecordCount == count;
        using (RecordFileReader copy = RecordFileReader.Open(Path.Combine(dir, "salvaged.fsr"), formatter))
        {
            long after = damage.FirstRecord + (damage.RecordCount ?? 0); // numbered damage.RecordCount lower in the copy
            ok &= copy.ReadRecord<Trade>(0).Equals(Trade.Make(0))
                && copy.ReadRecord<Trade>(damage.FirstRecord).Equals(Trade.Make(after))
                && copy.ReadRecord<Trade>(copy.RecordCount - 1).Equals(Trade.Make(count - 1));
        }

        Console.WriteLine($"salvage of a copy with one flipped byte: {salvage.RecordsCopied:N0} records copied in {seconds:F2} s ({bytes / seconds / 1e6:F0} MB/s); {damage}");
        return ok;
    }

    private static long SumOfSymbol(MappedRecordFile file, int symbol)
    {
        long sum = 0;
        for (int b = 0; b < file.BlockCount; b++)
        {
            foreach (ref readonly Trade t in file.GetFixedBlock<Trade>(b))
            {
                if (t.Symbol == symbol)
                {
                    sum += t.Quantity;
                }
            }
        }

        return sum;
    }

    /// <summary>Runs <paramref name="scan"/> three times (the first warms the page cache and the JIT) and keeps the best time.</summary>
    private static (long Result, double Seconds) Best(Func<long> scan)
    {
        long result = 0;
        double best = double.MaxValue;
        for (int round = 0; round < 3; round++)
        {
            var clock = Stopwatch.StartNew();
            result = scan();
            best = Math.Min(best, clock.Elapsed.TotalSeconds);
        }

        return (result, best);
    }
}
