using System;
using System.Buffers;
using System.Collections.Generic;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

public class RoundTripTests
{
    [Fact]
    public void AnOverriddenBaseMember_IsNotHiding_AndRoundTrips()
    {
        // The override is written where the base declares the member and again where the override is declared (the same
        // value; reading sets it twice): the layout pins that, as any change of it would be a change of the wire format.
        typeof(OverridingDerived).GetCustomAttributes(typeof(BinaryLayoutAttribute), false).Should().ContainSingle()
            .Which.Should().BeOfType<BinaryLayoutAttribute>().Which.GetMembers().Should().Equal("VarInt32", "String", "VarInt32", "VarInt32");
        var formatter = new CustomBinaryFormatter();
        formatter.Register<OverridingDerived>(1);
        var value = new OverridingDerived { Level = 300, Label = "top", Extra = 7 };

        OverridingDerived back = formatter.Deserialize<OverridingDerived>(formatter.SerializeToArray(value));

        back.Should().BeEquivalentTo(value);
        ((VirtualBase)back).Level.Should().Be(300);
    }

    [Fact]
    public void Customer_RegisteredAndNothingElse_RoundTrips()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        var customer = new Customer { LastName = "Smith", FirstName = "John", Address = "1 Main Street", Age = 35, Code = 7 };

        byte[] bytes = formatter.SerializeToArray(customer);

        bytes.Should().HaveCount(32, "the seed article's Customer takes 38 bytes hand-written with fixed-width ints; generated, Age and Code are one-byte varints (docs/FORMAT.md section 3a)");
        formatter.Deserialize<Customer>(bytes).Should().BeEquivalentTo(customer);
    }

    [Fact]
    public void ExplicitOrder_WritesInOrderNotDeclaration()
    {
        var value = new Ordered { First = 1, Second = "b", Third = 3, Internal = 4 };
        byte[] bytes = Payload(value);

        var expected = new byte[] { 2, 2, (byte)'b', 6, 8 }; // the ints as zigzag varints: 1 -> 2, 3 -> 6, 4 -> 8
        bytes.Should().Equal(expected);
        Read<Ordered>(bytes).Should().BeEquivalentTo(value);
    }

    [Fact]
    public void UserWrittenWriteDataTo_Wins()
    {
        byte[] bytes = Payload(new UserWritten { Value = 5 });

        bytes.Should().Equal(100); // 50 as a zigzag varint
        Read<UserWritten>(bytes).Value.Should().Be(50, "the generated SetDataFrom reads what the user's WriteDataTo wrote");
    }

    [Fact]
    public void NestedType_TwoLevelsDeep_RoundTrips()
    {
        var value = new Outer.Middle.Inner { A = 3, B = "x" };
        Read<Outer.Middle.Inner>(Payload(value)).Should().Be(value);
    }

    [Fact]
    public void ClosedGenericMembers_RoundTrip()
    {
        var value = new HasClosedGeneric
        {
            PointBox = new Box<Point> { Item = new Point { X = 1, Y = 2 }, Tag = 9 },
            Boxes = new List<Box<Point>> { new() { Item = null, Tag = 1 }, new() { Item = new Point { X = 5 }, Tag = 2 } },
        };

        Read<HasClosedGeneric>(Payload(value)).Should().BeEquivalentTo(value);
    }

    [Fact]
    public void RecordStruct_RoundTrips()
    {
        var value = new PointRecordStruct(4, -5);
        Read<PointRecordStruct>(Payload(value)).Should().Be(value);
    }

    [Fact]
    public void Polymorphic_BaseClassMember_CarriesRegisteredId()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Zoo>(1);
        formatter.Register<Animal>(2);
        formatter.Register<Dog>(3);
        var zoo = new Zoo { Star = new Dog { Name = "Rex", Barks = 3 }, All = new List<Animal> { new() { Name = "cat" }, new Dog { Name = "d", Barks = 1 } } };

        byte[] bytes = formatter.SerializeToArray(zoo);
        Zoo back = formatter.Deserialize<Zoo>(bytes);

        back.Star.Should().BeOfType<Dog>().Which.Barks.Should().Be(3);
        back.Star!.Name.Should().Be("Rex");
        back.All.Should().HaveCount(2);
        back.All![0].Should().BeOfType<Animal>().Which.Name.Should().Be("cat");
        back.All[1].Should().BeOfType<Dog>().Which.Barks.Should().Be(1);

        // Star: length (1 byte), id 3, then Dog's payload: Name ("Rex": 1 + 3 bytes) and Barks (a 1-byte varint).
        int start = 4 + 1;
        bytes[start].Should().Be(1 + 1 + 4 + 1);
        bytes[start + 1].Should().Be(3);
    }

    [Fact]
    public void SealedNestedObject_TakesOneByteOfFraming()
    {
        var value = new AllKinds { Point = new Point { X = 1, Y = 2 } };
        var without = new AllKinds { Point = null };
        var formatter = AllKindsFormatter();

        int difference = formatter.SerializeToArray(value).Length - formatter.SerializeToArray(without).Length;

        difference.Should().Be(1 + 2 - 1, "a null nested object is one 0 byte, a small sealed one is one length byte and its 2 bytes (X and Y, one-byte varints)");
    }

    internal static CustomBinaryFormatter AllKindsFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<AllKinds>(1);
        formatter.Register<Circle>(2);
        formatter.Register<Square>(3);
        return formatter;
    }

    internal static byte[] Payload<T>(T value)
        where T : ICustomBinarySerializable
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        value.WriteDataTo(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    internal static T Read<T>(byte[] payload)
        where T : ICustomBinarySerializable, new()
    {
        var reader = new FastBinaryReader(payload);
        var value = new T();
        value.SetDataFrom(ref reader);
        reader.HasRemaining.Should().BeFalse();
        return value;
    }
}
