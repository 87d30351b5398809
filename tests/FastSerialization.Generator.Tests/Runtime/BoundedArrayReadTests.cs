using System;
using System.Buffers;
using System.Linq;
using FastSerialization.Generator.Tests.Generator;
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

    /// <summary>What a read of <paramref name="payload"/> gives: the elements, or the exception's type and message.</summary>
    private static string Outcome(byte[] payload, bool generated)
    {
        try
        {
            var reader = new FastBinaryReader(payload);
            TapeTick[]? ticks;
            if (generated)
            {
                var tape = new TickTape();
                tape.SetDataFrom(ref reader);
                ticks = tape.Ticks;
            }
            else
            {
                ticks = reader.ReadObjectArray<TapeTick>();
            }

            return ticks is null
                ? "null"
                : string.Join(";", ticks.Select(t => $"{t.Time},{BitConverter.DoubleToInt64Bits(t.Bid)},{t.Size},{t.Delta},{t.Scratch}")) + " at " + reader.Position;
        }
        catch (FastSerializationException e)
        {
            return "FastSerializationException: " + e.Message;
        }
    }

    /// <summary>
    /// The elements that leave the common path of the plain loop (read out of line, from their start) may be anywhere: the
    /// first, in the middle with elements on the common path after them, or the last.
    /// </summary>
    [Theory]
    [InlineData(0)]
    [InlineData(1_500)]
    [InlineData(2_999)]
    public void AnElementLeavingTheCommonPath_AtAnyIndex_ReadsAsReadObjectArrayReadsIt(int index)
    {
        const int count = 3_000;
        TapeTick older = Tick(7);
        for (int kind = 0; kind < 5; kind++)
        {
            byte[] payload = Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(count);
                for (int i = 0; i < count; i++)
                {
                    if (i != index)
                    {
                        w.WriteObject(Tick(i));
                        continue;
                    }

                    switch (kind)
                    {
                        case 0: // a null entry
                            w.WriteVarUInt32(0);
                            break;
                        case 1: // an older writer's element: Time and Bid only
                            w.WriteVarUInt32(1 + 8 + 8);
                            w.Write(older.Time);
                            w.Write(older.Bid);
                            break;
                        case 2: // a newer writer's element whose length takes four bytes
                            w.WriteVarUInt32((uint)(1 + 8 + 8 + 1 + 1 + 2_100_000));
                            w.Write(older.Time);
                            w.Write(older.Bid);
                            w.WriteVarInt32(-1);
                            w.WriteVarInt64(1);
                            w.WriteRaw(new byte[2_100_000]);
                            break;
                        case 3: // this version's element, its length written in two bytes where one would do (refused)
                            w.Write((byte)0x9B);
                            w.Write((byte)0x00);
                            break;
                        default: // an element cut off by the end of the data (refused)
                            w.WriteVarUInt32(1 + 8 + 8 + 1 + 1);
                            w.Write(older.Time);
                            return;
                    }
                }
            });

            string expected = Outcome(payload, generated: false);

            Outcome(payload, generated: true).Should().Be(expected, "kind {0} at {1}", kind, index);
            if (kind < 3)
            {
                TapeTick[] back = NewFormatter().DeserializeUnframed<TickTape>(Unframed(payload)).Ticks!;
                back.Should().HaveCount(count);
                back[index].Should().Be(kind switch
                {
                    0 => default,
                    1 => new TapeTick { Time = older.Time, Bid = older.Bid },
                    _ => new TapeTick { Time = older.Time, Bid = older.Bid, Size = -1, Delta = 1 },
                });
                back.Where((_, i) => i != index).Should().Equal(Enumerable.Range(0, count).Where(i => i != index).Select(Tick));
            }
            else
            {
                expected.Should().StartWith("FastSerializationException", "kind {0} is malformed", kind);
            }
        }
    }

    /// <summary>
    /// 32-bit compact members of every length, four and five bytes among them (decoded inline by the whole read), at
    /// the edges of each length, in every element of a large array.
    /// </summary>
    [Fact]
    public void CompactMembersOfEveryLength_ReadBackInEveryElement()
    {
        int[] edges =
        {
            0, -1, 63, -64, 64, -65, 8_191, -8_192, 8_192, -8_193, (1 << 20) - 1, -(1 << 20), 1 << 20, -(1 << 20) - 1,
            (1 << 27) - 1, -(1 << 27), 1 << 27, -(1 << 27) - 1, int.MaxValue, int.MinValue, 2_000_000, 4_000_000, -4_000_000,
        };
        TapeTick[] ticks = Enumerable.Range(0, 4_000).Select(i => Tick(i) with { Size = edges[i % edges.Length] }).ToArray();
        CustomBinaryFormatter formatter = NewFormatter();

        TickTape back = formatter.Deserialize<TickTape>(formatter.SerializeToArray(new TickTape { Ticks = ticks }));

        back.Ticks.Should().Equal(ticks);
    }

    /// <summary>
    /// Four- and five-byte varints the reader refuses (not in their shortest form, past 32 bits) in a member the whole read
    /// decodes inline: the element is read out of line, which refuses it with the message of <c>ReadObjectArray</c>.
    /// </summary>
    [Theory]
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x00 })] // four bytes, not the shortest form
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x00 })] // five bytes, not the shortest form
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x10 })] // five bytes, past 32 bits
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0x01 })] // six bytes
    public void LongVarintsTheReaderRefuses_AreRefusedWithItsMessage(byte[] size)
    {
        byte[] payload = GoodThen(3_000, (ref FastBinaryWriter w) =>
        {
            w.WriteVarUInt32((uint)(1 + 8 + 8 + size.Length + 1));
            w.Write(1L);
            w.Write(2.0);
            w.WriteRaw(size);
            w.WriteVarInt64(0);
        }, 10);

        string expected = Outcome(payload, generated: false);

        expected.Should().StartWith("FastSerializationException");
        Outcome(payload, generated: true).Should().Be(expected);
    }

    /// <summary>Arrays of random elements (good, older, newer, null, random bytes) read as <c>ReadObjectArray</c> reads them.</summary>
    [Fact]
    public void RandomArrays_ReadAsReadObjectArrayReadsThem()
    {
        var random = new Random(48_5);
        byte[] palette = { 0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, 0xFF, 0x0F, 0x10 };
        for (int round = 0; round < 3_000; round++)
        {
            byte[] payload = Payload((ref FastBinaryWriter w) =>
            {
                int count = random.Next(8);
                w.WriteCollectionHeader(count);
                for (int i = 0; i < count; i++)
                {
                    TapeTick t = Tick(random.Next(20)) with { Size = random.Next(3) == 0 ? random.Next() >> random.Next(31) : random.Next(-100, 100) };
                    byte[] element = Payload((ref FastBinaryWriter e) =>
                    {
                        e.Write(t.Time);
                        e.Write(t.Bid);
                        e.WriteVarInt32(t.Size);
                        e.WriteVarInt64(t.Delta);
                    });
                    switch (random.Next(6))
                    {
                        case 0:
                            w.WriteVarUInt32(0);
                            break;
                        case 1: // cut anywhere: an older writer, or a malformed element
                            int cut = random.Next(element.Length);
                            w.WriteVarUInt32((uint)cut + 1);
                            w.WriteRaw(element.AsSpan(0, cut));
                            break;
                        case 2: // random bytes
                            int length = random.Next(40);
                            w.WriteVarUInt32((uint)length + 1);
                            for (int b = 0; b < length; b++)
                            {
                                w.Write(random.Next(3) == 0 ? (byte)random.Next(256) : palette[random.Next(palette.Length)]);
                            }

                            break;
                        default: // whole, with bytes after it now and then
                            int extra = random.Next(3) == 0 ? random.Next(1, 5) : 0;
                            w.WriteVarUInt32((uint)(element.Length + extra + 1));
                            w.WriteRaw(element);
                            for (int b = 0; b < extra; b++)
                            {
                                w.Write(palette[random.Next(palette.Length)]);
                            }

                            break;
                    }
                }

                int trailing = random.Next(40);
                for (int b = 0; b < trailing; b++)
                {
                    w.Write(palette[random.Next(palette.Length)]);
                }
            });

            Outcome(payload, generated: true).Should().Be(Outcome(payload, generated: false), "round {0}, payload {1}", round, Convert.ToHexString(payload));
        }
    }

    /// <summary>The plain path's public steps refuse a run or a position outside what is left of the sequence.</summary>
    [Fact]
    public void ThePlainSteps_RefuseAPositionOutsideTheSequence()
    {
        byte[] payload = Payload((ref FastBinaryWriter w) =>
        {
            w.WriteObject(Tick(1));
            w.WriteObject(Tick(1));
        });
        var reader = new FastBinaryReader(payload);
        var sequence = reader.BeginBoundedSequence<TapeTick>();
        sequence.ReadsPlain.Should().BeTrue("TapeTick has no constructor and the formatter skips unread bytes");
        TapeTick value = default;
        sequence.TryBeginPlainElement(ref value, out BoundedRunReader run).Should().BeTrue();
        sequence.Position.Should().Be(0, "nothing moves before EndPlainElement");
        sequence.EndPlainElement(run);
        int second = sequence.Position;
        second.Should().Be(payload.Length / 2);

        string? backwards = null;
        try
        {
            sequence.Resume(second - 1);
        }
        catch (InvalidOperationException e)
        {
            backwards = e.Message;
        }

        string? past = null;
        try
        {
            sequence.Resume(payload.Length + 1);
        }
        catch (InvalidOperationException e)
        {
            past = e.Message;
        }

        sequence.Resume(payload.Length);
        reader.EndBoundedSequence(ref sequence);

        backwards.Should().NotBeNull("a position before the sequence's is refused");
        past.Should().NotBeNull("a position past the frame is refused");
        reader.Position.Should().Be(payload.Length);
    }

    /// <summary>
    /// An older writer's element (its second member missing) followed by bytes that would read as a negative second member:
    /// a setter that refuses a negative value is never called with it (the struct's members are set from locals once the
    /// element is known to be whole), in an array and in a list.
    /// </summary>
    [Fact]
    public void ASetterThatDoesMoreThanStore_IsNotCalledWithAValueFromPastTheElement()
    {
        const int count = 600;
        byte[] payload = Payload((ref FastBinaryWriter w) =>
        {
            for (int holder = 0; holder < 2; holder++)
            {
                w.WriteCollectionHeader(count);
                for (int i = 0; i < count; i++)
                {
                    // An older writer's element: First only. The next element's length (0x03: zigzag -2) comes after it.
                    w.WriteVarUInt32(1 + 1);
                    w.WriteVarInt32(i % 50);
                }
            }
        });
        var formatter = new CustomBinaryFormatter();
        formatter.Register<GuardedPairs>(TypeId);

        GuardedPairs back = formatter.DeserializeUnframed<GuardedPairs>(Unframed(payload));

        GuardedPair[] expected = Enumerable.Range(0, count).Select(i => new GuardedPair { First = i % 50 }).ToArray();
        back.Array.Should().Equal(expected);
        back.List.Should().Equal(expected);
    }

    /// <summary>
    /// The generated code of a sequence of bounded structs: two loops, the plain one calling the element type's plain read;
    /// that read stores each member as it is read only when every member is a field or an auto-property.
    /// </summary>
    [Fact]
    public void TheGeneratedCode_ReadsPlainSequencesInTheirOwnLoop_AndStoresMembersInPlaceOnlyWhenSettingOnlyStores()
    {
        const string source = """
            using FastSerialization;
            namespace App;
            [BinarySerializable] public partial struct Auto { public double Price { get; set; } public long Size; public int? Count { get; set; } }
            [BinarySerializable] public partial struct Guarded { private long _size; public double Price { get; set; } public long Size { get => _size; set => _size = value; } }
            [BinarySerializable] public partial struct Fixed { public double Price; [BinaryMember(FixedWidth = true)] public long Size; }
            [BinarySerializable] public partial class Holder { public Auto[]? Autos; public System.Collections.Generic.List<Guarded>? Guarded; public Fixed[]? Fixed; }
            """;

        GeneratorRun run = GeneratorHarness.Run(source);

        run.CompilationDiagnostics.Should().BeEmpty();
        string ReadBy(string type) => run.Sources.Single(s => s.HintName.Contains("App." + type + ".", StringComparison.Ordinal)).SourceText.ToString();
        string holder = ReadBy("Holder");
        holder.Should().Contain("if (__q0.ReadsPlain)", "the flags are asked once, before the loop");
        holder.Should().Contain("global::App.Auto.__FastSerializationReadPlainElement(ref __q0, ref __r0[__i0]);");
        holder.Should().Contain("global::App.Guarded.__FastSerializationReadPlainElement(ref __q0, ref __o1);");
        holder.Should().Contain("if (__q0.BeginElement(", "the general loop stays for the other sequences");
        string auto = ReadBy("Auto");
        auto.Should().Contain("&& element.__FastSerializationReadWholeInPlace(ref run))", "fields and auto-properties are stored as they are read");
        auto.Should().Contain("this.Size = reader.ReadVarInt64();");
        auto.Should().Contain("run = element.__FastSerializationReadEach(run);", "an element off the common path is read member by member, out of line");
        string guarded = ReadBy("Guarded");
        guarded.Should().Contain("&& element.__FastSerializationReadWhole(ref run))").And.NotContain("__FastSerializationReadWholeInPlace", "a setter with a body is called only with the values of a whole element");
        ReadBy("Fixed").Should().Contain("element.__FastSerializationReadBounded(ref run);").And.NotContain("__FastSerializationReadWhole", "fixed-width members are one run");
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
