using System;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

/// <summary>
/// <see cref="FastBinaryWriter.WriteObjectArray{T}"/> and <see cref="FastBinaryReader.ReadObjectArray{T}"/>: an array of
/// structs as a collection of nested objects, the bytes of a loop over <see cref="FastBinaryWriter.WriteObject{T}"/>,
/// read in place into an array that is not zeroed first.
/// </summary>
public class ObjectArrayTests
{
    [Fact]
    public void WriteObjectArray_WritesTheBytesOfTheLoop_AndReadObjectArrayReadsThemBack()
    {
        var items = new[] { new Sample { Id = 1, Price = 2.5, Count = -3 }, default, new Sample { Id = long.MaxValue, Price = double.NaN, Count = int.MinValue } };

        byte[] viaArray = Formatter<ArrayHolder>().SerializeToArray(new ArrayHolder { Items = items });
        byte[] viaLoop = Formatter<LoopHolder>().SerializeToArray(new LoopHolder { Items = items });

        viaArray.Should().Equal(viaLoop);
        Formatter<ArrayHolder>().Deserialize<ArrayHolder>(viaLoop).Items.Should().Equal(items);
    }

    [Fact]
    public void NullAndEmpty_RoundTrip()
    {
        CustomBinaryFormatter formatter = Formatter<ArrayHolder>();

        formatter.Deserialize<ArrayHolder>(formatter.SerializeToArray(new ArrayHolder { Items = null })).Items.Should().BeNull();
        formatter.Deserialize<ArrayHolder>(formatter.SerializeToArray(new ArrayHolder { Items = Array.Empty<Sample>() })).Items.Should().BeEmpty();
    }

    [Fact]
    public void ShortAndNullElements_ReadWithDefaults()
    {
        // Elements written short (an older writer: the id only) keep the defaults of the members they lack, and null
        // entries read as the default struct, as ReadObject gives them.
        var formatter = Formatter<ShortWriter>();
        formatter.Register<ArrayHolder>(2);
        byte[] record = formatter.SerializeToArray(new ShortWriter { Count = 1_000 });
        record[4] = 2; // the same payload, read as the array holder (type id 2)

        Sample[] items = formatter.Deserialize<ArrayHolder>(record).Items!;

        items.Should().HaveCount(1_000);
        for (int i = 0; i < items.Length; i++)
        {
            items[i].Should().Be(i % 2 == 0 ? new Sample { Id = i } : default, "element {0}", i);
        }
    }

    [Fact]
    public void ACountPastTheFrame_IsRefusedBeforeTheArrayIsAllocated()
    {
        byte[] payload = Bytes.Written((ref FastBinaryWriter w) =>
        {
            w.WriteCollectionHeader(100_000_000);
            w.Write((byte)1);
        });

        long before = GC.GetAllocatedBytesForCurrentThread();
        FastSerializationException? error = null;
        try
        {
            var reader = new FastBinaryReader(payload);
            reader.ReadObjectArray<Sample>();
        }
        catch (FastSerializationException e)
        {
            error = e;
        }

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        error.Should().NotBeNull();
        error!.Message.Should().Contain("cannot fit");
        allocated.Should().BeLessThan(64 * 1024);
    }

    [Fact]
    public void AStructWithItsOwnFactory_StartsEachElementFromWhatTheFactoryMakes()
    {
        byte[] payload = Bytes.Written((ref FastBinaryWriter w) => w.WriteObjectArray(new[] { new Marked { Value = 4 }, new Marked { Value = 5 } }));

        Marked[] items = Bytes.Read(payload, (ref FastBinaryReader r) => r.ReadObjectArray<Marked>())!;

        items.Should().Equal(new Marked { Value = 4, Marker = 42 }, new Marked { Value = 5, Marker = 42 });
    }

    [Fact]
    public void ReadingAnArray_AllocatesTheArrayAndLittleElse()
    {
        var items = new Sample[1_000];
        byte[] payload = Bytes.Written((ref FastBinaryWriter w) => w.WriteObjectArray(items));
        Read(payload); // warm up

        long before = GC.GetAllocatedBytesForCurrentThread();
        int count = Read(payload);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        count.Should().Be(1_000);
        allocated.Should().BeLessThan((1_000 * 24) + 128, "the array of 1,000 24-byte structs and its header");

        static int Read(byte[] payload)
        {
            var reader = new FastBinaryReader(payload);
            return reader.ReadObjectArray<Sample>()!.Length;
        }
    }

    private static CustomBinaryFormatter Formatter<T>()
        where T : ICustomBinarySerializable, new()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<T>(1);
        return formatter;
    }

    private record struct Sample : ICustomBinarySerializable
    {
        public long Id { get; set; }

        public double Price { get; set; }

        public int Count { get; set; }

        public readonly void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(Id);
            writer.Write(Price);
            writer.Write(Count);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            if (!reader.HasRemaining)
            {
                return;
            }

            Id = reader.ReadInt64();
            if (!reader.HasRemaining)
            {
                return;
            }

            Price = reader.ReadDouble();
            if (!reader.HasRemaining)
            {
                return;
            }

            Count = reader.ReadInt32();
        }
    }

    private record struct Marked : ICustomBinarySerializable, IBinaryFactory<Marked>
    {
        public int Value { get; set; }

        public int Marker { get; set; }

        public readonly Marked CreateNew() => new() { Marker = 42 };

        public readonly void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Value);

        public void SetDataFrom(ref FastBinaryReader reader) => Value = reader.ReadInt32();
    }

    private sealed class ArrayHolder : ICustomBinarySerializable
    {
        public Sample[]? Items { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => writer.WriteObjectArray(Items);

        public void SetDataFrom(ref FastBinaryReader reader) => Items = reader.ReadObjectArray<Sample>();
    }

    private sealed class LoopHolder : ICustomBinarySerializable
    {
        public Sample[]? Items { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteCollectionHeader(Items!.Length);
            foreach (Sample item in Items)
            {
                writer.WriteObject(item);
            }
        }

        public void SetDataFrom(ref FastBinaryReader reader) => throw new NotSupportedException("only written");
    }

    /// <summary>Writes what an older writer of <see cref="Sample"/> would: even elements with the id only, odd ones as null entries.</summary>
    private sealed class ShortWriter : ICustomBinarySerializable
    {
        public int Count { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteCollectionHeader(Count);
            for (int i = 0; i < Count; i++)
            {
                if (i % 2 == 0)
                {
                    writer.Write((byte)9); // a nested object of 8 bytes: L = 8 + 1
                    writer.Write((long)i);
                }
                else
                {
                    writer.Write((byte)0); // a null entry
                }
            }
        }

        public void SetDataFrom(ref FastBinaryReader reader) => throw new NotSupportedException("only written");
    }
}
