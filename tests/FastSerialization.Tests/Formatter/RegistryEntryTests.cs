using System;
using System.Buffers;
using System.Collections.Generic;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

/// <summary>The registry's description and the one comparison of FORMAT.md section 6 (<see cref="RegistryEntry"/>).</summary>
public class RegistryEntryTests
{
    private static RegistryEntry Entry(int id, string name, params string[]? layout) => new(id, name, layout);

    [Fact]
    public void StableNames_HaveNoAssembly_NestedTypesAfterAPlus_AndArraysWithTheirRank()
    {
        RegistryEntry.TypeNameOf(typeof(int)).Should().Be("System.Int32");
        RegistryEntry.TypeNameOf(typeof(List<string>[])).Should().Be("System.Collections.Generic.List<System.String>[]");
        RegistryEntry.TypeNameOf(typeof(Dictionary<int, long[,]>)).Should().Be("System.Collections.Generic.Dictionary<System.Int32,System.Int64[,]>");
        RegistryEntry.TypeNameOf(typeof(Environment.SpecialFolder)).Should().Be("System.Environment+SpecialFolder");
    }

    [Fact]
    public void Describe_ListsEveryRegistration_InIdOrder_WithItsStableName()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Support.PersonV2>(9);
        formatter.Register<Support.PersonV1>(3);

        IReadOnlyList<RegistryEntry> entries = RegistryEntry.Describe(formatter.Registry);

