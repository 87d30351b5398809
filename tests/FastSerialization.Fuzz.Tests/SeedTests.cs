using System;
using System.IO;
using System.Linq;
using FastSerialization.Files;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Fuzz.Tests;

/// <summary>
/// The seed writer (<c>FastSerialization.Fuzz seeds DIR</c>): the same samples give the same seed bytes, so that writing the
/// seeds again changes fuzz/corpus/seeds only where a model or the format changed.
/// </summary>
public sealed class SeedTests : IDisposable
{
    private readonly string _first = Directory.CreateTempSubdirectory("fs-seeds-a-").FullName;
    private readonly string _second = Directory.CreateTempSubdirectory("fs-seeds-b-").FullName;

    public void Dispose()
    {
        Directory.Delete(_first, recursive: true);
        Directory.Delete(_second, recursive: true);
    }

    [Fact]
    public void Writing_the_seeds_twice_gives_the_same_files_byte_for_byte()
    {
        int count = Seeds.WriteTo(_first);
        Seeds.WriteTo(_second).Should().Be(count);

        string[] names = Directory.GetFiles(_first).Select(Path.GetFileName).Order(StringComparer.Ordinal).ToArray()!;
        names.Should().HaveCount(count).And.Contain(["record-file-plain", "record-file-zlib", "record-file-quotes"]);
        Directory.GetFiles(_second).Select(Path.GetFileName).Order(StringComparer.Ordinal).Should().Equal(names);
        foreach (string name in names)
        {
            File.ReadAllBytes(Path.Combine(_second, name)).Should().Equal(File.ReadAllBytes(Path.Combine(_first, name)), "seed {0} is written from the same samples both times", name);
        }
    }

    [Theory]
    [InlineData("record-file-plain")]
    [InlineData("record-file-zlib")]
    public void A_record_file_seed_with_its_fixed_file_id_opens_whole_with_every_sample(string name)
    {
        Seeds.WriteTo(_first);
        byte[] seed = File.ReadAllBytes(Path.Combine(_first, name));
        string path = Path.Combine(_second, name + ".fsr");
        File.WriteAllBytes(path, seed.AsSpan(1).ToArray()); // after the target's selector byte

        using RecordFileReader reader = RecordFileReader.Open(path, Formatters.Tolerant);

        reader.Recovery.DroppedTail.Should().BeFalse("every block's CRC was recomputed from the seed's file id");
        reader.ReadAll().Select(r => r.GetType()).Should().Equal(Seeds.Samples().Select(s => s.GetType()));
    }
}
