using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>Healthy files are never reported as corrupted: what readers and Salvage say when the file is whole but something else is in the way.</summary>
public class HealthyFileTests
{
    private const int LargeRecord = 20 * 1024 * 1024;

    /// <summary>
    /// A file written with a larger MaxRecordLength (a 20 MiB record) read with the default 16 MiB: the reader and Salvage
    /// say what the limit is and how to raise it, not that the file is damaged (before: "corrupted ... Salvage", and
    /// Salvage copied nothing); with the limit raised both read every record.
    /// </summary>
    [Fact]
    public void ARecordOverTheReadersMaxRecordLength_IsNotCorruption_TheMessageSaysTheLimitAndHowToRaiseIt()
    {
        using var dir = new TempDirectory();
        string path = dir.File("large.fsr");
        byte[] data = new byte[LargeRecord];
        new Random(7).NextBytes(data);
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Large(), new RecordFileWriterOptions { WriteIndex = false }))
        {
            Records.Append(writer, 0);
            writer.Flush(); // record 0 in a block of its own, readable with either limit
            writer.Append(new Blob { Number = 1, Data = data });
            Records.Append(writer, 2);
        }

        CustomBinaryFormatter byDefault = Records.NewFormatterWithBlobs();
        byDefault.Options.MaxRecordLength.Should().Be(CustomBinaryFormatterOptions.DefaultMaxRecordLength);
        using (RecordFileReader reader = RecordFileReader.Open(path, byDefault))
        {
            Records.IsExpected(reader.ReadRecord(0), 0).Should().BeTrue("block 0 holds only record 0");
            var error = FluentActions.Invoking(() => reader.ReadAll().Count()).Should().Throw<FastSerializationException>().Which;
            error.Should().NotBeOfType<RecordFileCorruptedException>();
            error.Message.Should().Contain($"limit of {CustomBinaryFormatterOptions.DefaultMaxRecordLength} bytes")
                .And.Contain("MaxRecordLength = ").And.Contain("not damaged").And.NotContain("Salvage");
            FluentActions.Invoking(() => reader.ReadRecord(1)).Should().Throw<FastSerializationException>()
                .Which.Should().NotBeOfType<RecordFileCorruptedException>();
        }

        string copy = dir.File("copy.fsr");
        var salvageError = FluentActions.Invoking(() => RecordFileReader.Salvage(path, copy, Records.NewFormatterWithBlobs())).Should().Throw<FastSerializationException>().Which;
        salvageError.Should().NotBeOfType<RecordFileCorruptedException>();
        salvageError.Message.Should().Contain("MaxRecordLength = ");
        File.Exists(copy).Should().BeFalse("a salvage that copied nothing of the large record's block leaves no file");

        using (RecordFileReader reader = RecordFileReader.Open(path, Large()))
        {
            List<object> records = reader.ReadAll().ToList();
            records.Should().HaveCount(3);
            ((Blob)records[1]).Data.Should().Equal(data);
        }

        RecordFileSalvage salvage = RecordFileReader.Salvage(path, copy, Large());
        salvage.RecordsCopied.Should().Be(3);
        salvage.Damage.Should().BeEmpty();
    }

    /// <summary>
    /// An index beside the file whose checksum is right but one of whose entries is wrong (a hand-made or stale index):
    /// readers rebuild it from the blocks, as for a missing or stale index, and read every record; before, they said the
    /// file was corrupted.
    /// </summary>
    [Theory]
    [InlineData("first record")]
    [InlineData("offset")]
    public void AnIndexWithARightChecksumButAWrongEntry_IsRebuiltFromTheBlocks_NotCalledCorruption(string field)
    {
        using var dir = new TempDirectory();
        string path = dir.File("indexed.fsr");
        const int total = 80;
        TestFiles.Write(path, total, new RecordFileWriterOptions { BlockSize = 400, WriteIndex = true });
        List<long> firsts = TestFiles.FirstRecords(path);
        firsts.Count.Should().BeGreaterThan(5);
        CorruptIndexEntry(path, block: 2, fieldOffset: field == "offset" ? 0 : 8);

        long inBlock2 = firsts[2] + 1;
        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
        {
            reader.IndexUsed.Should().BeTrue("the index is whole and in order: only reading block 2 shows it wrong");
            Records.IsExpected(reader.ReadRecord(inBlock2), inBlock2).Should().BeTrue();
            reader.IndexUsed.Should().BeFalse("the blocks were walked instead");
        }

        TestFiles.ShouldHoldExactly(path, total);

        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
        {
            long n = 0;
            foreach (object record in reader.ReadAllAsync().ToBlockingEnumerable())
            {
                Records.IsExpected(record, n).Should().BeTrue($"record {n}, read asynchronously");
                n++;
            }

            n.Should().Be(total);
        }
    }

    /// <summary>The same for the block views: <see cref="MappedRecordFile.GetFixedBlock{T}"/> and <see cref="RecordFileReader.ReadFixedBlock{T}"/>.</summary>
    [Fact]
    public void AnIndexWithARightChecksumButAWrongEntry_IsRebuiltFromTheBlocks_ForBlockViewsToo()
    {
        using var dir = new TempDirectory();
        string path = TestFiles.WriteFixedTrades(dir, 2000, RecordFileCompression.None);
        CorruptIndexEntry(path, block: 2, fieldOffset: 8);

        using (MappedRecordFile mapped = MappedRecordFile.Open(path, Records.NewFormatter()))
        {
            int blocks = mapped.BlockCount;
            blocks.Should().BeGreaterThan(5);
            long n = 0;
            for (int b = blocks - 1; b >= 0; b--)
            {
                FixedRecordBlock<Trade> view = mapped.GetFixedBlock<Trade>(b);
                for (int i = 0; i < view.Count; i++)
                {
                    view[i].Should().Be(Trade.Make(view.FirstRecordNumber + i));
                }

                n += view.Count;
            }

            n.Should().Be(2000);
            mapped.BlockCount.Should().Be(blocks);
        }

        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
        {
            FixedRecordBlock<Trade> view = reader.ReadFixedBlock<Trade>(2);
            view[0].Should().Be(Trade.Make(view.FirstRecordNumber));
            reader.IndexUsed.Should().BeFalse();
        }
    }

    /// <summary>Adds 1 to a field of block <paramref name="block"/>'s entry in the index beside <paramref name="path"/> (0: its offset, 8: its first record) and fixes the index's checksum.</summary>
    private static void CorruptIndexEntry(string path, int block, int fieldOffset)
    {
        byte[] index = File.ReadAllBytes(path + ".fsidx");
        int at = 48 + (16 * block) + fieldOffset;
        long value = System.Buffers.Binary.BinaryPrimitives.ReadInt64LittleEndian(index.AsSpan(at));
        System.Buffers.Binary.BinaryPrimitives.WriteInt64LittleEndian(index.AsSpan(at), value + 1);
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(index.AsSpan(index.Length - 4), FastSerialization.Crc32C.Compute(index.AsSpan(0, index.Length - 4)));
        File.WriteAllBytes(path + ".fsidx", index);
    }

    private static CustomBinaryFormatter Large()
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxRecordLength = 32 * 1024 * 1024 });
        formatter.Register<Trade>(Records.TradeId);
        formatter.Register<Note>(Records.NoteId);
        formatter.Register<Blob>(Records.BlobId);
        return formatter;
    }
}
