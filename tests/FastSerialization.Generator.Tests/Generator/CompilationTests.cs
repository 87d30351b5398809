using System.IO;
using System.Linq;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

public class CompilationTests
{
    [Fact]
    public void TestModels_GeneratedCode_CompilesWithoutAnyWarning()
    {
        // The same model files this project compiles, run again in memory so that every warning is visible.
        string models = Path.Combine(GeneratorHarness.ProjectDirectory(), "Models");
        string[] sources = Directory.GetFiles(models, "*.cs").OrderBy(p => p, System.StringComparer.Ordinal).Select(File.ReadAllText).ToArray();

        GeneratorRun run = GeneratorHarness.Run(sources);

        // The diagnostics the models earn on purpose: FixedFlagged (a bool and padding), the two versions of the evolvable
        // Switch (a bool) and TaggedSwitch (which holds one) are copied element by element.
        run.GeneratorDiagnostics.Should().OnlyContain(d => d.Id == "FSG012");
        run.GeneratorDiagnostics.Select(d => d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Split('\'')[1]).Should().BeEquivalentTo("FixedFlagged", "Switch", "Switch", "TaggedSwitch");
        run.Sources.Should().HaveCountGreaterThan(20);
        run.CompilationDiagnostics.Should().BeEmpty();
    }

    [Fact]
    public void MembersNamedLikeKeywords_CompileWithoutWarnings()
    {
        const string source = """
            using FastSerialization;
            namespace App;
            [BinarySerializable]
            public partial class Keywords
            {
                public int @class { get; set; }
                public string? @event;
            }
            [BinarySerializable]
            public sealed partial record Immutable(int @class, string @event);
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        run.Sources.Should().HaveCount(2);
        run.CompilationDiagnostics.Should().BeEmpty();
    }

    [Fact]
    public void UserWrittenWriteDataToAndSetDataFrom_NothingGenerated()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial class Own : ICustomBinarySerializable
            {
                public int A { get; set; }
                public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(A);
                public void SetDataFrom(ref FastBinaryReader reader) => A = reader.ReadInt32();
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.Sources.Should().BeEmpty();
        run.CompilationDiagnostics.Should().BeEmpty();
    }
}
