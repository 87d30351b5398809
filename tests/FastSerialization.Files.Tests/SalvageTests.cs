using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>
/// <see cref="RecordFileReader.Salvage"/>: a file damaged before its tail cannot be opened, and the salvage copies every
/// record of its whole blocks into a new file, unchanged and in order, and reports each damaged stretch with the records
/// it held.
/// </summary>
public class SalvageTests
{
    private const int Total = 90;
    private const int BlockHeaderSize = 32;

    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.Brotli)]
    [InlineData(RecordFileCompression.Lz4)]
    public void AMiddleBlockDamaged_ReadingStopsThere_SalvageCopiesEveryOtherRecord(RecordFileCompression compression)
    {
        using var dir = new TempDirectory();
        string path = dir.File("damaged.fsr");
        TestFiles.Write(path, Total, Options(compression));
        List<long> blocks = TestFiles.BlockOffsets(path);
        List<long> firsts = TestFiles.FirstRecords(path);
        blocks.Count.Should().BeGreaterThan(4);
        TestFiles.FlipBit(path, blocks[2] + BlockHeaderSize + 5); // in block 2's body: its checksum no longer matches
        byte[] damagedBytes = File.ReadAllBytes(path);

        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
        {
            FluentActions.Invoking(() => reader.ReadAll().Count())
                .Should().Throw<RecordFileCorruptedException>().WithMessage("*block 2*RecordFileReader.Salvage*");
        }

        string copy = dir.File("salvaged.fsr");
        RecordFileSalvage salvage = RecordFileReader.Salvage(path, copy, Records.NewFormatter());

        long lost = firsts[3] - firsts[2];
        salvage.IsComplete.Should().BeFalse();
        salvage.Damage.Should().ContainSingle();
        RecordFileDamage damage = salvage.Damage[0];
        damage.FileOffset.Should().Be(blocks[2]);
        damage.Length.Should().Be(blocks[3] - blocks[2]);
        damage.FirstRecord.Should().Be(firsts[2]);
        damage.RecordCount.Should().Be(lost);
        damage.Problem.Should().Contain("checksum");
        damage.ToString().Should().Contain($"records {firsts[2]} to {firsts[3] - 1} lost");
        salvage.BlocksCopied.Should().Be(blocks.Count - 1);
        salvage.RecordsCopied.Should().Be(Total - lost);

        ShouldHold(copy, Enumerable.Range(0, Total).Where(n => n < firsts[2] || n >= firsts[3]));
        File.ReadAllBytes(path).Should().Equal(damagedBytes, "the damaged file is only read");
    }

    [Fact]
    public void AnUndamagedFile_IsCopiedWhole_AndTheRecordBytesAreTheSame()
    {
        using var dir = new TempDirectory();
        string path = dir.File("whole.fsr");
        TestFiles.Write(path, Total, Options(RecordFileCompression.None));
        string copy = dir.File("copy.fsr");

        RecordFileSalvage salvage = RecordFileReader.Salvage(path, copy, Records.NewFormatter(), Options(RecordFileCompression.None));

        salvage.IsComplete.Should().BeTrue();
        salvage.Damage.Should().BeEmpty();
        salvage.RecordsCopied.Should().Be(Total);
        salvage.ToString().Should().Contain("nothing was damaged");
        TestFiles.ShouldHoldExactly(copy, Total);

        // Same block size, no compression: the blocks' bodies are the same bytes, record for record.
        byte[] original = File.ReadAllBytes(path);
        byte[] copied = File.ReadAllBytes(copy);
        List<long> originalBlocks = TestFiles.BlockOffsets(path);
        List<long> copiedBlocks = TestFiles.BlockOffsets(copy);
        copiedBlocks.Count.Should().Be(originalBlocks.Count);
        originalBlocks.Add(original.Length);
        copiedBlocks.Add(copied.Length);
        for (int b = 0; b < copiedBlocks.Count - 1; b++)
        {
            // Header bytes 0 to 28 and the body are the same; only the checksum differs (it starts from each file's own id).
            copied.AsSpan((int)copiedBlocks[b], 28).SequenceEqual(original.AsSpan((int)originalBlocks[b], 28)).Should().BeTrue($"block {b}'s header");
            copied.AsSpan((int)copiedBlocks[b] + BlockHeaderSize, (int)(copiedBlocks[b + 1] - copiedBlocks[b] - BlockHeaderSize))
                .SequenceEqual(original.AsSpan((int)originalBlocks[b] + BlockHeaderSize, (int)(originalBlocks[b + 1] - originalBlocks[b] - BlockHeaderSize)))
                .Should().BeTrue($"block {b}'s records are copied exactly as they were written");
        }
    }

    [Fact]
    public void ATornTail_IsReportedWithNoCount_AndTheBlocksBeforeItAreCopied()
    {
        using var dir = new TempDirectory();
        string path = dir.File("torn.fsr");
        TestFiles.Write(path, Total, Options(RecordFileCompression.None));
        List<long> blocks = TestFiles.BlockOffsets(path);
        long lastFirst = TestFiles.FirstRecordOfLastBlock(path);
        long cutAt = blocks[^1] + BlockHeaderSize + 3;
        using (var stream = new FileStream(path, FileMode.Open))
        {
            stream.SetLength(cutAt);
        }

        RecordFileSalvage salvage = RecordFileReader.Salvage(path, dir.File("copy.fsr"), Records.NewFormatter());

        RecordFileDamage damage = salvage.Damage.Should().ContainSingle().Which;
        damage.FileOffset.Should().Be(blocks[^1]);
        damage.Length.Should().Be(cutAt - blocks[^1]);
        damage.FirstRecord.Should().Be(lastFirst);
        damage.RecordCount.Should().BeNull("nothing after the damage says how many records it held");
        damage.ToString().Should().Contain("to the end of the file");
        ShouldHold(dir.File("copy.fsr"), Enumerable.Range(0, (int)lastFirst));
    }

    [Fact]
    public void TwoDamagedStretches_OneOverSeveralBlocks_AreEachReported()
    {
        using var dir = new TempDirectory();
        string path = dir.File("two.fsr");
        TestFiles.Write(path, Total, Options(RecordFileCompression.Lz4));
        List<long> blocks = TestFiles.BlockOffsets(path);
        List<long> firsts = TestFiles.FirstRecords(path);
        blocks.Count.Should().BeGreaterThan(7);

        // Zeros from the middle of block 1 to the middle of block 3 (a bad stretch of the disk), and one flipped bit in block 6.
        byte[] bytes = File.ReadAllBytes(path);
        long from = blocks[1] + 40, to = blocks[3] + 40;
        Array.Clear(bytes, (int)from, (int)(to - from));
        File.WriteAllBytes(path, bytes);
        TestFiles.FlipBit(path, blocks[6] + 20); // in block 6's header: its first record number

        RecordFileSalvage salvage = RecordFileReader.Salvage(path, dir.File("copy.fsr"), Records.NewFormatter());

        salvage.Damage.Should().HaveCount(2);
        salvage.Damage[0].FileOffset.Should().Be(blocks[1]);
        salvage.Damage[0].Length.Should().Be(blocks[4] - blocks[1]);
        salvage.Damage[0].FirstRecord.Should().Be(firsts[1]);
        salvage.Damage[0].RecordCount.Should().Be(firsts[4] - firsts[1]);
        salvage.Damage[1].FileOffset.Should().Be(blocks[6]);
        salvage.Damage[1].RecordCount.Should().Be(firsts[7] - firsts[6]);
        ShouldHold(dir.File("copy.fsr"), Enumerable.Range(0, Total).Where(n => n < firsts[1] || (n >= firsts[4] && n < firsts[6]) || n >= firsts[7]));
    }

    [Fact]
    public void AWholeBlockWhoseRecordCannotBeRead_IsDamage_NotACrash()
    {
        using var dir = new TempDirectory();
        string path = dir.File("unreadable.fsr");
        TestFiles.Write(path, 6, Options(RecordFileCompression.None));
        int written = TestFiles.BlockOffsets(path).Count;

        // A block whose checksum matches but whose one record has type id 9, which the registry does not know, then a good block.
        byte[] unknownType = { 2, 0, 0, 0, 9, 0 };
        long next = 6;
        byte[] id = HandBuilt.FileIdOf(path);
        byte[] good = HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(7)), 1, next + 1, tiedTo: id);
        using (var stream = new FileStream(path, FileMode.Append))
        {
            stream.Write(HandBuilt.Block(unknownType, 1, next, tiedTo: id));
            stream.Write(good);
        }

        RecordFileSalvage salvage = RecordFileReader.Salvage(path, dir.File("copy.fsr"), Records.NewFormatter());

        RecordFileDamage damage = salvage.Damage.Should().ContainSingle().Which;
        damage.FirstRecord.Should().Be(6);
        damage.RecordCount.Should().Be(1);
        damage.Problem.Should().Contain("cannot be read");
        salvage.BlocksCopied.Should().Be(written + 1);
        using RecordFileReader reader = RecordFileReader.Open(dir.File("copy.fsr"), Records.NewFormatter());
        reader.RecordCount.Should().Be(7);
        reader.ReadRecord(6).Should().Be(Trade.Make(7));
    }

    [Fact]
    public void ATailOfFalseBlockHeaders_StopsTheSearch_WithinABoundedRead()
    {
        using var dir = new TempDirectory();
        string path = dir.File("hostile.fsr");
        TestFiles.Write(path, 30, Options(RecordFileCompression.None));
        List<long> blocks = TestFiles.BlockOffsets(path);

        // 8 MiB of block headers, one every 64 bytes, each claiming a 4 MiB body with a wrong checksum: every one of them
        // fits in the file, and checking them all would read 128,000 times 4 MiB.
        const int tail = 8 * 1024 * 1024;
        byte[] fake = HandBuilt.Block(new byte[4 * 1024 * 1024], 1, 1_000).AsSpan(0, BlockHeaderSize).ToArray();
        fake[28] ^= 0xFF; // the checksum
        byte[] bytes = new byte[tail];
        for (int at = 0; at + BlockHeaderSize <= tail; at += 64)
        {
            fake.CopyTo(bytes, at);
        }

        long damagedAt = new FileInfo(path).Length;
        using (var stream = new FileStream(path, FileMode.Append))
        {
            stream.Write(bytes);
        }

        RecordFileSalvage salvage = RecordFileReader.Salvage(path, dir.File("copy.fsr"), Records.NewFormatter());

        RecordFileDamage damage = salvage.Damage.Should().ContainSingle().Which;
        damage.FileOffset.Should().Be(damagedAt);
        damage.RecordCount.Should().BeNull();
        damage.Problem.Should().Contain("too many false block headers");
        salvage.BlocksCopied.Should().Be(blocks.Count);
        TestFiles.ShouldHoldExactly(dir.File("copy.fsr"), 30);
    }

    [Fact]
    public void ADamagedHeader_ARegistryMismatch_AndAnExistingTarget_AreRefused_LeavingNoNewFile()
    {
        using var dir = new TempDirectory();
        string path = dir.File("source.fsr");
        TestFiles.Write(path, 20, Options(RecordFileCompression.None));
        string copy = dir.File("copy.fsr");

        var other = new CustomBinaryFormatter();
        other.Register<Trade>(Records.NoteId);
        other.Register<Note>(Records.TradeId);
        FluentActions.Invoking(() => RecordFileReader.Salvage(path, copy, other)).Should().Throw<RecordFileRegistryMismatchException>();
        File.Exists(copy).Should().BeFalse();

        File.WriteAllText(copy, "mine");
        FluentActions.Invoking(() => RecordFileReader.Salvage(path, copy, Records.NewFormatter())).Should().Throw<IOException>();
        File.ReadAllText(copy).Should().Be("mine", "an existing file is never overwritten");
        File.Delete(copy);

        var tradesOnly = new CustomBinaryFormatter();
        tradesOnly.Register<Trade>(Records.TradeId);
        FluentActions.Invoking(() => RecordFileReader.Salvage(path, copy, tradesOnly))
            .Should().Throw<RecordFileRegistryMismatchException>("a type the file has and the formatter lacks is no damage").WithMessage("*TestChild.Note*register every type*");
        File.Exists(copy).Should().BeFalse();
        File.Exists(copy + ".lock").Should().BeFalse("nothing of the new file is left, its lock file included");

        TestFiles.FlipBit(path, 1); // the magic
        FluentActions.Invoking(() => RecordFileReader.Salvage(path, copy, Records.NewFormatter())).Should().Throw<RecordFileCorruptedException>();
        File.Exists(copy).Should().BeFalse();
    }

    /// <summary>
    /// A record that holds a whole block image of its own (a replication log, an archive) inside a damaged block: the
    /// damaged block's header still gives its length, and the walk goes on where it ends, so the image is never taken for
    /// a block of the file (it once was: its three trades were copied, and every real block after it was lost).
    /// </summary>
    [Fact]
    public void ABlockImageInsideADamagedBlock_IsNotTakenForABlockOfTheFile()
    {
        using var dir = new TempDirectory();
        Func<CustomBinaryFormatter> formatter = () =>
        {
            CustomBinaryFormatter f = Records.NewFormatter();
            f.Register<Blob>(3);
            return f;
        };
        byte[] image = HandBuilt.Block(Enumerable.Range(1000, 3).SelectMany(n => HandBuilt.TradeRecord(Trade.Make(n))).ToArray(), 3, 1000);
        string path = dir.File("outer.fsr");
        using (RecordFileWriter writer = RecordFileWriter.Create(path, formatter(), new RecordFileWriterOptions { BlockSize = 300, WriteIndex = false }))
        {
            for (int n = 0; n < 30; n++)
            {
                writer.Append(new Blob { Number = n, Data = n == 10 ? image : new[] { (byte)n } });
            }
        }

        int at = File.ReadAllBytes(path).AsSpan().IndexOf(image);
        at.Should().BeGreaterThan(0);
        TestFiles.FlipBit(path, at + image.Length + 2); // in the same outer block, after the image

        RecordFileSalvage salvage = RecordFileReader.Salvage(path, dir.File("copy.fsr"), formatter());

        RecordFileDamage damage = salvage.Damage.Should().ContainSingle().Which;
        damage.RecordCount.Should().BeGreaterThan(0).And.BeLessThan(30);
        using RecordFileReader reader = RecordFileReader.Open(dir.File("copy.fsr"), formatter());
        List<object> records = reader.ReadAll().ToList();
        records.Should().AllBeOfType<Blob>("no trade was ever appended to this file");
        records.Cast<Blob>().Select(b => b.Number).Should().BeInAscendingOrder().And.Contain(29, "the blocks after the damaged one are whole");
        records.Should().HaveCount(30 - (int)damage.RecordCount!.Value);
    }

    [Fact]
    public void AWholeBlockNumberedPastTheEndOfNumbers_AndADuplicatedBlock_AreReportedNotCopied()
    {
        using var dir = new TempDirectory();
        string path = dir.File("numbers.fsr");
        TestFiles.Write(path, 3, Options(RecordFileCompression.None));
        byte[] id = HandBuilt.FileIdOf(path);
        using (var stream = new FileStream(path, FileMode.Append))
        {
            stream.Write(HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(1)), 1, long.MaxValue, tiedTo: id)); // whole, but its count would overflow
            stream.Write(HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(4)), 1, 3, tiedTo: id));
            stream.Write(HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(4)), 1, 3, tiedTo: id)); // the same block again
            stream.Write(HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(5)), 1, 4, tiedTo: id));
        }

        RecordFileSalvage salvage = RecordFileReader.Salvage(path, dir.File("copy.fsr"), Records.NewFormatter());

        salvage.Damage.Should().HaveCount(2);
        salvage.Damage.Should().OnlyContain(d => d.RecordCount == 0);
        salvage.Damage[0].Problem.Should().Contain("leaves no room");
        salvage.Damage[1].ToString().Should().Contain("no record lost");
        salvage.RecordsCopied.Should().Be(5);
        using RecordFileReader reader = RecordFileReader.Open(dir.File("copy.fsr"), Records.NewFormatter());
        List<object> records = reader.ReadAll().ToList();
        Enumerable.Range(0, 3).Should().OnlyContain(n => Records.IsExpected(records[n], n));
        records.Skip(3).Should().Equal(Trade.Make(4), Trade.Make(5));
    }

    private static RecordFileWriterOptions Options(RecordFileCompression compression) =>
        new() { BlockSize = 400, Compression = compression, WriteIndex = false };

    /// <summary>The salvaged file holds exactly the records numbered <paramref name="numbers"/> in the damaged one, in order.</summary>
    private static void ShouldHold(string path, IEnumerable<int> numbers)
    {
        int[] expected = numbers.ToArray();
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        reader.Recovery.DroppedBytes.Should().Be(0);
        reader.RecordCount.Should().Be(expected.Length);
        int k = 0;
        foreach (object record in reader.ReadAll())
        {
            Records.IsExpected(record, expected[k]).Should().BeTrue($"record {k} of the copy must be record {expected[k]} of the damaged file");
            k++;
        }

        k.Should().Be(expected.Length);
    }
}
