using System;
using System.Collections.Generic;
using System.Linq;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>The generated code writes exactly the bytes of a hand-written implementation, and reads them back equal.</summary>
public class EquivalenceTests
{
    [Fact]
    public void Customer_GeneratedBytes_EqualHandWrittenBytes()
    {
        var generated = new CustomBinaryFormatter();
        generated.Register<Customer>(1);
        var handWritten = new CustomBinaryFormatter();
        handWritten.Register<HandWrittenCustomer>(1);
        var customer = new Customer { LastName = "Smith", FirstName = null, Address = "Ünïcode ✓", Age = -3, Code = int.MaxValue };

        byte[] bytes = generated.SerializeToArray(customer);
        byte[] expected = handWritten.SerializeToArray(new HandWrittenCustomer
        {
            LastName = customer.LastName,
            FirstName = customer.FirstName,
            Address = customer.Address,
            Age = customer.Age,
            Code = customer.Code,
        });

        bytes.Should().Equal(expected);
        generated.Deserialize<Customer>(expected).Should().BeEquivalentTo(customer);
    }

    [Fact]
    public void AllKinds_GeneratedBytes_EqualHandWrittenBytes()
    {
        AllKinds value = Sample();
        CustomBinaryFormatter generated = RoundTripTests.AllKindsFormatter();
        var handWritten = new CustomBinaryFormatter();
        handWritten.Register<HandWrittenAllKinds>(1);
        handWritten.Register<Circle>(2);
        handWritten.Register<Square>(3);

        byte[] bytes = generated.SerializeToArray(value);
        byte[] expected = handWritten.SerializeToArray(new HandWrittenAllKinds(value));

        bytes.Should().Equal(expected);
        AllKinds back = generated.Deserialize<AllKinds>(expected);
        AssertEqual(back, value);
    }

    [Fact]
    public void AllKinds_Defaults_RoundTrip()
    {
        CustomBinaryFormatter formatter = RoundTripTests.AllKindsFormatter();
        var value = new AllKinds();
        AllKinds back = formatter.Deserialize<AllKinds>(formatter.SerializeToArray(value));
        AssertEqual(back, value);
    }

    [Fact]
    public void Dictionary_DuplicateKeyInData_ThrowsDocumentedException()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<StringIntMap>(1);
        // Record: length, id 1, then Map: 3 (two pairs), "a" -> 1, "a" -> 2.
        byte[] record = { 15, 0, 0, 0, 1, 3, 2, (byte)'a', 1, 0, 0, 0, 2, (byte)'a', 2, 0, 0, 0 };
        record[0] = (byte)(record.Length - 4);

        Action act = () => formatter.Deserialize<StringIntMap>(record);

        act.Should().Throw<FastSerializationException>().WithMessage("*duplicate key*");
    }

    internal static AllKinds Sample() => new()
    {
        Bool = true,
        Byte = 200,
        SByte = -100,
        Short = -30000,
        UShort = 60000,
        Char = 'é',
        Int = int.MinValue,
        UInt = uint.MaxValue,
        Long = long.MinValue,
        ULong = ulong.MaxValue,
        Float = -0.0f,
        Double = double.Epsilon,
        Decimal = -1234567.891m,
        DateTime = new DateTime(2024, 2, 29, 12, 0, 0, DateTimeKind.Utc),
        TimeSpan = TimeSpan.FromMilliseconds(-5),
        DateTimeOffset = new DateTimeOffset(2020, 1, 1, 1, 1, 1, TimeSpan.FromHours(-7)),
        Guid = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
        String = "héllo",
        NonNullString = "x",
        Color = Color.Green,
        Big = BigEnum.Huge,
        NullableInt = 42,
        NullableColor = null,
        NullableDate = new DateTime(1999, 12, 31),
        Bytes = new byte[] { 1, 2, 3 },
        ReadOnlyMemory = new byte[] { 4, 5 },
        Memory = new byte[] { 6 },
        Ints = new[] { 1, -1, int.MaxValue },
        Doubles = Array.Empty<double>(),
        Strings = new[] { "a", null, "c" },
        Jagged = new[] { new[] { 1, 2 }, Array.Empty<int>() },
        Bools = new[] { true, false },
        List = new List<string> { "l1", "l2" },
        IList = new List<long> { 5L, -6L },
        IReadOnlyList = new List<Point> { new() { X = 1, Y = 2 } },
        HashSet = new HashSet<int> { 3, 1, 2 },
        Dictionary = new Dictionary<string, int> { ["one"] = 1, ["two"] = 2 },
        IReadOnlyDictionary = new Dictionary<int, List<string>?> { [1] = new List<string> { "x" }, [2] = null },
        Point = new Point { X = -1, Y = 1 },
        Size = new Size { Width = 3, Height = 4 },
        NullableSize = new Size { Width = 5, Height = 6 },
        Shape = new Circle { Radius = 2.5 },
        Shapes = new List<IShape> { new Square { Side = 1 }, new Circle { Radius = 3 } },
        Field = 77,
        Ignored = 99,
        NotPublic = 98,
    };

    internal static void AssertEqual(AllKinds actual, AllKinds expected)
    {
        actual.Should().BeEquivalentTo(
            expected,
            options => options
                .Excluding(x => x.ReadOnlyMemory)
                .Excluding(x => x.Memory)
                .Excluding(x => x.Ignored)
                .Excluding(x => x.NotPublic)
                .RespectingRuntimeTypes());
        actual.ReadOnlyMemory.ToArray().Should().Equal(expected.ReadOnlyMemory.ToArray());
        actual.Memory.ToArray().Should().Equal(expected.Memory.ToArray());
        actual.Float.Should().Be(expected.Float);
        BitConverter.SingleToInt32Bits(actual.Float).Should().Be(BitConverter.SingleToInt32Bits(expected.Float), "-0.0 is kept");
        actual.Ignored.Should().Be(0, "[BinaryIgnore] members are not written");
        actual.NotPublic.Should().Be(0, "non-public members without [BinaryMember] are not written");
    }
}

