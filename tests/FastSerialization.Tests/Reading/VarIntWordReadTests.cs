using System;
using System.Linq;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Reading;

/// <summary>
/// Varints of three bytes and more are decoded from one 8-byte load when the data holds 8 bytes from the varint's start
/// (the load may reach past the frame). These tests put readable bytes after every varint, so that path is the one taken,
/// and check that it reads what the byte loop reads and refuses what the loop refuses: above all, a varint the frame cuts
/// off stays truncated even when the bytes after the frame would complete it.
/// </summary>
public class VarIntWordReadTests
{
    private const byte After = 0x55; // a byte without the continuation bit: it would end a varint that ran into it

    public static TheoryData<ulong> Values64()
    {
        var data = new TheoryData<ulong>();
        for (int bits = 0; bits <= 64; bits += 7)
        {
            ulong below = bits == 0 ? 0 : (bits >= 64 ? ulong.MaxValue : (1UL << bits) - 1);
            data.Add(below);
            if (bits < 64)
            {
                data.Add(1UL << bits);
            }
        }

        data.Add(ulong.MaxValue);
        data.Add(0x0123456789ABCDEFUL);
        data.Add(200_001); // a generated int of about 100,000, zigzag-encoded: three bytes
        return data;
    }

    [Theory]
    [MemberData(nameof(Values64))]
    public void AVarUInt64WithBytesAfterIt_ReadsAsTheLoopReadsIt(ulong value)
    {
        byte[] varint = Encode(value);
        foreach (int extra in new[] { 0, 1, 7, 8, 16 })
        {
            byte[] data = varint.Concat(Enumerable.Repeat(After, extra)).ToArray();

            // The frame ends at the varint (the load reaches past it) and at the data's end.
            foreach (int end in new[] { varint.Length, data.Length })
            {
                var reader = new FastBinaryReader(data, 0, end);
                reader.ReadVarUInt64().Should().Be(value, "{0} bytes after it, frame end {1}", extra, end);
                reader.Position.Should().Be(varint.Length);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Values64))]
    public void AVarUInt32WithBytesAfterIt_ReadsAsTheLoopReadsIt(ulong value)
    {
        if (value > uint.MaxValue)
        {
            return; // the 64-bit values only: the refusal is the next test's
        }

        byte[] varint = Encode(value);
        byte[] data = varint.Concat(Enumerable.Repeat(After, 8)).ToArray();
        var reader = new FastBinaryReader(data, 0, varint.Length);

        reader.ReadVarUInt32().Should().Be((uint)value);
        reader.Position.Should().Be(varint.Length);
    }

    [Theory]
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x10 }, "overflows 32 bits")] // 33 bits in five bytes
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 }, "longer than 5 bytes")] // six bytes, in the word
    [InlineData(new byte[] { 0x81, 0x80, 0x00 }, "shortest form")] // a final 0 after a three-byte start
    [InlineData(new byte[] { 0x81, 0x80, 0x80, 0x80, 0x00 }, "shortest form")]
    public void AMalformedVarUInt32WithBytesAfterIt_IsRefused(byte[] varint, string fault)
    {
        byte[] data = varint.Concat(Enumerable.Repeat(After, 8)).ToArray();

        FastSerializationException ex = Catch(data, data.Length, (ref FastBinaryReader r) => r.ReadVarUInt32());

        ex.Message.Should().Contain(fault).And.Contain("offset 0");
    }

    [Theory]
    [InlineData(new byte[] { 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00 }, "shortest form")] // eight bytes, final 0
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02 }, "overflows 64 bits")]
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 }, "longer than 10 bytes")]
    public void AMalformedVarUInt64WithBytesAfterIt_IsRefused(byte[] varint, string fault)
    {
        byte[] data = varint.Concat(Enumerable.Repeat(After, 8)).ToArray();

        FastSerializationException ex = Catch(data, data.Length, (ref FastBinaryReader r) => r.ReadVarUInt64());

        ex.Message.Should().Contain(fault);
    }

    [Theory]
    [InlineData(3)]
    [InlineData(5)]
    [InlineData(8)]
    public void AVarIntTheFrameCutsOff_IsTruncated_ThoughTheBytesAfterTheFrameWouldEndIt(int length)
    {
        // A varint of `length` bytes whose last byte lies one past the frame's end; the data goes on.
        byte[] varint = Encode((1UL << (7 * (length - 1))) + 5);
        varint.Length.Should().Be(length);
        byte[] data = varint.Concat(Enumerable.Repeat(After, 8)).ToArray();

        FastSerializationException ex = Catch(data, length - 1, (ref FastBinaryReader r) => r.ReadVarUInt64());
        ex.Message.Should().Contain("Truncated").And.Contain("VarUInt64");

        if (length <= 5)
        {
            ex = Catch(data, length - 1, (ref FastBinaryReader r) => r.ReadVarUInt32());
            ex.Message.Should().Contain("Truncated").And.Contain("VarUInt32");
        }
    }

    [Fact]
    public void ZigzagIntegersInGeneratedMembers_RoundTripAtEveryLength()
    {
        // The signed forms go through the same reads: every length of both signs, with a member after each.
        long[] values = Enumerable.Range(0, 64).SelectMany(bit => new[] { 1L << bit, -(1L << bit), (1L << bit) - 1, -(1L << bit) + 1 })
            .Append(long.MinValue).Append(long.MaxValue).ToArray();
        byte[] written = Bytes.Written((ref FastBinaryWriter writer) =>
        {
            foreach (long value in values)
            {
                writer.WriteVarInt64(value);
                writer.WriteVarInt32(unchecked((int)value));
            }
        });

        var reader = new FastBinaryReader(written);
        foreach (long value in values)
        {
            reader.ReadVarInt64().Should().Be(value);
            reader.ReadVarInt32().Should().Be(unchecked((int)value));
        }

        reader.HasRemaining.Should().BeFalse();
    }

    private static byte[] Encode(ulong value)
    {
        var bytes = new System.Collections.Generic.List<byte>();
        while (value >= 0x80)
        {
            bytes.Add((byte)(value | 0x80));
            value >>= 7;
        }

        bytes.Add((byte)value);
        return bytes.ToArray();
    }

    private static FastSerializationException Catch<T>(byte[] data, int end, ReadFunc<T> read)
    {
        try
        {
            var reader = new FastBinaryReader(data, 0, end);
            read(ref reader);
        }
        catch (FastSerializationException ex)
        {
            return ex;
        }

        throw new Xunit.Sdk.XunitException("expected a FastSerializationException");
    }
}
