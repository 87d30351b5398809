using System;
using System.Linq;
using System.Text;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;
using static FastSerialization.Tests.Support.Bytes;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// Strings of 8 to 32 ASCII characters take a shorter path than the general UTF-8 transcoder in the .NET builds
/// (overlapping vector loads and stores): every length around and inside that range, and a character that is not
/// ASCII at every position of it, must give the bytes of <see cref="Encoding.UTF8"/> and read back the same, and a
/// lone surrogate or an ill-formed byte at any position must still be refused.
/// </summary>
public class ShortTextTests
{
    private const int Longest = 40;

    /// <summary>Printable ASCII and the two ends of the range (NUL and DEL), varied by position so that overlapping stores would show.</summary>
    private static string Ascii(int length) =>
        new(Enumerable.Range(0, length).Select(i => i % 11 == 5 ? '\0' : i % 13 == 7 ? '\u007F' : (char)('!' + ((i * 7) % 94))).ToArray());

    public static TheoryData<int> Lengths()
    {
        var data = new TheoryData<int>();
        for (int length = 1; length <= Longest; length++)
        {
            data.Add(length);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void AsciiText_IsItsUtf8Bytes_BothWays(int length)
    {
        string value = Ascii(length);
        byte[] expected = Str(value);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadString()).Should().Be(value);
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void OneCharacterAboveAscii_AtEveryPosition_IsItsUtf8Bytes_BothWays(int length)
    {
        foreach (string other in new[] { "\u0080", "\u00E9", "\u07FF", "\u0800", "\uFFFD", "\U0001F600" })
        {
            for (int position = 0; position < length; position++)
            {
                string value = Ascii(length).Remove(position, 1).Insert(position, other);
                byte[] expected = Str(value);
                Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected, "U+{0:X4} at {1} of {2}", (int)other[0], position, length);
                Read(expected, (ref FastBinaryReader r) => r.ReadString()).Should().Be(value);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void LoneSurrogate_AtEveryPosition_IsRefused(int length)
    {
        foreach (char surrogate in new[] { '\uD800', '\uDFFF' })
        {
            for (int position = 0; position < length; position++)
            {
                string value = Ascii(length).Remove(position, 1).Insert(position, surrogate.ToString());
                Action write = () => Written((ref FastBinaryWriter w) => w.Write(value));
                write.Should().Throw<FastSerializationException>().WithMessage("*lone surrogate*");
            }
        }
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void IllFormedByte_AtEveryPosition_IsRefused(int length)
    {
        foreach (byte bad in new byte[] { 0x80, 0xC3, 0xFF })
        {
            for (int position = 0; position < length; position++)
            {
                byte[] utf8 = Encoding.ASCII.GetBytes(Ascii(length));
                utf8[position] = bad;
                byte[] data = Concat(VarUInt((ulong)length + 1), utf8);
                Action read = () => Read(data, (ref FastBinaryReader r) => r.ReadString());
                read.Should().Throw<FastSerializationException>().WithMessage("*not well-formed UTF-8*");
            }
        }
    }

    [Fact]
    public void AsciiText_FromTheMiddleOfALongerString_IsItsUtf8Bytes()
    {
        // The characters come from the middle of a string whose next characters are not ASCII: only the span's own count.
        string source = "0123456789abcdefghijklmnopqrstuvwxyz\u00E9\u00E9\u00E9\u00E9";
        for (int length = 1; length <= 32; length++)
        {
            ReadOnlyMemory<char> chars = source.AsMemory(4, length);
            byte[] expected = Str(chars.ToString());
            Written((ref FastBinaryWriter w) => w.Write(chars.Span)).Should().Equal(expected);
        }
    }
}
