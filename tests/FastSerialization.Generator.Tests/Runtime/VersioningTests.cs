using System;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using Xunit;
using V1 = FastSerialization.Generator.Tests.Models.V1;
using V2 = FastSerialization.Generator.Tests.Models.V2;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>docs/FORMAT.md section 4: an older and a newer build of the same types read each other's data.</summary>
public class VersioningTests
{
    private static CustomBinaryFormatter Old(bool strict = false)
    {
        var f = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = strict });
        f.Register<V1.Order>(1);
        f.Register<V1.Item>(2);
        return f;
    }

    private static CustomBinaryFormatter New()
    {
        var f = new CustomBinaryFormatter();
        f.Register<V2.Order>(1);
        f.Register<V2.Item>(2);
        return f;
    }

    [Fact]
    public void OlderData_ReadsIntoNewerType_WithDefaultsForNewMembers()
    {
        var old = new V1.Order
        {
            Id = 4,
            Ship = new V1.Address { Street = "Elm" },
            History = new List<V1.Address> { new() { Street = "Oak" }, new() { Street = "Ash" } },
            After = "after",
        };

        V2.Order read = New().Deserialize<V2.Order>(Old().SerializeToArray(old));

        read.Id.Should().Be(4);
        read.Ship!.Street.Should().Be("Elm");
        read.Ship.City.Should().BeNull();
        read.Ship.Zip.Should().Be(-1, "a member the data does not have keeps the value the constructor gave it");
        read.History!.Select(a => a.Street).Should().Equal("Oak", "Ash");
        read.History.Should().OnlyContain(a => a.City == null && a.Zip == -1);
        read.After.Should().Be("after");
        read.Total.Should().Be(0m);
        read.Extra.Should().BeNull();
        read.Deep.Should().BeNull();
    }

    [Fact]
    public void NewerData_ReadsIntoOlderType_SkippingUnknownMembersAtEveryLevel()
    {
        var newer = new V2.Order
        {
            Id = 9,
            Ship = new V2.Address { Street = "Elm", City = "Springfield", Zip = 12345 },
            History = new List<V2.Address> { new() { Street = "Oak", City = "X", Zip = 1 }, new() { Street = "Ash", City = "Y", Zip = 2 } },
            After = "after",
            Total = 99.5m,
            Extra = new List<int> { 1, 2, 3 },
            Deep = new Models.Node { Value = 1, Next = new Models.Node { Value = 2 } },
        };

        V1.Order read = Old().Deserialize<V1.Order>(New().SerializeToArray(newer));

        read.Id.Should().Be(9);
        read.Ship!.Street.Should().Be("Elm");
        read.History!.Select(a => a.Street).Should().Equal("Oak", "Ash");
        read.After.Should().Be("after", "the member after the nested objects is unharmed by the bytes skipped inside them");
    }

    [Fact]
    public void StreamOfRecords_BothDirections_SurroundingRecordsUnharmed()
    {
        var buffer = new System.IO.MemoryStream();
        CustomBinaryFormatter newer = New();
        newer.Serialize(buffer, new V2.Item(1, "first") { Comment = "c1" });
        newer.Serialize(buffer, new V2.Order { Id = 2, Ship = new V2.Address { Street = "s", City = "c" }, After = "a", Total = 1m });
        newer.Serialize(buffer, new V2.Item(3, "third") { Comment = "c3" });
        byte[] data = buffer.ToArray();

        CustomBinaryFormatter old = Old();
        object first = old.Deserialize(data, out int used1);
        object second = old.Deserialize(data.AsSpan(used1), out int used2);
        object third = old.Deserialize(data.AsSpan(used1 + used2), out int used3);

        used1.Should().BeGreaterThan(0);
        (used1 + used2 + used3).Should().Be(data.Length);
        first.Should().Be(new V1.Item(1, "first"));
        second.Should().BeOfType<V1.Order>().Which.After.Should().Be("a");
        third.Should().Be(new V1.Item(3, "third"));

        // And back: old records read into the new types, the appended init-only member at its default.
        byte[] oldData = old.SerializeToArray(new V1.Item(5, "five"));
        newer.Deserialize<V2.Item>(oldData).Should().Be(new V2.Item(5, "five") { Comment = null });
    }

    [Fact]
    public void OlderData_IntoARecordWithAppendedParameters_GivesThemTheirDefaultValues()
    {
        var old = new CustomBinaryFormatter();
        old.Register<V1.Contact>(3);
        var newer = new CustomBinaryFormatter();
        newer.Register<V2.Contact>(3);

        V2.Contact read = newer.Deserialize<V2.Contact>(old.SerializeToArray(new V1.Contact("Ann", 41)));

        read.Should().Be(new V2.Contact("Ann", 41), "a parameter the data does not hold gets its default value, as a call without it would");
        read.Email.Should().Be("none \"quoted\"\n");
        read.Tier.Should().Be(V2.Tier.Gold);
        read.Price.Should().Be(79228162514264337593543950.335m);
        read.Floor.Should().Be(long.MinValue);
        read.Unknown.Should().Be(double.NaN);
        BitConverter.DoubleToInt64Bits(read.NegativeZero).Should().BeNegative("the default is negative zero, sign included");
        read.Since.Should().Be(new DateTime(2000, 1, 1), "a [DateTimeConstant] default");

        // Values that are written are read as written, defaults or not.
        var full = new V2.Contact("Bo", 7, new DateTime(2026, 11, 27), "b@x", 1, V2.Tier.None, 0, 0, 0, 'b', null, 0, 0, false, 1.5, "n", 9, 2.5);
        newer.Deserialize<V2.Contact>(newer.SerializeToArray(full)).Should().Be(full);
    }

    [Fact]
    public void NewerData_IntoOlderType_StrictMode_ThrowsNamingTheType()
    {
        byte[] data = New().SerializeToArray(new V2.Order { Id = 1, Total = 2m });

        Action act = () => Old(strict: true).Deserialize<V1.Order>(data);

        act.Should().Throw<FastSerializationException>().WithMessage("*V1.Order*unread*");
    }
}
