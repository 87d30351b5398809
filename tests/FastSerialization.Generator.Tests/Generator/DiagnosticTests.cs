using System.Linq;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>Helpers shared by the per-id diagnostic tests below.</summary>
internal static class DiagnosticAssert
{
    /// <summary>Runs the generator and returns its single diagnostic, after checking its id, that nothing was generated for the type and the text at its location.</summary>
    public static Diagnostic Single(string source, string id, string locatedText)
    {
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().ContainSingle(d => d.Id == id, "the source should raise {0}", id);
        run.GeneratorDiagnostics.Should().OnlyContain(d => d.Id == id);
        Diagnostic diagnostic = run.GeneratorDiagnostics.Single();
        diagnostic.Severity.Should().Be(DiagnosticSeverity.Error);
        run.Sources.Should().BeEmpty("no code is generated for a type with an error");
        FileLinePositionSpan span = diagnostic.Location.GetLineSpan();
        string[] lines = source.Replace("\r\n", "\n").Split('\n');
        lines[span.StartLinePosition.Line].Substring(span.StartLinePosition.Character).Should().StartWith(locatedText);
        return diagnostic;
    }
}

public class FSG001_TypeNotPartialTests
{
    [Fact]
    public void NotPartial_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public class Customer
            {
                public int Age { get; set; }
            }
            """;
        Diagnostic d = DiagnosticAssert.Single(source, "FSG001", "Customer");
        d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain("'Customer'").And.Contain("partial");
    }

    [Fact]
    public void ContainingTypeNotPartial_Reported()
    {
        const string source = """
            using FastSerialization;
            public class Outer
            {
                [BinarySerializable]
                public partial class Inner
                {
                    public int Age { get; set; }
                }
            }
            """;
        DiagnosticAssert.Single(source, "FSG001", "Inner").GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain("'Outer'");
    }
}

public class FSG002_UnsupportedMemberTypeTests
{
    [Fact]
    public void UnsupportedType_ReportedWithMemberAndType()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                public int Ok { get; set; }
                public System.Text.StringBuilder? Link { get; set; }
            }
            """;
        string message = DiagnosticAssert.Single(source, "FSG002", "Link").GetMessage(System.Globalization.CultureInfo.InvariantCulture);
        message.Should().Contain("'Link'").And.Contain("'Holder'").And.Contain("StringBuilder");
    }

    [Fact]
    public void UnsupportedElementType_Reported()
    {
        const string source = """
            using System.Collections.Generic;
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                public List<object>? Items { get; set; }
            }
            """;
        DiagnosticAssert.Single(source, "FSG002", "Items");
    }
}

public class FSG003_DuplicateOrderTests
{
    [Fact]
    public void DuplicateOrder_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                [BinaryMember(0)] public int A { get; set; }
                [BinaryMember(0)] public int B { get; set; }
            }
            """;
        string message = DiagnosticAssert.Single(source, "FSG003", "B").GetMessage(System.Globalization.CultureInfo.InvariantCulture);
        message.Should().Contain("'A'").And.Contain("'B'").And.Contain("[BinaryMember(0)]");
    }
}

public class FSG004_GappedOrderTests
{
    [Fact]
    public void GappedOrder_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                [BinaryMember(0)] public int A { get; set; }
                [BinaryMember(2)] public int B { get; set; }
            }
            """;
        DiagnosticAssert.Single(source, "FSG004", "Holder").GetMessage(System.Globalization.CultureInfo.InvariantCulture)
            .Should().Contain("order 1 is missing");
    }
}

public class FSG005_MissingOrderTests
{
    [Fact]
    public void MemberWithoutOrder_WhenOthersHaveOne_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                [BinaryMember(0)] public int A { get; set; }
                public int B { get; set; }
            }
            """;
        DiagnosticAssert.Single(source, "FSG005", "B");
    }
}

public class FSG006_NoMatchingConstructorTests
{
    [Fact]
    public void ConstructorParameterMatchingNoMember_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                public Holder(int a, string unrelated) { A = a; }
                public int A { get; }
            }
            """;
        string message = DiagnosticAssert.Single(source, "FSG006", "Holder(int a").GetMessage(System.Globalization.CultureInfo.InvariantCulture);
        message.Should().Contain("'unrelated'").And.Contain("'Holder'");
    }
}

