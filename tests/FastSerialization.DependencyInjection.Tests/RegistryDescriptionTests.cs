using System;
using System.IO;
using System.Linq;
using FluentAssertions;
using Xunit;

namespace FastSerialization.DependencyInjection.Tests;

public sealed class RegistryDescriptionTests
{
    private static RegistryDescription Parse(string text)
    {
        RegistryDescription.TryParse(text, out RegistryDescription? d).Should().BeTrue();
        return d!;
    }

    [Fact]
    public void TheDescription_NamesEachIdTypeAndLayout()
    {
        var f = new CustomBinaryFormatter();
        f.Register<Order>(7);
        f.Register<Customer>(1);

        RegistryDescription d = RegistryDescription.Of(f);

        d.Text.Should().Be(
            "fs-registry-v1\n1 FastSerialization.DependencyInjection.Tests.Customer String;VarInt32\n7 FastSerialization.DependencyInjection.Tests.Order VarInt64");
        d.Fingerprint.Should().MatchRegex("^[0-9a-f]{16}$");
        Parse(d.Text).Fingerprint.Should().Be(d.Fingerprint);
    }

    [Fact]
    public void TheFingerprint_ChangesWithAnyEntry()
    {
        Parse("fs-registry-v1\n1 A.B String").Fingerprint.Should().NotBe(Parse("fs-registry-v1\n1 A.B String;Int32").Fingerprint);
        Parse("fs-registry-v1\n1 A.B String").Fingerprint.Should().NotBe(Parse("fs-registry-v1\n2 A.B String").Fingerprint);
        Parse("fs-registry-v1\n1 A.B String").Fingerprint.Should().Be(Parse("fs-registry-v1\n1 A.B String").Fingerprint);
    }

    [Fact]
    public void AnIdStandingForTwoTypes_IsAMismatchNamingBoth()
    {
        RegistryDescription ours = Parse("fs-registry-v1\n1 A.Quote String\n2 A.Trade Int64");
        RegistryDescription theirs = Parse("fs-registry-v1\n1 A.Trade Int64\n2 A.Quote String");

        ours.FindMismatch(theirs, "client", "server").Should().Be("Registry mismatch at type id 1: the client registers A.Quote, the server registers A.Trade.");
    }

    [Fact]
    public void ADifferentMemberAtAPosition_IsAMismatchNamingThePosition()
    {
        RegistryDescription ours = Parse("fs-registry-v1\n3 A.Trade Int64;String;Double");
        RegistryDescription theirs = Parse("fs-registry-v1\n3 A.Trade Int64;VarInt32;Double");

        ours.FindMismatch(theirs, "client", "server").Should().Be("Registry mismatch at type id 3 (A.Trade): member 1 is String on the client and VarInt32 on the server.");
    }

    [Fact]
    public void AppendedMembersAndIdsOnlyOneSideHas_AreCompatible()
    {
        RegistryDescription ours = Parse("fs-registry-v1\n1 A.Trade Int64;String\n5 A.Extra Int32");
        RegistryDescription theirs = Parse("fs-registry-v1\n1 A.Trade Int64;String;Double\n6 A.Other Int32");

        ours.FindMismatch(theirs, "client", "server").Should().BeNull();
        theirs.FindMismatch(ours, "server", "client").Should().BeNull();
    }

    [Fact]
    public void ThePrintedText_ReadBack_IsTheSameDescription_AlsoWithWindowsLineEnds()
    {
        // An application's CI prints the text, commits it with a release, and reads it back in a later build.
        var f = new CustomBinaryFormatter();
        f.Register<Customer>(1);
        f.Register<Order>(7);
        RegistryDescription printed = RegistryDescription.Of(f);
        string file = Path.Combine(Path.GetTempPath(), $"registry-{Guid.NewGuid():N}.txt");
        try
        {
            File.WriteAllText(file, printed.Text.Replace("\n", "\r\n") + "\r\n"); // as git checks it out on Windows
            RegistryDescription read = Parse(File.ReadAllText(file));

            read.Text.Should().Be(printed.Text);
            read.Fingerprint.Should().Be(printed.Fingerprint);
            read.Entries.Select(e => (e.Id, e.TypeName, e.Layout)).Should().Equal(printed.Entries.Select(e => (e.Id, e.TypeName, e.Layout)));
            printed.FindBreakingChange(read).Should().BeNull();
            printed.FindMismatch(read, "this build", "the release").Should().BeNull();
        }
        finally
        {
            File.Delete(file);
        }
    }