[BinarySerializable]
public sealed partial class StringIntMap
{
    public Dictionary<string, int>? Map { get; set; }
}

/// <summary>AllKinds written by hand with the public writer API, member by member, in declaration order.</summary>
public sealed class HandWrittenAllKinds : ICustomBinarySerializable
{
    private readonly AllKinds _v;

    public HandWrittenAllKinds(AllKinds value)
    {
        _v = value;
    }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        AllKinds v = _v;
        writer.Write(v.Bool);
        writer.Write(v.Byte);
        writer.Write(v.SByte);
        writer.WriteVarInt16(v.Short); // single integers of generated types are varints (docs/FORMAT.md section 3a)
        writer.WriteVarUInt16(v.UShort);
        writer.Write(v.Char);
        writer.WriteVarInt32(v.Int);
        writer.WriteVarUInt32(v.UInt);
        writer.WriteVarInt64(v.Long);
        writer.WriteVarUInt64(v.ULong);
        writer.Write(v.Float);
        writer.Write(v.Double);
        writer.WriteVarDecimal(v.Decimal); // so is a single decimal (VarDecimal)
        writer.Write(v.DateTime);
        writer.Write(v.TimeSpan);
        writer.Write(v.DateTimeOffset);
        writer.Write(v.Guid);
        writer.Write(v.String);
        writer.Write(v.NonNullString);
        writer.WriteEnum(v.Color);
        writer.WriteVarInt64((long)v.Big); // an enum wider than a byte: its underlying type's varint
        writer.Write(v.NullableInt.HasValue);
        if (v.NullableInt.HasValue)
        {
            writer.WriteVarInt32(v.NullableInt.Value);
        }

        writer.Write(v.NullableColor.HasValue);
        if (v.NullableColor.HasValue)
        {
            writer.WriteEnum(v.NullableColor.Value);
        }

        writer.Write(v.NullableDate.HasValue);
        if (v.NullableDate.HasValue)
        {
            writer.Write(v.NullableDate.Value);
        }

        writer.Write(v.Bytes);
        writer.Write(v.ReadOnlyMemory.Span);
        writer.Write((ReadOnlySpan<byte>)v.Memory.Span);
        writer.WriteArray(v.Ints);
        writer.WriteArray(v.Doubles);
        WriteSequence(ref writer, v.Strings);
        if (v.Jagged is null)
        {
            writer.WriteNullCollection();
        }
        else
        {
            writer.WriteCollectionHeader(v.Jagged.Length);
            foreach (int[] inner in v.Jagged)
            {
                writer.WriteArray(inner);
            }
        }

        if (v.Bools is null)
        {
            writer.WriteNullCollection();
        }
        else
        {
            writer.WriteCollectionHeader(v.Bools.Length);
            foreach (bool b in v.Bools)
            {
                writer.Write(b);
            }
        }

        WriteSequence(ref writer, v.List);
        writer.WriteCollectionHeader(v.IList!.Count);
        foreach (long l in v.IList)
        {
            writer.Write(l);
        }

        writer.WriteCollectionHeader(v.IReadOnlyList!.Count);
        foreach (Point p in v.IReadOnlyList)
        {
            writer.WriteObject(p);
        }

        writer.WriteCollectionHeader(v.HashSet!.Count);
        foreach (int i in v.HashSet)
        {
            writer.Write(i);
        }

        writer.WriteCollectionHeader(v.Dictionary!.Count);
        foreach (KeyValuePair<string, int> pair in v.Dictionary)
        {
            writer.Write(pair.Key);
            writer.WriteVarInt32(pair.Value); // a dictionary's integer values are single values too
        }

        writer.WriteCollectionHeader(v.IReadOnlyDictionary!.Count);
        foreach (KeyValuePair<int, List<string>?> pair in v.IReadOnlyDictionary)
        {
            writer.WriteVarInt32(pair.Key);
            WriteSequence(ref writer, pair.Value);
        }

        writer.WriteObject(v.Point);
        writer.WriteObject(v.Size);
        writer.Write(v.NullableSize.HasValue);
        if (v.NullableSize.HasValue)
        {
            writer.WriteObject(v.NullableSize.Value);
        }

        writer.WriteObject(v.Shape);
        writer.WriteCollectionHeader(v.Shapes!.Count);
        foreach (IShape shape in v.Shapes)
        {
            writer.WriteObject(shape);
        }

        writer.WriteVarInt32(v.Field);
    }

    public void SetDataFrom(ref FastBinaryReader reader) => throw new NotSupportedException("Only the writer is compared.");

    private static void WriteSequence(ref FastBinaryWriter writer, IReadOnlyList<string?>? values)
    {
        if (values is null)
        {
            writer.WriteNullCollection();
            return;
        }

        writer.WriteCollectionHeader(values.Count);
        foreach (string? s in values)
        {
            writer.Write(s);
        }
    }
}
