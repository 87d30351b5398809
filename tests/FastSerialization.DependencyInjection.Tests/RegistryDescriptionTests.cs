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

    [Theory]
    [InlineData("")]
    [InlineData("fs-registry-v2\n1 A.B C")]
    [InlineData("fs-registry-v1\nx A.B C")]
    [InlineData("fs-registry-v1\n0 A.B C")]
    [InlineData("fs-registry-v1\n1 A.B")]
    public void MalformedText_IsNotADescription(string text) =>
        RegistryDescription.TryParse(text, out _).Should().BeFalse();
}
