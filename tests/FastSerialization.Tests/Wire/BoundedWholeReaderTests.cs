using System;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// <see cref="BoundedRunReader.TryBeginWhole"/>, <see cref="BoundedWholeReader"/> and
/// <see cref="BoundedRunReader.TryEndWhole"/>: every member of a nested struct read at once when the data holds its
/// largest payload, one check at the end that the values were well-formed and inside the object's frame.
/// </summary>
public class BoundedWholeReaderTests
{
    private struct Probe : ICustomBinarySerializable
    {
        public readonly void WriteDataTo(ref FastBinaryWriter writer)
        {
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
        }
    }

    private delegate T WithRun<T>(ref BoundedRunReader run);

    /// <summary>Begins the nested object whose length is the first byte of <paramref name="data"/>, then runs <paramref name="read"/> on its run.</summary>
    private static T Read<T>(byte[] data, WithRun<T> read)
    {
        var reader = new FastBinaryReader(data);
        Probe probe = default;
        reader.BeginBoundedObject(ref probe, out BoundedRunReader run).Should().BeTrue();
        return read(ref run);
    }

    [Fact]
    public void TryBeginWhole_IsTrue_OnlyWhenTheDataHoldsTheLargestPayload()
    {
        byte[] data = { 1 + 2, 0x05, 0x06 }; // a payload of 2 bytes, the last of the data

        (bool two, bool three, bool negative) = Read(data, (ref BoundedRunReader run) =>
            (run.TryBeginWhole(2, out _), run.TryBeginWhole(3, out _), run.TryBeginWhole(-1, out _)));

        two.Should().BeTrue();
        three.Should().BeFalse("the data ends 2 bytes from the payload's start");
        negative.Should().BeFalse();
    }

    [Fact]
    public void TryEndWhole_MovesPastTheValues_OnlyWhenTheyEndInsideTheFrame()
    {
        byte[] data = { 1 + 2, 0x02, 0x04, 0x06, 0x08 }; // a frame of two varints (1, 2); two more bytes after it

        (bool ended, int a, int b, int position) inside = Read(data, (ref BoundedRunReader run) =>
        {
            run.TryBeginWhole(4, out BoundedWholeReader whole).Should().BeTrue("the data holds 4 bytes from the payload");
            int a = whole.ReadVarInt32();
            int b = whole.ReadVarInt32();
            return (run.TryEndWhole(whole), a, b, run.Position);
        });
        (bool ended, int offset, int position) past = Read(data, (ref BoundedRunReader run) =>
        {
            run.TryBeginWhole(4, out BoundedWholeReader whole);
            whole.ReadVarInt32();
            whole.ReadVarInt32();
            whole.ReadVarInt32(); // the byte after the frame: a member an older writer did not write
            return (run.TryEndWhole(whole), whole.Offset, run.Position);
        });

        inside.Should().Be((true, 1, 2, 3), "both values lie in the frame, which the run is then past");
        past.Should().Be((false, 3, 1), "the third value passed the frame's end: nothing moves");
    }

