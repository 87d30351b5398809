using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>Generated fixed-layout structs (docs/FORMAT.md section 3b) and the FixedWidth opt-out (section 3a), through the public API.</summary>
public class FixedLayoutTests
{
    private static FixedTick Tick(int i) => new() { Time = 1_700_000_000_000_000_000L + i, Bid = 99.5 + i, Ask = 100 + i, BidSize = i, AskSize = 2 * i };

    private static FixedHolder Sample() => new()
    {
        Ticks = Enumerable.Range(0, 50).Select(Tick).ToArray(),
        TickList = Enumerable.Range(0, 3).Select(Tick).ToList(),
        TickMemory = Enumerable.Range(7, 2).Select(Tick).ToArray(),
        Last = Tick(99),
        Flags = new[] { new FixedFlagged { Flag = true, Value = -5, Small = 300 }, new FixedFlagged { Value = long.MaxValue } },
        Quotes = new List<FixedQuote> { new() { Tick = Tick(1), Side = Side.Sell, Venue = 7 } },
        ReadOnlyTicks = new List<FixedTick> { Tick(4) },
        TimestampTicks = 638_000_000_000_000_000L,
        FixedSide = Side.Buy,
        CompactSide = Side.Sell,
        Small = -2,
    };

    [Fact]
    public void EveryPlace_RoundTrips()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<FixedHolder>(1);
        FixedHolder value = Sample();
        FixedHolder back = formatter.Deserialize<FixedHolder>(formatter.SerializeToArray(value));
        back.Should().BeEquivalentTo(value, o => o.ComparingByMembers<FixedTick>().ComparingByMembers<FixedFlagged>().ComparingByMembers<FixedQuote>()
            .Using<ReadOnlyMemory<FixedTick>>(c => c.Subject.ToArray().Should().Equal(c.Expectation.ToArray())).WhenTypeIs<ReadOnlyMemory<FixedTick>>());
    }

    [Fact]
    public void AFixedTick_IsItsMembersAtFixedWidth_ThirtyTwoBytes()
    {
        FixedTick tick = Tick(3);
        byte[] bytes = RoundTripTests.Payload(tick);
        var expected = new byte[32];
        BinaryPrimitives.WriteInt64LittleEndian(expected, tick.Time);
        BinaryPrimitives.WriteInt64LittleEndian(expected.AsSpan(8), BitConverter.DoubleToInt64Bits(tick.Bid));
        BinaryPrimitives.WriteInt64LittleEndian(expected.AsSpan(16), BitConverter.DoubleToInt64Bits(tick.Ask));
        BinaryPrimitives.WriteInt32LittleEndian(expected.AsSpan(24), tick.BidSize);
        BinaryPrimitives.WriteInt32LittleEndian(expected.AsSpan(28), tick.AskSize);
        bytes.Should().Equal(expected, "no varints, no frame, no padding");
    }

    [Fact]
    public void MembersAndElements_HaveNoFrame_AndArraysAreOneBlock()
    {
        var one = new FixedHolder { Ticks = new[] { Tick(1), Tick(2) } };
        var none = new FixedHolder { Ticks = Array.Empty<FixedTick>() };
        (RoundTripTests.Payload(one).Length - RoundTripTests.Payload(none).Length).Should().Be(2 * 32, "two elements are 64 bytes: no length byte each");

        // The same bytes as the runtime's block writer.
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        writer.WriteFixedArray(one.Ticks);
        writer.Flush();
        RoundTripTests.Payload(one).AsSpan(0, buffer.WrittenCount).ToArray().Should().Equal(buffer.WrittenSpan.ToArray());
    }

    [Fact]
    public void TheLayouts_NameTheSizeAndTheMembers()
    {
        Layout<FixedTick>().Should().Equal("Fixed<32>", "Int64", "Double", "Double", "Int32", "Int32");
        Layout<FixedQuote>().Should().Equal("Fixed<35>", "Fixed<FastSerialization.Generator.Tests.Models.FixedTick(Int64,Double,Double,Int32,Int32)>", "Enum2", "Byte");
        string[] holder = Layout<FixedHolder>();
        holder[0].Should().Be("Sequence<Fixed<FastSerialization.Generator.Tests.Models.FixedTick(Int64,Double,Double,Int32,Int32)>>");
        holder[3].Should().Be("Fixed<FastSerialization.Generator.Tests.Models.FixedTick(Int64,Double,Double,Int32,Int32)>");
        holder.Skip(7).Should().Equal("Int64", "Nullable<Enum2>", "VarEnum<Int16>", "VarInt16");
    }

    [Fact]
    public void TheGenerator_SaysWhichStructsCopyAsBlocks()
    {
        Fixed<FixedTick>().Should().Be((32, true));
        Fixed<FixedFlagged>().Should().Be((11, false));
        Fixed<FixedQuote>().Should().Be((35, true));
        Fixed<FixedLevel>().Should().Be((20, true));
    }

    [Fact]
    public void AStructPackedToFourBytes_IsViewedInPlace_AndReadBack()
    {
        if (!BitConverter.IsLittleEndian)
        {
            return; // the view exists on little-endian machines only (PlatformNotSupportedException elsewhere)
        }

        FixedLevel[] levels = Enumerable.Range(1, 5).Select(i => new FixedLevel { Price = i + 0.5, Size = -i * 1000L, Orders = i }).ToArray();
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        writer.WriteFixedArray(levels);
        writer.Flush();
        buffer.WrittenCount.Should().Be(1 + (5 * 20), "a one-byte count, then 20 bytes a level");

        // The wire order of the first level, little-endian, with no padding between the levels.
        byte[] bytes = buffer.WrittenSpan.ToArray();
        BitConverter.ToDouble(bytes, 1).Should().Be(1.5);
        BitConverter.ToInt64(bytes, 9).Should().Be(-1000);
        BitConverter.ToInt32(bytes, 17).Should().Be(1);
        BitConverter.ToDouble(bytes, 21).Should().Be(2.5);

        var viewReader = new FastBinaryReader(bytes);
        ReadOnlySpan<FixedLevel> view = viewReader.ReadFixedView<FixedLevel>();
        view.ToArray().Should().Equal(levels);
        var arrayReader = new FastBinaryReader(bytes);
        arrayReader.ReadFixedArray<FixedLevel>().Should().Equal(levels);
    }

    [Fact]
    public void FixedWidthMembers_KeepTheirWidth_OthersAreVarints()
    {
        var a = new FixedHolder { TimestampTicks = 1, FixedSide = Side.Buy, CompactSide = Side.Buy, Small = 1 };
        byte[] bytes = RoundTripTests.Payload(a);
        // ... TimestampTicks (8 bytes), FixedSide (1 + 2 bytes), CompactSide (1 byte), Small (1 byte) end the payload.
        bytes.AsSpan(bytes.Length - 13).ToArray().Should().Equal(1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 2, 2);
    }

    [Fact]
    public void AnElementCopiedOneByOne_IsStillChecked()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<FixedHolder>(1);
        byte[] record = formatter.SerializeToArray(new FixedHolder { Flags = new[] { new FixedFlagged { Flag = true } } });
        // Header (5), Ticks null (1), TickList null (1), TickMemory empty (1), Last (32), the Flags header (1): then its bool.
        int flag = 5 + 1 + 1 + 1 + 32 + 1;
        record[flag].Should().Be(1);
        record[flag] = 2;
        Action read = () => formatter.Deserialize<FixedHolder>(record);
        read.Should().Throw<FastSerializationException>();
    }

    private static string[] Layout<T>() =>
        ((BinaryLayoutAttribute)Attribute.GetCustomAttribute(typeof(T), typeof(BinaryLayoutAttribute))!).GetMembers();

    private static (int Size, bool Matches) Fixed<T>()
    {
        var attribute = (BinaryFixedLayoutAttribute)Attribute.GetCustomAttribute(typeof(T), typeof(BinaryFixedLayoutAttribute))!;
        return (attribute.Size, attribute.MemoryLayoutMatches);
    }
}
