using System.Collections.Generic;
using System.Linq;
using FastSerialization.Generator.Tests.Generator;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// An array of a [BinarySerializable] struct is read by <see cref="FastBinaryReader.ReadObjectArray{T}"/>, each element in place,
/// with the same bytes and values as the list of the same elements, read through ReadObject.
/// </summary>
public class StructArrayTests
{
    private static readonly StructArrays Sample = new()
    {
        Points = new[] { new PointRecordStruct(1, -2), default, new PointRecordStruct(int.MaxValue, int.MinValue) },
        Amounts = new[] { new Money(12.5m, "EUR"), new Money(-0.01m, "JPY") },
        Scaled = new[] { new StructWithConstructor { Value = 7 }, new StructWithConstructor { Value = -7 } },
        Jagged = new[] { new[] { new PointRecordStruct(3, 4) }, System.Array.Empty<PointRecordStruct>(), null! },
    };

    [Fact]
    public void ArraysOfStructs_RoundTrip()
    {
        CustomBinaryFormatter formatter = Formatter<StructArrays>();

        StructArrays back = formatter.Deserialize<StructArrays>(formatter.SerializeToArray(Sample));

        back.Points.Should().Equal(Sample.Points);
        back.Amounts.Should().Equal(Sample.Amounts);
        back.Scaled.Should().Equal(Sample.Scaled);
        back.Scaled!.Select(s => s.Scale).Should().AllBeEquivalentTo(100, "each element starts from the struct's own constructor");
        back.Jagged.Should().BeEquivalentTo(Sample.Jagged, o => o.WithStrictOrdering());
    }

    [Fact]
    public void ArraysOfStructs_WriteTheBytesOfLists_AndReadTheSameValues()
    {
        var lists = new StructLists
        {
            Points = Sample.Points!.ToList(),
            Amounts = Sample.Amounts!.ToList(),
            Scaled = Sample.Scaled!.ToList(),
            Jagged = Sample.Jagged!.Select(a => a?.ToList()!).ToList(),
        };

        byte[] fromArrays = Formatter<StructArrays>().SerializeToArray(Sample);
        byte[] fromLists = Formatter<StructLists>().SerializeToArray(lists);
        StructLists readAsLists = Formatter<StructLists>().Deserialize<StructLists>(fromArrays);

        fromArrays.Should().Equal(fromLists);
        readAsLists.Should().BeEquivalentTo(lists, o => o.WithStrictOrdering());
    }

    [Fact]
    public void AnArrayOfATypeParameterConstrainedToStruct_RoundTrips()
    {
        CustomBinaryFormatter formatter = Formatter<StructArrayOf<PointRecordStruct>>();
        var value = new StructArrayOf<PointRecordStruct> { Items = Sample.Points };

        formatter.Deserialize<StructArrayOf<PointRecordStruct>>(formatter.SerializeToArray(value)).Items.Should().Equal(Sample.Points);
    }

    [Fact]
    public void TheGeneratedReader_ReadsStructArraysThroughReadObjectArray_AndSealedClassElementsInPlace()
    {
        const string source = """
            using FastSerialization;
            namespace App;
            [BinarySerializable] public partial struct Tick { public long Time { get; set; } public string? Venue { get; set; } } // a string: not bounded (BoundedReadTests)
            [BinarySerializable] public sealed partial class Line { public int Qty { get; set; } }
            [BinarySerializable] public sealed partial class Holder { public Tick[]? Ticks { get; set; } public Line[]? Lines { get; set; } }
            """;

        GeneratorRun run = GeneratorHarness.Run(source);
        string holder = run.Sources.Single(s => s.HintName.Contains("Holder")).SourceText.ToString();

        run.CompilationDiagnostics.Should().BeEmpty();
        holder.Should().Contain("this.Ticks = reader.ReadObjectArray<global::App.Tick>()!;");
        holder.Should().Contain("int __f1 = reader.BeginObject<global::App.Line>();", "a sealed class element is read in place (NestedReadTests)");
        holder.Should().NotContain("ReadObject<global::App.Line>");
    }

    private static CustomBinaryFormatter Formatter<T>()
        where T : ICustomBinarySerializable
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<T>(1);
        return formatter;
    }
}
