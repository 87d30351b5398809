using System.Globalization;
using System.Linq;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

public class FSG015_CannotBeTrackedTests
{
    [Fact]
    public void StructWithTrackReferences_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(TrackReferences = true)]
            public partial struct Point
            {
                public int X { get; set; }
            }
            """;
        DiagnosticAssert.Single(source, "FSG015", "Point").GetMessage(CultureInfo.InvariantCulture).Should().Contain("struct 'Point'").And.Contain("no identity");
    }

    [Fact]
    public void TrackReferenceOnAMemberWithoutNestedObjects_Reported()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable]
            public partial class Holder
            {
                [BinaryMember(TrackReference = true)]
                public int Count { get; set; }
            }
            """;
        DiagnosticAssert.Single(source, "FSG015", "Count").GetMessage(CultureInfo.InvariantCulture).Should().Contain("member 'Count' of 'Holder'");
    }
}

public class FSG016_TrackedCycleThroughConstructorTests
{
    private static Diagnostic SingleWarning(string source)
    {
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().ContainSingle();
        Diagnostic diagnostic = run.GeneratorDiagnostics.Single();
        diagnostic.Id.Should().Be("FSG016");
        diagnostic.DefaultSeverity.Should().Be(DiagnosticSeverity.Warning, "the harness compiles with warnings as errors, so its reported severity is Error");
        run.Sources.Should().NotBeEmpty("a warning still generates the code");
        return diagnostic;
    }

    [Fact]
    public void RecordThatCanReachItself_Warned()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(TrackReferences = true)]
            public sealed partial record Link(string Name, Link? Next);
            """;
        SingleWarning(source).GetMessage(CultureInfo.InvariantCulture).Should().Contain("'Link' is built through its constructor").And.Contain("member 'Next' of 'Link'");
    }

    [Fact]
    public void ReachingItselfThroughAnotherTypesTrackedList_Warned()
    {
        const string source = """
            using System.Collections.Generic;
            using FastSerialization;
            [BinarySerializable(TrackReferences = true)]
            public sealed partial record Parent(string Name, List<Child> Children);
            [BinarySerializable]
            public partial class Child
            {
                [BinaryMember(TrackReference = true)]
                public Parent? Owner { get; set; }
            }
            """;
        SingleWarning(source).GetMessage(CultureInfo.InvariantCulture).Should().Contain("'Parent'").And.Contain("member 'Owner' of 'Child'");
    }

    [Fact]
    public void ReachingItselfThroughANullableMember_NamesTheTypeWithoutItsAnnotation()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(TrackReferences = true)]
            public sealed partial record Parent(string Name, Child? Kid);
            [BinarySerializable]
            public partial class Child
            {
                [BinaryMember(TrackReference = true)]
                public Parent? Owner { get; set; }
            }
            """;
        string message = SingleWarning(source).GetMessage(CultureInfo.InvariantCulture);
        message.Should().Contain("member 'Owner' of 'Child'").And.NotContain("Child?");
    }

    [Fact]
    public void PragmaWarningDisable_SuppressesTheWarning_AsItsMessageSays()
    {
        // The message says to suppress the warning where the graphs have no cycle: #pragma warning disable must do it.
        // (Diagnostics located by file path alone skip pragma checks; they are located in the syntax tree.)
        const string source = """
            using FastSerialization;
            #pragma warning disable FSG016 // a chain, never a ring
            [BinarySerializable(TrackReferences = true)]
            public sealed partial record Link(string Name, Link? Next);
            #pragma warning restore FSG016
            """;

        GeneratorRun run = GeneratorHarness.Run(source);

        run.GeneratorDiagnostics.Where(d => !d.IsSuppressed).Should().BeEmpty();
        run.Sources.Should().NotBeEmpty();
        SingleWarning(source.Replace("#pragma warning disable FSG016 // a chain, never a ring\n", string.Empty, System.StringComparison.Ordinal))
            .Location.SourceTree.Should().NotBeNull("the warning is located in the compilation's syntax tree");
    }

    [Fact]
    public void OnlyTheConstructorBuiltTypeThatCanReachItself_IsWarned()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(TrackReferences = true)]
            public sealed partial record Tag(string Name);
            [BinarySerializable(TrackReferences = true)]
            public sealed partial record Item(string Name, Tag Tag, Item? Untracked);
            """;

        // Tag reaches nothing: not warned. Item is tracked, so its member declared Item is a tracked member: warned.
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Select(d => d.Id).Should().Equal("FSG016");
        run.GeneratorDiagnostics.Single().GetMessage(CultureInfo.InvariantCulture).Should().Contain("'Item'");
    }

    [Fact]
    public void SettableTypeThatReachesItself_NotWarned()
    {
        const string source = """
            using FastSerialization;
            [BinarySerializable(TrackReferences = true)]
            public partial class Node
            {
                public Node? Next { get; set; }
            }
            """;
        GeneratorHarness.Run(source).GeneratorDiagnostics.Should().BeEmpty();
    }
}

public class TrackedLayoutTests
{
    [Fact]
    public void TrackedMember_LayoutHasTheRefPrefix_AndTheTypeGetsTheRuntimeAttribute()
    {
        const string source = """
            using FastSerialization;
            namespace Shop;
            [BinarySerializable(TrackReferences = true)]
            public partial class Customer
            {
                public string? Name { get; set; }
            }
            [BinarySerializable]
            public partial class Order
            {
                public Customer? Buyer { get; set; }
                public int Id { get; set; }
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(source);
        run.GeneratorDiagnostics.Should().BeEmpty();
        run.CompilationDiagnostics.Should().BeEmpty("the generated code compiles without warnings");
        string order = run.Sources.Single(s => s.HintName.Contains("Order")).SourceText.ToString();
        order.Should().Contain("[global::FastSerialization.BinaryLayout(\"Ref:Object<Shop.Customer>;VarInt32\", MemberNames = \"Buyer;Id\")]");
        order.Should().Contain("writer.WriteTrackedObject(").And.Contain("reader.ReadTrackedObject<global::Shop.Customer>()");
        order.Should().NotContain("BinaryReferenceTracked]");
        string customer = run.Sources.Single(s => s.HintName.Contains("Customer")).SourceText.ToString();
        customer.Should().Contain("[global::FastSerialization.BinaryReferenceTracked]");
    }
}
