#pragma warning disable xUnit1031 // the probes block on purpose: threads released together by a Barrier
using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

public class ConcurrencyTests
{
    /// <summary>
    /// Readers opened again and again while a writer appends on another thread; three records in ten carry block images
    /// (of the same file and of another), which a reader that finds the last block half written must not take for blocks
    /// of the file.
    /// </summary>
    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.Lz4)]
    public void ReadersOpenedWhileAWriterAppends_SeeWholeCorrectRecordsOnly(RecordFileCompression compression)
    {
        using var dir = new TempDirectory();
        string path = dir.File("follow.fsr");
        var options = new RecordFileWriterOptions { BlockSize = 256 * 1024, Durability = RecordFileDurability.OnFlush, Compression = compression };
        long appended = 0;
        using var stop = new CancellationTokenSource();
        string other = dir.File("other.fsr");
        TestFiles.Write(other, 300, new RecordFileWriterOptions { BlockSize = 64, WriteIndex = false });
        byte[] otherBlock = Records.BlocksOf(other)[^1];
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatterWithBlobs(), options))
        {
            for (; appended < 5; appended++)
            {
                Records.Append(writer, appended);
            }

            writer.Flush(); // a small first block, whose image the records carry
            byte[] ownBlock = Records.BlocksOf(path)[0];
            int opens = 0;
            var writing = Task.Factory.StartNew(() =>
            {
                // Three seconds, and longer until the readers have opened the file a few times: on a busy machine (two
                // test runs side by side) an open and a read of the whole growing file took most of a second, and three
                // seconds gave only 4 opens.
                var clock = Stopwatch.StartNew();
                while (clock.ElapsedMilliseconds < 3000 || (Volatile.Read(ref opens) <= 5 && clock.ElapsedMilliseconds < 60_000))
                {
                    Records.AppendWithImages(writer, appended, ownBlock, otherBlock);
                    Volatile.Write(ref appended, appended + 1);
                }
            }, TaskCreationOptions.LongRunning);

            var failures = new ConcurrentQueue<string>();
            Task[] readers = Enumerable.Range(0, 2).Select(r => Task.Factory.StartNew(() =>
            {
                while (!writing.IsCompleted)
                {
                    try
                    {
                        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatterWithBlobs());
                        Interlocked.Increment(ref opens);
                        long seen = Volatile.Read(ref appended);
                        if (reader.RecordCount > seen + 1) // the record being appended may already be in its block
                        {
                            failures.Enqueue($"reader counts {reader.RecordCount} records, {seen} were appended");
                        }

                        long n = 0;
                        foreach (object record in reader.ReadAll())
                        {
                            if (!Records.IsExpected(record, n))
                            {
                                failures.Enqueue($"record {n} is not the one written");
                                break;
                            }

                            n++;
                        }

                        if (reader.RecordCount > 0)
                        {
                            long last = reader.RecordCount - 1;
                            if (!Records.IsExpected(reader.ReadRecord(last), last))
                            {
                                failures.Enqueue($"record {last} by number");
                            }
                        }
                    }
                    catch (Exception e)
                    {
                        failures.Enqueue(e.GetType().Name + ": " + e.Message);
                    }
                }
            }, TaskCreationOptions.LongRunning)).ToArray();
            Task.WaitAll(readers);
            writing.Wait();
            failures.Distinct().Take(5).Should().BeEmpty();
            opens.Should().BeGreaterThan(5);
        }

        TestFiles.ShouldHoldExactly(path, appended, Records.NewFormatterWithBlobs());
    }

    /// <summary>A mapped file opened while a writer of fixed-layout records appends; every block viewed from several threads.</summary>
    [Fact]
    public void MappedFileOpenedWhileAWriterAppends_ViewsOnlyWholeCorrectBlocks()
    {
        using var dir = new TempDirectory();
        string path = dir.File("mapped-follow.fsr");
        var options = new RecordFileWriterOptions { BlockSize = 128 * 1024, Durability = RecordFileDurability.OnFlush };
        long appended = 0;
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), options))
        {
            var writing = Task.Factory.StartNew(() =>
            {
                var clock = Stopwatch.StartNew();
                while (clock.ElapsedMilliseconds < 3000)
                {
                    writer.Append(Trade.Make(appended));
                    Volatile.Write(ref appended, appended + 1);
                }
            }, TaskCreationOptions.LongRunning);
            var failures = new ConcurrentQueue<string>();
            while (!writing.IsCompleted)
            {
                try
                {
                    using MappedRecordFile file = MappedRecordFile.Open(path, Records.NewFormatter());
                    Parallel.For(0, file.BlockCount * 2, new ParallelOptions { MaxDegreeOfParallelism = 4 }, k =>
                    {
                        int b = k % file.BlockCount;
                        FixedRecordBlock<Trade> block = file.GetFixedBlock<Trade>(b);
                        for (int i = 0; i < block.Count; i++)
                        {
                            if (!block[i].Equals(Trade.Make(block.FirstRecordNumber + i)))
                            {
                                failures.Enqueue($"block {b} record {i}");
                                return;
                            }
                        }
                    });
                }
                catch (Exception e)
                {
                    failures.Enqueue(e.GetType().Name + ": " + e.Message);
                }
            }

            writing.Wait();
            failures.Distinct().Take(5).Should().BeEmpty();
        }
    }

    /// <summary>Two threads open a writer on one file at once, again and again: exactly one gets it, the other the documented IOException.</summary>
    [Fact]
    public void TwoWritersOpeningOneFileAtOnce_ExactlyOneWins_TheOtherGetsIOException()
    {
        using var dir = new TempDirectory();
        for (int round = 0; round < 200; round++)
        {
            string path = dir.File($"two-{round}.fsr");
            using var barrier = new Barrier(2);
            var outcomes = new ConcurrentBag<string>();
            var writers = new ConcurrentBag<RecordFileWriter>();
            Task[] tasks = Enumerable.Range(0, 2).Select(t => Task.Factory.StartNew(() =>
            {
                barrier.SignalAndWait();
                try
                {
                    RecordFileWriter w = t == 0 || round % 2 == 0
                        ? RecordFileWriter.Open(path, Records.NewFormatter(), new RecordFileWriterOptions { Durability = RecordFileDurability.OnFlush })
                        : RecordFileWriter.Create(path, Records.NewFormatter(), new RecordFileWriterOptions { Durability = RecordFileDurability.OnFlush });
                    writers.Add(w);
                    outcomes.Add("writer");
                }
                catch (IOException)
                {
                    outcomes.Add("refused");
                }
                catch (Exception e)
                {
                    outcomes.Add(e.GetType().Name + ": " + e.Message);
                }
            }, TaskCreationOptions.LongRunning)).ToArray();
            Task.WaitAll(tasks);
            foreach (RecordFileWriter w in writers)
            {
                Records.Append(w, 0);
                w.Dispose();
            }

            outcomes.OrderBy(o => o).Should().Equal(new[] { "refused", "writer" }, $"round {round}");
            TestFiles.ShouldHoldExactly(path, 1);
        }
    }

    /// <summary>
    /// A second writer that reaches the same file through a symbolic link (a "current" link to a dated file, say) must be
    /// refused like any second writer: two writers appending to one file interleave their blocks.
    /// </summary>
    [Fact]
    public void ASecondWriterThroughASymlinkToTheFile_IsRefused()
    {
        if (OperatingSystem.IsWindows())
        {
            return;
        }

        using var dir = new TempDirectory();
        string path = dir.File("2026-11-27.fsr");
        string link = dir.File("current.fsr");
        var options = new RecordFileWriterOptions { Durability = RecordFileDurability.OnFlush, BlockSize = 64 };
        using RecordFileWriter first = RecordFileWriter.Create(path, Records.NewFormatter(), options);
        File.CreateSymbolicLink(link, path);
        RecordFileWriter? second = null;
        try
        {
            Action open = () => second = RecordFileWriter.Open(link, Records.NewFormatter(), options);
            open.Should().Throw<IOException>("'{0}' is already open for writing by another writer", path);
        }
        finally
        {
            if (second is not null)
            {
                // What two writers do to the file: both append from the same end.
                for (long n = 0; n < 20; n++)
                {
                    Records.Append(first, n);
                    Records.Append(second, n);
                }

                second.Dispose();
            }
        }
    }

    /// <summary>The interval timer's ticks racing appends, flushes and Dispose / DisposeAsync of short-lived writers.</summary>
    [Fact]
    public async Task IntervalTimer_RacingShortLivedWriters_LosesAndDuplicatesNothing()
    {
        using var dir = new TempDirectory();
        var options = new RecordFileWriterOptions { Durability = RecordFileDurability.Interval, SyncInterval = TimeSpan.FromMilliseconds(1), BlockSize = 512 };
        for (int round = 0; round < 150; round++)
        {
            string path = dir.File($"interval-{round}.fsr");
            long count = 0;
            RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), options);
            for (int n = 0; n < 40 + (round % 7); n++)
            {
                Records.Append(writer, count++);
                if (n % 9 == 0)
                {
                    Thread.SpinWait(20_000);
                }

                if (n % 17 == 0)
                {
                    await writer.FlushAsync();
                }
            }

            writer.RecordCount.Should().Be(count);
            if (round % 2 == 0)
            {
                writer.Dispose();
            }
            else
            {
                await writer.DisposeAsync();
            }

            TestFiles.ShouldHoldExactly(path, count);
        }
    }

    /// <summary>Every thread asks for the same blocks of a freshly mapped file at once (first checksum checks, shape cache).</summary>
    [Fact]
    public void GetFixedBlock_FromManyThreadsOnAFreshMapping_ViewsTheRightRecords()
    {
        using var dir = new TempDirectory();
        string path = TestFiles.WriteFixedTrades(dir, 20_000, RecordFileCompression.None);
        for (int round = 0; round < 50; round++)
        {
            using MappedRecordFile file = MappedRecordFile.Open(path, Records.NewFormatter());
            using var barrier = new Barrier(4);
            var failures = new ConcurrentQueue<string>();
            Task[] tasks = Enumerable.Range(0, 4).Select(t => Task.Factory.StartNew(() =>
            {
                barrier.SignalAndWait();
                for (int b = 0; b < file.BlockCount; b++)
                {
                    FixedRecordBlock<Trade> block = file.GetFixedBlock<Trade>((b + t) % file.BlockCount);
                    for (int i = 0; i < block.Count; i++)
                    {
                        if (!block[i].Equals(Trade.Make(block.FirstRecordNumber + i)))
                        {
                            failures.Enqueue($"block {b} record {i}");
                        }
                    }
                }
            }, TaskCreationOptions.LongRunning)).ToArray();
            Task.WaitAll(tasks);
            failures.Should().BeEmpty();
        }
    }
}

