using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>
/// Records that carry the bytes of a block (a backup, a log shipper, a cache of record files) must never be taken for
/// blocks of the file they are in (docs/FORMAT.md 9.4): a block counts after damage only when its checksum starts from
/// this file's id and its first record number does not go back. Before, a torn last block holding such an image made
/// the file unopenable, and Salvage copied another file's records as if they were the file's own.
/// </summary>
public class BlockImageTests
{
    private const int TornFirst = 10; // the torn last block's first record: blocks 0 and 1 hold records 0 to 9

    public static TheoryData<string> ImageKinds() => new()
    {
        "own block 0", // an earlier block of the same file: record numbers going back
        "another file's block numbered 10", // numbered as the torn block is: only the file id tells it apart
        "another file's block numbered 15", // numbered ahead, as the next block of this file could be
        "an earlier-layout file's block numbered 15", // a file written before blocks were tied to their file
    };

    /// <summary>
    /// The case, at every length: two whole blocks, then a last block whose first record carries a block image,
    /// cut at every offset (a crash in the middle of its write, or a reader following a writer). Each cut is a torn tail:
    /// the reader stops before it, the writer drops it; neither calls the file corrupted.
    /// </summary>
    [Theory]
    [MemberData(nameof(ImageKinds))]
    public void ATornLastBlockCarryingABlockImage_IsATornTail_AtEveryCut(string kind)
    {
        using var dir = new TempDirectory();
        string path = dir.File("main.fsr");
        WriteTwoBlocks(path);
        WriteLastBlock(path, Image(dir, path, kind));
        TornTailAtEveryCut(path, expectOldLayout: false);
    }

    /// <summary>
    /// The same in a file of the earlier layout (header flags 0, checksums not tied to the file), which this version
    /// still reads and appends to in its own layout: an image of its own earlier block is told apart by its record number.
    /// </summary>
    [Fact]
    public void ATornLastBlockCarryingAnImageOfItsOwnBlock_InAFileOfTheEarlierLayout_IsATornTail_AtEveryCut()
    {
        using var dir = new TempDirectory();
        string path = dir.File("old.fsr");
        WriteTwoBlocks(path);
        HandBuilt.ToEarlierLayout(path);
        TestFiles.ShouldHoldExactly(path, TornFirst);

        // This version appends to the old file in the old layout: flags stay 0, checksums start from nothing.
        WriteLastBlock(path, Records.BlocksOf(path)[0]);
        byte[] bytes = File.ReadAllBytes(path);
        BinaryPrimitives.ReadUInt16LittleEndian(bytes.AsSpan(6)).Should().Be(0, "the file keeps the layout it was written in");
        foreach (byte[] block in Records.BlocksOf(path))
        {
            BinaryPrimitives.ReadUInt32LittleEndian(block.AsSpan(28)).Should().Be(HandBuilt.Checksum(block, tiedTo: null));
        }

        TornTailAtEveryCut(path, expectOldLayout: true);
    }