public class FSG007_ReadOnlyMemberNotFilledTests
{
    [Fact]
    public void GetOnlyPropertyNoConstructorFills_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                public Holder(int a) { A = a; }
                public int A { get; }
                public int B { get; } = 3;
            }
            """;
        string message = DiagnosticAssert.Single(source, "FSG007", "B").GetMessage(System.Globalization.CultureInfo.InvariantCulture);
        message.Should().Contain("'B'").And.Contain("'Holder'");
    }

    [Fact]
    public void ComputedProperty_IsNotAMember_NoDiagnostic()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                public int A { get; set; }
                public int Twice => A * 2;
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        run.CompilationDiagnostics.Should().BeEmpty();
    }
}

public class FSG008_RefLikeMemberTests
{
    [Fact]
    public void PointerMember_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public unsafe partial struct Holder
            {
                public int* Pointer;
            }
            """;
        DiagnosticAssert.Single(source, "FSG008", "Pointer").GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain("int*");
    }

    [Fact]
    public void RefStructMember_Reported()
    {
        const string source = """
            using System;
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                public Span<byte> Bytes => default;
                [BinaryMember(0)] public ReadOnlySpan<char> Chars => default;
            }
            """;
        DiagnosticAssert.Single(source, "FSG008", "Chars");
    }
}

public class FSG009_AbstractImmutableTypeTests
{
    [Fact]
    public void AbstractTypeWithGetOnlyMember_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public abstract partial class Shape
            {
                protected Shape(string name) { Name = name; }
                public string Name { get; }
            }
            """;
        Diagnostic d = DiagnosticAssert.Single(source, "FSG009", "Shape");
        d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain("'Shape'").And.Contain("'Name'").And.Contain("abstract");
    }

    [Fact]
    public void AbstractTypeWithSettableMembers_IsGenerated()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public abstract partial class Shape
            {
                public string? Name { get; set; }
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        run.Sources.Should().ContainSingle();
        run.CompilationDiagnostics.Should().BeEmpty();
    }
}

public class FSG010_NotFixedWidthMemberTests
{
    [Fact]
    public void AStringInAFixedLayoutStruct_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(FixedLayout = true)]
            public partial struct Quote
            {
                public long Time;
                public string Symbol;
            }
            """;
        Diagnostic d = DiagnosticAssert.Single(source, "FSG010", "Symbol");
        d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain("'Symbol'").And.Contain("'Quote'").And.Contain("string");
    }

    [Fact]
    public void AStructThatIsNotFixedLayout_InAFixedLayoutStruct_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial struct Loose
            {
                public int A;
            }
            [BinarySerializable(FixedLayout = true)]
            public partial struct Quote
            {
                public Loose Inner;
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().ContainSingle().Which.Id.Should().Be("FSG010");
        run.Sources.Should().ContainSingle("Loose is generated; Quote, in error, is not");
    }
}