        entries.Should().HaveCount(2);
        entries[0].Id.Should().Be(3);
        entries[0].TypeName.Should().Be(RegistryEntry.TypeNameOf(typeof(Support.PersonV1)));
        entries[1].Id.Should().Be(9);
        formatter.Registry.GetRegistrations().Should().OnlyContain(r => r.TypeName == RegistryEntry.TypeNameOf(r.Type));
    }

    [Fact]
    public void FindMismatch_AppendedMembersAndIdsOnOneSide_AreCompatible()
    {
        var ours = new[] { Entry(1, "A", "Int32", "String"), Entry(2, "B", null), Entry(7, "Ours.Only", "Int32") };
        var theirs = new[] { Entry(1, "A", "Int32", "String", "Double"), Entry(2, "B", "Int64"), Entry(8, "Theirs.Only") };

        RegistryEntry.FindMismatch(ours, theirs).Should().BeNull();
    }

    [Fact]
    public void FindMismatch_NamesTheFirstIdThatDiffers_ByNameOrByMemberPosition()
    {
        RegistryMismatch byName = RegistryEntry.FindMismatch(
            new[] { Entry(5, "Shop.Order", "Int32"), Entry(2, "Shop.Customer", "String") },
            new[] { Entry(2, "Shop.Client", "String"), Entry(5, "Shop.Order", "Int64") })!;
        byName.Id.Should().Be(2, "ids are compared in ascending order");
        byName.OurTypeName.Should().Be("Shop.Customer");
        byName.TheirTypeName.Should().Be("Shop.Client");
        byName.Position.Should().BeNull();

        RegistryMismatch byMember = RegistryEntry.FindMismatch(
            new[] { Entry(5, "Shop.Order", "Int32", "String", "VarInt32") },
            new[] { Entry(5, "Shop.Order", "Int32", "String", "Int32") })!;
        byMember.Position.Should().Be(2);
        byMember.OurMember.Should().Be("VarInt32");
        byMember.TheirMember.Should().Be("Int32");
    }

    [Theory]
    [InlineData("EvolvableFixed<Ns.Tick(Int64,Double)>", "EvolvableFixed<Ns.Tick(Int64,Double,Int32)>")]
    [InlineData("Sequence<EvolvableFixed<Ns.Tick(Int64,Double)>>", "Sequence<EvolvableFixed<Ns.Tick(Int64,Double,Fixed<Ns.Pair(Int32,Int32)>)>>")]
    [InlineData("Nullable<EvolvableFixed<Ns.Tick(Int64)>>", "Nullable<EvolvableFixed<Ns.Tick(Int64,Double)>>")]
    [InlineData("Map<EvolvableFixed<Ns.Key(Int32)>,EvolvableFixed<Ns.Tick(Int64)>>", "Map<EvolvableFixed<Ns.Key(Int32,Int32)>,EvolvableFixed<Ns.Tick(Int64,Double)>>")]
    public void FindMismatch_MembersAppendedToAnEvolvableFixedLayoutStruct_AreCompatible_BothWays(string older, string newer)
    {
        // FORMAT.md section 3c: an evolvable struct's member list, wherever it stands, may be a prefix of the other side's.
        RegistryEntry.FindMismatch(new[] { Entry(1, "Ns.Holder", "String", older) }, new[] { Entry(1, "Ns.Holder", "String", newer) }).Should().BeNull();
        RegistryEntry.FindMismatch(new[] { Entry(1, "Ns.Holder", "String", newer) }, new[] { Entry(1, "Ns.Holder", "String", older) }).Should().BeNull();
    }

    [Theory]
    [InlineData("EvolvableFixed<Ns.Tick(Int64,Double)>", "EvolvableFixed<Ns.Tick(Int64,Int64)>")] // a member changed
    [InlineData("EvolvableFixed<Ns.Tick(Int64,Double)>", "EvolvableFixed<Ns.Tock(Int64,Double,Int32)>")] // another struct
    [InlineData("EvolvableFixed<Ns.Tick(Int64,Double)>", "Fixed<Ns.Tick(Int64,Double,Int32)>")] // evolvable on one side only
    [InlineData("Fixed<Ns.Tick(Int64,Double)>", "Fixed<Ns.Tick(Int64,Double,Int32)>")] // section 3b: a fixed layout cannot evolve
    [InlineData("Sequence<EvolvableFixed<Ns.Tick(Int64)>>", "Nullable<EvolvableFixed<Ns.Tick(Int64,Double)>>")] // what holds it differs
    [InlineData("Map<EvolvableFixed<Ns.Key(Int32)>,Int32>", "Map<EvolvableFixed<Ns.Key(Int32,Int32)>,Int64>")] // the rest differs
    [InlineData("EvolvableFixed<Ns.Tick(Int64,Fixed<Ns.Pair(Int32,Int32)>)>", "EvolvableFixed<Ns.Tick(Int64,Fixed<Ns.Pair(Int32,Int32,Int32)>)>")] // a struct held inside is frozen
    public void FindMismatch_AnyOtherChange_ToAFixedLayoutStruct_IsAMismatch(string ours, string theirs)
    {
        RegistryMismatch mismatch = RegistryEntry.FindMismatch(new[] { Entry(3, "Ns.Holder", "String", ours) }, new[] { Entry(3, "Ns.Holder", "String", theirs) })!;
        mismatch.Should().NotBeNull();
        mismatch.Position.Should().Be(1);
        RegistryEntry.FindMismatch(new[] { Entry(3, "Ns.Holder", "String", theirs) }, new[] { Entry(3, "Ns.Holder", "String", ours) }).Should().NotBeNull();
    }

    [Fact]
    public void FindMismatch_AnEvolvableStructRegisteredItself_AcceptsAppendedMembers_ButNotAFixedOne()
    {
        // Its own layout starts with EvolvableFixed (no size), then its members: section 6's prefix rule applies as it is.
        RegistryEntry.FindMismatch(new[] { Entry(2, "Ns.Tick", "EvolvableFixed", "Int64", "Double") }, new[] { Entry(2, "Ns.Tick", "EvolvableFixed", "Int64", "Double", "Int32") })
            .Should().BeNull();
        RegistryEntry.FindMismatch(new[] { Entry(2, "Ns.Tick", "Fixed<16>", "Int64", "Double") }, new[] { Entry(2, "Ns.Tick", "Fixed<20>", "Int64", "Double", "Int32") })!
            .Position.Should().Be(0);
        RegistryEntry.FindMismatch(new[] { Entry(2, "Ns.Tick", "EvolvableFixed", "Int64", "Double") }, new[] { Entry(2, "Ns.Tick", "Fixed<16>", "Int64", "Double") })!
            .Position.Should().Be(0);
    }

    [Fact]
    public void FindMismatch_AcceptsTheNameEarlierDiBuildsGaveAMultiDimensionalArray_AndNothingElse()
    {
        var ours = new[] { Entry(1, "Box<System.Int32[,][,,]>") };

        RegistryEntry.LegacyTypeName("Box<System.Int32[,][,,]>").Should().Be("Box<System.Int32[][]>");
        RegistryEntry.FindMismatch(ours, new[] { Entry(1, "Box<System.Int32[][]>") }).Should().BeNull();
        RegistryEntry.FindMismatch(ours, new[] { Entry(1, "Box<System.Int32[,][]>") }).Should().NotBeNull();
        RegistryEntry.FindMismatch(ours, new[] { Entry(1, "Box<System.Int64[][]>") }).Should().NotBeNull();
    }

    [Fact]
    public void NullArguments_AreRefusedNamingTheParameter()
    {
        FluentActions.Invoking(() => RegistryEntry.TypeNameOf(null!)).Should().Throw<ArgumentNullException>().WithParameterName("type");
        FluentActions.Invoking(() => RegistryEntry.Describe(null!)).Should().Throw<ArgumentNullException>().WithParameterName("registry");
        FluentActions.Invoking(() => RegistryEntry.FindMismatch(null!, Array.Empty<RegistryEntry>())).Should().Throw<ArgumentNullException>().WithParameterName("ours");
        FluentActions.Invoking(() => new RegistryEntry(1, null!, null)).Should().Throw<ArgumentNullException>().WithParameterName("typeName");
    }

    [Fact]
    public void WriteAll_WritesTheBytesOfFormatSection8_AndReadAllReadsThemBack()
    {
        RegistryEntry[] entries = [Entry(1, "A", "Int32", "String"), new RegistryEntry(300, "B", null)];

        byte[] bytes = Write(entries);

        bytes.Should().Equal(
            0x03, // two entries
            0x01, 0x02, (byte)'A', 0x03, 0x06, (byte)'I', (byte)'n', (byte)'t', (byte)'3', (byte)'2', 0x07, (byte)'S', (byte)'t', (byte)'r', (byte)'i', (byte)'n', (byte)'g',
            0xAC, 0x02, 0x02, (byte)'B', 0x00); // id 300, "B", no layout
        IReadOnlyList<RegistryEntry> read = Read(bytes);
        read.Should().HaveCount(2);
        read[0].Id.Should().Be(1);
        read[0].Layout.Should().Equal("Int32", "String");
        read[1].Id.Should().Be(300);
        read[1].TypeName.Should().Be("B");
        read[1].Layout.Should().BeNull();
    }

    [Theory]
    [InlineData(new byte[] { 0x03, 0x01, 0x01, 0x00, 0x01, 0x01, 0x00 }, "type id 1 twice")]
    [InlineData(new byte[] { 0x02, 0x80, 0x80, 0x80, 0x80, 0x08, 0x01, 0x00 }, "past the largest id")]
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0x01 }, "cannot fit")] // two billion entries in six bytes
    [InlineData(new byte[] { 0x02, 0x01, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x07 }, "cannot fit")] // a layout of two billion kinds
    public void ReadAll_RefusesWhatNoWriterWrites_BeforeAllocatingForIt(byte[] bytes, string reason)
    {
        FluentActions.Invoking(() => Read(bytes)).Should().Throw<FastSerializationException>().Which.Message.Should().Contain(reason);
    }

    private static byte[] Write(IReadOnlyList<RegistryEntry> entries)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(output);
        RegistryEntry.WriteAll(ref writer, entries);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    private static IReadOnlyList<RegistryEntry> Read(byte[] bytes)
    {
        var reader = new FastBinaryReader(bytes);
        IReadOnlyList<RegistryEntry> entries = RegistryEntry.ReadAll(ref reader);
        reader.HasRemaining.Should().BeFalse();
        return entries;
    }
}
