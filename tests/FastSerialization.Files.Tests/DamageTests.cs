using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>Torn tails and flipped bits: every open either recovers the whole blocks or raises the documented exception, and never returns a changed record.</summary>
public class DamageTests
{
    private const int RecordTotal = 60;

    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.Brotli)]
    [InlineData(RecordFileCompression.Lz4)]
    public void TruncatedAtEveryOffsetOfTheLastBlock_ReadersStopBeforeIt_WritersCutItAndGoOn(RecordFileCompression compression)
    {
        using var dir = new TempDirectory();
        string original = dir.File("original");
        TestFiles.Write(original, RecordTotal, new RecordFileWriterOptions { BlockSize = 400, Compression = compression, WriteIndex = false });
        byte[] bytes = File.ReadAllBytes(original);
        List<long> blocks = TestFiles.BlockOffsets(original);
        blocks.Count.Should().BeGreaterThan(3);
        ShouldHoldBlocksOf(bytes, blocks, compression);
        long lastStart = blocks[^1];
        long recordsBeforeLast = TestFiles.FirstRecordOfLastBlock(original);

        string path = dir.File("cut");
        for (long cut = lastStart; cut < bytes.Length; cut++)
        {
            File.WriteAllBytes(path, bytes.AsSpan(0, (int)cut).ToArray());
            using (RecordFileReader reader = RecordFileReader.Open(path, TestChild.Records.NewFormatter()))
            {
                reader.Recovery.DroppedBytes.Should().Be(cut - lastStart, $"cut at {cut}");
                reader.RecordCount.Should().Be(recordsBeforeLast);
                ReadAllChecked(reader).Should().Be(recordsBeforeLast);
            }

            using (RecordFileWriter writer = RecordFileWriter.Open(path, TestChild.Records.NewFormatter(), new RecordFileWriterOptions { BlockSize = 400, WriteIndex = false }))
            {
                writer.Recovery.DroppedBytes.Should().Be(cut - lastStart);
                writer.RecordCount.Should().Be(recordsBeforeLast);
                for (long n = recordsBeforeLast; n < RecordTotal; n++)
                {
                    TestChild.Records.Append(writer, n);
                }
            }

            new FileInfo(path).Length.Should().BeGreaterThan(lastStart);
            TestFiles.ShouldHoldExactly(path, RecordTotal);
        }
    }

    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.ZLib)]
    [InlineData(RecordFileCompression.Lz4)]
    public void EveryBitFlipped_EachOpenRecoversOrThrows_NeverAChangedRecord(RecordFileCompression compression)
    {
        using var dir = new TempDirectory();
        string original = dir.File("original");
        // CI flips every bit of a 24-record file; benchmarks/run-full.sh sets FS_FILES_SWEEP_RECORDS for a larger one.
        int total = int.Parse(Environment.GetEnvironmentVariable("FS_FILES_SWEEP_RECORDS") ?? "24", System.Globalization.CultureInfo.InvariantCulture);
        TestFiles.Write(original, total, new RecordFileWriterOptions { BlockSize = 300, Compression = compression, WriteIndex = false });
        byte[] bytes = File.ReadAllBytes(original);
        ShouldHoldBlocksOf(bytes, TestFiles.BlockOffsets(original), compression);
        string path = dir.File("flipped");
        int recovered = 0, refused = 0, tails = 0;
        for (int bit = 0; bit < bytes.Length * 8; bit++)
        {
            byte[] damaged = (byte[])bytes.Clone();
            damaged[bit / 8] ^= (byte)(1 << (bit % 8));
            File.WriteAllBytes(path, damaged);
            try
            {
                using RecordFileReader reader = RecordFileReader.Open(path, TestChild.Records.NewFormatter());
                long read = ReadAllChecked(reader);
                if (read < total)
                {
                    reader.Recovery.DroppedTail.Should().BeTrue($"bit {bit}: fewer records are only allowed when a torn tail was dropped");
                    read.Should().Be(TestFiles.FirstRecordOfLastBlock(original), $"bit {bit}: only the last block may be dropped");
                    tails++;
                }

                recovered++;
            }
            catch (FastSerializationException)
            {
                refused++;
            }
        }

        // Every flip either way is checked above; these only show that both outcomes were exercised.
        refused.Should().BeGreaterThan(bytes.Length * 4, "flips in the header and interior blocks are refused");
        tails.Should().BeGreaterThan(0, "flips in the last block drop it as a torn tail");
        (recovered + refused).Should().Be(bytes.Length * 8);
    }

    [Fact]
    public void InteriorBlockDamaged_ReadRaisesCorruptionNamingBlockAndOffset()
    {
        using var dir = new TempDirectory();
        string path = dir.File("records");
        TestFiles.Write(path, RecordTotal, new RecordFileWriterOptions { BlockSize = 400 });
        List<long> blocks = TestFiles.BlockOffsets(path);
        byte[] bytes = File.ReadAllBytes(path);
        bytes[(int)blocks[1] + 40] ^= 0x10; // a body byte of block 1
        File.WriteAllBytes(path, bytes);

        using RecordFileReader reader = RecordFileReader.Open(path, TestChild.Records.NewFormatter());
        reader.IndexUsed.Should().BeTrue();
        TestChild.Records.IsExpected(reader.ReadRecord(0), 0).Should().BeTrue("block 0 is whole");
        var error = FluentActions.Invoking(() => ReadAllChecked(reader)).Should().Throw<RecordFileCorruptedException>().Which;
        error.BlockIndex.Should().Be(1);
        error.FileOffset.Should().Be(blocks[1]);
        error.Message.Should().Contain($"block 1 at offset {blocks[1]}").And.Contain("checksum");

        // The writer refuses to append to it only if it sees the damage when opening: here the block headers are whole, so it
        // opens; a damaged interior header is refused (the next test).
    }

    [Fact]
    public void InteriorBlockHeaderDamaged_OpenRaisesCorruption_AndWriterChangesNothing()
    {
        using var dir = new TempDirectory();
        string path = dir.File("records");
        TestFiles.Write(path, RecordTotal, new RecordFileWriterOptions { BlockSize = 400, WriteIndex = false });
        List<long> blocks = TestFiles.BlockOffsets(path);
        byte[] bytes = File.ReadAllBytes(path);
        bytes[(int)blocks[2] + 5] ^= 0x01; // the stored length of block 2
        File.WriteAllBytes(path, bytes);

        var error = FluentActions.Invoking(() => RecordFileReader.Open(path, TestChild.Records.NewFormatter())).Should().Throw<RecordFileCorruptedException>().Which;
        error.BlockIndex.Should().Be(2);
        error.FileOffset.Should().Be(blocks[2]);
        FluentActions.Invoking(() => RecordFileWriter.Open(path, TestChild.Records.NewFormatter())).Should().Throw<RecordFileCorruptedException>();
        File.ReadAllBytes(path).Should().Equal(bytes, "a writer never truncates a file whose damage is not a torn tail");
    }

    /// <summary>A sweep over a compressed file must meet compressed blocks (a block that does not get smaller is stored as is).</summary>
    private static void ShouldHoldBlocksOf(byte[] file, List<long> blocks, RecordFileCompression compression) =>
        blocks.Count(offset => file[offset + 12] == (byte)compression).Should().BeGreaterThan(blocks.Count / 2, $"most blocks of the swept file are {compression} blocks");

    private static long ReadAllChecked(RecordFileReader reader)
    {
        long n = 0;
        foreach (object record in reader.ReadAll())
        {
            TestChild.Records.IsExpected(record, n).Should().BeTrue($"record {n} must be the one written, never a changed one");
            n++;
        }

        return n;
    }
}
