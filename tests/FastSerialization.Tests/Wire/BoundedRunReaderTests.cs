using System;
using System.Buffers;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// <see cref="FastBinaryReader.BeginBoundedObject{T}"/>, <see cref="BoundedRunReader"/> and
/// <see cref="FastBinaryReader.EndBoundedObject{T}"/>: a nested struct's members read with its frame's position and end
/// in registers, with the values, the errors and the offsets of the reader's own methods and of
/// <see cref="FastBinaryReader.ReadObject{T}"/>.
/// </summary>
public class BoundedRunReaderTests
{
    private struct Pair : ICustomBinarySerializable
    {
        public int A;
        public long B;

        public Pair()
        {
            B = 42; // what a missing B reads as, through ReadObject and BeginBoundedObject alike
        }

        public readonly void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteVarInt32(A);
            writer.WriteVarInt64(B);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            A = reader.ReadVarInt32();
            if (reader.HasRemaining)
            {
                B = reader.ReadVarInt64();
            }
        }

        public void ReadBounded(ref BoundedRunReader run)
        {
            A = run.ReadVarInt32();
            if (run.HasRemaining)
            {
                B = run.ReadVarInt64();
            }
        }
    }

    private struct Built : ICustomBinarySerializable, IBinaryConstructible<Built>
    {
        public int A;

        public readonly void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(A);

        public void SetDataFrom(ref FastBinaryReader reader) => throw new NotSupportedException();

        public readonly Built ReadNew(ref FastBinaryReader reader) => new() { A = reader.ReadInt32() };
    }

    /// <summary>Reads its <see cref="Pair"/> through a bounded run or through ReadObject.</summary>
    private sealed class Holder : ICustomBinarySerializable
    {
        public static bool Bounded { get; set; } = true;

        public Pair Pair { get; set; }

        public byte After { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteObject(Pair);
            writer.Write(After);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            if (Bounded)
            {
                Pair pair = default;
                if (reader.BeginBoundedObject(ref pair, out BoundedRunReader run))
                {
                    pair.ReadBounded(ref run);
                    reader.EndBoundedObject<Pair>(ref run);
                }

                Pair = pair;
            }
            else
            {
                Pair = reader.ReadObject<Pair>();
            }

            After = reader.ReadByte();
        }
    }

    /// <summary>Holds a <see cref="Holder"/>: one level of nesting more.</summary>
    private sealed class Outer : ICustomBinarySerializable
    {
        public Holder Inner { get; set; } = new();

        public void WriteDataTo(ref FastBinaryWriter writer) => writer.WriteObject(Inner);

        public void SetDataFrom(ref FastBinaryReader reader) => Inner = reader.ReadObject<Holder>()!;
    }

    private delegate void Write(ref FastBinaryWriter writer);

    private static byte[] Bytes(Write write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        write(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>A Holder record: type id 1, the pair's frame as given, then After (0xAB).</summary>
    private static byte[] Record(Write pairFrame) => Frame(1, Bytes(pairFrame), 0xAB);

    /// <summary>A record of <paramref name="typeId"/> (one byte) whose payload is <paramref name="payload"/> then <paramref name="tail"/>.</summary>
    private static byte[] Frame(byte typeId, byte[] payload, params byte[] tail)
    {
        byte[] record = new byte[4 + 1 + payload.Length + tail.Length];
        BitConverter.TryWriteBytes(record.AsSpan(0, 4), record.Length - 4).Should().BeTrue();
        record[4] = typeId;
        payload.CopyTo(record, 5);
        tail.CopyTo(record, 5 + payload.Length);
        return record;
    }

    private static CustomBinaryFormatter Formatter(bool strict = false, int maxDepth = CustomBinaryFormatterOptions.DefaultMaxDepth)
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = strict, MaxDepth = maxDepth });
        formatter.Register<Holder>(1);
        formatter.Register<Outer>(2);
        return formatter;
    }

    /// <summary>Reads the record both ways: the holder (or the exception's message) through the bounded run and through ReadObject.</summary>
    private static (object Bounded, object Plain) BothWays(CustomBinaryFormatter formatter, byte[] record) => BothWays<Holder>(formatter, record);

    private static (object Bounded, object Plain) BothWays<T>(CustomBinaryFormatter formatter, byte[] record)
    {
        object Read(bool bounded)
        {
            Holder.Bounded = bounded;
            try
            {
                return formatter.Deserialize<T>(record)!;
            }
            catch (FastSerializationException e)
            {
                return e.Message;
            }
            finally
            {
                Holder.Bounded = true;
            }
        }

        return (Read(bounded: true), Read(bounded: false));
    }

    private static void Same(object bounded, object plain)
    {
        Holder expected = plain.Should().BeOfType<Holder>("{0}", plain).Subject;
        Holder actual = bounded.Should().BeOfType<Holder>("{0}", bounded).Subject;
        actual.Pair.Should().Be(expected.Pair);
        actual.After.Should().Be(expected.After);
    }

    [Fact]
    public void EveryValueOfTheRun_ReadsAsTheReadersOwnMethod()
    {
        byte[] payload = Bytes((ref FastBinaryWriter w) =>
        {
            w.Write(true);
            w.Write((byte)0xFE);
            w.Write((sbyte)-2);
            w.Write((short)-300);
            w.Write((ushort)65_000);
            w.Write('\u20AC');
            w.Write(-70_000);
            w.Write(4_000_000_000u);
            w.Write(long.MinValue + 1);
            w.Write(ulong.MaxValue - 1);
            w.Write(float.NegativeInfinity);
            w.Write(Math.PI);
            w.WriteEnum(DayOfWeek.Friday);
            w.WriteVarUInt32(uint.MaxValue);
            w.WriteVarUInt64(ulong.MaxValue);
            w.WriteVarInt16(short.MinValue);
            w.WriteVarUInt16(ushort.MaxValue);
            w.WriteVarInt32(-65);
            w.WriteVarInt64(8_191);
            w.WriteVarUInt32(300);
            w.WriteVarUInt64(1UL << 40);
            w.Write(0x0102030405060708L); // a fixed run
        });
        byte[] data = Bytes((ref FastBinaryWriter w) =>
        {
            w.WriteVarUInt32((uint)payload.Length + 1);
            w.WriteRaw(payload);
            w.Write((byte)0x5A);
        });

        var reader = new FastBinaryReader(data);
        Pair unused = default;
        reader.BeginBoundedObject(ref unused, out BoundedRunReader run).Should().BeTrue();
        int start = run.Position;
        run.Remaining.Should().Be(payload.Length);
        run.ReadBoolean().Should().BeTrue();
        run.ReadByte().Should().Be(0xFE);
        run.ReadSByte().Should().Be(-2);
        run.ReadInt16().Should().Be(-300);
        run.ReadUInt16().Should().Be(65_000);
        run.ReadChar().Should().Be('\u20AC');
        run.ReadInt32().Should().Be(-70_000);
        run.ReadUInt32().Should().Be(4_000_000_000u);
        run.ReadInt64().Should().Be(long.MinValue + 1);
        run.ReadUInt64().Should().Be(ulong.MaxValue - 1);
        run.ReadSingle().Should().Be(float.NegativeInfinity);
        run.ReadDouble().Should().Be(Math.PI);
        run.ReadEnum<DayOfWeek>().Should().Be(DayOfWeek.Friday);
        run.ReadVarUInt32().Should().Be(uint.MaxValue);
        run.ReadVarUInt64().Should().Be(ulong.MaxValue);
        run.ReadVarInt16().Should().Be(short.MinValue);
        run.ReadVarUInt16().Should().Be(ushort.MaxValue);
        run.ReadVarInt32().Should().Be(-65);
        run.ReadVarInt64().Should().Be(8_191);
        run.ReadVarUInt32().Should().Be(300u);
        run.ReadVarUInt64().Should().Be(1UL << 40);
        run.HasRemaining.Should().BeTrue();
        run.ReadFixedRun(8).ReadInt64(0).Should().Be(0x0102030405060708L);
        run.HasRemaining.Should().BeFalse();
        (run.Position - start).Should().Be(payload.Length);
        reader.EndBoundedObject<Pair>(ref run);
        reader.ReadByte().Should().Be(0x5A, "the reader is past the object");
    }

    public static TheoryData<string, byte[]> Hostile() => new()
    {
        { "a Boolean of 2", new byte[] { 0x02 } },
        { "an Int32 cut off by the frame's end", new byte[] { 0x01, 0x02, 0x03 } },
        { "a varint of 6 bytes", new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 } },
        { "a varint over 32 bits", new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x1F } },
        { "a varint not in its shortest form", new byte[] { 0x81, 0x80, 0x00 } },
        { "a varint cut off by the frame's end", new byte[] { 0x81, 0x81 } },
        { "a VarInt16 out of range", new byte[] { 0x80, 0x80, 0x04 } },
        { "a VarUInt16 out of range", new byte[] { 0x80, 0x80, 0x04 } },
    };

    [Theory]
    [MemberData(nameof(Hostile))]
    public void HostileValues_FailAsThroughTheReadersOwnMethod(string what, byte[] payload)
    {
        // The frame is followed by more data, which the run must never read.
        byte[] data = Bytes((ref FastBinaryWriter w) =>
        {
            w.Write((byte)0xEE);
            w.WriteVarUInt32((uint)payload.Length + 1);
            w.WriteRaw(payload);
            w.Write(0x0101010101010101L);
        });

        string? plain = Failure(data, what, bounded: false);
        string? bounded = Failure(data, what, bounded: true);

        plain.Should().NotBeNull(what + " is malformed");
        bounded.Should().Be(plain, what);
    }

    private static string? Failure(byte[] data, string what, bool bounded)
    {
        var reader = new FastBinaryReader(data);
        reader.ReadByte();
        try
        {
            if (bounded)
            {
                Pair unused = default;
                reader.BeginBoundedObject(ref unused, out BoundedRunReader run);
                Read(ref run, what);
            }
            else
            {
                // The same read through the reader, confined to the same frame by a nested read.
                int length = (int)reader.ReadVarUInt32() - 1;
                var nested = new FastBinaryReader(data.AsSpan(0, reader.Position + length));
                nested.Skip(reader.Position);
                Read(ref nested, what);
            }

            return null;
        }
        catch (FastSerializationException e)
        {
            return e.Message;
        }
    }

    private static void Read(ref BoundedRunReader run, string what)
    {
        switch (what)
        {
            case "a Boolean of 2": run.ReadBoolean(); break;
            case "an Int32 cut off by the frame's end": run.ReadInt32(); break;
            case "a VarInt16 out of range": run.ReadVarInt16(); break;
            case "a VarUInt16 out of range": run.ReadVarUInt16(); break;
            case "a varint of 6 bytes" or "a varint over 32 bits": run.ReadVarUInt32(); break;
            default: run.ReadVarUInt64(); break;
        }
    }

    private static void Read(ref FastBinaryReader reader, string what)
    {
        switch (what)
        {
            case "a Boolean of 2": reader.ReadBoolean(); break;
            case "an Int32 cut off by the frame's end": reader.ReadInt32(); break;
            case "a VarInt16 out of range": reader.ReadVarInt16(); break;
            case "a VarUInt16 out of range": reader.ReadVarUInt16(); break;
            case "a varint of 6 bytes" or "a varint over 32 bits": reader.ReadVarUInt32(); break;
            default: reader.ReadVarUInt64(); break;
        }
    }

    [Fact]
    public void AWholeObject_AnOlderOne_AndANullEntry_ReadAsThroughReadObject()
    {
        CustomBinaryFormatter formatter = Formatter();
        byte[] whole = Record((ref FastBinaryWriter w) => w.WriteObject(new Pair { A = -5, B = long.MinValue }));
        byte[] older = Record((ref FastBinaryWriter w) =>
        {
            w.WriteVarUInt32(1 + 1);
            w.WriteVarInt32(7); // A only: B keeps what the constructor set
        });
        byte[] nullEntry = Record((ref FastBinaryWriter w) => w.WriteVarUInt32(0));

        foreach (byte[] record in new[] { whole, older, nullEntry })
        {
            (object bounded, object plain) = BothWays(formatter, record);
            Same(bounded, plain);
        }

        formatter.Deserialize<Holder>(whole).Pair.Should().Be(new Pair { A = -5, B = long.MinValue });
        formatter.Deserialize<Holder>(older).Pair.Should().Be(new Pair { A = 7, B = 42 });
        formatter.Deserialize<Holder>(nullEntry).Pair.Should().Be(default(Pair), "a null entry is the default, not a new instance");
        var reader = new FastBinaryReader(new byte[] { 0x00, 0x07 });
        Pair pair = new() { A = 3 };
        reader.BeginBoundedObject(ref pair, out BoundedRunReader run).Should().BeFalse("a null entry has nothing to read");
        run.HasRemaining.Should().BeFalse();
        pair.Should().Be(default(Pair));
        reader.EndBoundedObject<Pair>(ref run);
        reader.ReadByte().Should().Be(7);
        formatter.Deserialize<Holder>(older).After.Should().Be(0xAB);
    }

    [Fact]
    public void BytesANewerWriterAdded_AreSkipped_OrRefusedWhenTheFormatterRejectsUnreadBytes()
    {
        Write newer = (ref FastBinaryWriter w) =>
        {
            w.WriteVarUInt32(1 + 1 + 1 + 2);
            w.WriteVarInt32(1);
            w.WriteVarInt64(2);
            w.Write((short)3); // a member this version does not know
        };
        CustomBinaryFormatter tolerant = Formatter();
        CustomBinaryFormatter strict = Formatter(strict: true);

        (object bounded, object plain) = BothWays(tolerant, Record(newer));
        Same(bounded, plain);
        ((Holder)bounded).After.Should().Be(0xAB);

        (bounded, plain) = BothWays(strict, Record(newer));
        bounded.Should().BeOfType<string>().Which.Should().Contain("left 2 byte(s) of its frame unread").And.Be((string)plain);
    }

    [Fact]
    public void ALengthPastTheFrame_AndNestingPastMaxDepth_FailAsThroughReadObject()
    {
        CustomBinaryFormatter formatter = Formatter();
        byte[] tooLong = Record((ref FastBinaryWriter w) =>
        {
            w.WriteVarUInt32(1 + 50);
            w.WriteVarInt32(1);
        });
        (object bounded, object plain) = BothWays(formatter, tooLong);
        bounded.Should().BeOfType<string>().Which.Should().Be((string)plain);

        // An Outer (depth 0) holding a Holder (depth 1) holding the Pair (depth 2), read with a limit of 1.
        CustomBinaryFormatter shallow = Formatter(maxDepth: 1);
        byte[] holder = Bytes((ref FastBinaryWriter w) =>
        {
            w.WriteObject(new Pair { A = 1 });
            w.Write((byte)0xAB);
        });
        byte[] outer = Frame(2, Bytes((ref FastBinaryWriter w) =>
        {
            w.WriteVarUInt32((uint)holder.Length + 1);
            w.WriteRaw(holder);
        }));
        (bounded, plain) = BothWays<Outer>(shallow, outer);
        bounded.Should().BeOfType<string>().Which.Should().Contain("deeper than the limit of 1").And.Be((string)plain);
        BothWays<Outer>(Formatter(maxDepth: 2), outer).Bounded.Should().BeOfType<Outer>();
    }

    [Fact]
    public void EndingARunAfterOtherReads_OrARunOfAnotherReader_Throws()
    {
        byte[] data = Bytes((ref FastBinaryWriter w) =>
        {
            w.WriteObject(new Pair { A = 1, B = 2 });
            w.Write((byte)9);
        });

        Action otherReads = () =>
        {
            var reader = new FastBinaryReader(data);
            Pair pair = default;
            reader.BeginBoundedObject(ref pair, out BoundedRunReader run);
            reader.ReadByte();
            reader.EndBoundedObject<Pair>(ref run);
        };
        Action foreign = () =>
        {
            var reader = new FastBinaryReader(data);
            reader.ReadByte();
            BoundedRunReader run = default;
            reader.EndBoundedObject<Pair>(ref run);
        };

        otherReads.Should().Throw<InvalidOperationException>().WithMessage("*last BeginBoundedObject*");
        foreign.Should().Throw<InvalidOperationException>();
    }

    [Fact]
    public void AStructBuiltByReadNew_IsRefused()
    {
        byte[] data = Bytes((ref FastBinaryWriter w) => w.WriteObject(new Built { A = 1 }));

        Action begin = () =>
        {
            var reader = new FastBinaryReader(data);
            Built built = default;
            reader.BeginBoundedObject(ref built, out _);
        };

        begin.Should().Throw<InvalidOperationException>().WithMessage("*IBinaryConstructible*ReadObject*");
    }
}
