using System.Linq;
using FastSerialization.Tests.Shared;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>Reference-tracked graphs (contract section 8) in a record file: each record keeps its shared objects and cycles.</summary>
public class TrackedGraphTests
{
    [Theory]
    [InlineData(RecordFileCompression.None)]
    [InlineData(RecordFileCompression.Brotli)]
    public void SharedObjectsAndCycles_SurviveARecordFile_EachRecordItsOwnGraph(RecordFileCompression compression)
    {
        using var dir = new TempDirectory();
        string path = dir.File("graphs.fsr");
        using (RecordFileWriter writer = RecordFileWriter.Create(path, TrackedDepartment.NewFormatter(), new RecordFileWriterOptions { BlockSize = 4096, Compression = compression }))
        {
            for (int i = 1; i <= 30; i++)
            {
                writer.Append(TrackedDepartment.Build(employees: 10 * i, managers: 1 + (i % 5), name: "department " + i));
            }
        }

        using RecordFileReader reader = RecordFileReader.Open(path, TrackedDepartment.NewFormatter());
        TrackedDepartment[] read = reader.ReadAll().Cast<TrackedDepartment>().ToArray();
        read.Should().HaveCount(30);
        for (int i = 1; i <= 30; i++)
        {
            read[i - 1].Name.Should().Be("department " + i);
            read[i - 1].ShouldHaveTheShapeOf(employees: 10 * i, managers: 1 + (i % 5));
        }

        read[0].Managers![0].Should().NotBeSameAs(read[1].Managers![0], "identity is per record: two records never share an object");
        reader.ReadRecord<TrackedDepartment>(17).ShouldHaveTheShapeOf(employees: 180, managers: 4);
    }
}
