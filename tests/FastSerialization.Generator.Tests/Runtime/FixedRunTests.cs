using System;
using System.Buffers;
using System.Linq;
using FastSerialization.Generator.Tests.Models.Runs;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// Runs of adjacent fixed-width members (docs/GENERATOR.md): written and read through one
/// <see cref="FixedRunWriter"/> / <see cref="FixedRunReader"/>, with the same bytes as member by member, and
/// with every version and hostile-input guarantee of the member-by-member path.
/// </summary>
public class FixedRunTests
{
    private const string NoteText = "calibrated";

    private static Reading Sample() => new()
    {
        Sensor = 0xFE,
        Valid = true,
        Light = Light.On,
        Value = -0.0,
        Scale = BitConverter.Int32BitsToSingle(0x7FC0_1234), // a NaN with a payload: kept bit for bit
        Unit = '\uFFFF',
        Stamp = long.MinValue,
        Level = Level.High,
        Port = 65_535,
        Note = NoteText,
        Delta = -128,
        Low = double.Epsilon,
        Count = 300,
    };

    /// <summary>The payload as the writer's one-value methods produce it, member after member.</summary>
    private static byte[] MemberByMember(Reading r)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var w = new FastBinaryWriter(buffer);
        w.Write(r.Sensor);
        w.Write(r.Valid);
        w.Write((byte)r.Light);
        w.Write(r.Value);
        w.Write(r.Scale);
        w.Write(r.Unit);
        w.Write(r.Stamp);
        w.Write((int)r.Level);
        w.Write(r.Port);
        w.Write(r.Note);
        w.Write(r.Delta);
        w.Write(r.Low);
        w.WriteVarInt32(r.Count);
        w.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static byte[] Generated(Reading r)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var w = new FastBinaryWriter(buffer);
        r.WriteDataTo(ref w);
        w.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static Reading Read(ReadOnlySpan<byte> payload)
    {
        var reader = new FastBinaryReader(payload);
        var read = new Reading();
        read.SetDataFrom(ref reader);
        return read;
    }

    /// <summary>The offsets where a member ends, in wire order: an older writer may stop at any of them.</summary>
    private static int[] MemberEnds(Reading r)
    {
        int noteLength = 1 + System.Text.Encoding.UTF8.GetByteCount(r.Note!);
        int[] widths = { 1, 1, 1, 8, 4, 2, 8, 4, 2, noteLength, 1, 8, 2 };
        var ends = new int[widths.Length];
        int offset = 0;
        for (int i = 0; i < widths.Length; i++)
        {
            offset += widths[i];
            ends[i] = offset;
        }

        return ends;
    }

    [Fact]
    public void TheGeneratedRuns_WriteTheSameBytesAsTheOneValueMethods()
    {
        Reading sample = Sample();

        byte[] generated = Generated(sample);

        generated.Should().Equal(MemberByMember(sample));
        generated.Length.Should().Be(31 + 1 + NoteText.Length + 9 + 2);
        typeof(Reading).GetCustomAttributes(typeof(BinaryLayoutAttribute), false).Should().ContainSingle()
            .Which.Should().BeOfType<BinaryLayoutAttribute>()
            .Which.Layout.Should().Be("Byte;Boolean;Enum1;Double;Single;Char;Int64;Enum4;UInt16;String;SByte;Double;VarInt32",
                "runs change how the code is written, not the layout the handshake compares");
    }

    [Fact]
    public void ARoundTripThroughTheFormatter_KeepsEveryBit()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Reading>(1);
        Reading sample = Sample();

        Reading read = formatter.Deserialize<Reading>(formatter.SerializeToArray(sample));

