using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using FastSerialization.Tests.Shared;
using FluentAssertions;
using Xunit;
using V1 = FastSerialization.Generator.Tests.Models.Evolvable.V1;
using V2 = FastSerialization.Generator.Tests.Models.Evolvable.V2;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// Generated evolvable fixed-layout structs (docs/FORMAT.md section 3c): what the generator declares, the bytes it
/// writes (FORMAT.md's vector), and two versions reading each other's records in every form that holds them.
/// </summary>
public class EvolvableFixedLayoutTests
{
    private static CustomBinaryFormatter Older()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<V1.Batch>(1);
        formatter.Register<V1.Sample>(2);
        return formatter;
    }

    private static CustomBinaryFormatter Newer()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<V2.Batch>(1);
        formatter.Register<V2.Sample>(2);
        return formatter;
    }

    [Fact]
    public void TheGenerator_DeclaresTheSize_WhereMembersEnd_AndALayoutWithoutTheSize()
    {
        BinaryFixedLayoutAttribute fixedLayout = typeof(V2.Sample).GetCustomAttribute<BinaryFixedLayoutAttribute>()!;
        fixedLayout.Size.Should().Be(24);
        fixedLayout.MemoryLayoutMatches.Should().BeTrue();
        fixedLayout.Evolvable.Should().BeTrue();
        fixedLayout.MemberEnds.Should().Equal(8, 16, 20, 24);
        typeof(V2.Switch).GetCustomAttribute<BinaryFixedLayoutAttribute>()!.MemberEnds.Should().Equal(8, 9, 11);
        typeof(V2.Pinned).GetCustomAttribute<BinaryFixedLayoutAttribute>()!.Evolvable.Should().BeFalse();

        typeof(V2.Sample).GetCustomAttribute<BinaryLayoutAttribute>()!.Layout.Should().Be("EvolvableFixed;Int64;Double;Int32;Int32");
        string[] batch = typeof(V2.Batch).GetCustomAttribute<BinaryLayoutAttribute>()!.GetMembers();
        const string Sample = "FastSerialization.Generator.Tests.Models.Evolvable.V2.Sample(Int64,Double,Int32,Int32)";
        batch[0].Should().Be("Sequence<EvolvableFixed<" + Sample + ">>");
        batch[3].Should().Be("EvolvableFixed<" + Sample + ">");
        batch[4].Should().Be("Nullable<EvolvableFixed<" + Sample + ">>");
        batch[5].Should().Be("Map<VarInt32,EvolvableFixed<" + Sample + ">>");
        batch[9].Should().Be("Sequence<Fixed<FastSerialization.Generator.Tests.Models.Evolvable.V2.Pinned(Fixed<" + Sample + ">,Int32)>>", "inside a fixed-layout struct an evolvable one is frozen");
        typeof(V2.Pinned).GetCustomAttribute<BinaryFixedLayoutAttribute>()!.Size.Should().Be(28);
    }

    [Fact]
    public void TheGeneratedCode_WritesTheVectorOfTheFormat()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<ReadingLog>(1);

        byte[] record = formatter.SerializeToArray(ReadingLog.Sample());

        Convert.ToHexString(record).Should().Be(ReadingLog.ExpectedRecord);
        formatter.Deserialize<ReadingLog>(record).Should().BeEquivalentTo(ReadingLog.Sample());
    }

    private static V2.Batch NewBatch() => new()
    {
        Samples = new[] { new V2.Sample { Time = 1, Value = 0.5, Sensor = 7, Flags = 2 }, new V2.Sample { Time = 2, Value = -1, Sensor = 8, Flags = 3 } },
        Listed = new List<V2.Sample> { new() { Time = 3, Value = 1.5, Sensor = 9, Flags = 4 } },
        Memory = new[] { new V2.Sample { Time = 4, Value = 2.5, Sensor = 10, Flags = 5 } },
        Last = new V2.Sample { Time = 5, Value = 3.5, Sensor = 11, Flags = 6 },
        Maybe = new V2.Sample { Time = 6, Value = 4.5, Sensor = 12, Flags = 7 },
        ByKey = new Dictionary<int, V2.Sample> { [1] = new() { Time = 7, Value = 5.5, Sensor = 13, Flags = 8 } },
        Switches = new[] { new V2.Switch { Id = 8, On = true, Level = -2 }, new V2.Switch { Id = 9, On = false, Level = 300 } },
        Current = new V2.Switch { Id = 10, On = true, Level = 1 },
        After = "after",
        Pins = new[] { new V2.Pinned { Sample = new V2.Sample { Time = 11, Value = 6.5, Sensor = 14, Flags = 9 }, Extra = 42 } },
    };

    [Fact]
    public void ANewerBuildsRecord_ReadsIntoTheOlderBuild_WithWhatItKnows()
    {
        byte[] record = Newer().SerializeToArray(NewBatch());

        V1.Batch read = Older().Deserialize<V1.Batch>(record);

        read.Samples.Should().Equal(new V1.Sample { Time = 1, Value = 0.5 }, new V1.Sample { Time = 2, Value = -1 });
        read.Listed.Should().Equal(new V1.Sample { Time = 3, Value = 1.5 });
        read.Memory.ToArray().Should().Equal(new V1.Sample { Time = 4, Value = 2.5 });
        read.Last.Should().Be(new V1.Sample { Time = 5, Value = 3.5 });
        read.Maybe.Should().Be(new V1.Sample { Time = 6, Value = 4.5 });
        read.ByKey.Should().Equal(new Dictionary<int, V1.Sample> { [1] = new() { Time = 7, Value = 5.5 } });
        read.Switches.Should().Equal(new V1.Switch { Id = 8, On = true }, new V1.Switch { Id = 9, On = false });
        read.Current.Should().Be(new V1.Switch { Id = 10, On = true });
        read.After.Should().Be("after", "the member after the newer elements' extra bytes");
    }

    [Fact]
    public void AnOlderBuildsRecord_ReadsIntoTheNewerBuild_WithTheAppendedMembersAtTheirDefaults()
    {
        var old = new V1.Batch
        {
            Samples = new[] { new V1.Sample { Time = 1, Value = 0.5 }, new V1.Sample { Time = 2, Value = -1 } },
            Listed = new List<V1.Sample> { new() { Time = 3, Value = 1.5 } },
            Memory = new[] { new V1.Sample { Time = 4, Value = 2.5 } },
            Last = new V1.Sample { Time = 5, Value = 3.5 },
            Maybe = null,
            ByKey = new Dictionary<int, V1.Sample> { [1] = new() { Time = 7, Value = 5.5 } },
            Switches = new[] { new V1.Switch { Id = 8, On = true } },
            Current = new V1.Switch { Id = 10, On = true },
            After = "after",
        };
        byte[] record = Older().SerializeToArray(old);

        V2.Batch read = Newer().Deserialize<V2.Batch>(record);

        read.Samples.Should().Equal(new V2.Sample { Time = 1, Value = 0.5 }, new V2.Sample { Time = 2, Value = -1 });
        read.Listed.Should().Equal(new V2.Sample { Time = 3, Value = 1.5 });
        read.Memory.ToArray().Should().Equal(new V2.Sample { Time = 4, Value = 2.5 });
        read.Last.Should().Be(new V2.Sample { Time = 5, Value = 3.5 });
        read.Maybe.Should().BeNull();
        read.ByKey.Should().Equal(new Dictionary<int, V2.Sample> { [1] = new() { Time = 7, Value = 5.5 } });
        read.Switches.Should().Equal(new V2.Switch { Id = 8, On = true });
        read.Current.Should().Be(new V2.Switch { Id = 10, On = true });
        read.After.Should().Be("after");
        read.Pins.Should().BeNull("a member the older build did not have");
    }

    [Fact]
    public void TheSameBuild_RoundTripsEverything()
    {
        V2.Batch batch = NewBatch();
        V2.Batch read = Newer().Deserialize<V2.Batch>(Newer().SerializeToArray(batch));
        read.Should().BeEquivalentTo(batch, options => options.ComparingByMembers<V2.Batch>().Excluding(b => b.Memory));
        read.Memory.ToArray().Should().Equal(batch.Memory.ToArray());
    }

    [Fact]
    public void ARecordOfTheStructItself_ReadsAcrossVersions()
    {
        byte[] newer = Newer().SerializeToArray(new V2.Sample { Time = 1, Value = 2, Sensor = 3, Flags = 4 });
        newer.Should().HaveCount(4 + 1 + 24, "a top-level record is the payload alone: its length gives the size");
        Older().Deserialize<V1.Sample>(newer).Should().Be(new V1.Sample { Time = 1, Value = 2 });
        Newer().Deserialize<V2.Sample>(Older().SerializeToArray(new V1.Sample { Time = 5, Value = 6 })).Should().Be(new V2.Sample { Time = 5, Value = 6 });
    }

    [Fact]
    public void TheRegistryDescriptions_OfTheTwoBuilds_AreCompatible_AndAChangedMemberIsNot()
    {
        // The generated layouts of both builds, under one name each (in two processes the names are the same).
        static RegistryEntry[] Described(CustomBinaryFormatter formatter) =>
            RegistryEntry.Describe(formatter.Registry)
                .Select(e => new RegistryEntry(e.Id, e.TypeName.Replace(".V1.", ".Vn.").Replace(".V2.", ".Vn."), e.Layout?.Select(k => k.Replace(".V1.", ".Vn.").Replace(".V2.", ".Vn.")).ToArray()))
                .ToArray();

        RegistryEntry[] older = Described(Older());
        RegistryEntry[] newer = Described(Newer());
        RegistryEntry.FindMismatch(older, newer).Should().BeNull();
        RegistryEntry.FindMismatch(newer, older).Should().BeNull();

        // The same layouts with a member's type changed in the newer build: refused, at the member that holds it.
        RegistryEntry[] changed = newer
            .Select(e => new RegistryEntry(e.Id, e.TypeName, e.Layout?.Select(k => k.Replace("Sample(Int64,Double,Int32,Int32)", "Sample(Int64,Int64,Int32,Int32)")).ToArray()))
            .ToArray();
        RegistryMismatch mismatch = RegistryEntry.FindMismatch(older, changed)!;
        mismatch.Id.Should().Be(1);
        mismatch.Position.Should().Be(0);
    }
}
