using System;
using System.IO;
using System.Threading.Tasks;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>A type whose WriteDataTo throws halfway through when told to: user code failing mid-record.</summary>
public sealed class Fragile : ICustomBinarySerializable
{
    public long Value { get; set; }

    public bool Fail { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Value);
        writer.Write(new string('x', 3000));
        if (Fail)
        {
            throw new InvalidOperationException("user code failed");
        }
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Value = reader.ReadInt64();
        _ = reader.ReadString();
    }
}

public class WriterTests
{
    [Fact]
    public void Append_WhenUserCodeThrows_LeavesNoTraceAndGoesOn()
    {
        using var dir = new TempDirectory();
        string path = dir.File("fragile.fsr");
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Fragile>(1);
        using (RecordFileWriter writer = RecordFileWriter.Create(path, formatter, new RecordFileWriterOptions { BlockSize = 4096 }))
        {
            for (int i = 0; i < 20; i++)
            {
                if (i % 4 == 1)
                {
                    FluentActions.Invoking(() => writer.Append(new Fragile { Value = -1, Fail = true })).Should().Throw<Exception>();
                }

                writer.Append(new Fragile { Value = i });
            }

            writer.RecordCount.Should().Be(20);
        }

        var reading = new CustomBinaryFormatter();
        reading.Register<Fragile>(1);
        using RecordFileReader reader = RecordFileReader.Open(path, reading);
        reader.Recovery.DroppedBytes.Should().Be(0);
        long expected = 0;
        foreach (object record in reader.ReadAll())
        {
            ((Fragile)record).Value.Should().Be(expected++);
        }

        expected.Should().Be(20);
    }

    [Fact]
    public void Append_UnregisteredType_ThrowsAndKeepsNothing()
    {
        using var dir = new TempDirectory();
        string path = dir.File("records.fsr");
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter()))
        {
            writer.Append(Trade.Make(0));
            FluentActions.Invoking(() => writer.Append(new Fragile())).Should().Throw<FastSerializationException>();
            writer.Append(Trade.Make(1));
        }

        using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
        reader.RecordCount.Should().Be(2);
    }

    [Fact]
    public void EveryBlock_MakesEachFullBlockDurable()
    {
        using var dir = new TempDirectory();
        using RecordFileWriter writer = RecordFileWriter.Create(dir.File("a"), Records.NewFormatter(), new RecordFileWriterOptions { BlockSize = 256, Durability = RecordFileDurability.EveryBlock });
        for (long n = 0; n < 200; n++)
        {
            writer.Append(Trade.Make(n));
        }

        // 37-byte records, 256-byte blocks: whole blocks of 7 records are synced, the rest is buffered.
        writer.DurableRecordCount.Should().Be(200 / 7 * 7);
        writer.Flush();
        writer.DurableRecordCount.Should().Be(200);
    }

    [Fact]
    public async Task OnFlush_SyncsOnlyWhenFlushed()
    {
        using var dir = new TempDirectory();
        string path = dir.File("a");
        await using RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), new RecordFileWriterOptions { BlockSize = 256, Durability = RecordFileDurability.OnFlush });
        for (long n = 0; n < 200; n++)
        {
            writer.Append(Trade.Make(n));
        }

        writer.DurableRecordCount.Should().Be(0);
        new FileInfo(path).Length.Should().BeGreaterThan(200 / 7 * 256, "full blocks go to the file as they fill");
        await writer.FlushAsync();
        writer.DurableRecordCount.Should().Be(200);
    }

    [Fact]
    public void Interval_SyncsOnceTheIntervalHasPassed()
    {
        using var dir = new TempDirectory();
        using RecordFileWriter writer = RecordFileWriter.Create(dir.File("a"), Records.NewFormatter(), new RecordFileWriterOptions { Durability = RecordFileDurability.Interval, SyncInterval = TimeSpan.FromMilliseconds(20) });
        writer.Append(Trade.Make(0));
        System.Threading.Thread.Sleep(60);
        writer.Append(Trade.Make(1));
        writer.DurableRecordCount.Should().BeGreaterThanOrEqualTo(1, "record 0 waited three intervals: the timer or the next append wrote and synced it");
        // The writer's timer syncs record 1 with no further call; on a busy machine its tick may come late, so the test
        // waits for it (generously) rather than for a fixed time.
        System.Threading.SpinWait.SpinUntil(() => writer.DurableRecordCount == 2, TimeSpan.FromSeconds(30));
        writer.DurableRecordCount.Should().Be(2, "the timer syncs record 1 without another append");
    }

    [Fact]
    public void Options_RefuseOutOfRangeValues()
    {
        var options = new RecordFileWriterOptions();
        FluentActions.Invoking(() => options.BlockSize = 63).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => options.BlockSize = RecordFileWriterOptions.MaxBlockSize + 1).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => options.SyncInterval = TimeSpan.Zero).Should().Throw<ArgumentOutOfRangeException>();
    }
}
