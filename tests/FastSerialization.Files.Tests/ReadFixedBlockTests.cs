using System;
using System.IO;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary><see cref="RecordFileReader.ReadFixedBlock{T}"/>: a block read once into the reader's buffer and viewed in place.</summary>
public class ReadFixedBlockTests
{
    private const int Count = 20_000;

    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.Brotli)]
    [InlineData(RecordFileCompression.Lz4)]
    public void EveryBlock_IsReadOnce_AndViewsTheRecordsWrittenUnderTheirNumbers(RecordFileCompression compression)
    {
        using var dir = new TempDirectory();
        string path = TestFiles.WriteFixedTrades(dir, Count, compression);
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        reader.BlockCount.Should().BeGreaterThan(10);

        long readsBefore = reader.FileReadCount;
        long number = 0;
        for (int b = 0; b < reader.BlockCount; b++)
        {
            FixedRecordBlock<Trade> block = reader.ReadFixedBlock<Trade>(b);
            block.FirstRecordNumber.Should().Be(number);
            int i = 0;
            foreach (ref readonly Trade t in block)
            {
                t.Should().Be(Trade.Make(number + i));
                i++;
            }

            i.Should().Be(block.Count);
            number += block.Count;
        }

        number.Should().Be(Count);
        long scanReads = reader.FileReadCount - readsBefore;
        scanReads.Should().BeGreaterThan(0).And.BeLessThan(reader.BlockCount / 4, "a scan in order reads several blocks at once");

        // The block last viewed is the reader's loaded block: reading one of its records costs no read.
        long reads = reader.FileReadCount;
        reader.ReadRecord<Trade>(Count - 1).Should().Be(Trade.Make(Count - 1));
        reader.FileReadCount.Should().Be(reads);
    }

    [Fact]
    public void BlocksReadOutOfOrder_CostOneReadEach_AndAreTheRightOnes()
    {
        using var dir = new TempDirectory();
        string path = TestFiles.WriteFixedTrades(dir, Count, RecordFileCompression.None);
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());

        long readsBefore = reader.FileReadCount;
        for (int b = reader.BlockCount - 1; b >= 0; b -= 3)
        {
            FixedRecordBlock<Trade> block = reader.ReadFixedBlock<Trade>(b);
            block[block.Count - 1].Should().Be(Trade.Make(block.FirstRecordNumber + block.Count - 1));
        }

        (reader.FileReadCount - readsBefore).Should().Be((reader.BlockCount + 2) / 3);

        // After random reads through the other methods, a scan in order still views the right records.
        reader.ReadRecord<Trade>(5).Should().Be(Trade.Make(5));
        long number = 0;
        for (int b = 0; b < reader.BlockCount; b++)
        {
            if (b % 7 == 3)
            {
                reader.ReadRecord<Trade>(Count - 1 - b).Should().Be(Trade.Make(Count - 1 - b)); // in the middle of the scan
            }

            FixedRecordBlock<Trade> block = reader.ReadFixedBlock<Trade>(b);
            block.FirstRecordNumber.Should().Be(number);
            block[0].Should().Be(Trade.Make(number));
            block[block.Count - 1].Should().Be(Trade.Make(number + block.Count - 1));
            number += block.Count;
        }

        number.Should().Be(Count);
    }

    [Fact]
    public void AFileCutWhileOpen_EndsInTheDocumentedException_ForTheFirstBlockCut()
    {
        using var dir = new TempDirectory();
        string path = TestFiles.WriteFixedTrades(dir, Count, RecordFileCompression.None);
        var offsets = TestFiles.BlockOffsets(path);
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        using (var stream = new FileStream(path, FileMode.Open, FileAccess.ReadWrite, FileShare.ReadWrite))
        {
            stream.SetLength(offsets[5] + 10); // blocks 0 to 4 whole, block 5 cut
        }

        for (int b = 0; b < 5; b++)
        {
            reader.ReadFixedBlock<Trade>(b).Count.Should().BeGreaterThan(0);
        }

        FluentActions.Invoking(() => reader.ReadFixedBlock<Trade>(5)).Should().Throw<RecordFileCorruptedException>()
            .Which.BlockIndex.Should().Be(5);
        FluentActions.Invoking(() => reader.ReadFixedBlock<Trade>(6)).Should().Throw<RecordFileCorruptedException>()
            .Which.BlockIndex.Should().Be(6);
    }

    [Fact]
    public void AScanOfEveryBlock_AllocatesNothingOnceTheBufferIsThere()
    {
        using var dir = new TempDirectory();
        string path = TestFiles.WriteFixedTrades(dir, Count, RecordFileCompression.None);
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        long expected = Sum(reader);

        long before = GC.GetAllocatedBytesForCurrentThread();
        long again = Sum(reader);
        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0);
        again.Should().Be(expected);
    }

    [Fact]
    public void ADamagedBlock_IsRefusedWithItsIndex_AndTheOthersStillRead()
    {
        using var dir = new TempDirectory();
        string path = TestFiles.WriteFixedTrades(dir, Count, RecordFileCompression.None);
        long offset = TestFiles.BlockOffsets(path)[1];
        TestFiles.FlipBit(path, offset + 100);

        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        FluentActions.Invoking(() => reader.ReadFixedBlock<Trade>(1)).Should().Throw<RecordFileCorruptedException>().Which.BlockIndex.Should().Be(1);
        reader.ReadFixedBlock<Trade>(2).Count.Should().BeGreaterThan(0);
        reader.ReadFixedBlock<Trade>(0)[0].Should().Be(Trade.Make(0));
    }

    [Fact]
    public void BlocksOfOtherRecords_AndBlocksThatDoNotExist_AreRefusedWithClearExceptions()
    {
        using var dir = new TempDirectory();
        string mixed = dir.File("mixed");
        TestFiles.Write(mixed, 300, new RecordFileWriterOptions { BlockSize = 1024 });
        using RecordFileReader reader = RecordFileReader.Open(mixed, Records.NewFormatter());

        FluentActions.Invoking(() => reader.ReadFixedBlock<Trade>(0)).Should().Throw<FastSerializationException>().WithMessage("*not all*Trade*");
        FluentActions.Invoking(() => reader.ReadFixedBlock<Trade>(reader.BlockCount)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => reader.ReadFixedBlock<Trade>(-1)).Should().Throw<ArgumentOutOfRangeException>();

        // The refused block is not taken for a loaded one: reading its records still checks them.
        reader.ReadAll().Should().HaveCount(300);
    }

    private static long Sum(RecordFileReader reader)
    {
        long sum = 0;
        for (int b = 0; b < reader.BlockCount; b++)
        {
            foreach (ref readonly Trade t in reader.ReadFixedBlock<Trade>(b))
            {
                sum += t.Symbol == 2 ? t.Quantity : 0;
            }
        }

        return sum;
    }
}