    [Fact]
    public void ABuildThatNoLongerRegistersAnId_BreaksWhatThePreviousOneStored()
    {
        var previous = new CustomBinaryFormatter();
        previous.Register<Customer>(1);
        previous.Register<Order>(7);
        var current = new CustomBinaryFormatter();
        current.Register<Customer>(1);
        current.Register<Order>(8);

        RegistryDescription now = RegistryDescription.Of(current);
        RegistryDescription before = RegistryDescription.Of(previous);

        now.FindBreakingChange(before).Should().Be(
            "Type id 7 (FastSerialization.DependencyInjection.Tests.Order) is registered by the previous build and not by this one: records of it written before cannot be read. " +
            "Keep registering FastSerialization.DependencyInjection.Tests.Order under id 7.");
        now.FindMismatch(before, "client", "server").Should().BeNull("two processes may each have ids the other lacks");
    }

    [Fact]
    public void AnIdGivenToAnotherType_IsABreakingChangeNamingBoth()
    {
        RegistryDescription before = Parse("fs-registry-v1\n1 A.Quote String\n2 A.Trade Int64");
        RegistryDescription now = Parse("fs-registry-v1\n1 A.Trade Int64\n2 A.Quote String");

        now.FindBreakingChange(before).Should().Be(
            "Type id 1 stood for A.Quote in the previous build and stands for A.Trade in this one: records written before would be read as the wrong type. " +
            "Never give an id to another type; register A.Trade under a new id.");
    }

    [Theory]
    [InlineData("Int64;VarInt32;Double", "Type id 3 (A.Trade): member 1 was String in the previous build and is VarInt32 in this one. Members are only appended, never reordered or retyped.")]
    [InlineData("String;Int64;Double", "Type id 3 (A.Trade): member 0 was Int64 in the previous build and is String in this one. Members are only appended, never reordered or retyped.")]
    [InlineData("Int64;String", "Type id 3 (A.Trade) has 2 member(s) in this build and had 3 in the previous one: member 2 (Double) was removed. Members are only appended, never removed.")]
    public void AMemberRetypedReorderedOrRemoved_IsABreakingChangeNamingThePosition(string layout, string message)
    {
        RegistryDescription before = Parse("fs-registry-v1\n3 A.Trade Int64;String;Double");
        RegistryDescription now = Parse("fs-registry-v1\n3 A.Trade " + layout);

        now.FindBreakingChange(before).Should().Be(message);
    }

    [Fact]
    public void AppendedMembers_NewIds_AndHandWrittenTypes_AreNotBreaking()
    {
        RegistryDescription before = Parse("fs-registry-v1\n1 A.Trade Int64;String\n2 A.Manual \n3 A.Grid<System.Int32[]> Int32");
        RegistryDescription now = Parse("fs-registry-v1\n1 A.Trade Int64;String;Double\n2 A.Manual \n3 A.Grid<System.Int32[,]> Int32\n9 A.New Int32");

        now.FindBreakingChange(before).Should().BeNull();
        before.FindBreakingChange(now).Should().Be(
            "Type id 1 (A.Trade) has 2 member(s) in this build and had 3 in the previous one: member 2 (Double) was removed. Members are only appended, never removed.",
            "going back to the earlier build loses the appended member");
    }

    [Theory]
    [InlineData("")]
    [InlineData("fs-registry-v2\n1 A.B C")]
    [InlineData("fs-registry-v1\nx A.B C")]
    [InlineData("fs-registry-v1\n0 A.B C")]
    [InlineData("fs-registry-v1\n1 A.B")]
    public void MalformedText_IsNotADescription(string text) =>
        RegistryDescription.TryParse(text, out _).Should().BeFalse();
}
