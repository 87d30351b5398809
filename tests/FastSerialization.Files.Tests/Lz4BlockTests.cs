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
/// <see cref="RecordFileCompression.Lz4"/> blocks: stored compressed, read by number one block at a time, and damaged LZ4 data
/// (caught by the checksum, or malformed under a right checksum) is <see cref="RecordFileCorruptedException"/> naming the block.
/// </summary>
public class Lz4BlockTests
{
    private const int Total = 600;

    [Fact]
    public void Lz4File_StoresEveryBlockAsLz4_AndReadsRecordK_WithOneBlockRead()
    {
        using var dir = new TempDirectory();
        string lz4 = dir.File("lz4");
        string plain = dir.File("plain");
        TestFiles.Write(lz4, 5000, new RecordFileWriterOptions { BlockSize = 4096, Compression = RecordFileCompression.Lz4 });
        TestFiles.Write(plain, 5000, new RecordFileWriterOptions { BlockSize = 4096 });

        byte[] bytes = File.ReadAllBytes(lz4);
        List<long> blocks = TestFiles.BlockOffsets(lz4);
        blocks.Count.Should().BeGreaterThan(20);
        blocks.Select(offset => bytes[offset + 12]).Should().AllBeEquivalentTo((byte)3, "byte 12 of each block header is the codec, 03 for LZ4");
        bytes.Length.Should().BeLessThan((int)(new FileInfo(plain).Length / 2));

        using RecordFileReader reader = RecordFileReader.Open(lz4, Records.NewFormatter());
        reader.IndexUsed.Should().BeTrue();
        reader.BlockCount.Should().Be(blocks.Count);
        foreach (long k in new long[] { 4321, 17, 2500, 4999, 0, 1234 })
        {
            long readsBefore = reader.FileReadCount;
            Records.IsExpected(reader.ReadRecord(k), k).Should().BeTrue($"record {k}");
            (reader.FileReadCount - readsBefore).Should().Be(1, $"record {k} is in a block not loaded yet: one read of that block");
        }
    }

    [Fact]
    public void Lz4Block_WithAFlippedByte_IsCaughtByItsChecksum_NamingTheBlockAndOffset()
    {
        using var dir = new TempDirectory();
        string path = WriteLz4(dir, out byte[] bytes, out List<long> blocks);
        bytes[(int)blocks[1] + 32 + 10] ^= 0x04; // a byte of block 1's LZ4 data
        File.WriteAllBytes(path, bytes);

        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        Records.IsExpected(reader.ReadRecord(0), 0).Should().BeTrue("block 0 is whole");
        var error = FluentActions.Invoking(() => reader.ReadAll().Count()).Should().Throw<RecordFileCorruptedException>().Which;
        error.BlockIndex.Should().Be(1);
        error.FileOffset.Should().Be(blocks[1]);
        error.Message.Should().Contain("checksum");
    }

    [Fact]
    public void Lz4Block_CutShortUnderARightChecksum_IsCorruptionNamingTheBlock_AtEveryLength()
    {
        using var dir = new TempDirectory();
        string path = WriteLz4(dir, out byte[] bytes, out List<long> blocks);
        byte[] body = StoredBody(bytes, blocks[1], out uint count, out long first, out uint uncompressed);
        for (int length = 1; length < body.Length; length++)
        {
            byte[] cut = HandBuilt.Block(body.AsSpan(0, length), count, first, compression: 3, uncompressed: uncompressed, tiedTo: bytes[12..28]);
            File.WriteAllBytes(path, ReplaceBlock(bytes, blocks, 1, cut));
            string because = $"LZ4 data cut to {length} of {body.Length} bytes";
            if ((long)length * 255 < uncompressed)
            {
                // Too few bytes for LZ4 to decode the claimed length from: the header is refused when the file is opened.
                var error = FluentActions.Invoking(() => RecordFileReader.Open(path, Records.NewFormatter())).Should().Throw<RecordFileCorruptedException>(because).Which;
                error.BlockIndex.Should().Be(1, because);
                error.FileOffset.Should().Be(blocks[1], because);
                error.Message.Should().Contain("LZ4 decodes at most 255 bytes per stored byte", because);
            }
            else
            {
                ShouldBeCorruptionOfBlock1(path, blocks[1], because, "LZ4 data does not decompress");
            }
        }
    }

    [Fact]
    public void Lz4Block_ClaimingAnotherUncompressedLength_IsCorruption()
    {
        using var dir = new TempDirectory();
        string path = WriteLz4(dir, out byte[] bytes, out List<long> blocks);
        byte[] body = StoredBody(bytes, blocks[1], out uint count, out long first, out uint uncompressed);
        foreach (uint claim in new[] { uncompressed - 1, uncompressed + 1, uncompressed * 2 })
        {
            File.WriteAllBytes(path, ReplaceBlock(bytes, blocks, 1, HandBuilt.Block(body, count, first, compression: 3, uncompressed: claim, tiedTo: bytes[12..28])));
            ShouldBeCorruptionOfBlock1(path, blocks[1], $"a claim of {claim} for {uncompressed} bytes", "LZ4");
        }
    }

