using System.Globalization;
using System.Linq;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>
/// FSG018: a fixed-layout struct is copied as memory and used where the runtime takes unmanaged types only, so a field that
/// holds references is refused by the generator, naming it, even when it is not serialized ([BinaryIgnore]); before, the
/// generated code failed to compile with CS8377, which named no field and no fix.
/// </summary>
public class FSG018_FixedLayoutFieldWithReferencesTests
{
    [Fact]
    public void AnIgnoredStringField_IsReported_AtTheField_AndTheCompilationHasNoOtherError()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(FixedLayout = true)]
            public partial struct Quote
            {
                public long Time;
                public double Price;
                [BinaryIgnore] public string Note;
            }
            """;

        Diagnostic d = DiagnosticAssert.Single(source, "FSG018", "Note");

        d.GetMessage(CultureInfo.InvariantCulture).Should().Contain("'Note'").And.Contain("'Quote'").And.Contain("string").And.Contain("[BinaryIgnore]");
        GeneratorHarness.Run(source).CompilationDiagnostics.Should().BeEmpty("the generator's error is the only one: no CS8377 from generated code");
    }

    [Fact]
    public void AnIgnoredAutoPropertyOfAReferenceType_IsReported_AtTheProperty()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(FixedLayout = true)]
            public partial struct Quote
            {
                public long Time { get; set; }
                [BinaryIgnore] public object? Tag { get; set; }
            }
            """;

        DiagnosticAssert.Single(source, "FSG018", "Tag").GetMessage(CultureInfo.InvariantCulture).Should().Contain("'Tag'").And.Contain("object");
    }

    [Fact]
    public void AnIgnoredStructThatHoldsAReference_IsReported()
    {
        const string source = """
            using FastSerialization;
            public struct Labelled { public int Id; public string Label; }
            [BinarySerializable(FixedLayout = true)]
            public partial struct Quote
            {
                public long Time;
                [BinaryIgnore] public Labelled Cache;
            }
            """;

        DiagnosticAssert.Single(source, "FSG018", "Cache").GetMessage(CultureInfo.InvariantCulture).Should().Contain("Labelled");
    }

    [Fact]
    public void AnIgnoredUnmanagedField_IsStillAllowed()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(FixedLayout = true)]
            public partial struct Quote
            {
                public long Time;
                [BinaryIgnore] public long Cached;
            }
            """;

        GeneratorRun run = GeneratorHarness.Run(source);

        run.GeneratorDiagnostics.Select(d => d.Id).Should().Equal(["FSG012"], "an unserialized field only keeps blocks from being copied at once");
        run.Sources.Should().ContainSingle();
        run.CompilationDiagnostics.Should().BeEmpty();
    }

    [Fact]
    public void ATypeHoldingSuchAStruct_IsRefusedWithTheReason_NotWithCS8377()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(FixedLayout = true)]
            public partial struct Quote
            {
                public long Time;
                [BinaryIgnore] public string Note;
            }
            [BinarySerializable]
            public sealed partial class Book
            {
                public Quote Last { get; set; }
                public Quote[]? All { get; set; }
            }
            """;

        GeneratorRun run = GeneratorHarness.Run(source);

        run.GeneratorDiagnostics.Should().Contain(d => d.Id == "FSG018");
        run.GeneratorDiagnostics.Where(d => d.Id == "FSG002").Select(d => d.GetMessage(CultureInfo.InvariantCulture))
            .Should().NotBeEmpty().And.OnlyContain(m => m.Contains("field 'Note' holds references"));
        run.Sources.Should().BeEmpty();
        run.CompilationDiagnostics.Should().BeEmpty();
    }
}
