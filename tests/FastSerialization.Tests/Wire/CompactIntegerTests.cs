using System;
using System.Buffers;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Wire;

/// <summary>The 16-bit varints generated code uses (docs/FORMAT.md section 3a): the 32-bit forms, with their range checked when read.</summary>
public class CompactIntegerTests
{
    private static byte[] Written(Action<ArrayBufferWriter<byte>> write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        write(buffer);
        return buffer.WrittenSpan.ToArray();
    }

    [Theory]
    [InlineData((short)0, new byte[] { 0x00 })]
    [InlineData((short)-1, new byte[] { 0x01 })]
    [InlineData((short)1, new byte[] { 0x02 })]
    [InlineData((short)-64, new byte[] { 0x7F })]
    [InlineData((short)64, new byte[] { 0x80, 0x01 })]
    [InlineData(short.MaxValue, new byte[] { 0xFE, 0xFF, 0x03 })]
    [InlineData(short.MinValue, new byte[] { 0xFF, 0xFF, 0x03 })]
    public void Int16_IsAZigzagVarint(short value, byte[] expected)
    {
        Written(b => { var w = new FastBinaryWriter(b); w.WriteVarInt16(value); w.Flush(); }).Should().Equal(expected);
        var reader = new FastBinaryReader(expected);
        reader.ReadVarInt16().Should().Be(value);
    }

    [Theory]
    [InlineData((ushort)0, new byte[] { 0x00 })]
    [InlineData((ushort)127, new byte[] { 0x7F })]
    [InlineData((ushort)128, new byte[] { 0x80, 0x01 })]
    [InlineData(ushort.MaxValue, new byte[] { 0xFF, 0xFF, 0x03 })]
    public void UInt16_IsAVaruint(ushort value, byte[] expected)
    {
        Written(b => { var w = new FastBinaryWriter(b); w.WriteVarUInt16(value); w.Flush(); }).Should().Equal(expected);
        var reader = new FastBinaryReader(expected);
        reader.ReadVarUInt16().Should().Be(value);
    }

    [Theory]
    [InlineData(new byte[] { 0x80, 0x80, 0x04 })] // zigzag 65,536 = 32,768: one past short.MaxValue
    [InlineData(new byte[] { 0x81, 0x80, 0x04 })] // -32,769
    [InlineData(new byte[] { 0xFE, 0xFF, 0xFF, 0xFF, 0x0F })] // int.MaxValue
    public void Int16_OutOfRange_IsMalformed(byte[] bytes)
    {
        Action read = () =>
        {
            var reader = new FastBinaryReader(bytes);
            reader.ReadVarInt16();
        };
        read.Should().Throw<FastSerializationException>().WithMessage("*outside the range of a 16-bit integer*");
    }

    [Theory]
    [InlineData(new byte[] { 0x80, 0x80, 0x04 })] // 65,536
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F })] // uint.MaxValue
    public void UInt16_OutOfRange_IsMalformed(byte[] bytes)
    {
        Action read = () =>
        {
            var reader = new FastBinaryReader(bytes);
            reader.ReadVarUInt16();
        };
        read.Should().Throw<FastSerializationException>().WithMessage("*outside the range of an unsigned 16-bit integer*");
    }
}
