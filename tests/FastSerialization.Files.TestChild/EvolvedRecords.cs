using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;

// Version 1 of an evolvable fixed-layout struct (docs/FORMAT.md section 3c) and of a record that holds it: the "older
// build". The record-file tests declare version 2 under the same names (their types are internal to each assembly, so the
// two never meet in one compilation) and read this program's files, and it reads theirs.
namespace FastSerialization.Files.Evolution;

/// <summary>Version 1: 16 bytes.</summary>
[BinarySerializable(FixedLayout = true, Evolvable = true)]
internal partial struct Sensor
{
    public long Time;
    public double Value;
}

/// <summary>A record holding readings as an array and as a single value.</summary>
[BinarySerializable]
internal sealed partial class SensorLog
{
    public Sensor[]? Readings { get; set; }

    public Sensor Last { get; set; }

    public string? Note { get; set; }
}

/// <summary>What the child writes and prints for the evolution tests (<c>evolve-write</c>, <c>evolve-read</c>).</summary>
internal static class EvolvedRecords
{
    public const int SensorId = 1;
    public const int LogId = 2;

    public static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Sensor>(SensorId);
        formatter.Register<SensorLog>(LogId);
        return formatter;
    }

    /// <summary>Writes <paramref name="count"/> records: a Sensor for even numbers, a SensorLog for odd ones (only Sensors when <paramref name="sensorsOnly"/>).</summary>
    public static void Write(string path, int count, bool sensorsOnly)
    {
        using RecordFileWriter writer = RecordFileWriter.Create(path, NewFormatter());
        for (int n = 0; n < count; n++)
        {
            if (sensorsOnly || n % 2 == 0)
            {
                writer.Append(new Sensor { Time = n, Value = n * 0.5 });
            }
            else
            {
                writer.Append(new SensorLog
                {
                    Readings = Enumerable.Range(0, n % 5).Select(i => new Sensor { Time = n + i, Value = i + 0.25 }).ToArray(),
                    Last = new Sensor { Time = -n, Value = -0.5 },
                    Note = "log " + n.ToString(CultureInfo.InvariantCulture),
                });
            }
        }
    }

    /// <summary>One line per record, as this version reads it.</summary>
    public static IEnumerable<string> Read(string path)
    {
        using RecordFileReader reader = RecordFileReader.Open(path, NewFormatter());
        foreach (object record in reader.ReadAll())
        {
            yield return record switch
            {
                Sensor s => Describe(s),
                SensorLog log => "log [" + string.Join(" ", (log.Readings ?? Array.Empty<Sensor>()).Select(Describe)) + "] " + Describe(log.Last) + " " + log.Note,
                _ => "unexpected " + record.GetType(),
            };
        }
    }

    private static string Describe(Sensor s) => string.Create(CultureInfo.InvariantCulture, $"{s.Time}:{s.Value}");
}
