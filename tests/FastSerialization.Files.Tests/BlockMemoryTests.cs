using System;
using FastSerialization.Files.Internal;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>
/// The writer's block buffer after a record larger than a block: it grows for it, keeps the room while blocks use it,
/// and goes back to its first size once they stop, so one huge record does not hold a long-lived writer's memory.
/// </summary>
public class BlockMemoryTests
{
    [Fact]
    public void BlockBuffer_GrownForAHugeRecord_ShrinksOnlyAfterABlocksRunThatDoesNotUseIt()
    {
        var buffer = new BlockBuffer(1024);
        int first = buffer.Array.Length;
        Fill(buffer, 4 * 1024 * 1024);
        buffer.Reset().Should().BeFalse("the block just written used the room");
        buffer.Array.Length.Should().BeGreaterThan(4 * 1024 * 1024);

        // Blocks that still use more than a quarter of the buffer keep it, however many there are.
        for (int i = 0; i < 3 * BlockBuffer.BlocksBeforeShrinking; i++)
        {
            Fill(buffer, 2 * 1024 * 1024);
            buffer.Reset().Should().BeFalse();
        }

        // A run of small blocks one short of the count, broken by one large block, starts the count again.
        for (int i = 0; i < BlockBuffer.BlocksBeforeShrinking - 1; i++)
        {
            Fill(buffer, 100);
            buffer.Reset().Should().BeFalse();
        }

        Fill(buffer, 2 * 1024 * 1024);
        buffer.Reset().Should().BeFalse();
        for (int i = 0; i < BlockBuffer.BlocksBeforeShrinking - 1; i++)
        {
            Fill(buffer, 100 + i);
            buffer.Reset().Should().BeFalse();
        }

        buffer.Array.Length.Should().BeGreaterThan(4 * 1024 * 1024);
        Fill(buffer, 400);
        buffer.Reset().Should().BeTrue("that was the count of blocks in a row that used at most a quarter of the buffer");
        buffer.Array.Length.Should().Be(first, "the largest block of the run (400 bytes) fits twice in the first size");

        // Grown again, then a run whose largest block does not fit twice in the first size: room for twice that block.
        Fill(buffer, 1024 * 1024);
        buffer.Reset().Should().BeFalse();
        for (int i = 0; i < BlockBuffer.BlocksBeforeShrinking; i++)
        {
            Fill(buffer, i == 3 ? 5000 : 100);
            buffer.Reset().Should().Be(i == BlockBuffer.BlocksBeforeShrinking - 1);
        }

        buffer.Array.Length.Should().Be(BlockHeaderSize + 10_000);
        buffer.BodyLength.Should().Be(0);

        // The shrunk buffer grows again when needed, and holds what is written.
        Span<byte> span = buffer.GetSpan(5000);
        span.Length.Should().BeGreaterThanOrEqualTo(5000);
        span[4999] = 7;
        buffer.Advance(5000);
        buffer.Body[4999].Should().Be(7);
    }

    [Fact]
    public void BlockBuffer_AtItsFirstSize_NeverReallocates()
    {
        var buffer = new BlockBuffer(4096);
        byte[] array = buffer.Array;
        for (int i = 0; i < 4 * BlockBuffer.BlocksBeforeShrinking; i++)
        {
            Fill(buffer, 10);
            buffer.Reset().Should().BeFalse();
        }

        buffer.Array.Should().BeSameAs(array);
    }

    /// <summary>
    /// Through the writer: a record of several MiB between small ones, blocks of the small ones after it (each flushed),
    /// with and without compression. Every record reads back, and the small blocks after the shrink allocate nothing.
    /// </summary>
    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.Lz4)]
    public void Writer_AfterAHugeRecord_GoesBackToSmallBlocks_AndLosesNothing(RecordFileCompression compression)
    {
        using var dir = new TempDirectory();
        string path = dir.File("huge.fsr");
        var options = new RecordFileWriterOptions { BlockSize = 4096, Durability = RecordFileDurability.OnFlush, Compression = compression };
        var huge = new Note { Number = -1, Text = new string('h', 3 * 1024 * 1024) };
        const int small = 4 * BlockBuffer.BlocksBeforeShrinking;
        long allocated;
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), options))
        {
            writer.Append(Trade.Make(0));
            writer.Append(huge);
            writer.Flush();
            for (long n = 1; n <= small; n++)
            {
                writer.Append(Trade.Make(n));
                writer.Flush();
            }

            // Shrunk by now: a further run of small blocks makes no new buffer.
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (long n = small + 1; n <= 2 * small; n++)
            {
                writer.Append(Trade.Make(n));
                writer.Flush();
            }

            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        }

        allocated.Should().BeLessThan(64 * 1024, "small blocks after the shrink reuse the writer's buffers");
        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        reader.RecordCount.Should().Be(2 + (2 * small));
        reader.ReadRecord(0).Should().Be(Trade.Make(0));
        reader.ReadRecord(1).Should().BeOfType<Note>().Which.Text.Should().Be(huge.Text);
        for (long n = 1; n <= 2 * small; n++)
        {
            reader.ReadRecord(n + 1).Should().Be(Trade.Make(n), $"record {n + 1}");
        }
    }

    private const int BlockHeaderSize = 32;

    private static void Fill(BlockBuffer buffer, int bytes)
    {
        Span<byte> span = buffer.GetSpan(bytes);
        span.Slice(0, bytes).Fill(0x5A);
        buffer.Advance(bytes);
    }
}
