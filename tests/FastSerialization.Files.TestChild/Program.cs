using System;
using System.IO;

namespace FastSerialization.Files.TestChild;

/// <summary>
/// Usage: <c>append &lt;path&gt; &lt;durability: EveryBlock|Interval|OnFlush&gt; &lt;compression: None|Brotli|ZLib|Lz4&gt; &lt;seed&gt;</c>.
/// Opens the file to append (recovering a torn tail), prints "open &lt;records&gt; &lt;dropped bytes&gt;", then appends records
/// numbered from the file's record count until it is killed, printing "durable &lt;n&gt;" each time the writer says that
/// n records are synced. With OnFlush it calls Flush every few records.
/// Or <c>create &lt;path&gt;</c>: creates the file, appends one record, closes it and exits (the directory-sync test runs it
/// under strace).
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Length == 2 && args[0] == "create")
        {
            using (RecordFileWriter created = RecordFileWriter.Create(args[1], Records.NewFormatter()))
            {
                Records.Append(created, 0);
            }

            Console.WriteLine("created");
            return 0;
        }

        if (args.Length != 5 || args[0] != "append")
        {
            Console.Error.WriteLine("usage: append <path> <durability> <compression> <seed> | create <path>");
            return 2;
        }

        var options = new RecordFileWriterOptions
        {
            BlockSize = 512,
            Durability = Enum.Parse<RecordFileDurability>(args[2]),
            SyncInterval = TimeSpan.FromMilliseconds(2),
            Compression = Enum.Parse<RecordFileCompression>(args[3]),
            WriteIndex = true,
        };
        RecordFileWriter.SplitBlockWritesForTests = Environment.GetEnvironmentVariable("FS_FILES_TEAR") == "1";
        var random = new Random(int.Parse(args[4], System.Globalization.CultureInfo.InvariantCulture));
        var output = new StreamWriter(Console.OpenStandardOutput()) { AutoFlush = true };
        using RecordFileWriter writer = RecordFileWriter.Open(args[1], Records.NewFormatter(), options);
        output.WriteLine($"open {writer.RecordCount} {writer.Recovery.DroppedBytes}");
        long durable = writer.DurableRecordCount;
        while (true)
        {
            Records.Append(writer, writer.RecordCount);
            if (options.Durability == RecordFileDurability.OnFlush && random.Next(16) == 0)
            {
                writer.Flush();
            }

            if (writer.DurableRecordCount != durable)
            {
                durable = writer.DurableRecordCount;
                output.WriteLine($"durable {durable}");
            }
        }
    }
}
