using System;
using System.Buffers;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Reading;

/// <summary><see cref="FastBinaryReader.ReadString(string?)"/>: the string a kept instance already holds comes back as is.</summary>
public class StringReuseTests
{
    private static byte[] Encode(string? value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        writer.Write(value);
        writer.Write(42);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static string? Read(byte[] data, string? reuse, out int after)
    {
        var reader = new FastBinaryReader(data);
        string? read = reader.ReadString(reuse);
        after = reader.ReadInt32();
        return read;
    }

    [Fact]
    public void TheSameAsciiText_ReturnsTheInstanceItHad()
    {
        string current = new string("AAPL".ToCharArray()); // not the interned literal
        string? read = Read(Encode("AAPL"), current, out int after);

        read.Should().BeSameAs(current);
        after.Should().Be(42, "the reader moved past the string");
    }

    [Theory]
    [InlineData("MSFT", "AAPL")]
    [InlineData("AAPL", "AAPLX")]
    [InlineData("AAPL", "AAP")]
    [InlineData("", "AAPL")]
    [InlineData(null, "AAPL")]
    [InlineData("AAPL", null)]
    [InlineData("AAPL", "")]
    [InlineData("größe", "größe")] // equal but not ASCII: decoded as usual, equal value
    public void OtherTextOrNoInstance_ReadsAsReadStringDoes(string? written, string? current)
    {
        string? read = Read(Encode(written), current, out int after);

        read.Should().Be(written);
        after.Should().Be(42);
        if (written is { Length: > 0 } && current is not null && written != current)
        {
            read.Should().NotBeSameAs(current);
        }
    }

    [Fact]
    public void MalformedUtf8_IsStillRefused_WhenAnInstanceIsGiven()
    {
        byte[] data = { 3, 0xC3, 0x28, 0, 0, 0, 0 }; // length 2: 0xC3 0x28 is not UTF-8

        Action read = () => Read(data, "ab", out _);

        read.Should().Throw<FastSerializationException>().WithMessage("*UTF-8*");
    }

    [Fact]
    public void ReadingTheSameTextAgain_AllocatesNothing()
    {
        byte[] data = Encode("AAPL");
        string current = "AAPL";
        Read(data, current, out _);

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 100; i++)
        {
            Read(data, current, out _);
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0);
    }
}