        read.Should().BeEquivalentTo(sample, o => o.Excluding(r => r.Value).Excluding(r => r.Scale));
        BitConverter.DoubleToInt64Bits(read.Value).Should().Be(BitConverter.DoubleToInt64Bits(-0.0));
        BitConverter.SingleToInt32Bits(read.Scale).Should().Be(0x7FC0_1234);
    }

    [Fact]
    public void DataThatEndsAtAnyMember_ReadsTheMembersBefore_AndLeavesTheRestAtTheirDefaults()
    {
        Reading sample = Sample();
        byte[] payload = Generated(sample);
        int[] ends = MemberEnds(sample);
        ends[^1].Should().Be(payload.Length);

        foreach (int cut in new[] { 0 }.Concat(ends))
        {
            Reading read = Read(payload.AsSpan(0, cut));
            int present = Array.IndexOf(ends, cut) + 1; // members wholly inside the cut data
            var expected = new Reading();
            Reading full = Read(payload);
            var properties = typeof(Reading).GetProperties();
            string[] order = { "Sensor", "Valid", "Light", "Value", "Scale", "Unit", "Stamp", "Level", "Port", "Note", "Delta", "Low", "Count" };
            for (int i = 0; i < order.Length; i++)
            {
                var property = properties.Single(p => p.Name == order[i]);
                object? want = i < present ? property.GetValue(full) : property.GetValue(expected);
                property.GetValue(read).Should().Be(want, "data cut after {0} bytes ({1} members) reads {2} {3}", cut, present, order[i], i < present ? "as written" : "as its default");
            }
        }
    }

    [Fact]
    public void DataThatEndsInsideAMemberOfARun_IsRefused()
    {
        Reading sample = Sample();
        byte[] payload = Generated(sample);
        int[] ends = MemberEnds(sample);

        for (int cut = 1; cut < 31; cut++)
        {
            if (ends.Contains(cut))
            {
                continue;
            }

            Action read = () => Read(payload.AsSpan(0, cut));
            read.Should().Throw<FastSerializationException>("data cut after {0} bytes ends inside a member", cut)
                .Which.Message.Should().Contain("Truncated");
        }
    }

    [Fact]
    public void DataOfAnOlderBuildThatEndsInsideARun_ReadsWithDefaults_AndNewerDataReadsIntoTheOlderType()
    {
        var oldFormatter = new CustomBinaryFormatter();
        oldFormatter.Register<ReadingV1>(7);
        var newFormatter = new CustomBinaryFormatter();
        newFormatter.Register<Reading>(7);
        var old = new ReadingV1 { Sensor = 3, Valid = true, Light = Light.On, Value = 2.5 };

        Reading read = newFormatter.Deserialize<Reading>(oldFormatter.SerializeToArray(old));
        ReadingV1 back = oldFormatter.Deserialize<ReadingV1>(newFormatter.SerializeToArray(Sample()));

        read.Should().BeEquivalentTo(new Reading { Sensor = 3, Valid = true, Light = Light.On, Value = 2.5 });
        back.Should().BeEquivalentTo(new ReadingV1 { Sensor = 0xFE, Valid = true, Light = Light.On, Value = -0.0 });
    }

    [Fact]
    public void ABooleanByteThatIsNeither0Nor1InARun_IsRefused_NamingItsOffset()
    {
        byte[] payload = Generated(Sample());
        payload[1] = 2; // Valid

        Action read = () => Read(payload);

        read.Should().Throw<FastSerializationException>()
            .Which.Should().Match<FastSerializationException>(e => e.Message.Contains("Boolean") && e.Offset == 1);
    }

    [Fact]
    public void AnImmutableTypeWithARun_RoundTrips_AndReadsOlderDataWithDefaults()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Sample>(1);
        var sample = new Sample(9, true, 1.25, -3.5f) { Label = "x" };
        byte[] record = formatter.SerializeToArray(sample);

        formatter.Deserialize<Sample>(record).Should().Be(sample);

        // The same record cut after Channel and Clipped (an older build with two members): length prefix fixed up.
        byte[] cut = record.Take(5 + 2).ToArray();
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(cut, (uint)(cut.Length - 4));
        formatter.Deserialize<Sample>(cut).Should().Be(new Sample(9, true, 0, 0));
    }

    [Fact]
    public void TheRunApi_RefusesOffsetsPastTheRun_AndRunsPastTheFrame()
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        FixedRunWriter run = writer.WriteFixedRun(6);
        run.Length.Should().Be(6);
        run.Write(0, 0x01020304);
        run.Write(4, (short)-2);
        bool threw = false;
        try
        {
            run.Write(3, 1L);
        }
        catch (ArgumentOutOfRangeException)
        {
            threw = true;
        }

        threw.Should().BeTrue("an 8-byte value at offset 3 passes the end of a 6-byte run");
        writer.Flush();
        buffer.WrittenSpan.ToArray().Should().Equal(0x04, 0x03, 0x02, 0x01, 0xFE, 0xFF);

        var reader = new FastBinaryReader(buffer.WrittenSpan);
        Action tooLong = () =>
        {
            var r = new FastBinaryReader(buffer.WrittenSpan);
            r.ReadFixedRun(7);
        };
        tooLong.Should().Throw<FastSerializationException>().Which.Message.Should().Contain("fixed run");
        FixedRunReader read = reader.ReadFixedRun(6);
        read.ReadInt32(0).Should().Be(0x01020304);
        read.ReadInt16(4).Should().Be(-2);
        reader.Remaining.Should().Be(0);
    }

    [Fact]
    public void SlicesOfARun_WriteAndReadEachElementAtItsOwnOffsets_AndStayWithinTheRun()
    {
        // An array of three (int, bool) elements written as one run, one slice per element: the bytes of writing them
        // one by one, and each slice refuses what would leave it even where the whole run still has room.
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        writer.Write((byte)0x77); // a byte before the run, so that offsets in the record differ from offsets in the run
        FixedRunWriter run = writer.WriteFixedRun(3 * 5);
        for (int i = 0; i < 3; i++)
        {
            FixedRunWriter element = run.Slice(i * 5, 5);
            element.Length.Should().Be(5);
            element.Write(0, (i + 1) * 0x01010101);
            element.Write(4, i == 1);
        }

        bool pastTheSlice = false;
        try
        {
            run.Slice(5, 5).Write(4, 1);
        }
        catch (ArgumentOutOfRangeException)
        {
            pastTheSlice = true;
        }

        pastTheSlice.Should().BeTrue("a 4-byte value at offset 4 passes the end of a 5-byte slice");
        bool outsideTheRun = false;
        try
        {
            run.Slice(11, 5);
        }
        catch (ArgumentOutOfRangeException)
        {
            outsideTheRun = true;
        }

        outsideTheRun.Should().BeTrue("a 5-byte slice at 11 passes the end of a 15-byte run");
        writer.Flush();
        buffer.WrittenSpan.ToArray().Should().Equal(
            0x77, 0x01, 0x01, 0x01, 0x01, 0x00, 0x02, 0x02, 0x02, 0x02, 0x01, 0x03, 0x03, 0x03, 0x03, 0x00);

        byte[] payload = buffer.WrittenSpan.ToArray();
        var reader = new FastBinaryReader(payload);
        reader.ReadByte().Should().Be(0x77);
        FixedRunReader read = reader.ReadFixedRun(3 * 5);
        for (int i = 0; i < 3; i++)
        {
            FixedRunReader element = read.Slice(i * 5, 5);
            element.Length.Should().Be(5);
            element.ReadInt32(0).Should().Be((i + 1) * 0x01010101);
            element.ReadBoolean(4).Should().Be(i == 1);
        }

        bool threw = false;
        try
        {
            read.Slice(10, 5).ReadInt64(0);
        }
        catch (ArgumentOutOfRangeException)
        {
            threw = true;
        }

        threw.Should().BeTrue("an 8-byte value passes the end of a 5-byte slice");

        // A bad Boolean read through a slice is reported at its offset in the payload: 1 (the byte before the run)
        // + 10 (the third element) + 4.
        payload[15] = 2;
        Action badBoolean = () =>
        {
            var r = new FastBinaryReader(payload);
            r.ReadByte();
            r.ReadFixedRun(3 * 5).Slice(10, 5).ReadBoolean(4);
        };
        badBoolean.Should().Throw<FastSerializationException>().Which.Offset.Should().Be(15);
    }

    [Fact]
    public void AnUnfilledRun_WritesZeros_NotWhatThePooledBufferHeldBefore()
    {
        var buffer = new ArrayBufferWriter<byte>();
        buffer.GetSpan(64).Fill(0xAA);
        var writer = new FastBinaryWriter(buffer);
        writer.WriteFixedRun(8).Write(0, (byte)1);
        writer.Flush();

        buffer.WrittenSpan.ToArray().Should().Equal(1, 0, 0, 0, 0, 0, 0, 0);
    }
}
