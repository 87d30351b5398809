using System;
using System.Collections.Generic;
using System.Linq;
using FastSerialization.Tests.Shared;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>A model holding every base-library type of contract section 2b, through the formatter and a record file.</summary>
public class BaseLibraryTypesTests
{
    [Fact]
    public void EveryType_RoundTripsEqual_ThroughTheFormatter()
    {
        CustomBinaryFormatter formatter = EveryBaseLibraryType.NewFormatter();
        EveryBaseLibraryType written = EveryBaseLibraryType.Sample();

        byte[] record = formatter.SerializeToArray(written);
        var read = formatter.Deserialize<EveryBaseLibraryType>(record);

        read.ShouldEqualWhatWasWritten(EveryBaseLibraryType.Sample());
    }

    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.Lz4)]
    public void EveryType_RoundTripsEqual_ThroughARecordFile_ReopenedByAnotherFormatter(RecordFileCompression compression)
    {
        using var dir = new TempDirectory();
        string path = dir.File("every-type.fsr");
        using (RecordFileWriter writer = RecordFileWriter.Create(path, EveryBaseLibraryType.NewFormatter(), new RecordFileWriterOptions { BlockSize = 4096, Compression = compression }))
        {
            for (int seed = 0; seed < 20; seed++)
            {
                writer.Append(EveryBaseLibraryType.Sample(seed));
            }
        }

        using RecordFileReader reader = RecordFileReader.Open(path, EveryBaseLibraryType.NewFormatter());
        List<object> records = reader.ReadAll().ToList();
        records.Should().HaveCount(20);
        for (int seed = 0; seed < 20; seed++)
        {
            records[seed].Should().BeOfType<EveryBaseLibraryType>().Which.ShouldEqualWhatWasWritten(EveryBaseLibraryType.Sample(seed));
        }
    }

    /// <summary>The netstandard2.0 build must write these bytes too: FastSerialization.Ipc.Tests.NetStandard checks it there.</summary>
    [Fact]
    public void TheTypesEveryBuildHas_WriteThePinnedBytes_OnNet10()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<SameBytesOnEveryBuild>(1);

        byte[] record = formatter.SerializeToArray(SameBytesOnEveryBuild.Sample());

        Convert.ToHexString(record).Should().Be(SameBytesOnEveryBuild.ExpectedRecord);
        formatter.Deserialize<SameBytesOnEveryBuild>(record).Should().BeEquivalentTo(SameBytesOnEveryBuild.Sample());
    }
}
