using System;
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
}
