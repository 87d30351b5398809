using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using FastSerialization.Generator.Tests.Generator;
using FluentAssertions;
using Xunit;
using V1 = FastSerialization.Generator.Tests.Models.BoundedVersions.V1;
using Side = FastSerialization.Generator.Tests.Models.BoundedVersions.V2.Side;
using V2 = FastSerialization.Generator.Tests.Models.BoundedVersions.V2;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// A bounded struct with compact members is read whole first (every member at once, one check at the end) when the data
/// holds its largest payload, and member by member when that check fails: for every way a type holds it, an older
/// writer's elements read with the new members at their defaults, a newer writer's extra members are skipped (or refused),
/// and malformed or cut-off elements fail exactly as ReadObject fails on them, also when bytes after the element would
/// have let the whole read run on.
/// </summary>
public class BoundedWholeReadTests
{
    /// <summary>V2.Quote's largest payload: Price 8, Size 10, Count 5, Tick 3, Firm 2, Side 1.</summary>
    private const int LargestPayload = 29;

    private delegate void Write(ref FastBinaryWriter writer);

    private static byte[] Payload(Write write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        write(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static CustomBinaryFormatter Formatter<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(System.Diagnostics.CodeAnalysis.DynamicallyAccessedMemberTypes.PublicConstructors | System.Diagnostics.CodeAnalysis.DynamicallyAccessedMemberTypes.NonPublicConstructors)] T>(bool rejectUnreadBytes = false)
        where T : ICustomBinarySerializable
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = rejectUnreadBytes });
        formatter.Register<T>(1);
        return formatter;
    }

    private static V2.Quote Largest(double price, Side side = Side.Bid) => new()
    {
        Price = price,
        Size = long.MinValue, // a 10-byte varint
        Count = int.MinValue, // a 5-byte varint
        Tick = short.MinValue, // a 3-byte varint
        Firm = true,
        Side = side,
    };

    private static V2.Quote Small(double price) => new() { Price = price, Size = 3, Count = 4, Tick = 0, Firm = null, Side = Side.None };

    private static V2.QuoteHolder NewHolder() => new()
    {
        One = Largest(1.5),
        Maybe = Small(2.5),
        Array = new[] { Largest(3.5), Small(4.5), new V2.Quote { Price = 5.5, Size = long.MaxValue, Count = int.MaxValue, Tick = short.MaxValue, Firm = false } },
        List = new List<V2.Quote> { Small(6.5), Largest(7.5, Side.Ask) },
        ByKey = new Dictionary<int, V2.Quote> { [1] = Largest(8.5), [2] = Small(9.5) },
        After = 12_345,
    };

    private static V1.QuoteHolder OldHolder() => new()
    {
        One = new V1.Quote { Price = 1.5, Size = long.MinValue },
        Maybe = new V1.Quote { Price = 2.5, Size = 3 },
        Array = new[] { new V1.Quote { Price = 3.5, Size = long.MaxValue }, new V1.Quote { Price = 4.5, Size = -1 } },
        List = new List<V1.Quote> { new() { Price = 6.5, Size = 0 }, new() { Price = 7.5, Size = long.MinValue } },
        ByKey = new Dictionary<int, V1.Quote> { [1] = new() { Price = 8.5, Size = 1 << 30 }, [2] = new() { Price = 9.5, Size = 2 } },
        After = 12_345,
    };

    [Fact]
    public void EveryHoldingForm_RoundTrips_WithMembersAtTheirLargestAndSmallestEncodings()
    {
        CustomBinaryFormatter formatter = Formatter<V2.QuoteHolder>();
        V2.QuoteHolder holder = NewHolder();
        var empty = new V2.QuoteHolder { One = Small(0), Maybe = null, Array = null, List = new List<V2.Quote>(), ByKey = null, After = -7 };

        V2.QuoteHolder back = formatter.DeserializeUnframed<V2.QuoteHolder>(formatter.SerializeUnframedToArray(holder));
        V2.QuoteHolder emptyBack = formatter.DeserializeUnframed<V2.QuoteHolder>(formatter.SerializeUnframedToArray(empty));

        back.Should().BeEquivalentTo(holder);
        emptyBack.Should().BeEquivalentTo(empty);
    }

    [Fact]
    public void AnElementAtTheLargestPayload_TakesExactlyIt_AndReadsBack()
    {
        var array = new V2.QuoteArray { Items = new[] { Largest(1.0), Largest(2.0) }, After = 1 };

        byte[] payload = Payload((ref FastBinaryWriter w) => array.WriteDataTo(ref w));
        V2.QuoteArray back = Generated(payload);

        payload.Length.Should().Be(1 + 2 * (1 + LargestPayload) + 1, "the header, two elements of the largest payload and their lengths, After");
        payload[1].Should().Be(1 + LargestPayload, "the element's length, one more than its payload");
        back.Should().BeEquivalentTo(array);
    }

    [Fact]
    public void AnOlderWritersStructs_ReadWithTheNewMembersAtTheirDefaults_InEveryHoldingForm()
    {
        byte[] written = Formatter<V1.QuoteHolder>().SerializeUnframedToArray(OldHolder());

        V2.QuoteHolder read = Formatter<V2.QuoteHolder>().DeserializeUnframed<V2.QuoteHolder>(written);

        V1.QuoteHolder old = OldHolder();
        V2.Quote Upgraded(V1.Quote q) => new() { Price = q.Price, Size = q.Size }; // Count -1, Firm null, Side Ask: the constructor's
        read.Should().BeEquivalentTo(new V2.QuoteHolder
        {
            One = Upgraded(old.One),
            Maybe = Upgraded(old.Maybe!.Value),
            Array = old.Array!.Select(Upgraded).ToArray(),
            List = old.List!.Select(Upgraded).ToList(),
            ByKey = old.ByKey!.ToDictionary(p => p.Key, p => Upgraded(p.Value)),
            After = 12_345,
        });
        read.One.Count.Should().Be(-1, "a member the older writer did not write keeps what the constructor set");
        read.List![1].Side.Should().Be(Side.Ask);
    }

    [Fact]
    public void ANewerWritersStructs_ReadByTheOlderVersion_SkipTheNewMembers()
    {
        byte[] written = Formatter<V2.QuoteHolder>().SerializeUnframedToArray(NewHolder());

        V1.QuoteHolder read = Formatter<V1.QuoteHolder>().DeserializeUnframed<V1.QuoteHolder>(written);

        V2.QuoteHolder holder = NewHolder();
        V1.Quote Downgraded(V2.Quote q) => new() { Price = q.Price, Size = q.Size };
        read.Should().BeEquivalentTo(new V1.QuoteHolder
        {
            One = Downgraded(holder.One),
            Maybe = Downgraded(holder.Maybe!.Value),
            Array = holder.Array!.Select(Downgraded).ToArray(),
            List = holder.List!.Select(Downgraded).ToList(),
            ByKey = holder.ByKey!.ToDictionary(p => p.Key, p => Downgraded(p.Value)),
            After = 12_345,
        });
    }

    [Fact]
    public void ANewerWritersMembers_AreRefused_WhenTheFormatterRejectsUnreadBytes_ForAMemberAndForArrayElements()
    {
        byte[] member = Formatter<V2.QuoteHolder>().SerializeUnframedToArray(new V2.QuoteHolder { One = Largest(1) });
        byte[] array = Formatter<V2.QuoteArray>().SerializeUnframedToArray(new V2.QuoteArray { Items = new[] { Small(1), Largest(2) } });

        Action readMember = () => Formatter<V1.QuoteHolder>(rejectUnreadBytes: true).DeserializeUnframed<V1.QuoteHolder>(member);
        Action readArray = () => Formatter<V1.QuoteArray>(rejectUnreadBytes: true).DeserializeUnframed<V1.QuoteArray>(array);

        readMember.Should().Throw<FastSerializationException>().WithMessage("*Quote left 11 byte(s) of its frame unread*", "Count, Tick, Firm and Side of the largest payload");
        readArray.Should().Throw<FastSerializationException>().WithMessage("*Quote left 4 byte(s) of its frame unread*", "Count, Tick, Firm and Side of the small one, the first element");
        Formatter<V1.QuoteArray>().DeserializeUnframed<V1.QuoteArray>(array).Items.Should().Equal(new V1.Quote { Price = 1, Size = 3 }, new V1.Quote { Price = 2, Size = long.MinValue });
    }

    private static V2.QuoteArray Generated(byte[] payload)
    {
        var array = new V2.QuoteArray();
        var reader = new FastBinaryReader(payload);
        array.SetDataFrom(ref reader);
        return array;
    }

    /// <summary>The same payload read with ReadObjectArray, whose elements are read by the struct's own SetDataFrom: the path the generated one replaces.</summary>
    private static V2.QuoteArray Reference(byte[] payload)
    {
        var reader = new FastBinaryReader(payload);
        var array = new V2.QuoteArray { Items = reader.ReadObjectArray<V2.Quote>() };
        if (reader.HasRemaining)
        {
            array.After = reader.ReadVarInt32();
        }

        return array;
    }

    /// <summary>What a read gave: every value, bit for bit, or the message of its FastSerializationException (any other exception fails the test).</summary>
    private static string Outcome(Func<byte[], V2.QuoteArray> read, byte[] payload)
    {
        V2.QuoteArray array;
        try
        {
            array = read(payload);
        }
        catch (FastSerializationException e)
        {
            return "throws: " + e.Message;
        }

        var text = new StringBuilder();
        if (array.Items is null)
        {
            text.Append("null");
        }
        else
        {
            foreach (V2.Quote q in array.Items)
            {
                text.Append(CultureInfo.InvariantCulture, $"[{BitConverter.DoubleToInt64Bits(q.Price):X} {q.Size} {q.Count} {q.Tick} {q.Firm?.ToString() ?? "null"} {q.Side}]");
            }
        }

        return text.Append(CultureInfo.InvariantCulture, $" after {array.After}").ToString();
    }

    /// <summary>Bytes enough after an element for the whole read to run past its end: it must still fail or fall back as the element says.</summary>
    private static void Padding(ref FastBinaryWriter w)
    {
        for (int i = 0; i < LargestPayload + 4; i++)
        {
            w.Write((byte)0x00);
        }
    }

    public static TheoryData<string, byte[]> Hostile() => new()
    {
        {
            "an element longer than the data", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 200);
                w.Write(1.0);
                Padding(ref w);
            })
        },
        {
            "an element length past the int range", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(uint.MaxValue);
                Padding(ref w);
            })
        },
        {
            "a count the data cannot hold", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1_000_000);
                w.WriteVarUInt32(1 + 8);
                w.Write(1.0);
                Padding(ref w);
            })
        },
        {
            "a count past the int range", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteVarUInt32(uint.MaxValue);
                Padding(ref w);
            })
        },
        {
            "a varint cut off by the element's end, the data going on", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(2);
                w.WriteVarUInt32(1 + 8 + 1);
                w.Write(1.0);
                w.Write((byte)0x81); // Size's first byte says more follow: the next bytes are the next element's
                w.WriteVarUInt32(1 + 8);
                w.Write(2.0);
                Padding(ref w);
            })
        },
        {
            "a double cut off by the element's end, the data going on", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 4);
                w.Write(1.0);
                Padding(ref w);
            })
        },
        {
            "a varint cut off by the element's end at the end of the data", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 1);
                w.Write(1.0);
                w.Write((byte)0x81);
            })
        },
        {
            "a presence byte that is neither 0 nor 1", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 1 + 1 + 1 + 2 + 1);
                w.Write(1.0);
                w.WriteVarInt64(1);
                w.WriteVarInt32(1);
                w.WriteVarInt16(1);
                w.Write((byte)2);
                w.Write((byte)1);
                w.Write((byte)1); // Side: every member is there
                Padding(ref w);
            })
        },
        {
            "a Boolean that is neither 0 nor 1", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 1 + 1 + 1 + 2 + 1);
                w.Write(1.0);
                w.WriteVarInt64(1);
                w.WriteVarInt32(1);
                w.WriteVarInt16(1);
                w.Write((byte)1);
                w.Write((byte)3);
                w.Write((byte)1);
                Padding(ref w);
            })
        },
        {
            "an overlong varint", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 1 + 7);
                w.Write(1.0);
                w.WriteVarInt64(0);
                for (int i = 0; i < 6; i++)
                {
                    w.Write((byte)0x80);
                }

                w.Write((byte)0x01);
                Padding(ref w);
            })
        },
        {
            "a Count that overflows 32 bits", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 1 + 5);
                w.Write(1.0);
                w.WriteVarInt64(0);
                w.WriteVarUInt64(uint.MaxValue + 1UL);
                Padding(ref w);
            })
        },
        {
            "a Size that overflows 64 bits", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 10);
                w.Write(1.0);
                for (int i = 0; i < 9; i++)
                {
                    w.Write((byte)0xFF);
                }

                w.Write((byte)0x02);
                Padding(ref w);
            })
        },
        {
            "a 16-bit varint of five bytes, members after it", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 1 + 1 + 5 + 1 + 1);
                w.Write(1.0);
                w.WriteVarInt64(0);
                w.WriteVarInt32(0);
                w.WriteVarUInt32(1u << 28); // in range of no 16-bit value: five bytes where Tick takes at most three
                w.Write((byte)1);
                w.Write((byte)0);
                Padding(ref w);
            })
        },
        {
            "every value at its largest but a 16-bit varint of five bytes: more than the largest payload", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 10 + 5 + 5 + 2 + 1);
                w.Write(1.0);
                w.WriteVarInt64(long.MinValue);
                w.WriteVarInt32(int.MinValue);
                w.WriteVarUInt32(1u << 28);
                w.Write((byte)1);
                w.Write((byte)1);
                w.Write((byte)2);
                Padding(ref w);
            })
        },
        {
            "a 16-bit varint out of range in three bytes", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 1 + 1 + 3 + 1 + 1);
                w.Write(1.0);
                w.WriteVarInt64(0);
                w.WriteVarInt32(0);
                w.WriteVarUInt32((1u << 21) - 1);
                w.Write((byte)0);
                w.Write((byte)2);
                Padding(ref w);
            })
        },
        {
            "a Size not in its shortest form", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 3);
                w.Write(1.0);
                w.Write((byte)0x80);
                w.Write((byte)0x80);
                w.Write((byte)0x00);
                Padding(ref w);
            })
        },
    };

    [Theory]
    [MemberData(nameof(Hostile))]
    public void HostileElements_FailWithTheExceptionOfReadObject(string what, byte[] payload)
    {
        string expected = Outcome(Reference, payload);

        string actual = Outcome(Generated, payload);

        expected.Should().StartWith("throws: ", what + " is malformed");
        actual.Should().Be(expected, what);
    }

    [Fact]
    public void AnOlderElement_FollowedByBytesThatWouldBeMalformedAsItsMissingMembers_ReadsWithDefaults()
    {
        // The first element is an older writer's (Price, Size). Read whole, its missing Count would be the next element's
        // length, its Tick that element's first byte and its Firm presence byte the second, 0x05: not a Boolean. The
        // element ended before them, so they are not its members: no exception.
        double price = BitConverter.Int64BitsToDouble(0x3FF0_0000_0000_0500);
        byte[] payload = Payload((ref FastBinaryWriter w) =>
        {
            w.WriteCollectionHeader(2);
            w.WriteObject(new V1.Quote { Price = 1.0, Size = 1 });
            w.WriteObject(Largest(price));
            w.WriteVarInt32(99);
        });

        V2.QuoteArray read = Generated(payload);

        Outcome(Generated, payload).Should().Be(Outcome(Reference, payload));
        read.Items.Should().Equal(new V2.Quote { Price = 1.0, Size = 1 }, Largest(price));
        read.After.Should().Be(99);
    }

    [Fact]
    public void RandomElements_ReadAsReadObjectReadsThem()
    {
        var random = new Random(48_4);
        byte[] palette = { 0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, 0xFF, 0x0F, 0x10 };
        for (int round = 0; round < 4_000; round++)
        {
            byte[] payload = Payload((ref FastBinaryWriter w) =>
            {
                int count = random.Next(5);
                w.WriteCollectionHeader(count);
                for (int i = 0; i < count; i++)
                {
                    switch (random.Next(10))
                    {
                        case 0:
                            w.WriteVarUInt32(0); // a null entry
                            break;
                        case 1:
                        case 2:
                            w.WriteObject(new V1.Quote { Price = random.NextDouble(), Size = RandomLong(random) });
                            break;
                        case 3:
                        case 4:
                        case 5:
                            w.WriteObject(new V2.Quote
                            {
                                Price = random.NextDouble(),
                                Size = RandomLong(random),
                                Count = (int)RandomLong(random),
                                Tick = (short)random.Next(),
                                Firm = random.Next(3) switch { 0 => null, 1 => true, _ => false },
                                Side = (Side)random.Next(4),
                            });
                            break;
                        default:
                            int length = random.Next(LargestPayload + 6);
                            w.WriteVarUInt32((uint)length + 1);
                            for (int b = 0; b < length; b++)
                            {
                                w.Write(random.Next(3) == 0 ? (byte)random.Next(256) : palette[random.Next(palette.Length)]);
                            }

                            break;
                    }
                }

                w.WriteVarInt32(random.Next());
                int trailing = random.Next(LargestPayload + 6);
                for (int b = 0; b < trailing; b++)
                {
                    w.Write(palette[random.Next(palette.Length)]);
                }
            });

            string expected = Outcome(Reference, payload);
            string actual = Outcome(Generated, payload);

            actual.Should().Be(expected, "round {0}, payload {1}", round, Convert.ToHexString(payload));
        }
    }

    private static long RandomLong(Random random) => random.Next(4) switch
    {
        0 => random.Next(-64, 64),
        1 => random.Next(),
        2 => (long)random.Next() << random.Next(1, 33),
        _ => random.Next(2) == 0 ? long.MinValue : long.MaxValue,
    };

    [Fact]
    public void TheGeneratedCode_ReadsAStructWithCompactMembers_WholeFirst_AndOneOfFixedWidthMembers_AsOneRun()
    {
        const string source = """
            using FastSerialization;
            namespace App;
            [BinarySerializable] public partial struct Level { public double Price; public long Size; public int? Count; }
            [BinarySerializable] public partial struct Fixed { public double Price; [BinaryMember(FixedWidth = true)] public long Size; }
            [BinarySerializable] public partial class Holder { public Level[]? Levels; public Fixed[]? Fixed; }
            """;

        GeneratorRun run = GeneratorHarness.Run(source);

        run.CompilationDiagnostics.Should().BeEmpty();
        string ReadBy(string type) => run.Sources.Single(s => s.HintName.Contains("App." + type + ".", StringComparison.Ordinal)).SourceText.ToString();
        string level = ReadBy("Level");
        level.Should().Contain("if (!__FastSerializationReadWhole(ref reader))", "the bounded reader tries the whole payload first");
        level.Should().Contain("reader = __FastSerializationReadEach(reader);", "then member by member, out of line");
        level.Should().Contain("if (!run.TryBeginWhole(24, out var reader))", "8 + 10 + (1 + 5): the largest payload");
        level.Should().Contain("if (!run.TryEndWhole(reader))");
        level.Should().Contain("this.Count = __m2;", "the members are set from locals once all were read");
        ReadBy("Fixed").Should().Contain("__FastSerializationReadBounded").And.NotContain("__FastSerializationReadWhole", "one run of fixed-width members has one version check already");
    }
}
