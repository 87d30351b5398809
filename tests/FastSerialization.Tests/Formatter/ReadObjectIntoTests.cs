using System;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

/// <summary>
/// <see cref="FastBinaryReader.ReadObjectInto{T}"/> reads a nested struct where it lives (generated readers use
/// it for arrays of structs): the same bytes as <see cref="FastBinaryReader.ReadObject{T}"/>, the same result,
/// the same refusals. Each test reads the same record both ways.
/// </summary>
public class ReadObjectIntoTests
{
    [Fact]
    public void AnArrayOfStructs_ReadsTheSameInPlaceAsThroughReadObject()
    {
        var points = new[] { new Point { X = 1, Y = -2 }, default, new Point { X = int.MaxValue, Y = int.MinValue } };

        byte[] record = Copying().SerializeToArray(new Points { Items = points });

        InPlace().SerializeToArray(new PointsInPlace { Items = points }).Should().Equal(record);
        Copying().Deserialize<Points>(record).Items.Should().Equal(points);
        InPlace().Deserialize<PointsInPlace>(record).Items.Should().Equal(points);
    }

    [Fact]
    public void WhatTheElementHeldBefore_NeverShowsThrough()
    {
        // A nested object shorter than its type (an older writer): the members it lacks keep the defaults, as
        // ReadObject gives them, not what the target held.
        var formatter = new CustomBinaryFormatter();
        formatter.Register<OnePoint>(1);
        byte[] record = formatter.SerializeToArray(new OnePoint { Short = true });
        var reader = new FastBinaryReader(record.AsSpan(5));
        Point target = new() { X = 5, Y = 6 };

        reader.ReadObjectInto(ref target);

        target.Should().Be(new Point { X = 3, Y = 0 });
    }

    [Fact]
    public void ANullEntry_SetsTheDefault()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<OnePoint>(1);
        byte[] record = formatter.SerializeToArray(new OnePoint { Null = true });
        var reader = new FastBinaryReader(record.AsSpan(5));
        Point target = new() { X = 5, Y = 6 };

        reader.ReadObjectInto(ref target);

