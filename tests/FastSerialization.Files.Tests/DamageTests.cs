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
    private const int BlockHeaderSize = 32;

    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.Brotli)]
    [InlineData(RecordFileCompression.Lz4)]
    public void TruncatedAtEveryOffsetOfTheLastBlock_ReadersStopBeforeIt_WritersCutItAndGoOn(RecordFileCompression compression)
    {
        // Three records in ten carry block images, of this file and of another (docs/FORMAT.md 9.4): a cut after an image
        // inside the last block must still be a torn tail.
        const int total = 58; // the last record, 57, carries both images: the last block holds them
        using var dir = new TempDirectory();
        string other = dir.File("other");
        TestFiles.Write(other, 100, new RecordFileWriterOptions { BlockSize = 64, WriteIndex = false });
        byte[] otherBlock = TestChild.Records.BlocksOf(other)[^1];
        string original = dir.File("original");
        byte[]? ownBlock = null;
        using (RecordFileWriter writer = RecordFileWriter.Create(original, TestChild.Records.NewFormatterWithBlobs(), new RecordFileWriterOptions { BlockSize = 400, Compression = compression, WriteIndex = false }))
        {
            TestChild.Records.Append(writer, 0);
            writer.Flush(); // a small first block, whose image later records carry
            ownBlock = TestChild.Records.BlocksOf(original)[0];
            for (long n = 1; n < total; n++)
            {
                TestChild.Records.AppendWithImages(writer, n, ownBlock, otherBlock);
            }
        }

        byte[] bytes = File.ReadAllBytes(original);
        List<long> blocks = TestFiles.BlockOffsets(original);
        blocks.Count.Should().BeGreaterThan(3);
        ShouldHoldBlocksOf(bytes, blocks, compression);
        long lastStart = blocks[^1];
        long recordsBeforeLast = TestFiles.FirstRecordOfLastBlock(original);
        if (compression == RecordFileCompression.None)
        {
            bytes.AsSpan((int)lastStart).IndexOf(otherBlock).Should().BeGreaterThan(0, "the last block holds an image of another file's block");
            bytes.AsSpan((int)lastStart).IndexOf(ownBlock).Should().BeGreaterThan(0, "the last block holds an image of the file's first block");
        }

        string path = dir.File("cut");
        for (long cut = lastStart; cut < bytes.Length; cut++)
        {
            File.WriteAllBytes(path, bytes.AsSpan(0, (int)cut).ToArray());
            using (RecordFileReader reader = RecordFileReader.Open(path, TestChild.Records.NewFormatterWithBlobs()))
            {
                reader.Recovery.DroppedBytes.Should().Be(cut - lastStart, $"cut at {cut}");
                reader.RecordCount.Should().Be(recordsBeforeLast);
                ReadAllChecked(reader).Should().Be(recordsBeforeLast);
            }

            using (RecordFileWriter writer = RecordFileWriter.Open(path, TestChild.Records.NewFormatterWithBlobs(), new RecordFileWriterOptions { BlockSize = 400, WriteIndex = false }))
            {
                writer.Recovery.DroppedBytes.Should().Be(cut - lastStart);
                writer.RecordCount.Should().Be(recordsBeforeLast);
                for (long n = recordsBeforeLast; n < total; n++)
                {
                    TestChild.Records.AppendWithImages(writer, n, ownBlock, otherBlock);
                }
            }

            new FileInfo(path).Length.Should().BeGreaterThan(lastStart);
            using (RecordFileReader reader = RecordFileReader.Open(path, TestChild.Records.NewFormatterWithBlobs()))
            {
                reader.RecordCount.Should().Be(total);
                ReadAllChecked(reader).Should().Be(total);
            }
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
        var options = new RecordFileWriterOptions { BlockSize = 300, Compression = compression, WriteIndex = false };
        TestFiles.Write(original, total, options);
        byte[] bytes = File.ReadAllBytes(original);
        List<long> blocks = TestFiles.BlockOffsets(original);
        ShouldHoldBlocksOf(bytes, blocks, compression);
        long lastStart = blocks[^1];
        long recordsBeforeLast = TestFiles.FirstRecordOfLastBlock(original);
        string path = dir.File("flipped");
        int recovered = 0, refused = 0, tails = 0, writerTails = 0, writerRefused = 0;
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
                    read.Should().Be(recordsBeforeLast, $"bit {bit}: only the last block may be dropped");
                    (bit / 8L).Should().BeGreaterThanOrEqualTo(lastStart, $"bit {bit}: only the block the flip is in may be dropped");
                    tails++;
                }

                recovered++;
            }
            catch (FastSerializationException)
            {
                refused++;
            }

            // A writer opening the file to append either cuts exactly the last block, when the flip is in it, or changes nothing.
            File.WriteAllBytes(path, damaged);
            try
            {
                using RecordFileWriter writer = RecordFileWriter.Open(path, TestChild.Records.NewFormatter(), options);
                if (writer.Recovery.DroppedTail)
                {
                    (bit / 8L).Should().BeGreaterThanOrEqualTo(lastStart, $"bit {bit}: a writer may only cut the block the flip is in");
                    writer.Recovery.DroppedBytes.Should().Be(bytes.Length - lastStart, $"bit {bit}: a writer cuts the whole damaged block, no more, no less");
                    writer.RecordCount.Should().Be(recordsBeforeLast);
                    writerTails++;
                }
                else
                {
                    writer.RecordCount.Should().Be(total, $"bit {bit}: a writer that cut nothing counts every record");
                }
            }
            catch (FastSerializationException)
            {
                File.ReadAllBytes(path).Should().Equal(damaged, $"bit {bit}: a writer that refuses the file changes nothing");
                writerRefused++;
            }
        }

        // Every flip either way is checked above; these only show that both outcomes were exercised.
        refused.Should().BeGreaterThan(bytes.Length * 4, "flips in the header and interior blocks are refused");
        tails.Should().BeGreaterThan(0, "flips in the last block drop it as a torn tail");
        writerTails.Should().BeGreaterThan(0, "a writer cuts a last block the flip is in");
        writerRefused.Should().BeGreaterThan(0, "a writer refuses a file whose header or interior block headers are flipped");
        (recovered + refused).Should().Be(bytes.Length * 8);
    }

    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.ZLib)]
    public void RecordCountOfTheBlockBeforeTheLastChanged_IsCorruptionOfThatBlock_AndTheWholeLastBlockIsKept(RecordFileCompression compression)
    {
        using var dir = new TempDirectory();
        string path = dir.File("count");
        var options = new RecordFileWriterOptions { BlockSize = 300, Compression = compression, WriteIndex = false };
        TestFiles.Write(path, 24, options);
        List<long> blocks = TestFiles.BlockOffsets(path);
        blocks.Count.Should().BeGreaterThan(2);
        byte[] bytes = File.ReadAllBytes(path);
        int block = blocks.Count - 2;
        int countAt = (int)blocks[block] + 8;
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(countAt), System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(countAt)) + 1);
        File.WriteAllBytes(path, bytes);

        // The last block no longer follows it, but it is whole: the damage is in the block before, not a torn tail.
        var error = FluentActions.Invoking(() => RecordFileReader.Open(path, TestChild.Records.NewFormatter()).Dispose())
            .Should().Throw<RecordFileCorruptedException>().Which;
        error.BlockIndex.Should().Be(block);
        error.FileOffset.Should().Be(blocks[block]);
        error.Message.Should().Contain("its checksum is wrong").And.Contain($"the next one, at offset {blocks[^1]}");
        FluentActions.Invoking(() => RecordFileWriter.Open(path, TestChild.Records.NewFormatter(), options).Dispose())
            .Should().Throw<RecordFileCorruptedException>().Which.BlockIndex.Should().Be(block);
        File.ReadAllBytes(path).Should().Equal(bytes, "a writer never cuts a whole block");
    }

    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.Brotli)]
    [InlineData(RecordFileCompression.ZLib)]
    [InlineData(RecordFileCompression.Lz4)]
    public void StoredLengthOfTheLastBlockShrunk_IsCorruptionOfThatBlock_AndNothingIsDropped(RecordFileCompression compression)
    {
        // A crash does not change the length in a block's header: a length that shrank (the block's bytes run on past
        // where it says it ends) is damage, not a torn write. It was dropped as a torn tail before (docs/FORMAT.md 9.4).
        using var dir = new TempDirectory();
        string path = dir.File("shrunk");
        var options = new RecordFileWriterOptions { BlockSize = 400, Compression = compression, WriteIndex = false };
        TestFiles.Write(path, RecordTotal, options);
        List<long> blocks = TestFiles.BlockOffsets(path);
        long lastStart = blocks[^1];
        byte[] bytes = File.ReadAllBytes(path);
        int lengthAt = (int)lastStart + 4;
        uint stored = System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(lengthAt));
        stored.Should().BeGreaterThan(40);
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(lengthAt), stored - 40);
        if (compression == RecordFileCompression.None)
        {
            System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(lengthAt + 20), stored - 40); // stored and uncompressed agree, as a valid header's must
        }

        File.WriteAllBytes(path, bytes);

        var error = FluentActions.Invoking(() => RecordFileReader.Open(path, TestChild.Records.NewFormatter())).Should().Throw<RecordFileCorruptedException>().Which;
        error.BlockIndex.Should().Be(blocks.Count - 1);
        error.FileOffset.Should().Be(lastStart);
        error.Message.Should().Contain("checksum is wrong").And.Contain("not the last block");
        FluentActions.Invoking(() => RecordFileWriter.Open(path, TestChild.Records.NewFormatter(), options).Dispose())
            .Should().Throw<RecordFileCorruptedException>().Which.FileOffset.Should().Be(lastStart);
        File.ReadAllBytes(path).Should().Equal(bytes, "a writer changes nothing in a corrupted file");
    }

    [Fact]
    public void TheLastBlockDamaged_WithAnIndexCoveringEveryBlock_IsATornTailAsWithoutTheIndex()
    {
        using var dir = new TempDirectory();
        string path = dir.File("indexed");
        var options = new RecordFileWriterOptions { BlockSize = 400, WriteIndex = true };
        TestFiles.Write(path, RecordTotal, options);
        File.Exists(path + ".fsidx").Should().BeTrue();
        List<long> blocks = TestFiles.BlockOffsets(path);
        long lastStart = blocks[^1];
        long recordsBeforeLast = TestFiles.FirstRecordOfLastBlock(path);
        byte[] bytes = File.ReadAllBytes(path);
        bytes[(int)lastStart + BlockHeaderSize + 3] ^= 0x10; // a body byte of the last block: only its checksum tells
        File.WriteAllBytes(path, bytes);

        using (RecordFileReader reader = RecordFileReader.Open(path, TestChild.Records.NewFormatter()))
        {
            reader.IndexUsed.Should().BeTrue("the index is whole and names the blocks where they are");
            reader.Recovery.DroppedBytes.Should().Be(bytes.Length - lastStart, "the index is a hint: the last block's checksum is read all the same");
            ReadAllChecked(reader).Should().Be(recordsBeforeLast);
        }

        WriterCutsTheTailAndAppendsTheRest(path, options, bytes.Length - lastStart, recordsBeforeLast);
    }

    [Fact]
    public void TheBlockBeforeATornLastBlockDamaged_IsCorruption_NotATornTailOfTwoBlocks()
    {
        using var dir = new TempDirectory();
        string path = dir.File("two");
        var options = new RecordFileWriterOptions { BlockSize = 400, WriteIndex = false };
        TestFiles.Write(path, RecordTotal, options);
        List<long> blocks = TestFiles.BlockOffsets(path);
        long lastStart = blocks[^1];
        byte[] bytes = File.ReadAllBytes(path);
        bytes[(int)blocks[^2] + BlockHeaderSize + 3] ^= 0x10; // a body byte of the block before the last
        byte[] cut = bytes.AsSpan(0, (int)lastStart + BlockHeaderSize + 5).ToArray(); // and the last one cut short
        File.WriteAllBytes(path, cut);

        // A crash tears at most the block it was writing; a bad checksum before the last block is corruption (WIRE-FORMAT 7).
        var error = FluentActions.Invoking(() => RecordFileReader.Open(path, TestChild.Records.NewFormatter()).Dispose())
            .Should().Throw<RecordFileCorruptedException>().Which;
        error.BlockIndex.Should().Be(blocks.Count - 2);
        error.FileOffset.Should().Be(blocks[^2]);
        FluentActions.Invoking(() => RecordFileWriter.Open(path, TestChild.Records.NewFormatter(), options).Dispose())
            .Should().Throw<RecordFileCorruptedException>();
        File.ReadAllBytes(path).Should().Equal(cut, "a writer changes nothing in a corrupted file");
    }

    [Fact]
    public void ATailOfNothingButTheBlockMagic_IsATornTail_FoundInAFewReads()
    {
        using var dir = new TempDirectory();
        string path = dir.File("magic");
        TestFiles.Write(path, 10, new RecordFileWriterOptions { WriteIndex = false });
        long end = new FileInfo(path).Length;
        byte[] tail = new byte[4 * 1024 * 1024];
        for (int i = 0; i < tail.Length; i += 4)
        {
            "FSBK"u8.CopyTo(tail.AsSpan(i)); // a million candidates, none a valid header
        }

        using (var stream = new FileStream(path, FileMode.Append))
        {
            stream.Write(tail);
        }

        long reads = 0;
        using Microsoft.Win32.SafeHandles.SafeFileHandle handle = Internal.OpenedFile.OpenForRead(path);
        Internal.OpenedFile.Open(handle, path, TestChild.Records.NewFormatter(), ref reads).DroppedBytes.Should().Be(tail.Length);
        reads.Should().BeLessThan(20, "the candidates' headers are read with the chunks they are in, not one read each");
    }

    [Fact]
    public void ATailOfManyBlockLikeHeadersOfAnUnknownCompression_IsCorruption_AfterABoundedSearch()
    {
        using var dir = new TempDirectory();
        string path = dir.File("fakes");
        TestFiles.Write(path, 10, new RecordFileWriterOptions { WriteIndex = false });
        long end = new FileInfo(path).Length;

        // 32 zero bytes (no block), then 4,096 fake headers of a later version's block, each claiming the rest of the file as
        // its body: before the search counted these, each cost a read and a checksum of the rest (quadratic in the tail).
        const int Fakes = 4096;
        byte[] tail = new byte[32 + (Fakes * 32)];
        for (int i = 0; i < Fakes; i++)
        {
            Span<byte> fake = tail.AsSpan(32 + (i * 32), 32);
            System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(fake, 0x4B425346); // "FSBK"
            System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(fake.Slice(4), (uint)((Fakes - i - 1) * 32));
            fake[12] = 0xEE;
        }

        using (var stream = new FileStream(path, FileMode.Append))
        {
            stream.Write(tail);
        }

        long reads = 0;
        using (Microsoft.Win32.SafeHandles.SafeFileHandle handle = Internal.OpenedFile.OpenForRead(path))
        {
            FluentActions.Invoking(() => Internal.OpenedFile.Open(handle, path, TestChild.Records.NewFormatter(), ref reads))
                .Should().Throw<RecordFileCorruptedException>().Which.Message.Should().Contain("too many block-like headers");
        }

        reads.Should().BeLessThan(200, "the search reads at most 64 candidate bodies; those inside the chunk it read are checked there, within a budget of bytes");
        new FileInfo(path).Length.Should().Be(end + tail.Length);
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

    [Fact]
    public void AnIndexNamingBlocksFartherApartThanABlockCanBe_IsIgnored_AndTheGapIsFoundByTheWalk()
    {
        using var dir = new TempDirectory();
        string written = dir.File("written");
        TestFiles.Write(written, RecordTotal, new RecordFileWriterOptions { BlockSize = 400, WriteIndex = true });
        byte[] bytes = File.ReadAllBytes(written);
        byte[] index = File.ReadAllBytes(written + ".fsidx");
        List<long> blocks = TestFiles.BlockOffsets(written);
        long lastStart = blocks[^1];

        // The same blocks with a hole of a block's largest body and more before the last one (a sparse file), and an index
        // with a right checksum that names the last block where it now is: the index must not stand for the bytes of the hole.
        const long Gap = (64L * 1024 * 1024) + 64;
        string path = dir.File("gap");
        using (var stream = new FileStream(path, FileMode.CreateNew))
        {
            stream.Write(bytes, 0, (int)lastStart);
            stream.SetLength(lastStart + Gap);
            stream.Position = lastStart + Gap;
            stream.Write(bytes, (int)lastStart, bytes.Length - (int)lastStart);
        }

        int count = System.Buffers.Binary.BinaryPrimitives.ReadInt32LittleEndian(index.AsSpan(40));
        count.Should().Be(blocks.Count);
        System.Buffers.Binary.BinaryPrimitives.WriteInt64LittleEndian(index.AsSpan(24), bytes.Length + Gap);
        System.Buffers.Binary.BinaryPrimitives.WriteInt64LittleEndian(index.AsSpan(48 + (16 * (count - 1))), lastStart + Gap);
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(index.AsSpan(index.Length - 4), FastSerialization.Crc32C.Compute(index.AsSpan(0, index.Length - 4)));
        File.WriteAllBytes(path + ".fsidx", index);

        var error = FluentActions.Invoking(() => RecordFileReader.Open(path, TestChild.Records.NewFormatter()).Dispose())
            .Should().Throw<RecordFileCorruptedException>().Which;
        error.FileOffset.Should().Be(lastStart, "the walk meets the hole where the index named nothing");
        error.Message.Should().Contain($"follows at offset {lastStart + Gap}");
    }

    /// <summary>A sweep over a compressed file must meet compressed blocks (a block that does not get smaller is stored as is).</summary>
    private static void ShouldHoldBlocksOf(byte[] file, List<long> blocks, RecordFileCompression compression) =>
        blocks.Count(offset => file[offset + 12] == (byte)compression).Should().BeGreaterThan(blocks.Count / 2, $"most blocks of the swept file are {compression} blocks");

    /// <summary>A writer opening the file cuts <paramref name="dropped"/> bytes, appends the records from <paramref name="recordsBeforeLast"/> on, and the file then holds every record.</summary>
    private static void WriterCutsTheTailAndAppendsTheRest(string path, RecordFileWriterOptions options, long dropped, long recordsBeforeLast)
    {
        using (RecordFileWriter writer = RecordFileWriter.Open(path, TestChild.Records.NewFormatter(), options))
        {
            writer.Recovery.DroppedBytes.Should().Be(dropped);
            for (long n = recordsBeforeLast; n < RecordTotal; n++)
            {
                TestChild.Records.Append(writer, n);
            }
        }

        TestFiles.ShouldHoldExactly(path, RecordTotal);
    }

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