public class FSG011_FixedLayoutOnClassTests
{
    [Fact]
    public void AClass_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(FixedLayout = true)]
            public partial class Quote
            {
                public long Time { get; set; }
            }
            """;
        DiagnosticAssert.Single(source, "FSG011", "Quote").GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain("structs only");
    }
}

public class FSG012_FixedLayoutCopiedByElementTests
{
    [Theory]
    [InlineData("public int A; public long B;", "padding before member 'B'")]
    [InlineData("public long B; public int A;", "pads the struct with 4 byte(s) at its end")]
    [InlineData("public long B; public decimal D;", "member 'D' is a Decimal")]
    [InlineData("public long B; [BinaryIgnore] public long Hidden;", "not exactly its serialized members")]
    public void AStructWhoseMemoryLayoutDiffers_IsReported_ForInformation_AndStillGenerated(string members, string reason)
    {
        string source = "using FastSerialization;\n[BinarySerializable(FixedLayout = true)]\npublic partial struct Quote\n{\n    " + members + "\n}\n";
        GeneratorRun run = GeneratorHarness.Run(source);
        Diagnostic d = run.GeneratorDiagnostics.Should().ContainSingle().Which;
        d.Id.Should().Be("FSG012");
        d.Severity.Should().Be(DiagnosticSeverity.Info);
        d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain(reason);
        run.Sources.Should().ContainSingle().Which.SourceText.ToString().Should().Contain("BinaryFixedLayout(").And.Contain(", false)]");
    }

    [Fact]
    public void AStructPackedToOneByte_CopiesAsABlock()
    {
        const string source = """
            using FastSerialization;
            using System.Runtime.InteropServices;
            [BinarySerializable(FixedLayout = true)]
            [StructLayout(LayoutKind.Sequential, Pack = 1)]
            public partial struct Quote
            {
                public int A;
                public long B;
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        run.Sources.Should().ContainSingle().Which.SourceText.ToString().Should().Contain("BinaryFixedLayout(12, true)");
    }

    [Theory]
    [InlineData("Pack = 4", "public double Price; public long Size; public int Count;", 20)]
    [InlineData("Pack = 2", "public int A; public long B;", 12)]
    [InlineData("Pack = 4", "public int A; public long B;", 12)]
    [InlineData("Pack = 8", "public long B; public int A; public int C;", 16)]
    public void AStructPackedSoThatNothingIsPadded_CopiesAsABlock(string pack, string members, int size)
    {
        string source = "using FastSerialization;\nusing System.Runtime.InteropServices;\n[BinarySerializable(FixedLayout = true)]\n[StructLayout(LayoutKind.Sequential, " + pack + ")]\npublic partial struct Quote\n{\n    " + members + "\n}\n";
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        run.Sources.Should().ContainSingle().Which.SourceText.ToString().Should().Contain($"BinaryFixedLayout({size}, true)");
    }

    [Theory]
    [InlineData("Pack = 4", "public byte A; public long B;", "padding before member 'B'")]
    [InlineData("Pack = 8", "public long B; public int A;", "pads the struct with 4 byte(s) at its end")]
    [InlineData("Pack = 1, Size = 32", "public long B; public int A;", "Size = 32 makes it larger in memory than its 12 bytes")]
    public void AStructPackedOrSizedSoThatItIsPadded_IsReported(string layout, string members, string reason)
    {
        string source = "using FastSerialization;\nusing System.Runtime.InteropServices;\n[BinarySerializable(FixedLayout = true)]\n[StructLayout(LayoutKind.Sequential, " + layout + ")]\npublic partial struct Quote\n{\n    " + members + "\n}\n";
        GeneratorRun run = GeneratorHarness.Run(source);
        Diagnostic d = run.GeneratorDiagnostics.Should().ContainSingle().Which;
        d.Id.Should().Be("FSG012");
        d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain(reason);
        run.Sources.Should().ContainSingle().Which.SourceText.ToString().Should().Contain(", false)]");
    }

    [Theory]
    [InlineData("public double Price; public long Size; public int Count;", "Pack = 4)]")]
    [InlineData("public int A; public long B;", "Pack = 4)]")]
    [InlineData("public long B; public short S;", "Pack = 2)]")]
    [InlineData("public byte A; public long B;", "Pack = 1)]")]
    public void ThePackTheDiagnosticSuggests_IsTheLargestThatLeavesNoPadding(string members, string suggestion)
    {
        string source = "using FastSerialization;\n[BinarySerializable(FixedLayout = true)]\npublic partial struct Quote\n{\n    " + members + "\n}\n";
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().ContainSingle().Which.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain(suggestion);

        // And declaring it makes the struct copy as a block.
        string fixedSource = source.Replace("[BinarySerializable(FixedLayout = true)]", "[BinarySerializable(FixedLayout = true)]\n[System.Runtime.InteropServices.StructLayout(System.Runtime.InteropServices.LayoutKind.Sequential, " + suggestion.TrimEnd(')', ']') + ")]", System.StringComparison.Ordinal);
        GeneratorRun fixedRun = GeneratorHarness.Run(fixedSource);
        fixedRun.GeneratorDiagnostics.Should().BeEmpty();
        fixedRun.Sources.Should().ContainSingle().Which.SourceText.ToString().Should().Contain(", true)]");
    }
}

