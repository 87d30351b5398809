using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// Fixed-layout structs (docs/FORMAT.md section 3b) through the public writer and reader: a header and a
/// block of N * S bytes, pinned with vectors built by hand; hostile counts; the view with no copy.
/// </summary>
public class FixedLayoutTests
{
    /// <summary>A fixed-layout struct whose memory layout is its wire layout (as the generator would declare it).</summary>
    [BinaryFixedLayout(32, true)]
    [StructLayout(LayoutKind.Sequential)]
    public struct Tick : ICustomBinarySerializable
    {
        public long Time;
        public double Bid;
        public double Ask;
        public int BidSize;
        public int AskSize;

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(Time);
            writer.Write(Bid);
            writer.Write(Ask);
            writer.Write(BidSize);
            writer.Write(AskSize);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            Time = reader.ReadInt64();
            Bid = reader.ReadDouble();
            Ask = reader.ReadDouble();
            BidSize = reader.ReadInt32();
            AskSize = reader.ReadInt32();
        }
    }

    /// <summary>A fixed-layout struct copied element by element: a bool (checked when read) and padding in memory.</summary>
    [BinaryFixedLayout(9, false)]
    public struct Flagged : ICustomBinarySerializable
    {
        public long Value;
        public bool Flag;

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(Value);
            writer.Write(Flag);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            Value = reader.ReadInt64();
            Flag = reader.ReadBoolean();
        }
    }

    /// <summary>Not declared fixed-layout.</summary>
    public struct Plain : ICustomBinarySerializable
    {
        public int Value;

        public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Value);

        public void SetDataFrom(ref FastBinaryReader reader) => Value = reader.ReadInt32();
    }

    private static Tick[] Ticks(int count)
    {
        var ticks = new Tick[count];
        for (int i = 0; i < count; i++)
        {
            ticks[i] = new Tick { Time = 1_700_000_000_000_000_000L + i, Bid = 100.25 + i, Ask = 100.5 + i, BidSize = i * 3, AskSize = -i };
        }

        return ticks;
    }

    /// <summary>The bytes of a header and <paramref name="ticks"/>, built with BinaryPrimitives.</summary>
    private static byte[] HandBuilt(Tick[] ticks)
    {
        var bytes = new List<byte> { (byte)(ticks.Length + 1) }; // varuint32 N = count + 1 (counts below 127)
        foreach (Tick t in ticks)
        {
            var element = new byte[32];
            BinaryPrimitives.WriteInt64LittleEndian(element, t.Time);
            BinaryPrimitives.WriteInt64LittleEndian(element.AsSpan(8), BitConverter.DoubleToInt64Bits(t.Bid));
            BinaryPrimitives.WriteInt64LittleEndian(element.AsSpan(16), BitConverter.DoubleToInt64Bits(t.Ask));
            BinaryPrimitives.WriteInt32LittleEndian(element.AsSpan(24), t.BidSize);
            BinaryPrimitives.WriteInt32LittleEndian(element.AsSpan(28), t.AskSize);
            bytes.AddRange(element);
        }

        return bytes.ToArray();
    }

    private static byte[] Write(WriteAction action)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        action(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private delegate void WriteAction(ref FastBinaryWriter writer);

    [Fact]
    public void AnArray_IsAHeaderAndABlockOfNTimesSBytes()
    {
        Tick[] ticks = Ticks(3);
        byte[] bytes = Write((ref FastBinaryWriter w) => w.WriteFixedArray(ticks));
        bytes.Should().Equal(HandBuilt(ticks));
        bytes.Should().HaveCount(1 + (3 * 32));
    }

    [Fact]
    public void AList_AndASpan_WriteTheSameBytesAsTheArray()
    {
        Tick[] ticks = Ticks(5);
        Write((ref FastBinaryWriter w) => w.WriteFixedList(new List<Tick>(ticks))).Should().Equal(HandBuilt(ticks));
        Write((ref FastBinaryWriter w) => w.WriteFixedArray<Tick>(ticks.AsSpan())).Should().Equal(HandBuilt(ticks));
    }

    [Fact]
    public void NullAndEmpty_AreTheUsualHeaders()
    {
        Write((ref FastBinaryWriter w) => w.WriteFixedArray<Tick>((Tick[]?)null)).Should().Equal(0);
        Write((ref FastBinaryWriter w) => w.WriteFixedArray(Array.Empty<Tick>())).Should().Equal(1);
        var reader = new FastBinaryReader(new byte[] { 0, 1, 0 });
        reader.ReadFixedArray<Tick>().Should().BeNull();
        reader.ReadFixedArray<Tick>().Should().BeEmpty();
        reader.ReadFixedList<Tick>().Should().BeNull();
    }

    [Fact]
    public void ReadFixedArrayAndList_ReturnTheElements()
    {
        Tick[] ticks = Ticks(40);
        byte[] bytes = Write((ref FastBinaryWriter w) => w.WriteFixedArray(ticks));
        var reader = new FastBinaryReader(bytes);
        reader.ReadFixedArray<Tick>().Should().Equal(ticks);
        reader = new FastBinaryReader(bytes);
        reader.ReadFixedList<Tick>().Should().Equal(ticks);
        reader.HasRemaining.Should().BeFalse();
    }

    [Fact]
    public void ElementByElementTypes_WriteAndReadTheSameWireForm()
    {
        var values = new[] { new Flagged { Value = -1, Flag = true }, new Flagged { Value = 42, Flag = false } };
        byte[] bytes = Write((ref FastBinaryWriter w) => w.WriteFixedArray(values));
        var expected = new byte[1 + 18];
        expected[0] = 3;
        BinaryPrimitives.WriteInt64LittleEndian(expected.AsSpan(1), -1);
        expected[9] = 1;
        BinaryPrimitives.WriteInt64LittleEndian(expected.AsSpan(10), 42);
        expected[18] = 0;
        bytes.Should().Equal(expected);
        var reader = new FastBinaryReader(bytes);
        reader.ReadFixedArray<Flagged>().Should().Equal(values);
    }

    [Fact]
    public void AMalformedElement_IsRefused_WhenCopiedElementByElement()
    {
        byte[] bytes = { 2, 0, 0, 0, 0, 0, 0, 0, 0, 2 }; // one Flagged whose bool is 2
        Action read = () =>
        {
            var reader = new FastBinaryReader(bytes);
            reader.ReadFixedArray<Flagged>();
        };
        read.Should().Throw<FastSerializationException>();
    }

    [Theory]
    [InlineData(new byte[] { 0x03 }, 32)] // two ticks claimed, 32 bytes there
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F }, 64)] // 2^32 - 2 ticks: N * S passes 2^37, far past an int
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x08 }, 64)] // 2^31 - 1 ticks: N * S overflows an int
    public void ACountWhoseBytesPassTheFrame_IsRefused_BeforeAnythingIsAllocated(byte[] header, int bytesThere)
    {
        var data = new byte[header.Length + bytesThere];
        header.CopyTo(data, 0);
        foreach (Func<string> read in new Func<string>[]
        {
            () => { var r = new FastBinaryReader(data); return r.ReadFixedArray<Tick>()!.Length.ToString(); },
            () => { var r = new FastBinaryReader(data); return r.ReadFixedList<Tick>()!.Count.ToString(); },
            () => { var r = new FastBinaryReader(data); return r.ReadFixedView<Tick>().Length.ToString(); },
            () => { var r = new FastBinaryReader(data); return r.ReadFixedInto<Tick>(new Tick[4]).ToString(); },
        })
        {
            read.Should().Throw<FastSerializationException>().WithMessage("*cannot fit*");
        }
    }

    [Fact]
    public void TheView_LooksAtTheInputWithoutCopying()
    {
        if (!BitConverter.IsLittleEndian)
        {
            return; // the view exists on little-endian machines only (PlatformNotSupportedException elsewhere)
        }

        Tick[] ticks = Ticks(10);
        byte[] bytes = Write((ref FastBinaryWriter w) => w.WriteFixedArray(ticks));
        var reader = new FastBinaryReader(bytes);
        ReadOnlySpan<Tick> view = reader.ReadFixedView<Tick>();
        view.ToArray().Should().Equal(ticks);
        reader.HasRemaining.Should().BeFalse();

        // The same memory: a change to the input shows through.
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(1 + (32 * 3) + 24), 999);
        view[3].BidSize.Should().Be(999);
    }

    [Theory]
    [InlineData(20)]
    [InlineData(10_000)] // 320,000 bytes: past AllocationBudget.MeasureEvery, so the reader measures (it used to allocate its 40-byte tally then)
    public void ReadFixedInto_FillsTheCallersBuffer_WithoutAllocating(int count)
    {
        Tick[] ticks = Ticks(count);
        byte[] bytes = Write((ref FastBinaryWriter w) => w.WriteFixedArray(ticks));
        var destination = new Tick[count + 12];
        int ReadInto()
        {
            var reader = new FastBinaryReader(bytes);
            return reader.ReadFixedInto<Tick>(destination);
        }

        ReadInto().Should().Be(count);
        destination.AsSpan(0, count).ToArray().Should().Equal(ticks);
        long before = GC.GetAllocatedBytesForCurrentThread();
        ReadInto();
        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0);

        var nulls = new FastBinaryReader(new byte[] { 0 });
        nulls.ReadFixedInto<Tick>(destination).Should().Be(-1);
    }

    [Fact]
    public void ReadFixedInto_ABufferTooShort_IsRefused_AndNothingIsRead()
    {
        byte[] bytes = Write((ref FastBinaryWriter w) => w.WriteFixedArray(Ticks(3)));
        var reader = new FastBinaryReader(bytes);
        bool refused = false;
        try
        {
            reader.ReadFixedInto<Tick>(new Tick[2]);
        }
        catch (ArgumentException ex) when (ex.Message.Contains("3 elements"))
        {
            refused = true;
        }

        refused.Should().BeTrue();
        reader.Position.Should().Be(0, "the caller can fall back to ReadFixedArray");
        reader.ReadFixedArray<Tick>().Should().HaveCount(3);
    }

    [Fact]
    public void TheView_AllocatesNothing()
    {
        if (!BitConverter.IsLittleEndian)
        {
            return;
        }

        byte[] bytes = Write((ref FastBinaryWriter w) => w.WriteFixedArray(Ticks(100)));
        int ViewLength()
        {
            var reader = new FastBinaryReader(bytes);
            return reader.ReadFixedView<Tick>().Length;
        }

        ViewLength().Should().Be(100); // warmed up: the type's layout is read once
        long before = GC.GetAllocatedBytesForCurrentThread();
        int total = 0;
        for (int i = 0; i < 100; i++)
        {
            total += ViewLength();
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0);
        total.Should().Be(10_000);
    }

    [Fact]
    public void TheView_OfATypeCopiedElementByElement_IsRefused()
    {
        byte[] bytes = { 1 };
        Action view = () =>
        {
            var reader = new FastBinaryReader(bytes);
            reader.ReadFixedView<Flagged>();
        };
        view.Should().Throw<PlatformNotSupportedException>().WithMessage("*ReadFixedArray*");
    }

    [Fact]
    public void ATypeNotDeclaredFixed_IsRefused_WithHowToDeclareIt()
    {
        Action write = () => Write((ref FastBinaryWriter w) => w.WriteFixedArray(new[] { new Plain() }));
        write.Should().Throw<NotSupportedException>().WithMessage("*FixedLayout = true*");
        Action read = () =>
        {
            var reader = new FastBinaryReader(new byte[] { 1 });
            reader.ReadFixedArray<Plain>();
        };
        read.Should().Throw<NotSupportedException>();
    }

    [Fact]
    public void AFixedLayoutRecord_IsItsSBytesAfterTheHeader()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Tick>(9);
        Tick tick = Ticks(2)[1];
        byte[] record = formatter.SerializeToArray(tick);
        record.Should().HaveCount(4 + 1 + 32);
        record.AsSpan(5).ToArray().Should().Equal(HandBuilt(new[] { tick }).AsSpan(1).ToArray());
        formatter.Deserialize<Tick>(record).Should().Be(tick);
    }
}
