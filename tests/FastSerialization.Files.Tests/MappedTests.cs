using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

public class MappedTests
{
    private const int Count = 20_000;

    [Fact]
    public void FixedBlocks_ViewEveryTradeInPlace_SumsMatch_NothingAllocated()
    {
        using var dir = new TempDirectory();
        string path = TestFiles.WriteFixedTrades(dir, Count, RecordFileCompression.None);
        long expected = 0;
        for (long n = 0; n < Count; n++)
        {
            Trade t = Trade.Make(n);
            expected += t.Symbol == 2 ? t.Quantity : 0;
        }

        using MappedRecordFile file = MappedRecordFile.Open(path, Records.NewFormatter());
        file.RecordCount.Should().Be(Count);
        SumOfSymbol(file, 2).Should().Be(expected);

        long before = GC.GetAllocatedBytesForCurrentThread();
        long again = SumOfSymbol(file, 2);
        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0, "views copy and allocate nothing");
        again.Should().Be(expected);

        // By index and by enumeration alike, every record is the one written under its number.
        long number = 0;
        for (int b = 0; b < file.BlockCount; b++)
        {
            FixedRecordBlock<Trade> block = file.GetFixedBlock<Trade>(b);
            block.FirstRecordNumber.Should().Be(number);
            for (int i = 0; i < block.Count; i++)
            {
                block[i].Should().Be(Trade.Make(number + i));
            }

            number += block.Count;
        }

        number.Should().Be(Count);

        // Several threads, one block at a time each.
        long parallel = 0;
        Parallel.For(0, file.BlockCount, () => 0L, (b, _, sum) =>
        {
            foreach (ref readonly Trade t in file.GetFixedBlock<Trade>(b))
            {
                sum += t.Symbol == 2 ? t.Quantity : 0;
            }

            return sum;
        }, sum => Interlocked.Add(ref parallel, sum));
        parallel.Should().Be(expected);
    }

    [Fact]
    public void DamagedBlock_IsRefusedWhenChecked_AndOnlyThen()
    {
        using var dir = new TempDirectory();
        string path = TestFiles.WriteFixedTrades(dir, Count, RecordFileCompression.None);
        long offset = TestFiles.BlockOffsets(path)[1];
        TestFiles.FlipBit(path, offset + 100);

        using (MappedRecordFile file = MappedRecordFile.Open(path, Records.NewFormatter()))
        {
            file.GetFixedBlock<Trade>(0).Count.Should().BeGreaterThan(0);
            FluentActions.Invoking(() => file.GetFixedBlock<Trade>(1)).Should().Throw<RecordFileCorruptedException>().Which.BlockIndex.Should().Be(1);
        }

        using (MappedRecordFile trusting = MappedRecordFile.Open(path, Records.NewFormatter(), verifyChecksums: false))
        {
            trusting.GetFixedBlock<Trade>(1).Count.Should().BeGreaterThan(0, "with checksums off, the caller vouches for the file");
        }
    }

    [Fact]
    public void MixedOrCompressedBlocks_AreRefused_WithClearExceptions()
    {
        using var dir = new TempDirectory();
        string mixed = dir.File("mixed");
        TestFiles.Write(mixed, 300, new RecordFileWriterOptions { BlockSize = 1024 });
        using (MappedRecordFile file = MappedRecordFile.Open(mixed, Records.NewFormatter()))
        {
            FluentActions.Invoking(() => file.GetFixedBlock<Trade>(0)).Should().Throw<FastSerializationException>().WithMessage("*not all*Trade*");
            FluentActions.Invoking(() => file.GetFixedBlock<Trade>(file.BlockCount)).Should().Throw<ArgumentOutOfRangeException>();
        }

        using (MappedRecordFile file = MappedRecordFile.Open(TestFiles.WriteFixedTrades(dir, Count, RecordFileCompression.Brotli), Records.NewFormatter()))
        {
            FluentActions.Invoking(() => file.GetFixedBlock<Trade>(0)).Should().Throw<NotSupportedException>().WithMessage("*compressed*");
        }
    }

    private static long SumOfSymbol(MappedRecordFile file, int symbol)
    {
        long sum = 0;
        for (int b = 0; b < file.BlockCount; b++)
        {
            foreach (ref readonly Trade t in file.GetFixedBlock<Trade>(b))
            {
                if (t.Symbol == symbol)
                {
                    sum += t.Quantity;
                }
            }
        }

        return sum;
    }
}
