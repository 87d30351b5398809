using System;
using System.Buffers;
using System.Linq;
using FastSerialization.Generator.Tests.Models.Bounded;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// A generated array of bounded structs is made by <c>BeginBoundedSequence(count, out array)</c>, which does not clear it:
/// each element is set by <c>BeginElement</c> before its members are read. These read such arrays through the formatter
/// (large enough to be allocated uncleared) and check the values, the members that are not written, the other
/// versions' elements and the hostile inputs against <c>ReadObjectArray</c>, the reader the bounded path stands for.
/// </summary>
public class BoundedArrayReadTests
{
    private const int TypeId = 1;

    private delegate void Write(ref FastBinaryWriter writer);

    private static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<TickTape>(TypeId);
        return formatter;
    }

    private static byte[] Payload(Write write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        write(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>An unframed record of <see cref="TickTape"/> (its type id, then the payload).</summary>
    private static byte[] Unframed(byte[] payload) => new byte[] { TypeId }.Concat(payload).ToArray();

    private static TapeTick Tick(int i) => new()
    {
        Time = 1_710_408_000_000_000_000L + (i * 1_000L),
        Bid = 100.0 + (i * 0.25),
        Size = (i % 5) switch { 0 => 0, 1 => int.MaxValue, 2 => int.MinValue, 3 => -1, _ => i },
        Delta = (i % 4) switch { 0 => long.MaxValue, 1 => long.MinValue, 2 => -i, _ => 0 },
        Scratch = 0,
    };

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(5_000)] // 160 KB: a new array of it is not cleared by the runtime
    public void Arrays_RoundTripEveryEdgeValue(int count)
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var tape = new TickTape { Ticks = Enumerable.Range(0, count).Select(Tick).ToArray() };

        TickTape back = formatter.Deserialize<TickTape>(formatter.SerializeToArray(tape));

        back.Ticks.Should().Equal(tape.Ticks);
    }

    [Fact]
    public void ANullArray_RoundTripsAsNull()
    {
        CustomBinaryFormatter formatter = NewFormatter();

        formatter.Deserialize<TickTape>(formatter.SerializeToArray(new TickTape { Ticks = null })).Ticks.Should().BeNull();
    }

    [Fact]
    public void AMemberThatIsNotWritten_ReadsAsTheDefault_InEveryElementOfALargeArray()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        TapeTick[] ticks = Enumerable.Range(0, 5_000).Select(Tick).ToArray();
        byte[] record = formatter.SerializeToArray(new TickTape { Ticks = ticks });

        for (int round = 0; round < 20; round++)
        {
            // Leave large arrays full of set bits behind, so that an array allocated without clearing is likely to get
            // their memory: an element the reader did not set would show it in Scratch.
            for (int i = 0; i < 4; i++)
            {
                var garbage = GC.AllocateUninitializedArray<TapeTick>(ticks.Length);
                garbage.AsSpan().Fill(new TapeTick { Time = -1, Bid = double.NaN, Size = -1, Delta = -1, Scratch = -1 });
                GC.KeepAlive(garbage);
            }

            GC.Collect();
            TickTape back = formatter.Deserialize<TickTape>(record);

            back.Ticks.Should().Equal(ticks, "round {0}: every element, Scratch (not written) at 0", round);
        }
    }

    /// <summary>Elements of three versions and null entries, many of them: as <c>ReadObjectArray</c> reads them.</summary>
    [Fact]
    public void OlderNullAndNewerElements_OfALargeArray_ReadAsReadObjectArrayReadsThem()
    {
        const int count = 4_000;
        byte[] payload = Payload((ref FastBinaryWriter w) =>
        {
            w.WriteCollectionHeader(count);
            for (int i = 0; i < count; i++)
            {
                TapeTick t = Tick(i);
                switch (i % 4)
                {
                    case 0: // an older writer: Time and Bid only
                        w.WriteVarUInt32(1 + 8 + 8);
                        w.Write(t.Time);
                        w.Write(t.Bid);
                        break;
                    case 1: // a null entry
                        w.WriteVarUInt32(0);
                        break;
                    case 2: // a newer writer: two bytes more after Delta
                        w.WriteVarUInt32((uint)(1 + 8 + 8 + VarSize(Zigzag(t.Size)) + VarSize(Zigzag(t.Delta)) + 2));
                        w.Write(t.Time);
                        w.Write(t.Bid);
                        w.WriteVarInt32(t.Size);
                        w.WriteVarInt64(t.Delta);
                        w.Write((byte)0xFF);
                        w.Write((byte)0x01);
                        break;
                    default: // this version
                        w.WriteVarUInt32((uint)(1 + 8 + 8 + VarSize(Zigzag(t.Size)) + VarSize(Zigzag(t.Delta))));
                        w.Write(t.Time);
                        w.Write(t.Bid);
                        w.WriteVarInt32(t.Size);
                        w.WriteVarInt64(t.Delta);
                        break;
                }
            }
        });
        var reference = new FastBinaryReader(payload);
        TapeTick[]? expected = reference.ReadObjectArray<TapeTick>();

        TickTape back = NewFormatter().DeserializeUnframed<TickTape>(Unframed(payload));

        back.Ticks.Should().Equal(expected);
        back.Ticks![0].Should().Be(new TapeTick { Time = Tick(0).Time, Bid = Tick(0).Bid }, "an older writer's missing members are at their defaults");
        back.Ticks[1].Should().Be(default(TapeTick), "a null entry reads as the default");
        back.Ticks[2].Should().Be(Tick(2), "a newer writer's extra bytes are skipped");
        back.Ticks[3].Should().Be(Tick(3));
    }

    /// <summary>A newer writer's element may be long (its length a four-byte varint): its members read, the rest skipped.</summary>
    [Fact]
    public void ANewerWritersElement_WithAFourByteLength_ReadsAndIsSkipped()
    {
        const int extra = 3_000_000;
        TapeTick first = Tick(1);
        byte[] payload = Payload((ref FastBinaryWriter w) =>
        {
            w.WriteCollectionHeader(3);
            w.WriteVarUInt32((uint)(1 + 8 + 8 + VarSize(Zigzag(first.Size)) + VarSize(Zigzag(first.Delta)) + extra));
            w.Write(first.Time);
            w.Write(first.Bid);
            w.WriteVarInt32(first.Size);
            w.WriteVarInt64(first.Delta);
            w.WriteRaw(new byte[extra]);
            w.WriteObject(Tick(2));
            w.WriteObject(Tick(3));
        });
        var reference = new FastBinaryReader(payload);
        TapeTick[]? expected = reference.ReadObjectArray<TapeTick>();

        TickTape back = NewFormatter().DeserializeUnframed<TickTape>(Unframed(payload));

        back.Ticks.Should().Equal(expected);
        back.Ticks.Should().Equal(first, Tick(2), Tick(3));
    }

    private static ulong Zigzag(long value) => (ulong)((value << 1) ^ (value >> 63));

    private static int VarSize(ulong value)
    {
        int size = 1;
        while (value >= 0x80)
        {
            value >>= 7;
            size++;
        }

        return size;
    }

    /// <summary>Many good elements, then one malformed: the data after it is long enough for the whole read to be tried.</summary>
    private static byte[] GoodThen(int good, Write bad, int extra) => Payload((ref FastBinaryWriter w) =>
    {
        w.WriteCollectionHeader(good + 1 + extra);
        for (int i = 0; i < good; i++)
        {
            w.WriteObject(Tick(i));
        }

        bad(ref w);
        for (int i = 0; i < extra; i++)
        {
            w.WriteObject(Tick(i));
        }
    });

    public static TheoryData<string, byte[]> Hostile() => new()
    {
        {
            "a count too large for the frame", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(100_000_000);
                w.WriteObject(Tick(1));
            })
        },
        {
            "an element's length past the end of the data", GoodThen(3_000, (ref FastBinaryWriter w) =>
            {
                w.WriteVarUInt32(1 + 100);
                w.Write(1L);
            }, 0)
        },
        {
            "an element's length past the end of the data, as a two-byte varint", GoodThen(3_000, (ref FastBinaryWriter w) =>
            {
                w.WriteVarUInt32(1 + 1_000);
                w.Write(1L);
            }, 0)
        },
        {
            "an element's length past the end of the data, as a four-byte varint", GoodThen(3_000, (ref FastBinaryWriter w) =>
            {
                w.WriteVarUInt32(1 + 3_000_000);
                w.Write(1L);
            }, 0)
        },
        {
            "a varint running over the element's frame into the next element", GoodThen(3_000, (ref FastBinaryWriter w) =>
            {
                w.WriteVarUInt32(1 + 8 + 8 + 1);
                w.Write(1L);
                w.Write(2.0);
                w.Write((byte)0x81); // the first byte of a longer varint: the next byte is the next element's length
            }, 10)
        },
        {
            "an overlong varint", GoodThen(3_000, (ref FastBinaryWriter w) =>
            {
                w.WriteVarUInt32(1 + 8 + 8 + 11);
                w.Write(1L);
                w.Write(2.0);
                for (int i = 0; i < 10; i++)
                {
                    w.Write((byte)0x80);
                }

                w.Write((byte)0x01);
            }, 10)
        },
        {
            "a 32-bit member past the int range", GoodThen(3_000, (ref FastBinaryWriter w) =>
            {
                w.WriteVarUInt32(1 + 8 + 8 + 5 + 1);
                w.Write(1L);
                w.Write(2.0);
                w.WriteVarUInt64(uint.MaxValue + 1UL);
                w.WriteVarInt64(0);
            }, 10)
        },
        {
            "a double cut off by the element's end", GoodThen(3_000, (ref FastBinaryWriter w) =>
            {
                w.WriteVarUInt32(1 + 8 + 4);
                w.Write(1L);
                w.Write(2.0);
            }, 10)
        },
    };

    [Theory]
    [MemberData(nameof(Hostile))]
    public void HostileArrays_FailWithTheMessageOfReadObjectArray(string what, byte[] payload)
    {
        string? expected = null;
        try
        {
            var reference = new FastBinaryReader(payload);
            reference.ReadObjectArray<TapeTick>();
        }
        catch (FastSerializationException e)
        {
            expected = e.Message;
        }

        string? actual = null;
        try
        {
            var reader = new FastBinaryReader(payload);
            new TickTape().SetDataFrom(ref reader);
        }
        catch (FastSerializationException e)
        {
            actual = e.Message;
        }

        Action read = () => NewFormatter().DeserializeUnframed<TickTape>(Unframed(payload));

        expected.Should().NotBeNull(what + " is malformed");
        actual.Should().Be(expected, what);
        read.Should().Throw<FastSerializationException>(what);
    }

    [Fact]
    public void BeginBoundedSequenceWithACount_RefusesANegativeCount_AndGivesAnEmptyArrayForZero()
    {
        byte[] payload = [0];
        var reader = new FastBinaryReader(payload);
        try
        {
            reader.BeginBoundedSequence<TapeTick>(-1, out _);
            Assert.Fail("a negative count was accepted");
        }
        catch (ArgumentOutOfRangeException e)
        {
            e.ParamName.Should().Be("count");
        }

        var sequence = reader.BeginBoundedSequence<TapeTick>(0, out TapeTick[] elements);
        reader.EndBoundedSequence(ref sequence);

        elements.Should().BeEmpty();
        reader.Position.Should().Be(0, "nothing was read");
    }
}
