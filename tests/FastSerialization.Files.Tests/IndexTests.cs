using System;
using System.IO;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>The smallest fixed-layout record: 9 bytes with its header, so that ten million of them make a 90 MB file.</summary>
[BinarySerializable(FixedLayout = true)]
public partial struct Tiny
{
    public int Value;
}

public class IndexTests
{
    private const long Count = 10_000_000;

    [Fact]
    public void RecordK_OfATenMillionRecordFile_CostsOneRead_WithOrWithoutTheIndexFile()
    {
        using var dir = new TempDirectory();
        string path = dir.File("ten-million.fsr");
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Tiny>(1);
        using (RecordFileWriter writer = RecordFileWriter.Create(path, formatter, new RecordFileWriterOptions { Durability = RecordFileDurability.OnFlush }))
        {
            for (int n = 0; n < Count; n++)
            {
                writer.Append(new Tiny { Value = n });
            }
        }

        File.Exists(path + ".fsidx").Should().BeTrue();
        var random = new Random(13);
        using (RecordFileReader reader = RecordFileReader.Open(path, formatter))
        {
            reader.IndexUsed.Should().BeTrue();
            reader.RecordCount.Should().Be(Count);
            reader.FileReadCount.Should().BeLessThanOrEqualTo(4, "opening reads the header, the index's last block header and the tail check, not the blocks");
            ReadsPerRecord(reader, random);
        }

        File.Delete(path + ".fsidx");
        using (RecordFileReader reader = RecordFileReader.Open(path, formatter))
        {
            reader.IndexUsed.Should().BeFalse();
            reader.FileReadCount.Should().BeGreaterThan(reader.BlockCount, "without the index, opening walks every block header once");
            ReadsPerRecord(reader, random);
        }
    }

    private static void ReadsPerRecord(RecordFileReader reader, Random random)
    {
        for (int i = 0; i < 200; i++)
        {
            long k = i == 0 ? Count - 1 : random.NextInt64(Count);
            long before = reader.FileReadCount;
            reader.ReadRecord<Tiny>(k).Value.Should().Be((int)k);
            (reader.FileReadCount - before).Should().BeLessThanOrEqualTo(1, $"record {k} is one read of one block");
        }
    }
}