public class FSG013_HiddenMemberTests
{
    [Theory]
    [InlineData("int")] // the base's value was silently lost
    [InlineData("long")] // the generated code did not compile (CS1503)
    public void AMemberHidingASerializedBaseMember_IsReportedAtIt(string type)
    {
        string source = "using FastSerialization;\n[BinarySerializable]\npublic partial class HideBase\n{\n    public int A { get; set; }\n}\n[BinarySerializable]\npublic sealed partial class HideDerived : HideBase\n{\n    public new " + type + " A { get; set; }\n    public int B { get; set; }\n}\n";
        GeneratorRun run = GeneratorHarness.Run(source);
        Diagnostic d = run.GeneratorDiagnostics.Should().ContainSingle().Which;
        d.Id.Should().Be("FSG013");
        d.Severity.Should().Be(DiagnosticSeverity.Error);
        d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain("'A' of 'HideDerived' hides member 'A' of 'HideBase'");
        d.Location.GetLineSpan().StartLinePosition.Line.Should().Be(9, "it is reported at the hiding member");
        run.Sources.Should().ContainSingle("the base alone is generated").Which.HintName.Should().Contain("HideBase");
    }

    [Theory]
    [InlineData("[BinaryIgnore] public new int A { get; set; }")] // not serialized, yet this.A is it
    [InlineData("private new long A;")]
    public void AHidingMemberThatIsNotSerialized_IsReportedToo(string hiding)
    {
        string source = "using FastSerialization;\n[BinarySerializable]\npublic partial class HideBase\n{\n    public int A { get; set; }\n}\n[BinarySerializable]\npublic sealed partial class HideDerived : HideBase\n{\n    " + hiding + "\n}\n";
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().ContainSingle().Which.Id.Should().Be("FSG013");
    }

    [Fact]
    public void AHiddenBaseMemberThatIsIgnored_IsFine()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial class HideBase
            {
                [BinaryIgnore]
                public int A { get; set; }
            }
            [BinarySerializable]
            public sealed partial class HideDerived : HideBase
            {
                public new int A { get; set; }
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        run.Sources.Should().HaveCount(2);
        run.CompilationDiagnostics.Should().BeEmpty();
    }
}

public class FSG014_NoParameterlessConstructorTests
{
    [Fact]
    public void AClassReadInPlaceWithoutAParameterlessConstructor_IsWarnedAbout()
    {
        const string source = """
            using System.Collections.Generic;
            using FastSerialization;
            [BinarySerializable]
            public sealed partial class Cart
            {
                private readonly List<string> _log = new();
                public Cart(string owner) => Owner = owner;
                public string Owner { get; set; }
                public int Count { get; set; }
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        Diagnostic d = run.GeneratorDiagnostics.Should().ContainSingle().Which;
        d.Id.Should().Be("FSG014");
        d.DefaultSeverity.Should().Be(DiagnosticSeverity.Warning, "the harness compiles with warnings as errors, so its reported severity is Error");
        d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Should().Contain("'Cart' has no parameterless constructor").And.Contain("private is enough");
        run.Sources.Should().ContainSingle("a warning: the serializer is still generated");
    }

    [Theory]
    [InlineData("public sealed partial class Cart { private Cart() { } public Cart(string owner) => Owner = owner; public string? Owner { get; set; } }")]
    [InlineData("public sealed partial class Cart { public string? Owner { get; set; } }")] // the implicit constructor
    [InlineData("public sealed partial record Cart(string Owner);")] // built through its constructor
    [InlineData("public sealed partial class Cart { public Cart(string owner) => Owner = owner; public string Owner { get; } }")] // likewise
    [InlineData("public abstract partial class Cart { protected Cart(int x) { } public int X { get; set; } }")] // never made itself
    [InlineData("public partial struct Cart { public Cart(int x) => X = x; public int X { get; set; } }")] // a struct is its default value
    [InlineData("public sealed partial class Cart : IBinaryFactory<Cart> { public Cart(string o) => Owner = o; public string? Owner { get; set; } public Cart CreateNew() => new Cart(\"x\"); }")] // makes its own
    [InlineData("public sealed partial class Cart : IBinaryConstructible<Cart> { public Cart(string o) => Owner = o; public string? Owner { get; set; } public void SetDataFrom(ref FastBinaryReader reader) => throw new System.NotSupportedException(); public Cart ReadNew(ref FastBinaryReader reader) => new Cart(reader.ReadString()!); }")] // reads into new ones
    public void TypesThatAreMadeProperly_AreNotWarnedAbout(string declaration)
    {
        GeneratorRun run = GeneratorHarness.Run("using FastSerialization;\n[BinarySerializable]\n" + declaration + "\n");
        run.GeneratorDiagnostics.Should().BeEmpty();
    }
}
