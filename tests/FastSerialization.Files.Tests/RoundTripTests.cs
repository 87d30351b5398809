using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

public class RoundTripTests
{
    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.Brotli)]
    [InlineData(RecordFileCompression.ZLib)]
    [InlineData(RecordFileCompression.Lz4)]
    public void WrittenRecords_ReadBackInOrder_ByNumber_AndByRange(RecordFileCompression compression)
    {
        using var dir = new TempDirectory();
        string path = dir.File("records.fsr");
        TestFiles.Write(path, 5000, new RecordFileWriterOptions { BlockSize = 2048, Compression = compression });

        TestFiles.ShouldHoldExactly(path, 5000);
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        reader.BlockCount.Should().BeGreaterThan(10);
        foreach (long k in new long[] { 0, 1, 2, 3, 777, 2048, 4999, 1234 })
        {
            Records.IsExpected(reader.ReadRecord(k), k).Should().BeTrue();
        }

        reader.ReadRecord<Trade>(4).Should().Be(Trade.Make(4));
        reader.ReadRange(1500, 700).Select((r, i) => Records.IsExpected(r, 1500 + i)).Should().AllBeEquivalentTo(true).And.HaveCount(700);
        reader.ReadFrom(4990).Should().HaveCount(10);
        reader.ReadRange(5000, 0).Should().BeEmpty();
        FluentActions.Invoking(() => reader.ReadRecord(5000)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => reader.ReadRange(4000, 1001)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => reader.ReadRecord<Note>(4)).Should().Throw<FastSerializationException>();
    }

    [Fact]
    public void Compression_MakesTheFileSmaller()
    {
        using var dir = new TempDirectory();
        TestFiles.Write(dir.File("plain"), 3000, new RecordFileWriterOptions { BlockSize = 8192 });
        TestFiles.Write(dir.File("brotli"), 3000, new RecordFileWriterOptions { BlockSize = 8192, Compression = RecordFileCompression.Brotli });
        new FileInfo(dir.File("brotli")).Length.Should().BeLessThan(new FileInfo(dir.File("plain")).Length / 2);
    }

    [Fact]
    public async Task ReadAllAsync_GivesTheSameRecords()
    {
        using var dir = new TempDirectory();
        string path = dir.File("records.fsr");
        TestFiles.Write(path, 3000, new RecordFileWriterOptions { BlockSize = 1024, Compression = RecordFileCompression.Brotli });
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        long n = 0;
        await foreach (object record in reader.ReadAllAsync())
        {
            Records.IsExpected(record, n).Should().BeTrue();
            n++;

            // A random read in the middle of the enumeration does not disturb it.
            if (n == 1000)
            {
                Records.IsExpected(reader.ReadRecord(2999), 2999).Should().BeTrue();
            }
        }

        n.Should().Be(3000);
    }

    [Fact]
    public void ReopenedForAppend_NumbersGoOn_AndTheIndexIsUsedOrRebuilt()
    {
        using var dir = new TempDirectory();
        string path = dir.File("records.fsr");
        TestFiles.Write(path, 1000, new RecordFileWriterOptions { BlockSize = 1024 });
        TestFiles.Write(path, 1000, new RecordFileWriterOptions { BlockSize = 1024 }, from: 1000);
        TestFiles.ShouldHoldExactly(path, 2000);

        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
        {
            reader.IndexUsed.Should().BeTrue();
        }

        // A missing index: the blocks are walked.
        File.Move(path + ".fsidx", path + ".saved");
        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
        {
            reader.IndexUsed.Should().BeFalse();
            Records.IsExpected(reader.ReadRecord(1999), 1999).Should().BeTrue();
        }

        // A stale index (written for the first 1000 records, then more appended without one): used for its part, the rest walked.
        File.Move(path + ".saved", path + ".fsidx");
        TestFiles.Write(path, 500, new RecordFileWriterOptions { BlockSize = 1024, WriteIndex = false }, from: 2000);
        TestFiles.ShouldHoldExactly(path, 2500);
        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
        {
            reader.IndexUsed.Should().BeTrue();
            reader.RecordCount.Should().Be(2500);
        }

        // A damaged index is ignored.
        byte[] index = File.ReadAllBytes(path + ".fsidx");
        index[30] ^= 0x40;
        File.WriteAllBytes(path + ".fsidx", index);
        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
        {
            reader.IndexUsed.Should().BeFalse();
            reader.RecordCount.Should().Be(2500);
        }
    }

    [Fact]
    public void Create_RefusesAnExistingFile()
    {
        using var dir = new TempDirectory();
        string path = dir.File("records.fsr");
        TestFiles.Write(path, 10);
        FluentActions.Invoking(() => RecordFileWriter.Create(path, Records.NewFormatter())).Should().Throw<IOException>();
        TestFiles.ShouldHoldExactly(path, 10);
    }

    [Fact]
    public void EmptyFile_HasNoRecords()
    {
        using var dir = new TempDirectory();
        string path = dir.File("records.fsr");
        RecordFileWriter.Create(path, Records.NewFormatter()).Dispose();
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        reader.RecordCount.Should().Be(0);
        reader.ReadAll().Should().BeEmpty();
        using MappedRecordFile mapped = MappedRecordFile.Open(path, Records.NewFormatter());
        mapped.BlockCount.Should().Be(0);
    }
}