        target.Should().Be(default(Point));
    }

    [Fact]
    public void AStructWithItsOwnFactory_StartsFromWhatTheFactoryMakes()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<MarkedHolder>(1);

        MarkedHolder back = formatter.Deserialize<MarkedHolder>(formatter.SerializeToArray(new MarkedHolder { Items = new[] { new Marked { Value = 4 } } }));

        back.Items![0].Value.Should().Be(4);
        back.Items[0].Marker.Should().Be(42, "CreateNew set it; the default value has 0");
    }

    [Fact]
    public void UnreadBytesOfAnElement_AreSkipped_OrRefusedWhenTheOptionsSaySo()
    {
        var writer = new CustomBinaryFormatter();
        writer.Register<WidePoints>(1);
        byte[] record = writer.SerializeToArray(new WidePoints { Items = new[] { new WidePoint { X = 1, Y = 2, Z = 3 } } });

        InPlace().Deserialize<PointsInPlace>(record).Items.Should().Equal(new Point { X = 1, Y = 2 });

        CustomBinaryFormatter strict = InPlace(new CustomBinaryFormatterOptions { RejectUnreadBytes = true });
        Action read = () => strict.Deserialize<PointsInPlace>(record);
        read.Should().Throw<FastSerializationException>().WithMessage("*unread*");
    }

    [Fact]
    public void AnElementLongerThanTheRecord_IsRefusedAsThroughReadObject()
    {
        byte[] record = Copying().SerializeToArray(new Points { Items = new[] { new Point { X = 1, Y = 2 } } });
        // The element's length prefix follows the record header (5 bytes) and the collection header (1 byte).
        record[6] = 100;

        Action inPlace = () => InPlace().Deserialize<PointsInPlace>(record);
        Action copied = () => Copying().Deserialize<Points>(record);

        inPlace.Should().Throw<FastSerializationException>().WithMessage("*nested object*");
        copied.Should().Throw<FastSerializationException>().WithMessage("*nested object*");
    }

    [Fact]
    public void NestingPastMaxDepth_IsRefused()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Forest>(1);
        var shallow = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxDepth = 2 });
        shallow.Register<Forest>(1);
        var twoLevels = new Forest { Trees = new[] { new Tree { Children = new[] { new Tree() } } } };
        var threeLevels = new Forest { Trees = new[] { new Tree { Children = new[] { new Tree { Children = new[] { new Tree() } } } } } };

        shallow.Deserialize<Forest>(formatter.SerializeToArray(twoLevels)).Trees![0].Children.Should().HaveCount(1);
        Action read = () => shallow.Deserialize<Forest>(formatter.SerializeToArray(threeLevels));

        read.Should().Throw<FastSerializationException>().WithMessage("*deeper than the limit of 2*");
    }

    /// <summary>A formatter whose type 1 reads its points through ReadObject.</summary>
    private static CustomBinaryFormatter Copying()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Points>(1);
        return formatter;
    }

    /// <summary>A formatter whose type 1 reads the same bytes in place.</summary>
    private static CustomBinaryFormatter InPlace(CustomBinaryFormatterOptions? options = null)
    {
        var formatter = new CustomBinaryFormatter(options ?? new CustomBinaryFormatterOptions());
        formatter.Register<PointsInPlace>(1);
        return formatter;
    }

    private record struct Point : ICustomBinarySerializable
    {
        public int X { get; set; }

        public int Y { get; set; }

        public readonly void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(X);
            writer.Write(Y);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            X = reader.ReadInt32();
            if (reader.HasRemaining)
            {
                Y = reader.ReadInt32();
            }
        }
    }

    private struct WidePoint : ICustomBinarySerializable
    {
        public int X { get; set; }

        public int Y { get; set; }

        public int Z { get; set; }

        public readonly void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(X);
            writer.Write(Y);
            writer.Write(Z);
        }

        public void SetDataFrom(ref FastBinaryReader reader) => throw new NotSupportedException("only written");
    }

    private struct Marked : ICustomBinarySerializable, IBinaryFactory<Marked>
    {
        public int Value { get; set; }

        public int Marker { get; set; }

        public readonly Marked CreateNew() => new() { Marker = 42 };

        public readonly void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Value);

        public void SetDataFrom(ref FastBinaryReader reader) => Value = reader.ReadInt32();
    }

    /// <summary>Writes an array of points; reads it through ReadObject, one copy per element.</summary>
    private sealed class Points : ICustomBinarySerializable
    {
        public Point[]? Items { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => WriteAll(ref writer, Items);

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            int count = reader.ReadCollectionHeader();
            var items = new Point[count];
            for (int i = 0; i < count; i++)
            {
                items[i] = reader.ReadObject<Point>();
            }

            Items = items;
        }

        internal static void WriteAll<T>(ref FastBinaryWriter writer, T[]? items)
            where T : ICustomBinarySerializable
        {
            writer.WriteCollectionHeader(items!.Length);
            foreach (T item in items)
            {
                writer.WriteObject(item);
            }
        }
    }

    /// <summary>The same bytes as <see cref="Points"/>, read in place.</summary>
    private sealed class PointsInPlace : ICustomBinarySerializable
    {
        public Point[]? Items { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => Points.WriteAll(ref writer, Items);

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            int count = reader.ReadCollectionHeader();
            var items = new Point[count];
            for (int i = 0; i < count; i++)
            {
                reader.ReadObjectInto(ref items[i]);
            }

            Items = items;
        }
    }

    private sealed class WidePoints : ICustomBinarySerializable
    {
        public WidePoint[]? Items { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => Points.WriteAll(ref writer, Items);

        public void SetDataFrom(ref FastBinaryReader reader) => throw new NotSupportedException("only written");
    }

    private sealed class MarkedHolder : ICustomBinarySerializable
    {
        public Marked[]? Items { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => Points.WriteAll(ref writer, Items);

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            var items = new Marked[reader.ReadCollectionHeader()];
            for (int i = 0; i < items.Length; i++)
            {
                items[i] = new Marked { Marker = -1 };
                reader.ReadObjectInto(ref items[i]);
            }

            Items = items;
        }
    }

    /// <summary>A struct whose children are read in place too: nesting as deep as the writer made it.</summary>
    private struct Tree : ICustomBinarySerializable
    {
        public Tree[]? Children { get; set; }

        public readonly void WriteDataTo(ref FastBinaryWriter writer) => Points.WriteAll(ref writer, Children ?? Array.Empty<Tree>());

        public void SetDataFrom(ref FastBinaryReader reader) => Children = ReadAll(ref reader);

        internal static Tree[] ReadAll(ref FastBinaryReader reader)
        {
            var trees = new Tree[reader.ReadCollectionHeader()];
            for (int i = 0; i < trees.Length; i++)
            {
                reader.ReadObjectInto(ref trees[i]);
            }

            return trees;
        }
    }

    private sealed class Forest : ICustomBinarySerializable
    {
        public Tree[]? Trees { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => Points.WriteAll(ref writer, Trees);

        public void SetDataFrom(ref FastBinaryReader reader) => Trees = Tree.ReadAll(ref reader);
    }

    /// <summary>Writes one nested point: whole, with only X (as an older writer), or null.</summary>
    private sealed class OnePoint : ICustomBinarySerializable
    {
        public bool Short { get; set; }

        public bool Null { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            if (Null)
            {
                writer.WriteObject<Shorter>(null);
            }
            else if (Short)
            {
                writer.WriteObject(new Shorter { X = 3 });
            }
            else
            {
                writer.WriteObject(new Point { X = 3, Y = 4 });
            }
        }

        public void SetDataFrom(ref FastBinaryReader reader) => throw new NotSupportedException("only written");
    }

    private sealed class Shorter : ICustomBinarySerializable
    {
        public int X { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(X);

        public void SetDataFrom(ref FastBinaryReader reader) => X = reader.ReadInt32();
    }
}