    /// <summary>
    /// A torn last block of 64 KiB holding hundreds of small block images of another file (more than the 64 bodies the
    /// search reads from the file): they are checked in the bytes already read, so the search gets through them and the
    /// block is a torn tail; before, the search gave up after 64 of them and called the file corrupted.
    /// </summary>
    [Fact]
    public void ATornLastBlockHoldingHundredsOfSmallBlockImages_IsATornTail()
    {
        using var dir = new TempDirectory();
        string other = dir.File("other.fsr");
        TestFiles.Write(other, 700, new RecordFileWriterOptions { BlockSize = 64, WriteIndex = false });
        List<byte[]> images = Records.BlocksOf(other);
        images.Count.Should().BeGreaterThan(350);

        string path = dir.File("many.fsr");
        WriteTwoBlocks(path);
        using (RecordFileWriter writer = RecordFileWriter.Open(path, Records.NewFormatterWithBlobs(), Options))
        {
            for (int i = 0; i < 300; i++)
            {
                writer.Append(new Blob { Number = TornFirst + i, Data = images[i + 50] }); // numbered 50 and up: past the torn block's first record
            }
        }

        List<long> blocks = TestFiles.BlockOffsets(path);
        blocks.Should().HaveCount(3, "the 300 records fit in one 64 KiB block");
        long length = new FileInfo(path).Length;
        foreach (long cut in new[] { length - 1, length - 100, blocks[2] + ((length - blocks[2]) / 2) })
        {
            using (var stream = new FileStream(path, FileMode.Open))
            {
                stream.SetLength(cut);
            }

            using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatterWithBlobs()))
            {
                reader.Recovery.DroppedBytes.Should().Be(cut - blocks[2], $"cut at {cut}");
                reader.RecordCount.Should().Be(TornFirst);
            }
        }

        using (RecordFileWriter writer = RecordFileWriter.Open(path, Records.NewFormatterWithBlobs(), Options))
        {
            writer.RecordCount.Should().Be(TornFirst);
        }

        new FileInfo(path).Length.Should().Be(blocks[2]);
    }

    /// <summary>
    /// Block images in every block of the file, and one of the file's blocks damaged before its last: still corruption,
    /// found by the whole block of the file after it, never dropped (the rule that skips images keeps the real blocks).
    /// </summary>
    [Fact]
    public void AnInteriorBlockDamaged_InAFileWhoseRecordsCarryBlockImages_IsStillCorruption()
    {
        using var dir = new TempDirectory();
        string path = dir.File("images.fsr");
        string other = dir.File("other.fsr");
        TestFiles.Write(other, 200, new RecordFileWriterOptions { BlockSize = 400, WriteIndex = false });
        byte[] otherBlock = Records.BlocksOf(other)[^1];
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatterWithBlobs(), new RecordFileWriterOptions { BlockSize = 700, WriteIndex = false }))
        {
            for (long n = 0; n < 120; n++)
            {
                Records.AppendWithImages(writer, n, n < 20 ? null : Records.BlocksOf(path)[0], otherBlock);
            }
        }

        List<long> blocks = TestFiles.BlockOffsets(path);
        blocks.Count.Should().BeGreaterThan(5);
        byte[] bytes = File.ReadAllBytes(path);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan((int)blocks[2]), 0); // block 2's magic
        File.WriteAllBytes(path, bytes);

        var error = FluentActions.Invoking(() => RecordFileReader.Open(path, Records.NewFormatterWithBlobs())).Should().Throw<RecordFileCorruptedException>().Which;
        error.BlockIndex.Should().Be(2);
        error.FileOffset.Should().Be(blocks[2]);
        FluentActions.Invoking(() => RecordFileWriter.Open(path, Records.NewFormatterWithBlobs()).Dispose()).Should().Throw<RecordFileCorruptedException>();
        File.ReadAllBytes(path).Should().Equal(bytes);
    }

    /// <summary>
    /// The Salvage case: seven one-record blocks, block 3's record carrying a block of another file (records
    /// numbered from 900), block 3's first 8 bytes zeroed. Only the file's own records come back: 0, 1, 2, 4, 5, 6, and
    /// the damage report says record 3 was lost. Before, four of the other file's records were copied as records 3 to 6
    /// and blocks 4 to 6 were lost ("records 3 to 899").
    /// </summary>
    [Theory]
    [InlineData(900)] // numbered past the damaged file's records
    [InlineData(3)] // numbered as the damaged block is
    [InlineData(4)] // numbered as the next block of the file is
    public void Salvage_NeverCopiesABlockImageOfAnotherFile(int imageFirst)
    {
        using var dir = new TempDirectory();
        string other = dir.File("other.fsr");
        TestFiles.Write(other, imageFirst, new RecordFileWriterOptions { WriteIndex = false });
        using (RecordFileWriter writer = RecordFileWriter.Open(other, Records.NewFormatter(), new RecordFileWriterOptions { WriteIndex = false }))
        {
            writer.Append(Trade.Make(imageFirst + 1));
            writer.Append(Trade.Make(imageFirst + 2));
            writer.Append(Trade.Make(imageFirst + 4));
            writer.Append(Trade.Make(imageFirst + 5));
        }

        byte[] image = Records.BlocksOf(other)[^1];
        BinaryPrimitives.ReadInt64LittleEndian(image.AsSpan(16)).Should().Be(imageFirst);

        string path = dir.File("seven.fsr");
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatterWithBlobs(), new RecordFileWriterOptions { WriteIndex = false }))
        {
            for (long n = 0; n < 7; n++)
            {
                if (n == 3)
                {
                    writer.Append(new Blob { Number = n, Data = image });
                }
                else
                {
                    Records.Append(writer, n);
                }

                writer.Flush(); // one record per block
            }
        }

        List<long> blocks = TestFiles.BlockOffsets(path);
        blocks.Should().HaveCount(7);
        byte[] bytes = File.ReadAllBytes(path);
        bytes.AsSpan((int)blocks[3], 8).Clear();
        File.WriteAllBytes(path, bytes);

        string copy = dir.File("copy.fsr");
        RecordFileSalvage salvage = RecordFileReader.Salvage(path, copy, Records.NewFormatterWithBlobs());

        salvage.RecordsCopied.Should().Be(6);
        RecordFileDamage damage = salvage.Damage.Should().ContainSingle().Which;
        damage.FileOffset.Should().Be(blocks[3]);
        damage.FirstRecord.Should().Be(3);
        damage.RecordCount.Should().Be(1, "only record 3 was lost");
        using RecordFileReader reader = RecordFileReader.Open(copy, Records.NewFormatterWithBlobs());
        List<object> records = reader.ReadAll().ToList();
        int[] numbers = { 0, 1, 2, 4, 5, 6 };
        records.Should().HaveCount(numbers.Length);
        for (int k = 0; k < numbers.Length; k++)
        {
            Records.IsExpected(records[k], numbers[k]).Should().BeTrue($"record {k} of the copy is record {numbers[k]} of the damaged file, not one of the other file's");
        }
    }

    /// <summary>
    /// The case: four blocks, the first three synced by Flush, 16 bytes changed across the end of block 2 and the
    /// header of block 3. A crash tears only the block being written, so a bad checksum of block 2, which is not the last,
    /// is corruption (contract section 7): readers and writers say so, and the writer leaves the synced block in place.
    /// Before, readers returned blocks 0 and 1 without a word and the writer cut block 2 away as a torn tail.
    /// </summary>
    [Theory]
    [InlineData(false)]
    [InlineData(true)] // with an index beside the file covering every block
    public void DamageAcrossTheLastTwoBlocks_IsCorruptionOfTheBlockBeforeTheLast_NotATornTail(bool index)
    {
        using var dir = new TempDirectory();
        string path = dir.File("four.fsr");
        var options = new RecordFileWriterOptions { Durability = RecordFileDurability.OnFlush, WriteIndex = index };
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), options))
        {
            for (long n = 0; n < 8; n++)
            {
                Records.Append(writer, n);
                if (n % 2 == 1 && n < 6)
                {
                    writer.Flush(); // blocks 0 to 2, two records each, synced
                }
            }
        }

        List<long> blocks = TestFiles.BlockOffsets(path);
        blocks.Should().HaveCount(4);
        byte[] bytes = File.ReadAllBytes(path);
        for (int i = -8; i < 8; i++)
        {
            bytes[(int)blocks[3] + i] ^= 0xFF;
        }

        File.WriteAllBytes(path, bytes);

        var read = FluentActions.Invoking(() =>
        {
            using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
            reader.ReadAll().Count();
        }).Should().Throw<RecordFileCorruptedException>().Which;
        read.BlockIndex.Should().Be(2);
        read.FileOffset.Should().Be(blocks[2]);
        read.Message.Should().Contain("checksum is wrong").And.Contain("Salvage");

        var write = FluentActions.Invoking(() => RecordFileWriter.Open(path, Records.NewFormatter(), options).Dispose()).Should().Throw<RecordFileCorruptedException>().Which;
        write.BlockIndex.Should().Be(2);
        File.ReadAllBytes(path).Should().Equal(bytes, "the synced block 2 is not cut away");
    }

    private static readonly RecordFileWriterOptions Options = new() { BlockSize = 64 * 1024, WriteIndex = false };

    /// <summary>Records 0 to 9 in two blocks (0 to 4, 5 to 9).</summary>
    private static void WriteTwoBlocks(string path)
    {
        using RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatterWithBlobs(), Options);
        for (long n = 0; n < TornFirst; n++)
        {
            Records.Append(writer, n);
            if (n == 4)
            {
                writer.Flush();
            }
        }
    }

    /// <summary>
    /// Appends the last block: record 10 a Blob carrying <paramref name="image"/> after a few bytes, then records 11 to 14,
    /// so that cuts fall before, inside and after the image.
    /// </summary>
    private static void WriteLastBlock(string path, byte[] image)
    {
        using RecordFileWriter writer = RecordFileWriter.Open(path, Records.NewFormatterWithBlobs(), Options);
        writer.RecordCount.Should().Be(TornFirst);
        writer.Append(new Blob { Number = TornFirst, Data = [1, 2, 3, .. image, 4, 5, 6] });
        for (long n = TornFirst + 1; n < TornFirst + 5; n++)
        {
            Records.Append(writer, n);
        }
    }

    /// <summary>A block image of the kind the theory names (see <see cref="ImageKinds"/>).</summary>
    private static byte[] Image(TempDirectory dir, string path, string kind)
    {
        if (kind == "own block 0")
        {
            return Records.BlocksOf(path)[0];
        }

        int first = kind.EndsWith("10", StringComparison.Ordinal) ? 10 : 15;
        string other = dir.File("other.fsr");
        using (RecordFileWriter writer = RecordFileWriter.Create(other, Records.NewFormatter(), Options))
        {
            for (long n = 0; n < first + 5; n++)
            {
                Records.Append(writer, n);
                if (n == first - 1)
                {
                    writer.Flush();
                }
            }
        }

        if (kind.StartsWith("an earlier-layout", StringComparison.Ordinal))
        {
            HandBuilt.ToEarlierLayout(other);
        }

        byte[] image = Records.BlocksOf(other)[^1];
        BinaryPrimitives.ReadInt64LittleEndian(image.AsSpan(16)).Should().Be(first);
        return image;
    }

    /// <summary>
    /// Cuts the file at every offset of its last block: a reader stops before the block and a writer drops it (it is a
    /// torn tail whatever the cut leaves of the image inside it); at the end a writer appends the lost records again.
    /// </summary>
    private static void TornTailAtEveryCut(string path, bool expectOldLayout)
    {
        byte[] bytes = File.ReadAllBytes(path);
        List<long> blocks = TestFiles.BlockOffsets(path);
        blocks.Should().HaveCount(3);
        long lastStart = blocks[2];
        string cutPath = path + ".cut";
        for (long cut = lastStart; cut < bytes.Length; cut++)
        {
            File.WriteAllBytes(cutPath, bytes.AsSpan(0, (int)cut).ToArray());
            using (RecordFileReader reader = RecordFileReader.Open(cutPath, Records.NewFormatterWithBlobs()))
            {
                reader.Recovery.DroppedBytes.Should().Be(cut - lastStart, $"cut at {cut} of {bytes.Length}");
                reader.RecordCount.Should().Be(TornFirst);
            }

            using (RecordFileWriter writer = RecordFileWriter.Open(cutPath, Records.NewFormatterWithBlobs(), Options))
            {
                writer.Recovery.DroppedBytes.Should().Be(cut - lastStart, $"cut at {cut}");
                writer.RecordCount.Should().Be(TornFirst);
            }

            new FileInfo(cutPath).Length.Should().Be(lastStart);
        }

        // The cut, 100 bytes short, then the writer appends again after the two whole blocks.
        File.WriteAllBytes(cutPath, bytes.AsSpan(0, bytes.Length - 100).ToArray());
        using (RecordFileWriter writer = RecordFileWriter.Open(cutPath, Records.NewFormatterWithBlobs(), Options))
        {
            writer.Recovery.DroppedBytes.Should().Be(bytes.Length - 100 - lastStart);
            for (long n = TornFirst; n < TornFirst + 5; n++)
            {
                Records.Append(writer, n);
            }
        }

        TestFiles.ShouldHoldExactly(cutPath, TornFirst + 5);
        BinaryPrimitives.ReadUInt16LittleEndian(File.ReadAllBytes(cutPath).AsSpan(6)).Should().Be((ushort)(expectOldLayout ? 0 : 1));
    }
}
