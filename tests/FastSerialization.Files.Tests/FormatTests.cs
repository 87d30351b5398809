using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>The bytes of docs/FORMAT.md section 9, pinned with hand-built vectors, and hostile headers.</summary>
public class FormatTests
{
    [Fact]
    public void OneTrade_IsExactlyTheDocumentedBytes()
    {
        using var dir = new TempDirectory();
        string path = dir.File("one");
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), new RecordFileWriterOptions { WriteIndex = false }))
        {
            writer.Append(Trade.Make(1));
        }

        byte[] bytes = File.ReadAllBytes(path);
        byte[] header = HandBuilt.Header(bytes.AsSpan(12, 16), HandBuilt.Entries(), flags: 1);
        byte[] block = HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(1)), 1, 0, tiedTo: bytes[12..28]);
        bytes.Should().Equal(header.Concat(block), "a new file's header has flag 1, and its block's checksum starts from the file id");
    }

    [Fact]
    public void HandBuiltFile_IsRead()
    {
        using var dir = new TempDirectory();
        string path = dir.File("hand");
        byte[] body = HandBuilt.TradeRecord(Trade.Make(0)).Concat(HandBuilt.TradeRecord(Trade.Make(1))).ToArray();
        File.WriteAllBytes(path, HandBuilt.Header(Guid.NewGuid().ToByteArray(), HandBuilt.Entries())
            .Concat(HandBuilt.Block(body, 2, 0))
            .Concat(HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(2)), 1, 2)).ToArray());
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        reader.ReadAll().Cast<Trade>().Should().Equal(Trade.Make(0), Trade.Make(1), Trade.Make(2));
    }

    public static TheoryData<string, Func<byte[], byte[]>> HostileHeaders() => new()
    {
        { "magic", h => Patch(h, 0, 0x58, fixCrc: true) },
        { "version", h => { BinaryPrimitives.WriteUInt16LittleEndian(h.AsSpan(4), 2); HandBuilt.FixCrc(h); return h; } },
        { "flags", h => { BinaryPrimitives.WriteUInt16LittleEndian(h.AsSpan(6), 2); HandBuilt.FixCrc(h); return h; } },
        { "an id named twice", h => HandBuilt.Header(h.AsSpan(12, 16), HandBuilt.Entries().Append<(int, string, string[]?)>((1, "FastSerialization.Files.TestChild.Note", HandBuilt.LayoutOf(typeof(Note))))) },
        { "an id past 2^31-1", h => HandBuilt.Header(h.AsSpan(12, 16), HandBuilt.Entries().Append<(int, string, string[]?)>((unchecked((int)0x80000001u), "FastSerialization.Files.TestChild.Note", HandBuilt.LayoutOf(typeof(Note))))) },
        { "huge length", h => { BinaryPrimitives.WriteUInt32LittleEndian(h.AsSpan(8), uint.MaxValue); return h; } },
        { "length past the file", h => { BinaryPrimitives.WriteUInt32LittleEndian(h.AsSpan(8), 900_000); return h; } },
        { "tiny length", h => { BinaryPrimitives.WriteUInt32LittleEndian(h.AsSpan(8), 3); return h; } },
        { "checksum", h => Patch(h, 20, 0xFF, fixCrc: false) },
        { "entry count", h => { h[29] = 0x7F; HandBuilt.FixCrc(h); return h; } },
        { "record version", h => { h[28] = 2; HandBuilt.FixCrc(h); return h; } },
        { "cut short", h => h.AsSpan(0, 20).ToArray() },
        { "empty", h => Array.Empty<byte>() },
    };

    [Theory]
    [MemberData(nameof(HostileHeaders))]
    public void HostileHeader_IsRefusedWithTheDocumentedException_WithoutAGiantAllocation(string what, Func<byte[], byte[]> damage)
    {
        using var dir = new TempDirectory();
        string path = dir.File("hostile");
        byte[] header = damage(HandBuilt.Header(Guid.NewGuid().ToByteArray(), HandBuilt.Entries()));
        File.WriteAllBytes(path, header.Concat(HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(0)), 1, 0)).ToArray());

        long before = GC.GetAllocatedBytesForCurrentThread();
        FluentActions.Invoking(() => RecordFileReader.Open(path, Records.NewFormatter())).Should().Throw<RecordFileCorruptedException>(what)
            .Which.Should().BeAssignableTo<System.Runtime.Serialization.SerializationException>();
        (GC.GetAllocatedBytesForCurrentThread() - before).Should().BeLessThan(2_000_000, "nothing is allocated from a hostile length");
        FluentActions.Invoking(() => RecordFileWriter.Open(path, Records.NewFormatter())).Should().Throw<RecordFileCorruptedException>(what);
        FluentActions.Invoking(() => MappedRecordFile.Open(path, Records.NewFormatter())).Should().Throw<RecordFileCorruptedException>(what);
    }

    [Fact]
    public void AReaderLackingATypeOfTheFile_OpensIt_AndIsToldWhichTypeToRegister_NotThatTheFileIsDamaged()
    {
        using var dir = new TempDirectory();
        string path = dir.File("partial-registry");
        TestFiles.Write(path, 6); // record n is a Note when n % 3 == 0, else a Trade
        var tradesOnly = new CustomBinaryFormatter();
        tradesOnly.Register<Trade>(Records.TradeId);

        using RecordFileReader reader = RecordFileReader.Open(path, tradesOnly); // an id only the file has is no mismatch
        reader.ReadRecord<Trade>(1).Should().Be(Trade.Make(1));
        var error = FluentActions.Invoking(() => reader.ReadRecord(3)).Should().Throw<RecordFileRegistryMismatchException>().Which;
        error.TypeId.Should().Be(Records.NoteId);
        error.Message.Should().Contain("FastSerialization.Files.TestChild.Note").And.Contain("not damaged").And.Contain($"with id {Records.NoteId}");
        error.Message.Should().NotContain("..");
    }

    [Fact]
    public void RegistryWithAChangedLayout_IsRefusedNamingIdTypeAndPosition()
    {
        using var dir = new TempDirectory();
        string path = dir.File("changed");
        var entries = HandBuilt.Entries();
        string[] layout = (string[])entries[0].Layout!.Clone();
        layout[2] = layout[2] + "X";
        entries[0] = (1, entries[0].Name, layout);
        File.WriteAllBytes(path, HandBuilt.Header(Guid.NewGuid().ToByteArray(), entries).Concat(HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(0)), 1, 0)).ToArray());

        var error = FluentActions.Invoking(() => RecordFileReader.Open(path, Records.NewFormatter())).Should().Throw<RecordFileRegistryMismatchException>().Which;
        error.TypeId.Should().Be(1);
        error.Position.Should().Be(2);
        error.Message.Should().Contain("FastSerialization.Files.TestChild.Trade").And.Contain("member 2");
        FluentActions.Invoking(() => RecordFileWriter.Open(path, Records.NewFormatter())).Should().Throw<RecordFileRegistryMismatchException>();
    }

    [Fact]
    public void RegistryWithAnotherTypeForAnId_IsRefused_ButExtraIdsAndAppendedMembersAreNot()
    {
        using var dir = new TempDirectory();
        string path = dir.File("other");
        var entries = HandBuilt.Entries();
        entries[1] = (2, "Somebody.Else", null);
        File.WriteAllBytes(path, HandBuilt.Header(Guid.NewGuid().ToByteArray(), entries).ToArray());
        var error = FluentActions.Invoking(() => RecordFileReader.Open(path, Records.NewFormatter())).Should().Throw<RecordFileRegistryMismatchException>().Which;
        error.TypeId.Should().Be(2);
        error.Message.Should().Contain("Somebody.Else").And.Contain("FastSerialization.Files.TestChild.Note");

        // Section 6: an id only the file has, and a type whose layout the file has with fewer members (appended later), are fine.
        entries = HandBuilt.Entries();
        entries[1] = (2, entries[1].Name, entries[1].Layout!.Take(1).ToArray());
        entries.Add((9, "Only.InTheFile", new[] { "Int32" }));
        File.WriteAllBytes(path, HandBuilt.Header(Guid.NewGuid().ToByteArray(), entries).ToArray());
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        reader.RecordCount.Should().Be(0);
    }

    [Fact]
    public void HostileBlocks_HugeLengthsAndCounts_AreTornTailsAtTheEndAndCorruptionBefore()
    {
        using var dir = new TempDirectory();
        string path = dir.File("blocks");
        byte[] header = HandBuilt.Header(Guid.NewGuid().ToByteArray(), HandBuilt.Entries());
        byte[] good0 = HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(0)), 1, 0);
        byte[] hugeStored = HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(1)), 1, 1, storedClaim: 0xFFFFFFF0);
        byte[] hugeCount = HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(1)), 0x7FFFFFFF, 1);
        byte[] hugeInflate = HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(1)), 1, 1, compression: 1, uncompressed: 0x7FFFFFFF);

        foreach (byte[] bad in new[] { hugeStored, hugeCount, hugeInflate })
        {
            // At the end: a torn tail, dropped.
            File.WriteAllBytes(path, header.Concat(good0).Concat(bad).ToArray());
            using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
            {
                reader.RecordCount.Should().Be(1);
                reader.Recovery.DroppedBytes.Should().Be(bad.Length);
            }

            // Before a whole block: corruption of block 1.
            File.WriteAllBytes(path, header.Concat(good0).Concat(bad).Concat(HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(2)), 1, 2)).ToArray());
            FluentActions.Invoking(() => RecordFileReader.Open(path, Records.NewFormatter())).Should().Throw<RecordFileCorruptedException>()
                .Which.BlockIndex.Should().Be(1);
        }

        // A block whose checksum is right but whose record claims 4 GiB: corruption when read, nothing allocated for it.
        byte[] lying = HandBuilt.TradeRecord(Trade.Make(1));
        BinaryPrimitives.WriteUInt32LittleEndian(lying, 0xFFFFFFFF);
        File.WriteAllBytes(path, header.Concat(good0).Concat(HandBuilt.Block(lying, 1, 1)).ToArray());
        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
        {
            reader.RecordCount.Should().Be(2);
            FluentActions.Invoking(() => reader.ReadRecord(1)).Should().Throw<RecordFileCorruptedException>().Which.BlockIndex.Should().Be(1);
        }
    }

    [Fact]
    public void OpeningADirectory_ThrowsTheDocumentedUnauthorizedAccessException()
    {
        using var dir = new TempDirectory();
        string directory = dir.File("a-directory");
        Directory.CreateDirectory(directory);
        FluentActions.Invoking(() => RecordFileReader.Open(directory, Records.NewFormatter())).Should().Throw<UnauthorizedAccessException>();
        FluentActions.Invoking(() => MappedRecordFile.Open(directory, Records.NewFormatter())).Should().Throw<UnauthorizedAccessException>();
        FluentActions.Invoking(() => RecordFileWriter.Open(directory, Records.NewFormatter())).Should().Throw<UnauthorizedAccessException>();
        FluentActions.Invoking(() => RecordFileWriter.Create(directory, Records.NewFormatter())).Should().Throw<IOException>("it exists");
    }

    [Theory]
    [InlineData(1)] // Brotli
    [InlineData(2)] // zlib
    public void ABlockOfTenBytesClaiming64MiB_IsRefusedWhenRead_WithoutAllocatingWhatItClaims(byte compression)
    {
        using var dir = new TempDirectory();
        string path = dir.File("inflate");
        byte[] header = HandBuilt.Header(Guid.NewGuid().ToByteArray(), HandBuilt.Entries());
        byte[] good0 = HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(0)), 1, 0);
        byte[] claim = HandBuilt.Block(new byte[] { 0x1B, 0xFF, 0xFF, 0x03, 0x00, 0x78, 0x9C, 0x03, 0x00, 0x00 }, 1, 1, compression, uncompressed: 64 * 1024 * 1024);
        byte[] good2 = HandBuilt.Block(HandBuilt.TradeRecord(Trade.Make(2)), 1, 2);
        File.WriteAllBytes(path, header.Concat(good0).Concat(claim).Concat(good2).ToArray());

        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        reader.RecordCount.Should().Be(3);
        long before = GC.GetAllocatedBytesForCurrentThread();
        FluentActions.Invoking(() => reader.ReadRecord(1)).Should().Throw<RecordFileCorruptedException>().Which.BlockIndex.Should().Be(1);
        (GC.GetAllocatedBytesForCurrentThread() - before).Should().BeLessThan(1024 * 1024, "the buffer grows with what the data decodes to, not with what the header claims");
        Records.IsExpected(reader.ReadRecord(2), 2).Should().BeTrue("the blocks around it are whole");
    }

    [Theory]
    [InlineData(RecordFileCompression.Brotli)]
    [InlineData(RecordFileCompression.ZLib)]
    public void BlocksOfSeveralMegabytes_DecompressThroughAGrowingBuffer_ToTheRecordsWritten(RecordFileCompression compression)
    {
        using var dir = new TempDirectory();
        string path = dir.File("large-" + compression);
        TestFiles.Write(path, 60_000, new RecordFileWriterOptions { BlockSize = 4 * 1024 * 1024, Compression = compression });
        List<long> blocks = TestFiles.BlockOffsets(path);
        byte[] bytes = File.ReadAllBytes(path);
        bytes[(int)blocks[0] + 12].Should().Be((byte)compression, "the first block is compressed");
        BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan((int)blocks[0] + 24)).Should().BeGreaterThan(1024 * 1024, "the first block decodes to more than the first buffer, several times over");
        TestFiles.ShouldHoldExactly(path, 60_000);
    }

    private static byte[] Patch(byte[] bytes, int at, byte value, bool fixCrc)
    {
        bytes[at] = value;
        if (fixCrc)
        {
            HandBuilt.FixCrc(bytes);
        }

        return bytes;
    }
}
