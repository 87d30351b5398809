using System.Linq;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>
/// Which nested classes the generated reader makes and fills itself (<c>BeginObject</c>, <c>new T()</c>, <c>SetDataFrom</c>,
/// <c>EndObject</c>) and which keep <c>ReadObject</c>, because <c>ReadObject</c> would make or read them another way; and the
/// one check a stretch of members with a largest size gets (runtime behaviour: Runtime/NestedReadTests.cs).
/// </summary>
public class NestedClassReadTests
{
    private const string Source = """
        using System.Collections.Generic;
        using FastSerialization;
        namespace App;
        [BinarySerializable] public sealed partial class Plain { public int A { get; set; } }
        [BinarySerializable] public partial class Open { public int A { get; set; } }
        [BinarySerializable] public sealed partial class Immutable { public int A { get; init; } }
        [BinarySerializable] public sealed partial record Positional(int A);
        [BinarySerializable] public sealed partial class PrivateConstructor { private PrivateConstructor() { } public int A { get; set; } }
        [BinarySerializable(TrackReferences = true)] public sealed partial class Tracked { public int A { get; set; } }
        [BinarySerializable] public sealed partial class OwnFactory : IBinaryFactory<OwnFactory>
        {
            public int A { get; set; }
            OwnFactory IBinaryFactory<OwnFactory>.CreateNew() => new OwnFactory();
        }
        public sealed class Explicit : ICustomBinarySerializable
        {
            void ICustomBinarySerializable.WriteDataTo(ref FastBinaryWriter writer) { }
            void ICustomBinarySerializable.SetDataFrom(ref FastBinaryReader reader) { }
        }
        public sealed class HandWritten : ICustomBinarySerializable
        {
            public void WriteDataTo(ref FastBinaryWriter writer) { }
            public void SetDataFrom(ref FastBinaryReader reader) { }
        }
        [BinarySerializable] public sealed partial class Holder
        {
            public Plain? P { get; set; }
            public List<Plain>? Ps { get; set; }
            public Open? O { get; set; }
            public Immutable? I { get; set; }
            public Positional? R { get; set; }
            public PrivateConstructor? C { get; set; }
            public Tracked? T { get; set; }
            public OwnFactory? F { get; set; }
            public Explicit? E { get; set; }
            public HandWritten? H { get; set; }
        }
        [BinarySerializable] public sealed partial class Stretch { public int A { get; set; } public long B { get; set; } public bool? C { get; set; } public string? S { get; set; } public int Last { get; set; } public int End { get; set; } }
        """;

    private static string Generated(string hint)
    {
        GeneratorRun run = GeneratorHarness.Run(Source);
        run.CompilationDiagnostics.Should().BeEmpty();
        return run.Sources.Single(s => s.HintName.Contains(hint)).SourceText.ToString();
    }

    [Fact]
    public void SealedClassesMadeWithTheirParameterlessConstructor_AreReadInPlace_WithADirectSetDataFrom()
    {
        string holder = Generated("Holder");

        holder.Should().Contain("int __f0 = reader.BeginObject<global::App.Plain>();");
        holder.Should().Contain("global::App.Plain __o0 = reader.NewRegisteredObject<global::App.Plain>() ?? new global::App.Plain();");
        holder.Should().Contain("__o0.SetDataFrom(ref reader);");
        holder.Should().Contain("reader.EndObject<global::App.Plain>(__f0);");
        holder.Should().Contain("int __f1 = reader.BeginObject<global::App.Plain>();", "the list's elements too");
        holder.Should().Contain("reader.BeginObject<global::App.HandWritten>()", "a hand-written sealed class with a public SetDataFrom and constructor");
    }

    [Theory]
    [InlineData("Open", "not sealed: a subclass's id follows the length")]
    [InlineData("Immutable", "read through its constructor")]
    [InlineData("Positional", "read through its constructor")]
    [InlineData("PrivateConstructor", "new T() cannot reach its constructor")]
    [InlineData("OwnFactory", "it makes its own instances")]
    [InlineData("Explicit", "its SetDataFrom is an explicit implementation")]
    public void OtherClasses_KeepReadObject(string type, string why)
    {
        string holder = Generated("Holder");

        holder.Should().Contain("reader.ReadObject<global::App." + type + ">()", why);
        holder.Should().NotContain("reader.BeginObject<global::App." + type + ">", why);
    }

    [Fact]
    public void ATrackedClass_IsReadAsAReference()
    {
        Generated("Holder").Should().NotContain("reader.BeginObject<global::App.Tracked>");
    }

    [Fact]
    public void AStretchOfMembersWithALargestSize_AndTheMemberAfterIt_AreCheckedOnce()
    {
        string stretch = Generated("Stretch");

        // A: 5, B: 10, C: 1 + 1; S needs one byte to start in the frame.
        stretch.Should().Contain("if (reader.Remaining >= 18)");
        // The last two integers have no member after them: each keeps its own check (4 in the slower branch, 2 at the end).
        System.Text.RegularExpressions.Regex.Matches(stretch, @"if \(!reader\.HasRemaining\)").Count.Should().Be(6);
    }
}
