using System;
using System.IO;
using System.Linq;

namespace FastSerialization.Files.TestChild;

/// <summary>
/// Usage: <c>append &lt;path&gt; &lt;durability: EveryBlock|Interval|OnFlush&gt; &lt;compression: None|Brotli|ZLib|Lz4&gt; &lt;seed&gt;</c>.
/// Opens the file to append (recovering a torn tail), prints "open &lt;records&gt; &lt;dropped bytes&gt;", then appends records
/// numbered from the file's record count until it is killed, printing "durable &lt;n&gt;" each time the writer says that
/// n records are synced. With OnFlush it calls Flush every few records. With FS_FILES_IMAGES=1 in its environment, three
/// records in ten are a <see cref="Blob"/> carrying block images (<see cref="Records.AppendWithImages"/>).
/// Or <c>create &lt;path&gt;</c>: creates the file, appends one record, closes it and exits (the directory-sync test runs it
/// under strace).
/// Or <c>evolve-write &lt;path&gt; &lt;count&gt; &lt;mixed|sensors&gt;</c> / <c>evolve-read &lt;path&gt;</c>: version 1 of an evolvable
/// fixed-layout struct writes a file, or reads one and prints a line per record (<see cref="Evolution.EvolvedRecords"/>).
/// Or <c>size-limit &lt;path&gt; &lt;durability: EveryBlock|Interval&gt;</c>: run under a file size limit (<c>ulimit -f</c>) by
/// the parent, creates the file and appends past the limit, printing what the appends, then Dispose, did, and how many
/// records a reader then finds (see <see cref="SizeLimit"/>).
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

        if (args.Length == 4 && args[0] == "evolve-write")
        {
            // The older build of an evolvable struct writes a file (docs/FORMAT.md section 3c).
            Evolution.EvolvedRecords.Write(args[1], int.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture), args[3] == "sensors");
            Console.WriteLine("written");
            return 0;
        }

        if (args.Length == 2 && args[0] == "evolve-read")
        {
            // The older build reads a newer build's file, one line per record.
            foreach (string line in Evolution.EvolvedRecords.Read(args[1]))
            {
                Console.WriteLine(line);
            }

            return 0;
        }

        if (args.Length == 3 && args[0] == "size-limit")
        {
            return SizeLimit(args[1], Enum.Parse<RecordFileDurability>(args[2]));
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
        // FS_FILES_IMAGES=1: three records in ten carry block images, of this file and of another (docs/FORMAT.md 9.4: such
        // bytes must never make a torn tail look like corruption).
        bool images = Environment.GetEnvironmentVariable("FS_FILES_IMAGES") == "1";
        if (images)
        {
            // Blocks far larger than the images, so that the half of a block a kill leaves holds whole images.
            options.BlockSize = 4096;
        }

        byte[] otherBlock = images ? OtherFileBlock(args[1] + ".other") : Array.Empty<byte>();
        byte[]? ownBlock = null;
        using RecordFileWriter writer = RecordFileWriter.Open(args[1], images ? Records.NewFormatterWithBlobs() : Records.NewFormatter(), options);
        output.WriteLine($"open {writer.RecordCount} {writer.Recovery.DroppedBytes}");
        long durable = writer.DurableRecordCount;
        while (true)
        {
            if (images)
            {
                if (ownBlock is null && Records.CarriesImages(writer.RecordCount))
                {
                    // The smallest block of the file (a Flush makes small ones); none until a block is written.
                    ownBlock = Records.BlocksOf(args[1]).OrderBy(block => block.Length).FirstOrDefault();
                }

                Records.AppendWithImages(writer, writer.RecordCount, ownBlock, otherBlock);
            }
            else
            {
                Records.Append(writer, writer.RecordCount);
            }
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

    /// <summary>A small block of another record file (its last, numbered past most records this child writes), written afresh.</summary>
    private static byte[] OtherFileBlock(string path)
    {
        System.IO.File.Delete(path);
        System.IO.File.Delete(path + ".fsidx");
        using (RecordFileWriter other = RecordFileWriter.Create(path, Records.NewFormatter(), new RecordFileWriterOptions { BlockSize = 64, WriteIndex = false }))
        {
            for (long n = 0; n < 2_000; n++)
            {
                Records.Append(other, n);
            }
        }

        return Records.BlocksOf(path)[^1];
    }

    /// <summary>
    /// Appends past the process's file size limit. With EveryBlock the appends write the blocks, and one of them fails;
    /// with Interval the records are appended into one large buffered block, well within the sync interval, and the
    /// interval timer's write is the one that fails, with no call of this program's under way.
    /// Prints "append threw &lt;type&gt;" or "append ok", then "dispose threw &lt;type&gt;: &lt;message&gt;" or "dispose ok",
    /// then "durable &lt;n&gt; read &lt;m&gt;".
    /// </summary>
    private static int SizeLimit(string path, RecordFileDurability durability)
    {
        bool interval = durability == RecordFileDurability.Interval;
        var options = new RecordFileWriterOptions
        {
            Durability = durability,
            BlockSize = interval ? 1 << 20 : 4096,
            SyncInterval = TimeSpan.FromMilliseconds(500),
        };
        RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), options);
        try
        {
            for (long n = 0; n < 5000; n++)
            {
                Records.Append(writer, n); // about 350 KB in all
            }

            if (interval)
            {
                System.Threading.Thread.Sleep(3000); // the timer's tick writes the buffered block
            }

            Console.WriteLine("append ok");
        }
        catch (Exception e)
        {
            Console.WriteLine($"append threw {e.GetType().FullName}");
        }

        long durable = writer.DurableRecordCount;
        try
        {
            writer.Dispose();
            Console.WriteLine("dispose ok");
        }
        catch (Exception e)
        {
            Console.WriteLine($"dispose threw {e.GetType().FullName}: {e.Message}");
        }

        long read = 0;
        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
        {
            foreach (object record in reader.ReadAll())
            {
                read++;
            }
        }

        Console.WriteLine($"durable {durable} read {read}");
        return 0;
    }
}
