using System;
using System.Globalization;
using System.IO;
using FastSerialization;

namespace FastSerialization.Files.Benchmarks;

/// <summary>A packed trade: 32 bytes, fixed layout, no padding: a 37-byte record with its header.</summary>
[BinarySerializable(FixedLayout = true)]
public partial struct Trade
{
    public long Time;
    public double Price;
    public long Quantity;
    public int Symbol;
    public int Flags;

    public static Trade Make(long n) => new()
    {
        Time = 638_000_000_000_000_000 + (n * 1_000),
        Price = 100 + ((n % 1000) * 0.25),
        Quantity = 1 + (n % 97),
        Symbol = (int)(n % 50),
        Flags = 0,
    };
}

/// <summary>The files every benchmark reads: written once per record count and kept in the temporary folder between benchmark processes.</summary>
public static class Data
{
    /// <summary>The record count: FS_FILES_BENCH_RECORDS, default 2,000,000 (74 MB of records).</summary>
    public static long Records { get; } = long.Parse(Environment.GetEnvironmentVariable("FS_FILES_BENCH_RECORDS") ?? "2000000", CultureInfo.InvariantCulture);

    public static string Directory { get; } = Path.Combine(Path.GetTempPath(), "fastserialization-files-bench");

    public static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Trade>(1);
        return formatter;
    }

    /// <summary>A record file of <see cref="Records"/> trades (64 KiB blocks, uncompressed unless said), with its index.</summary>
    public static string RecordFile(RecordFileCompression compression = RecordFileCompression.None) =>
        Make($"trades-{Records}-{compression}.fsr", path =>
        {
            using RecordFileWriter writer = RecordFileWriter.Create(path, NewFormatter(), new RecordFileWriterOptions { Durability = RecordFileDurability.OnFlush, Compression = compression });
            for (long n = 0; n < Records; n++)
            {
                writer.Append(Trade.Make(n));
            }
        });

    /// <summary>The same records as a plain stream of records (no file header, no blocks), as <c>formatter.Serialize(stream, ...)</c> writes them.</summary>
    public static string StreamFile() =>
        Make($"trades-{Records}.records", path =>
        {
            CustomBinaryFormatter formatter = NewFormatter();
            using var stream = new FileStream(path, FileMode.CreateNew, FileAccess.Write, FileShare.None, 1 << 16);
            var buffer = new System.Buffers.ArrayBufferWriter<byte>(1 << 20);
            for (long n = 0; n < Records; n++)
            {
                formatter.Serialize(buffer, Trade.Make(n));
                if (buffer.WrittenCount > (1 << 20) - 64)
                {
                    stream.Write(buffer.WrittenSpan);
                    buffer.Clear();
                }
            }

            stream.Write(buffer.WrittenSpan);
        });

    private static string Make(string name, Action<string> write)
    {
        System.IO.Directory.CreateDirectory(Directory);
        string path = Path.Combine(Directory, name);
        if (File.Exists(path))
        {
            return path;
        }

        string temporary = path + "." + Environment.ProcessId.ToString(CultureInfo.InvariantCulture) + ".tmp";
        write(temporary);
        if (File.Exists(temporary + ".fsidx"))
        {
            File.Move(temporary + ".fsidx", path + ".fsidx", overwrite: true);
        }

        File.Move(temporary, path, overwrite: true);
        return path;
    }
}
