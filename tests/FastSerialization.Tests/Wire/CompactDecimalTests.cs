using System;
using System.Buffers;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// The compact decimal generated code writes (VarDecimal, docs/FORMAT.md section 3a): a head byte (scale, high-word
/// flag, sign), the low 64 bits of the coefficient as a varuint64, the high 32 bits as a varuint32 when flagged.
/// Hand-built vectors, every value kept bit for bit, and hostile heads and varints refused.
/// </summary>
public class CompactDecimalTests
{
    public static TheoryData<decimal, byte[]> Vectors() => new()
    {
        { 0m, new byte[] { 0x00, 0x00 } },
        { 1249.90m, new byte[] { 0x02, 0xBE, 0xD0, 0x07 } },
        { -1.5m, new byte[] { 0x81, 0x0F } },
        { new decimal(1, 0, 0, false, 28), new byte[] { 0x1C, 0x01 } },
        { new decimal(0, 0, 1, false, 0), new byte[] { 0x40, 0x00, 0x01 } },
        { decimal.MaxValue, new byte[] { 0x40, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F } },
        { decimal.MinValue, new byte[] { 0xC0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F } },
    };

    [Theory]
    [MemberData(nameof(Vectors))]
    public void WritesTheDocumentedBytes_AndReadsTheSameBitsBack(decimal value, byte[] expected)
    {
        Written(value).Should().Equal(expected);

        var reader = new FastBinaryReader(expected);
        decimal back = reader.ReadVarDecimal();
        decimal.GetBits(back).Should().Equal(decimal.GetBits(value));
        reader.HasRemaining.Should().BeFalse();
    }

    [Fact]
    public void NegativeZero_KeepsItsSign()
    {
        // Not in the theory data: xunit passes a decimal through its text, which drops the sign of zero.
        var negativeZero = new decimal(0, 0, 0, true, 0);
        Written(negativeZero).Should().Equal(0x80, 0x00);
        var reader = new FastBinaryReader(new byte[] { 0x80, 0x00 });
        decimal.GetBits(reader.ReadVarDecimal()).Should().Equal(decimal.GetBits(negativeZero));
    }

    [Fact]
    public void ScaleAndSign_AreKeptAsWritten()
    {
        foreach (decimal value in new[] { 1.0m, 1.00m, 1.000000000000000000000000000m, -0.0m, 79228162514264337593543950335m, 0.0000000000000000000000000001m, -123456789.123456789m })
        {
            var reader = new FastBinaryReader(Written(value));
            decimal.GetBits(reader.ReadVarDecimal()).Should().Equal(decimal.GetBits(value), "{0} must come back with its scale and sign", value);
        }
    }

    [Fact]
    public void RandomDecimals_RoundTripBitForBit()
    {
        var random = new Random(20261123);
        for (int i = 0; i < 10_000; i++)
        {
            int hi = random.Next(4) == 0 ? 0 : random.Next(int.MinValue, int.MaxValue);
            var value = new decimal(random.Next(int.MinValue, int.MaxValue), random.Next(int.MinValue, int.MaxValue), hi, random.Next(2) == 0, (byte)random.Next(29));
            byte[] bytes = Written(value);
            bytes.Length.Should().BeInRange(2, 16, "the head byte, a varuint64 and a varuint32 at most");
            var reader = new FastBinaryReader(bytes);
            decimal.GetBits(reader.ReadVarDecimal()).Should().Equal(decimal.GetBits(value));
        }
    }

    [Theory]
    [InlineData(new byte[] { 0x1D, 0x01 }, "*head byte 0x1D*scale 29*")] // scale 29
    [InlineData(new byte[] { 0x1F, 0x01 }, "*head byte 0x1F*")] // scale 31
    [InlineData(new byte[] { 0x20, 0x01 }, "*head byte 0x20*bit 5*")] // reserved bit
    [InlineData(new byte[] { 0x40, 0x01, 0x00 }, "*not in its shortest form*high word is 0*")] // high word announced, 0
    [InlineData(new byte[] { 0x00, 0x81, 0x00 }, "*not in its shortest form*")] // overlong low varint
    [InlineData(new byte[] { 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02 }, "*overflows 64 bits*")]
    [InlineData(new byte[] { 0x40, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x1F }, "*overflows 32 bits*")] // high word over 32 bits
    public void AMalformedVarDecimal_IsRefused(byte[] bytes, string message)
    {
        Action read = () =>
        {
            var reader = new FastBinaryReader(bytes);
            reader.ReadVarDecimal();
        };
        read.Should().Throw<FastSerializationException>().WithMessage(message);
    }

    [Theory]
    [InlineData(new byte[0])]
    [InlineData(new byte[] { 0x02 })]
    [InlineData(new byte[] { 0x02, 0xBE, 0xD0 })]
    [InlineData(new byte[] { 0x40, 0x01 })]
    [InlineData(new byte[] { 0x40, 0x01, 0xFF })]
    public void ATruncatedVarDecimal_IsRefused(byte[] bytes)
    {
        Action read = () =>
        {
            var reader = new FastBinaryReader(bytes);
            reader.ReadVarDecimal();
        };
        read.Should().Throw<FastSerializationException>().WithMessage("*runcated*");
    }

    private static byte[] Written(decimal value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        writer.WriteVarDecimal(value);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }
}