    public static TheoryData<string, byte[], int> Refused() => new()
    {
        { "a 16-bit varint of five bytes", new byte[] { 0x80, 0x80, 0x80, 0x80, 0x01 }, 1 },
        { "a 16-bit varint out of range", new byte[] { 0xFF, 0xFF, 0x7F }, 3 },
        { "an overlong 32-bit varint", new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 }, 1 },
        { "a 32-bit varint over 32 bits", new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x10 }, 1 },
        { "a varint not in its shortest form", new byte[] { 0x80, 0x80, 0x80, 0x80, 0x00 }, 1 },
        { "a 64-bit varint over 64 bits", new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02 }, 1 },
        { "a Boolean of 2", new byte[] { 0x02 }, 1 },
    };

    [Theory]
    [MemberData(nameof(Refused))]
    public void AValueTheRunWouldRefuse_MarksTheReadAsFailed_AndTakesNoMoreThanItsLargestEncoding(string what, byte[] value, int offset)
    {
        byte[] data = new byte[1 + value.Length];
        data[0] = (byte)(1 + value.Length);
        value.CopyTo(data, 1);

        (bool malformed, int taken, bool ended) = Read(data, (ref BoundedRunReader run) =>
        {
            run.TryBeginWhole(value.Length, out BoundedWholeReader whole).Should().BeTrue();
            _ = what switch
            {
                "a 16-bit varint of five bytes" or "a 16-bit varint out of range" => whole.ReadVarInt16(),
                "a 64-bit varint over 64 bits" => unchecked((long)whole.ReadVarUInt64()),
                "a Boolean of 2" => whole.ReadBoolean() ? 1L : 0L,
                _ => (long)whole.ReadVarUInt32(),
            };
            return (whole.Malformed, whole.Offset, run.TryEndWhole(whole));
        });

        malformed.Should().BeTrue(what);
        taken.Should().Be(offset, what + " takes at most its bound (a 16-bit varint three bytes)");
        ended.Should().BeFalse("a malformed value fails the whole read");
    }

    [Fact]
    public void WellFormedValues_AtTheirLargestEncodings_ReadAsTheRunReadsThem()
    {
        byte[] payload = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0xFF, 0xFF, 0x03, 0x01 };
        byte[] data = new byte[1 + payload.Length];
        data[0] = (byte)(1 + payload.Length);
        payload.CopyTo(data, 1);

        (ulong, uint, ushort, bool, bool) whole = Read(data, (ref BoundedRunReader run) =>
        {
            run.TryBeginWhole(payload.Length, out BoundedWholeReader w).Should().BeTrue();
            (ulong, uint, ushort, bool) values = (w.ReadVarUInt64(), w.ReadVarUInt32(), w.ReadVarUInt16(), w.ReadBoolean());
            return (values.Item1, values.Item2, values.Item3, values.Item4, run.TryEndWhole(w));
        });
        (ulong, uint, ushort, bool) byRun = Read(data, (ref BoundedRunReader run) =>
            (run.ReadVarUInt64(), run.ReadVarUInt32(), run.ReadVarUInt16(), run.ReadBoolean()));

        whole.Should().Be((ulong.MaxValue, uint.MaxValue, ushort.MaxValue, true, true));
        (whole.Item1, whole.Item2, whole.Item3, whole.Item4).Should().Be(byRun);
    }

    [Fact]
    public void ReadingPastTheLargestPayload_Throws()
    {
        byte[] data = { 1 + 8, 1, 2, 3, 4, 5, 6, 7, 8 };

        Exception? thrown = Read(data, (ref BoundedRunReader run) =>
        {
            run.TryBeginWhole(2, out BoundedWholeReader whole);
            try
            {
                whole.ReadInt32();
                return null;
            }
            catch (ArgumentOutOfRangeException e)
            {
                return (Exception)e;
            }
        });

        thrown.Should().NotBeNull("the whole reader holds the 2 bytes it was given, not the frame's 8");
    }

    public static TheoryData<string, byte[]> Varints32() => new()
    {
        { "0", new byte[] { 0x00 } },
        { "127", new byte[] { 0x7F } },
        { "128", new byte[] { 0x80, 0x01 } },
        { "2^14 - 1", new byte[] { 0xFF, 0x7F } },
        { "2^14", new byte[] { 0x80, 0x80, 0x01 } },
        { "2^21 - 1", new byte[] { 0xFF, 0xFF, 0x7F } },
        { "2^21", new byte[] { 0x80, 0x80, 0x80, 0x01 } },
        { "2^28", new byte[] { 0x80, 0x80, 0x80, 0x80, 0x01 } },
        { "uint.MaxValue", new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F } },
        { "two bytes, not in the shortest form", new byte[] { 0x80, 0x00 } },
        { "three bytes, not in the shortest form", new byte[] { 0x80, 0x80, 0x00 } },
        { "five bytes, over 32 bits", new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x10 } },
        { "six bytes", new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 } },
    };

    /// <summary>
    /// A 32-bit varint read through the whole reader with 0 to 5 bytes after it among the bytes the reader was given (its
    /// last byte the last of those bytes, or not): the value, offset and failure the run's own read gives, wherever it lies.
    /// </summary>
    [Theory]
    [MemberData(nameof(Varints32))]
    public void AVarUInt32_ReadsAsTheRunReadsIt_WhereverItEndsInTheBytes(string what, byte[] varint)
    {
        for (int after = 0; after <= 5; after++)
        {
            byte[] data = new byte[1 + varint.Length + after];
            data[0] = (byte)(1 + varint.Length + after);
            varint.CopyTo(data, 1);

            (bool malformed, uint value, int offset) whole = Read(data, (ref BoundedRunReader run) =>
            {
                run.TryBeginWhole(varint.Length + after, out BoundedWholeReader w).Should().BeTrue();
                uint value = w.ReadVarUInt32();
                return (w.Malformed, value, w.Offset);
            });
            (bool refused, uint value, int offset) byRun = Read(data, (ref BoundedRunReader run) =>
            {
                try
                {
                    uint value = run.ReadVarUInt32();
                    return (false, value, run.Position - 1);
                }
                catch (FastSerializationException)
                {
                    return (true, 0u, 0);
                }
            });

            string because = what + ", " + after + " bytes after it";
            whole.malformed.Should().Be(byRun.refused, because);
            if (!byRun.refused)
            {
                (whole.value, whole.offset).Should().Be((byRun.value, byRun.offset), because);
            }
            else
            {
                whole.offset.Should().Be(1, because + ": a refused varint takes one byte");
            }
        }
    }

    /// <summary>
    /// A 32-bit varint cut off by the end of the bytes the whole reader was given fails the read, although the data goes
    /// on with the bytes that would complete it: the reader never looks past its bytes.
    /// </summary>
    [Theory]
    [InlineData(new byte[] { 0x80 }, new byte[] { 0x01 })]
    [InlineData(new byte[] { 0x80 }, new byte[] { 0x80, 0x01 })]
    [InlineData(new byte[] { 0x80, 0x80 }, new byte[] { 0x01 })]
    [InlineData(new byte[] { 0x80, 0x80, 0x80 }, new byte[] { 0x01 })]
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80 }, new byte[] { 0x01 })]
    public void AVarUInt32_CutOffByTheEndOfTheBytes_FailsTheRead_ThoughTheDataGoesOn(byte[] given, byte[] rest)
    {
        byte[] data = new byte[1 + given.Length + rest.Length];
        data[0] = (byte)(1 + given.Length + rest.Length);
        given.CopyTo(data, 1);
        rest.CopyTo(data, 1 + given.Length);

        (bool malformed, int offset, bool ended) = Read(data, (ref BoundedRunReader run) =>
        {
            run.TryBeginWhole(given.Length, out BoundedWholeReader w).Should().BeTrue();
            _ = w.ReadVarUInt32();
            return (w.Malformed, w.Offset, run.TryEndWhole(w));
        });
        uint byRun = Read(data, (ref BoundedRunReader run) => run.ReadVarUInt32());

        byRun.Should().BeGreaterThan(0u, "the frame holds the whole varint");
        malformed.Should().BeTrue("the whole reader was given only the first " + given.Length + " bytes of it");
        offset.Should().Be(1);
        ended.Should().BeFalse();
    }
}