public class MappedRecordFileDisposeRaceTests
{
    /// <summary>
    /// Dispose on one thread while another is inside GetFixedBlock (checking a large block's checksum and record headers):
    /// the call must end in a view or an ObjectDisposedException, never in reading unmapped memory.
    /// </summary>
    [Fact]
    public void Dispose_RacingGetFixedBlock_EndsInAViewOrObjectDisposed()
    {
        using var dir = new TempDirectory();
        string path = dir.File("big.fsr");
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), new RecordFileWriterOptions { BlockSize = RecordFileWriterOptions.MaxBlockSize, Durability = RecordFileDurability.OnFlush }))
        {
            for (long n = 0; n < 500_000; n++)
            {
                writer.Append(Trade.Make(n));
            }
        }

        for (int round = 0; round < 50; round++)
        {
            MappedRecordFile file = MappedRecordFile.Open(path, Records.NewFormatter(), verifyChecksums: true);
            using var started = new ManualResetEventSlim();
            var scan = Task.Factory.StartNew(() =>
            {
                started.Set();
                try
                {
                    return file.GetFixedBlock<Trade>(0).Count;
                }
                catch (ObjectDisposedException)
                {
                    return -1;
                }
            }, TaskCreationOptions.LongRunning);
            started.Wait();
            Thread.SpinWait(round * 2_000);
            file.Dispose();
            scan.Wait();
        }
    }
}
