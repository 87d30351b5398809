using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Reflection;
using FluentAssertions;
using Xunit;

// Version 2 of the evolvable struct and record the helper process declares as version 1, under the same names (each is
// internal to its assembly): the helper is the older build, this project the newer one.
namespace FastSerialization.Files.Evolution
{
    /// <summary>Version 2: two members appended, 24 bytes.</summary>
    [BinarySerializable(FixedLayout = true, Evolvable = true)]
    internal partial struct Sensor
    {
        public long Time;
        public double Value;
        public int Unit;
        public int Quality;
    }

    [BinarySerializable]
    internal sealed partial class SensorLog
    {
        public Sensor[]? Readings { get; set; }

        public Sensor Last { get; set; }

        public string? Note { get; set; }
    }
}

namespace FastSerialization.Files.Tests
{
    using FastSerialization.Files.Evolution;

    /// <summary>
    /// Record files of an evolvable fixed-layout struct (docs/FORMAT.md section 3c) between two builds, each in its own
    /// process: the helper (version 1 of <see cref="Sensor"/>) and this one (version 2, two members appended). The file
    /// header's registry description accepts the appended members, and each build reads the other's records.
    /// </summary>
    public class EvolvableRecordFileTests
    {
        private static string ChildPath =>
            typeof(EvolvableRecordFileTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "TestChildPath").Value!;

        private static CustomBinaryFormatter NewFormatter()
        {
            var formatter = new CustomBinaryFormatter();
            formatter.Register<Sensor>(1);
            formatter.Register<SensorLog>(2);
            return formatter;
        }

        private static List<string> RunChild(params string[] args)
        {
            var info = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
            info.ArgumentList.Add(ChildPath);
            foreach (string arg in args)
            {
                info.ArgumentList.Add(arg);
            }

            using Process process = Process.Start(info)!;
            var errors = process.StandardError.ReadToEndAsync();
            var lines = new List<string>();
            string? line;
            while ((line = process.StandardOutput.ReadLine()) is not null)
            {
                lines.Add(line);
            }

            process.WaitForExit(120_000).Should().BeTrue("the helper ends once it has written or read the file");
            process.ExitCode.Should().Be(0, errors.Result);
            return lines;
        }

        private static string Describe(long time, double value) => string.Create(CultureInfo.InvariantCulture, $"{time}:{value}");

        [Fact]
        public void AFileTheOlderBuildWrote_OpensInTheNewerBuild_AndItsRecordsReadWithTheAppendedMembersAtTheirDefaults()
        {
            using var dir = new TempDirectory();
            string path = dir.File("older.fsr");
            RunChild("evolve-write", path, "40", "mixed").Should().Equal("written");

            using RecordFileReader reader = RecordFileReader.Open(path, NewFormatter());
            reader.RecordCount.Should().Be(40);
            for (int n = 0; n < 40; n++)
            {
                object record = reader.ReadRecord(n);
                if (n % 2 == 0)
                {
                    record.Should().Be(new Sensor { Time = n, Value = n * 0.5 });
                    continue;
                }

                var log = (SensorLog)record;
                log.Readings.Should().Equal(Enumerable.Range(0, n % 5).Select(i => new Sensor { Time = n + i, Value = i + 0.25 }));
                log.Last.Should().Be(new Sensor { Time = -n, Value = -0.5 });
                log.Note.Should().Be("log " + n.ToString(CultureInfo.InvariantCulture), "the member after the older elements");
            }
        }

        [Fact]
        public void AFileTheNewerBuildWrote_ReadsInTheOlderBuild_WithWhatItKnows()
        {
            using var dir = new TempDirectory();
            string path = dir.File("newer.fsr");
            var expected = new List<string>();
            using (RecordFileWriter writer = RecordFileWriter.Create(path, NewFormatter()))
            {
                for (int n = 0; n < 30; n++)
                {
                    if (n % 2 == 0)
                    {
                        writer.Append(new Sensor { Time = n, Value = n * 0.5, Unit = 3, Quality = -1 });
                        expected.Add(Describe(n, n * 0.5));
                        continue;
                    }

                    Sensor[] readings = Enumerable.Range(0, n % 4).Select(i => new Sensor { Time = n + i, Value = i + 0.75, Unit = i, Quality = 99 }).ToArray();
                    writer.Append(new SensorLog { Readings = readings, Last = new Sensor { Time = -n, Value = 1.5, Unit = 7, Quality = 8 }, Note = "note " + n.ToString(CultureInfo.InvariantCulture) });
                    expected.Add("log [" + string.Join(" ", readings.Select(r => Describe(r.Time, r.Value))) + "] " + Describe(-n, 1.5) + " note " + n.ToString(CultureInfo.InvariantCulture));
                }
            }

            RunChild("evolve-read", path).Should().Equal(expected);
        }

        [Fact]
        public void AnOlderBuildsBlock_IsNotViewedInPlace_ButItsRecordsStillRead()
        {
            using var dir = new TempDirectory();
            string path = dir.File("sensors.fsr");
            RunChild("evolve-write", path, "10", "sensors").Should().Equal("written");

            using (RecordFileReader reader = RecordFileReader.Open(path, NewFormatter()))
            {
                Action view = () => reader.ReadFixedBlock<Sensor>(0);
                view.Should().Throw<FastSerializationException>().WithMessage("*another version*ReadRecord*");
                reader.ReadRecord<Sensor>(9).Should().Be(new Sensor { Time = 9, Value = 4.5 });
            }

            using (MappedRecordFile mapped = MappedRecordFile.Open(path, NewFormatter()))
            {
                Action view = () => mapped.GetFixedBlock<Sensor>(0);
                view.Should().Throw<FastSerializationException>().WithMessage("*another version*");
            }

            // A file of this version's records is viewed in place, as any fixed-layout block.
            string own = dir.File("own.fsr");
            using (RecordFileWriter writer = RecordFileWriter.Create(own, NewFormatter()))
            {
                for (int n = 0; n < 10; n++)
                {
                    writer.Append(new Sensor { Time = n, Value = 1, Unit = n, Quality = 2 });
                }
            }

            using (MappedRecordFile mapped = MappedRecordFile.Open(own, NewFormatter()))
            {
                FixedRecordBlock<Sensor> block = mapped.GetFixedBlock<Sensor>(0);
                block.Count.Should().Be(10);
                block[9].Should().Be(new Sensor { Time = 9, Value = 1, Unit = 9, Quality = 2 });
            }
        }
    }
}
