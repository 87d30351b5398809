using System.Collections.Generic;
using System.IO;
using System.Linq;
using FastSerialization.BinaryFormatterImport.Tests.Corpus;
using FluentAssertions;
using Xunit;

namespace FastSerialization.BinaryFormatterImport.Tests;

/// <summary>
/// The committed golden payloads are what the real BinaryFormatter writes for the corpus today. With
/// FS_REWRITE_GOLDEN=1 the test rewrites them (in the source folder) instead of comparing, then fails
/// so that a rewrite is never mistaken for a pass.
/// </summary>
public class GoldenPayloadTests
{
    public static IEnumerable<object[]> Names => LegacyCorpus.All.Select(c => new object[] { c.Name });

    [Theory]
    [MemberData(nameof(Names))]
    public void GoldenFile_IsWhatBinaryFormatterWritesToday(string name)
    {
        byte[] written = RealBinaryFormatter.Serialize(LegacyCorpus.All.Single(c => c.Name == name).Legacy);
        string source = GoldenFiles.SourcePath(name);
        if (GoldenFiles.Rewrite)
        {
            Directory.CreateDirectory(Path.GetDirectoryName(source)!);
            File.WriteAllBytes(source, written);
            Assert.Fail($"rewrote {source}; run again without FS_REWRITE_GOLDEN to compare");
        }

        File.Exists(source).Should().BeTrue($"{source} is committed (FS_REWRITE_GOLDEN=1 writes it)");
        written.Should().Equal(File.ReadAllBytes(source));
    }
}