    [Theory]
    [InlineData(0x7FFFFFFFu)] // over the 64 MiB block limit
    [InlineData(64u * 1024 * 1024)] // the block limit, but more than LZ4 can decode from the stored bytes
    public void Lz4Block_ClaimingAHugeUncompressedLength_IsRefusedFromItsHeader_BeforeAnythingIsAllocated(uint claim)
    {
        using var dir = new TempDirectory();
        string path = WriteLz4(dir, out byte[] bytes, out List<long> blocks);
        byte[] body = StoredBody(bytes, blocks[1], out uint count, out long first, out _);
        File.WriteAllBytes(path, ReplaceBlock(bytes, blocks, 1, HandBuilt.Block(body, count, first, compression: 3, uncompressed: claim, tiedTo: bytes[12..28])));

        // Block 1 is interior: its header is invalid and whole blocks follow it, so opening the file is refused.
        long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
        var error = FluentActions.Invoking(() => RecordFileReader.Open(path, Records.NewFormatter())).Should().Throw<RecordFileCorruptedException>().Which;
        (GC.GetAllocatedBytesForCurrentThread() - allocatedBefore).Should().BeLessThan(4 * 1024 * 1024);
        error.BlockIndex.Should().Be(1);
        error.FileOffset.Should().Be(blocks[1]);
        FluentActions.Invoking(() => RecordFileWriter.Open(path, Records.NewFormatter())).Should().Throw<RecordFileCorruptedException>();
    }

    [Fact]
    public void Lz4Block_MalformedUnderARightChecksum_EveryByteChanged_IsCorruptionOrReads_NeverAnotherFailure()
    {
        using var dir = new TempDirectory();
        string path = WriteLz4(dir, out byte[] bytes, out List<long> blocks);
        byte[] body = StoredBody(bytes, blocks[1], out uint count, out long first, out uint uncompressed);
        int refused = 0;
        for (int at = 0; at < body.Length; at++)
        {
            foreach (byte mask in new byte[] { 0x01, 0x10, 0x80, 0xFF })
            {
                byte[] changed = (byte[])body.Clone();
                changed[at] ^= mask;
                File.WriteAllBytes(path, ReplaceBlock(bytes, blocks, 1, HandBuilt.Block(changed, count, first, compression: 3, uncompressed: uncompressed, tiedTo: bytes[12..28])));
                using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
                try
                {
                    // The checksum was made right for the changed bytes, so a changed literal may read as a changed record:
                    // catching that is the checksum's job (the test above). Here: nothing but the documented exception escapes.
                    reader.ReadAll().Count().Should().Be(Total);
                }
                catch (RecordFileCorruptedException e)
                {
                    e.BlockIndex.Should().Be(1, $"byte {at} ^ {mask:X2}");
                    e.FileOffset.Should().Be(blocks[1]);
                    refused++;
                }
            }
        }

        refused.Should().BeGreaterThan(body.Length, "most changes to LZ4 tokens, offsets and lengths do not decode to the claimed length");
    }

    [Fact]
    public void Lz4Block_WithAMatchReachingBeforeTheBlock_IsCorruption()
    {
        using var dir = new TempDirectory();
        string path = WriteLz4(dir, out byte[] bytes, out List<long> blocks);
        StoredBody(bytes, blocks[1], out uint count, out long first, out uint uncompressed);

        // Hand-made LZ4: token 0x1F (1 literal, match length 4 + 15 + 255 + ...), the literal, then a match 9 bytes back from an
        // output of 1 byte. The safe decoder must refuse it rather than read before its destination.
        var evil = new List<byte> { 0x1F, 0x41, 0x09, 0x00 };
        int left = (int)uncompressed - 1 - 4 - 15;
        while (left >= 255)
        {
            evil.Add(0xFF);
            left -= 255;
        }

        evil.Add((byte)left);
        File.WriteAllBytes(path, ReplaceBlock(bytes, blocks, 1, HandBuilt.Block(evil.ToArray(), count, first, compression: 3, uncompressed: uncompressed, tiedTo: bytes[12..28])));
        ShouldBeCorruptionOfBlock1(path, blocks[1], "a match before the block's start", "LZ4");
    }

    /// <summary>A file of <see cref="Total"/> records in LZ4 blocks of 1 KiB, without an index (so hand-made blocks are walked).</summary>
    private static string WriteLz4(TempDirectory dir, out byte[] bytes, out List<long> blocks)
    {
        string path = dir.File("lz4");
        TestFiles.Write(path, Total, new RecordFileWriterOptions { BlockSize = 1024, Compression = RecordFileCompression.Lz4, WriteIndex = false });
        bytes = File.ReadAllBytes(path);
        blocks = TestFiles.BlockOffsets(path);
        blocks.Count.Should().BeGreaterThan(3);
        bytes[(int)blocks[1] + 12].Should().Be(3, "block 1 is an LZ4 block");
        return path;
    }

    /// <summary>The stored (compressed) bytes of the block at <paramref name="offset"/>, and its header's fields.</summary>
    private static byte[] StoredBody(byte[] file, long offset, out uint count, out long first, out uint uncompressed)
    {
        ReadOnlySpan<byte> header = file.AsSpan((int)offset, 32);
        count = BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(8));
        first = BinaryPrimitives.ReadInt64LittleEndian(header.Slice(16));
        uncompressed = BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(24));
        return file.AsSpan((int)offset + 32, (int)BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(4))).ToArray();
    }

    private static byte[] ReplaceBlock(byte[] file, List<long> blocks, int index, byte[] block) =>
        file.AsSpan(0, (int)blocks[index]).ToArray().Concat(block).Concat(file.AsSpan((int)blocks[index + 1]).ToArray()).ToArray();

    /// <summary>Opening works (block 1's header and checksum are right), block 0 reads, and reading block 1 is corruption naming it.</summary>
    private static void ShouldBeCorruptionOfBlock1(string path, long offset, string because, string messagePart)
    {
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        Records.IsExpected(reader.ReadRecord(0), 0).Should().BeTrue(because);
        var error = FluentActions.Invoking(() => reader.ReadAll().Count()).Should().Throw<RecordFileCorruptedException>(because).Which;
        error.BlockIndex.Should().Be(1, because);
        error.FileOffset.Should().Be(offset, because);
        error.Message.Should().Contain(messagePart, because);
    }
}
