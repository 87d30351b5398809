using System;
using System.Collections.Generic;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>Types built through their constructor or object initializer, read through formatter.Register + Deserialize.</summary>
public class ImmutableTypeTests
{
    [Fact]
    public void PositionalRecord_RoundTripsThroughFormatter()
    {
        PersonRecord back = RoundTrip(new PersonRecord("Ada", 36));
        back.Should().Be(new PersonRecord("Ada", 36));
    }

    [Fact]
    public void ReadOnlyRecordStruct_RoundTripsThroughFormatter()
    {
        RoundTrip(new Money(12.5m, "EUR")).Should().Be(new Money(12.5m, "EUR"));
    }

    [Fact]
    public void ReadOnlyRecordStruct_SetDataFrom_FillsTheValue()
    {
        byte[] payload = RoundTripTests.Payload(new Money(3m, "USD"));
        var reader = new FastBinaryReader(payload);
        var value = default(Money);
        value.SetDataFrom(ref reader);
        value.Should().Be(new Money(3m, "USD"));
    }

    [Fact]
    public void ClassWithConstructorAndInitOnly_RoundTripsThroughFormatter()
    {
        var order = new ImmutableOrder(7, "Zed", new List<string> { "a", "b" }) { Note = "fragile" };
        ImmutableOrder back = RoundTrip(order);
        back.Should().BeEquivalentTo(order);
    }

    [Fact]
    public void RequiredMembers_RoundTrip()
    {
        RoundTrip(new WithRequired { Name = "n", Count = 2 }).Should().BeEquivalentTo(new WithRequired { Name = "n", Count = 2 });
        RoundTrip(new WithSetsRequired("m")).Name.Should().Be("m");
    }

    [Fact]
    public void ImmutableTypes_AsNestedMembers_RoundTrip()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<People>(1);
        var people = new People
        {
            All = new List<PersonRecord> { new("a", 1), new("b", 2) },
            Cash = new Money(1m, "GBP"),
            Order = new ImmutableOrder(1, null, null) { Note = "n" },
        };

        People back = formatter.Deserialize<People>(formatter.SerializeToArray(people));

        back.Should().BeEquivalentTo(people);
    }

    [Fact]
    public void ImmutableClass_SetDataFromOnExistingInstance_Throws()
    {
        var order = new ImmutableOrder(1, null, null);
        Action act = () =>
        {
            var reader = new FastBinaryReader(new byte[] { 1, 0, 0, 0 });
            order.SetDataFrom(ref reader);
        };
        act.Should().Throw<NotSupportedException>().WithMessage("*immutable*ReadNew*");
    }

    [Fact]
    public void ImmutableClass_ShortData_LeavesMissingMembersAtDefault()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<ImmutableOrder>(1);
        // A record holding only the first member (Id = 5): length 2, id 1, Id as a zigzag varint (10).
        byte[] record = { 2, 0, 0, 0, 1, 10 };

        ImmutableOrder back = formatter.Deserialize<ImmutableOrder>(record);

        back.Id.Should().Be(5);
        back.Customer.Should().BeNull();
        back.Lines.Should().BeNull();
        back.Note.Should().BeNull();
    }

    private static T RoundTrip<T>(T value)
        where T : ICustomBinarySerializable
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<T>(1);
        return formatter.Deserialize<T>(formatter.SerializeToArray(value));
    }
}
