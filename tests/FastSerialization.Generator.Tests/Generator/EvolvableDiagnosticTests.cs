using System.Globalization;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>FSG017: <c>Evolvable</c> without <c>FixedLayout</c>.</summary>
public class FSG017_EvolvableWithoutFixedLayoutTests
{
    [Theory]
    [InlineData("struct")]
    [InlineData("class")]
    public void EvolvableAlone_IsReported(string keyword)
    {
        string source = "using FastSerialization;\n[BinarySerializable(Evolvable = true)]\npublic partial " + keyword + " Quote\n{\n    public long Time;\n}\n";
        DiagnosticAssert.Single(source, "FSG017", "Quote").GetMessage(CultureInfo.InvariantCulture)
            .Should().Contain("'Quote'").And.Contain("FixedLayout = true");
    }

    [Fact]
    public void WithFixedLayout_NothingIsReported_AndTheAttributeSaysWhereMembersEnd()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(FixedLayout = true, Evolvable = true)]
            public partial struct Quote
            {
                public long Time;
                public double Price;
                public int Size;
                public int Venue;
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        string generated = run.Sources.Should().ContainSingle().Which.SourceText.ToString();
        generated.Should().Contain("[global::FastSerialization.BinaryFixedLayout(24, true, Evolvable = true, MemberEnds = new int[] { 8, 16, 20, 24 })]");
        generated.Should().Contain("[global::FastSerialization.BinaryLayout(\"EvolvableFixed;Int64;Double;Int32;Int32\", MemberNames = \"Time;Price;Size;Venue\")]");
        generated.Should().Contain("if (!reader.HasRemaining)", "an older writer's element may stop before a member");
    }
}

/// <summary>FSG002 for an evolvable fixed-layout struct held where the format carries no size for it.</summary>
public class FSG002_EvolvableStructMisplacedTests
{
    [Theory]
    [InlineData("System.Collections.Generic.HashSet<Quote>?")]
    [InlineData("System.Collections.Generic.Queue<Quote>?")]
    [InlineData("(Quote, int)")]
    [InlineData("System.Collections.Generic.List<System.Collections.Generic.HashSet<Quote>>?")]
    public void InACollectionThatCarriesNoSize_IsReported(string memberType)
    {
        string source = """
            using FastSerialization;
            [BinarySerializable(FixedLayout = true, Evolvable = true)]
            public partial struct Quote { public long Time; }
            [BinarySerializable]
            public sealed partial class Book
            {
                public 
            """ + memberType + """
             Quotes { get; set; }
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        Diagnostic d = run.GeneratorDiagnostics.Should().ContainSingle().Which;
        d.Id.Should().Be("FSG002");
        d.GetMessage(CultureInfo.InvariantCulture).Should().Contain("evolvable fixed-layout struct").And.Contain("array or a List<T>");
    }

    [Theory]
    [InlineData("Quote")]
    [InlineData("Quote?")]
    [InlineData("Quote[]?")]
    [InlineData("System.Collections.Generic.List<Quote>?")]
    [InlineData("System.ReadOnlyMemory<Quote>")]
    [InlineData("System.Collections.Generic.Dictionary<Quote, Quote>?")]
    [InlineData("System.Collections.Generic.List<Quote[]>?")]
    public void WhereItsSizeIsCarried_NothingIsReported(string memberType)
    {
        string source = """
            using FastSerialization;
            [BinarySerializable(FixedLayout = true, Evolvable = true)]
            public partial struct Quote { public long Time; }
            [BinarySerializable]
            public sealed partial class Book
            {
                public 
            """ + memberType + """
             Quotes { get; set; }
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        run.Sources.Should().HaveCount(2);
    }
}
