using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>Healthy files are never reported as corrupted: what readers and Salvage say when the file is whole but something else is in the way.</summary>
public class HealthyFileTests
{
    private const int LargeRecord = 20 * 1024 * 1024;

    /// <summary>
    /// A file written with a larger MaxRecordLength (a 20 MiB record) read with the default 16 MiB: the reader and Salvage
    /// say what the limit is and how to raise it, not that the file is damaged (before: "corrupted ... Salvage", and
    /// Salvage copied nothing); with the limit raised both read every record.
    /// </summary>
    [Fact]
    public void ARecordOverTheReadersMaxRecordLength_IsNotCorruption_TheMessageSaysTheLimitAndHowToRaiseIt()
    {
        using var dir = new TempDirectory();
        string path = dir.File("large.fsr");
        byte[] data = new byte[LargeRecord];
        new Random(7).NextBytes(data);
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Large(), new RecordFileWriterOptions { WriteIndex = false }))
        {
            Records.Append(writer, 0);
            writer.Flush(); // record 0 in a block of its own, readable with either limit
            writer.Append(new Blob { Number = 1, Data = data });
            Records.Append(writer, 2);
        }

        CustomBinaryFormatter byDefault = Records.NewFormatterWithBlobs();
        byDefault.Options.MaxRecordLength.Should().Be(CustomBinaryFormatterOptions.DefaultMaxRecordLength);
        using (RecordFileReader reader = RecordFileReader.Open(path, byDefault))
        {
            Records.IsExpected(reader.ReadRecord(0), 0).Should().BeTrue("block 0 holds only record 0");
            var error = FluentActions.Invoking(() => reader.ReadAll().Count()).Should().Throw<FastSerializationException>().Which;
            error.Should().NotBeOfType<RecordFileCorruptedException>();
            error.Message.Should().Contain($"limit of {CustomBinaryFormatterOptions.DefaultMaxRecordLength} bytes")
                .And.Contain("MaxRecordLength = ").And.Contain("not damaged").And.NotContain("Salvage");
            FluentActions.Invoking(() => reader.ReadRecord(1)).Should().Throw<FastSerializationException>()
                .Which.Should().NotBeOfType<RecordFileCorruptedException>();
        }

        string copy = dir.File("copy.fsr");
        var salvageError = FluentActions.Invoking(() => RecordFileReader.Salvage(path, copy, Records.NewFormatterWithBlobs())).Should().Throw<FastSerializationException>().Which;
        salvageError.Should().NotBeOfType<RecordFileCorruptedException>();
        salvageError.Message.Should().Contain("MaxRecordLength = ");
        File.Exists(copy).Should().BeFalse("a salvage that copied nothing of the large record's block leaves no file");

        using (RecordFileReader reader = RecordFileReader.Open(path, Large()))
        {
            List<object> records = reader.ReadAll().ToList();
            records.Should().HaveCount(3);
            ((Blob)records[1]).Data.Should().Equal(data);
        }

        RecordFileSalvage salvage = RecordFileReader.Salvage(path, copy, Large());
        salvage.RecordsCopied.Should().Be(3);
        salvage.Damage.Should().BeEmpty();
    }

    private static CustomBinaryFormatter Large()
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxRecordLength = 32 * 1024 * 1024 });
        formatter.Register<Trade>(Records.TradeId);
        formatter.Register<Note>(Records.NoteId);
        formatter.Register<Blob>(Records.BlobId);
        return formatter;
    }
}
