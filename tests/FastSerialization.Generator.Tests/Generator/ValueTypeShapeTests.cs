using System.Linq;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>How the generator recognizes the value types of contract section 2b: by namespace and name, in every position.</summary>
public class ValueTypeShapeTests
{
    [Theory]
    [InlineData("System.DateOnly")]
    [InlineData("System.TimeOnly")]
    [InlineData("System.Int128")]
    [InlineData("System.UInt128")]
    [InlineData("System.Numerics.BigInteger")]
    [InlineData("System.Numerics.Complex")]
    [InlineData("System.Text.Rune")]
    public void AValueType_IsAcceptedEverywhere_WithoutADiagnostic(string type)
    {
        string source = $$"""
            using System.Collections.Generic;
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                public {{type}} One { get; set; }
                public {{type}}? Maybe { get; set; }
                public {{type}}[]? Array { get; set; }
                public List<{{type}}>? List { get; set; }
                public HashSet<{{type}}>? Set { get; set; }
                public Dictionary<{{type}}, {{type}}?>? Map { get; set; }
                public IReadOnlyList<{{type}}[]>? Nested { get; set; }
            }
            """;

        GeneratorRun run = GeneratorHarness.Run(source);

        run.GeneratorDiagnostics.Should().BeEmpty();
        run.Sources.Should().ContainSingle();
        run.CompilationDiagnostics.Should().BeEmpty();
    }

    [Theory]
    [InlineData("System.Uri")]
    [InlineData("System.Version")]
    public void AReferenceType_IsAcceptedEverywhere_WithoutADiagnostic(string type)
    {
        string source = $$"""
            using System.Collections.Generic;
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                public {{type}}? One { get; set; }
                public {{type}} NotNull { get; set; } = null!;
                public {{type}}?[]? Array { get; set; }
                public List<{{type}}>? List { get; set; }
                public Dictionary<{{type}}, {{type}}?>? Map { get; set; }
            }
            """;

        GeneratorRun run = GeneratorHarness.Run(source);

        run.GeneratorDiagnostics.Should().BeEmpty();
        run.Sources.Should().ContainSingle();
        run.CompilationDiagnostics.Should().BeEmpty();
    }

    [Theory]
    [InlineData("System.DateOnly")]
    [InlineData("System.Int128")]
    [InlineData("System.Numerics.Complex")]
    [InlineData("System.Text.Rune")]
    public void InAFixedLayoutStruct_ItIsFSG010_NotInSection3bsList(string type)
    {
        string source = $$"""
            using FastSerialization;
            [BinarySerializable(FixedLayout = true)]
            public partial struct Quote
            {
                public long Time;
                public {{type}} Value;
            }
            """;

        Diagnostic d = DiagnosticAssert.Single(source, "FSG010", "Value");
        d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain("'Value'");
    }

    [Fact]
    public void ATypeOfTheSameNameInAnotherNamespace_IsNotThePrimitive()
    {
        // The application's own Rune and Version: nested objects, whatever their names.
        const string source = """
            using FastSerialization;
            namespace App.Text
            {
                [BinarySerializable]
                public partial struct Rune
                {
                    public int Value;
                }
            }
            namespace App
            {
                public class Version { }

                [BinarySerializable]
                public partial class Holder
                {
                    public App.Text.Rune Letter { get; set; }
                    public Version? Release { get; set; }
                }
            }
            """;

        GeneratorRun run = GeneratorHarness.Run(source);

        run.GeneratorDiagnostics.Should().ContainSingle().Which.Id.Should().Be("FSG002", "App.Version is no primitive, nor serializable");
        run.GeneratorDiagnostics.Single().GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain("'Release'");
    }
}
