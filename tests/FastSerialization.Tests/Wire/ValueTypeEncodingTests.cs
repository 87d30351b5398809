using System;
using System.Globalization;
using System.Linq;
using System.Numerics;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;
using static FastSerialization.Tests.Support.Bytes;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// Pins the encodings of contract section 2b (docs/FORMAT.md section 2b) to hand-built bytes, both ways, and refuses
/// every malformed form through the public reader. The types the netstandard2.0 build lacks (DateOnly, TimeOnly,
/// Int128, UInt128, Rune) are tested against the modern build only; BigInteger, Complex, Uri and Version run against
/// both builds (this file is compiled into FastSerialization.Tests.NetStandard too), so both write the same bytes.
/// </summary>
public class ValueTypeEncodingTests
{
    /// <summary>Bytes from hex pairs separated by spaces ("6A 4A 0B 00").</summary>
    private static byte[] Hex(string pairs) =>
        pairs.Length == 0 ? Array.Empty<byte>() : pairs.Split(' ').Select(p => byte.Parse(p, NumberStyles.HexNumber, CultureInfo.InvariantCulture)).ToArray();

    private static byte[] Repeat(byte value, int count) => Enumerable.Repeat(value, count).ToArray();

    private static Action ReadOf<T>(byte[] data, ReadFunc<T> read) => () => Read(data, read);

#if !FS_NETSTANDARD_BUILD
    // ---- DateOnly: the day number as int (section 2), a zigzag varint32 in generated code (section 3a) ----

    [Theory]
    [InlineData(1, 1, 1, "00 00 00 00")] // DayNumber 0
    [InlineData(2026, 11, 27, "6A 4A 0B 00")] // DayNumber 739,946
    [InlineData(9999, 12, 31, "DA B9 37 00")] // DayNumber 3,652,058
    public void DateOnly_IsItsDayNumber(int year, int month, int day, string hex)
    {
        var value = new DateOnly(year, month, day);
        byte[] expected = Hex(hex);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadDateOnly()).Should().Be(value);
    }

    [Theory]
    [InlineData(1, 1, 1, "00")]
    [InlineData(2026, 11, 27, "D4 A9 5A")] // zigzag 1,479,892
    [InlineData(9999, 12, 31, "B4 E7 BD 03")]
    public void VarDateOnly_IsItsDayNumberAsAZigzagVarint(int year, int month, int day, string hex)
    {
        var value = new DateOnly(year, month, day);
        byte[] expected = Hex(hex);
        Written((ref FastBinaryWriter w) => w.WriteVarDateOnly(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadVarDateOnly()).Should().Be(value);
    }

    [Theory]
    [InlineData("FF FF FF FF")] // -1
    [InlineData("DB B9 37 00")] // 3,652,059: the day after December 31, 9999
    [InlineData("00 00 00 80")] // int.MinValue
    public void DateOnly_OutOfRange_IsMalformed(string hex) =>
        ReadOf(Hex(hex), (ref FastBinaryReader r) => r.ReadDateOnly()).Should().Throw<FastSerializationException>().WithMessage("*not a DateOnly*");

    [Theory]
    [InlineData("01", "*not a DateOnly*")] // zigzag -1
    [InlineData("B6 E7 BD 03", "*not a DateOnly*")] // 3,652,059
    [InlineData("80 00", "*shortest form*")]
    public void VarDateOnly_Malformed_IsRefused(string hex, string message) =>
        ReadOf(Hex(hex), (ref FastBinaryReader r) => r.ReadVarDateOnly()).Should().Throw<FastSerializationException>().WithMessage(message);

    // ---- TimeOnly: ticks as long ----

    [Theory]
    [InlineData(0L, "00 00 00 00 00 00 00 00")]
    [InlineData(432_000_000_000L, "00 E0 34 95 64 00 00 00")] // noon
    [InlineData(863_999_999_999L, "FF BF 69 2A C9 00 00 00")] // TimeOnly.MaxValue
    public void TimeOnly_IsItsTicks(long ticks, string hex)
    {
        var value = new TimeOnly(ticks);
        byte[] expected = Hex(hex);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadTimeOnly()).Should().Be(value);
    }

    [Theory]
    [InlineData("00 C0 69 2A C9 00 00 00")] // 864,000,000,000: a whole day
    [InlineData("FF FF FF FF FF FF FF FF")] // -1
    public void TimeOnly_OutOfRange_IsMalformed(string hex) =>
        ReadOf(Hex(hex), (ref FastBinaryReader r) => r.ReadTimeOnly()).Should().Throw<FastSerializationException>().WithMessage("*not a TimeOnly*");

    // ---- Int128 / UInt128: 16 bytes LE, low 64 bits first; zigzag / unsigned LEB128 of at most 19 bytes ----

    public static TheoryData<string, string> Int128s => new()
    {
        { "0", "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00" },
        { "1", "01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00" },
        { "-1", "FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF" },
        { "18446744073709551618", "02 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00" }, // 2^64 + 2: low word first
        { "-170141183460469231731687303715884105728", "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 80" }, // MinValue
        { "170141183460469231731687303715884105727", "FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF 7F" }, // MaxValue
    };

    [Theory]
    [MemberData(nameof(Int128s))]
    public void Int128_IsSixteenBytesLittleEndian(string text, string hex)
    {
        Int128 value = Int128.Parse(text, CultureInfo.InvariantCulture);
        byte[] expected = Hex(hex);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadInt128()).Should().Be(value);
    }

    [Theory]
    [InlineData("0", "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00")]
    [InlineData("18446744073709551616", "00 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00")] // 2^64
    [InlineData("340282366920938463463374607431768211455", "FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF")] // MaxValue
    public void UInt128_IsSixteenBytesLittleEndian(string text, string hex)
    {
        UInt128 value = UInt128.Parse(text, CultureInfo.InvariantCulture);
        byte[] expected = Hex(hex);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadUInt128()).Should().Be(value);
    }

    [Theory]
    [InlineData("0", "00")]
    [InlineData("-1", "01")]
    [InlineData("1", "02")]
    [InlineData("-65", "81 01")]
    [InlineData("18446744073709551616", "80 80 80 80 80 80 80 80 80 04")] // 2^64: zigzag 2^65
    [InlineData("-18446744073709551616", "FF FF FF FF FF FF FF FF FF 03")] // -2^64: zigzag 2^65 - 1
    [InlineData("170141183460469231731687303715884105727", "FE FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF 03")] // MaxValue: 19 bytes
    [InlineData("-170141183460469231731687303715884105728", "FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF 03")] // MinValue
    public void VarInt128_IsZigzagLeb128(string text, string hex)
    {
        Int128 value = Int128.Parse(text, CultureInfo.InvariantCulture);
        byte[] expected = Hex(hex);
        Written((ref FastBinaryWriter w) => w.WriteVarInt128(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadVarInt128()).Should().Be(value);
    }

    [Theory]
    [InlineData("0", "00")]
    [InlineData("127", "7F")]
    [InlineData("128", "80 01")]
    [InlineData("18446744073709551616", "80 80 80 80 80 80 80 80 80 02")] // 2^64
    [InlineData("340282366920938463463374607431768211455", "FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF 03")] // MaxValue: 19 bytes
    public void VarUInt128_IsLeb128(string text, string hex)
    {
        UInt128 value = UInt128.Parse(text, CultureInfo.InvariantCulture);
        byte[] expected = Hex(hex);
        Written((ref FastBinaryWriter w) => w.WriteVarUInt128(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadVarUInt128()).Should().Be(value);
    }

    public static TheoryData<byte[], string> MalformedVarInt128s => new()
    {
        { Hex("80 00"), "*shortest form*" }, // 0 in two bytes
        { Hex("FF 80 80 80 80 80 80 80 80 80 80 80 80 80 80 80 80 80 00"), "*shortest form*" }, // 127 in 19 bytes
        { Concat(Repeat(0xFF, 18), Hex("04")), "*overflows 128 bits*" }, // a 19th byte over 03
        { Concat(Repeat(0x80, 19), Hex("01")), "*longer than 19 bytes*" }, // 20 bytes: the 19th byte has its high bit set
        { Repeat(0x80, 3), "*VarUInt128*" }, // cut short by the frame
    };

    [Theory]
    [MemberData(nameof(MalformedVarInt128s))]
    public void VarUInt128_Malformed_IsRefused(byte[] data, string message)
    {
        ReadOf(data, (ref FastBinaryReader r) => r.ReadVarUInt128()).Should().Throw<FastSerializationException>().WithMessage(message);
        ReadOf(data, (ref FastBinaryReader r) => r.ReadVarInt128()).Should().Throw<FastSerializationException>();
    }

    [Fact]
    public void Int128_CutShort_IsMalformed() =>
        ReadOf(Repeat(0, 15), (ref FastBinaryReader r) => r.ReadInt128()).Should().Throw<FastSerializationException>().WithMessage("*Int128*");

    // ---- Rune: the scalar value as int ----

    [Theory]
    [InlineData(0x41, "41 00 00 00")] // 'A'
    [InlineData(0xD7FF, "FF D7 00 00")] // the last scalar before the surrogates
    [InlineData(0xE000, "00 E0 00 00")] // the first after them
    [InlineData(0x1F600, "00 F6 01 00")] // an emoji, outside the BMP
    [InlineData(0x10FFFF, "FF FF 10 00")] // the last scalar value
    public void Rune_IsItsScalarValue(int scalar, string hex)
    {
        var value = new System.Text.Rune(scalar);
        byte[] expected = Hex(hex);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadRune()).Should().Be(value);
    }

    [Theory]
    [InlineData("00 D8 00 00")] // 0xD800, a high surrogate
    [InlineData("FF DF 00 00")] // 0xDFFF, a low surrogate
    [InlineData("00 00 11 00")] // 0x110000, past the last code point
    [InlineData("FF FF FF FF")] // -1
    public void Rune_NotAScalarValue_IsMalformed(string hex) =>
        ReadOf(Hex(hex), (ref FastBinaryReader r) => r.ReadRune()).Should().Throw<FastSerializationException>().WithMessage("*not a Unicode scalar value*");
#endif

    // ---- BigInteger: varuint32 N, then N bytes of two's complement LE, shortest form (both builds) ----

    [Theory]
    [InlineData("0", "01 00")] // zero is one byte 00
    [InlineData("1", "01 01")]
    [InlineData("-1", "01 FF")]
    [InlineData("127", "01 7F")]
    [InlineData("128", "02 80 00")] // 80 alone would be -128: a sign byte 00 follows
    [InlineData("255", "02 FF 00")]
    [InlineData("256", "02 00 01")]
    [InlineData("-128", "01 80")]
    [InlineData("-129", "02 7F FF")]
    [InlineData("-256", "02 00 FF")]
    [InlineData("-9223372036854775808", "08 00 00 00 00 00 00 00 80")] // long.MinValue
    [InlineData("18446744073709551616", "09 00 00 00 00 00 00 00 00 01")] // 2^64
    [InlineData("-18446744073709551616", "09 00 00 00 00 00 00 00 00 FF")] // -2^64
    public void BigInteger_IsShortestTwosComplement(string text, string hex)
    {
        BigInteger value = BigInteger.Parse(text, CultureInfo.InvariantCulture);
        byte[] expected = Hex(hex);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadBigInteger()).Should().Be(value);
    }

    [Fact]
    public void BigInteger_OfManyBytes_HasAVarintCount()
    {
        BigInteger value = BigInteger.One << 1000; // 1001 bits and a sign bit: 126 bytes
        byte[] expected = Concat(Hex("7E"), Repeat(0x00, 125), Hex("01"));
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadBigInteger()).Should().Be(value);

        BigInteger large = (BigInteger.One << 1100) - 1; // 1100 one bits: 137 bytes FF and a last 0F (its top bit clear: no sign byte), the count takes 2
        byte[] largeBytes = Concat(Hex("8A 01"), Repeat(0xFF, 137), Hex("0F"));
        Written((ref FastBinaryWriter w) => w.Write(large)).Should().Equal(largeBytes);
        Read(largeBytes, (ref FastBinaryReader r) => r.ReadBigInteger()).Should().Be(large);
    }

    [Theory]
    [InlineData("00", "*byte count of 0*")] // no bytes at all
    [InlineData("02 00 00", "*shortest form*")] // zero with a redundant byte
    [InlineData("02 01 00", "*shortest form*")] // 1 with a redundant sign byte
    [InlineData("02 FF FF", "*shortest form*")] // -1 with a redundant sign byte
    [InlineData("02 80 FF", "*shortest form*")] // -128 with a redundant sign byte
    [InlineData("03 80 00 00", "*shortest form*")] // 128 with two sign bytes
    [InlineData("05 01 02", "*BigInteger*")] // a count past the frame
    [InlineData("FF FF FF FF 0F 00", "*longer than the limit of 4096*")] // a hostile count: refused before anything is allocated
    public void BigInteger_Malformed_IsRefused(string hex, string message) =>
        ReadOf(Hex(hex), (ref FastBinaryReader r) => r.ReadBigInteger()).Should().Throw<FastSerializationException>().WithMessage(message);

    [Fact]
    public void BigInteger_OverTheDefaultLimit_IsRefused_EvenWhenTheBytesAreThere()
    {
        // 4097 bytes of a valid, positive number: one over the default of CustomBinaryFormatterOptions.MaxBigIntegerBytes.
        byte[] data = Concat(VarUInt(4097), Repeat(0x11, 4097));
        ReadOf(data, (ref FastBinaryReader r) => r.ReadBigInteger()).Should().Throw<FastSerializationException>()
            .WithMessage("*4097 bytes*MaxBigIntegerBytes*");

        byte[] atLimit = Concat(VarUInt(4096), Repeat(0x11, 4096));
        Read(atLimit, (ref FastBinaryReader r) => r.ReadBigInteger()).Should().Be(new BigInteger(Repeat(0x11, 4096)));
    }

    [Fact]
    public void BigInteger_Limit_IsTheFormattersOption()
    {
        var value = new Big { Value = BigInteger.Parse("123456789012345678901234567890", CultureInfo.InvariantCulture) }; // 13 bytes
        var writer = new CustomBinaryFormatter();
        writer.Register<Big>(1);
        byte[] record = writer.SerializeToArray(value);

        var strict = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxBigIntegerBytes = 12 });
        strict.Register<Big>(1);
        Action read = () => strict.Deserialize<Big>(record);
        read.Should().Throw<FastSerializationException>().WithMessage("*13 bytes*limit of 12*MaxBigIntegerBytes*");

        var enough = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxBigIntegerBytes = 13 });
        enough.Register<Big>(1);
        enough.Deserialize<Big>(record).Value.Should().Be(value.Value);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    [InlineData(CustomBinaryFormatterOptions.LargestMaxRecordLength + 1)]
    public void MaxBigIntegerBytes_OutOfRange_IsRefused(int limit)
    {
        var options = new CustomBinaryFormatterOptions();
        Action set = () => options.MaxBigIntegerBytes = limit;
        set.Should().Throw<ArgumentOutOfRangeException>().WithMessage("*MaxBigIntegerBytes*");
        options.MaxBigIntegerBytes.Should().Be(CustomBinaryFormatterOptions.DefaultMaxBigIntegerBytes);
    }

    // ---- Complex: real, then imaginary, as doubles (both builds) ----

    [Fact]
    public void Complex_IsRealThenImaginary_BitExact()
    {
        var value = new Complex(1.5, -2.0);
        byte[] expected = Hex("00 00 00 00 00 00 F8 3F 00 00 00 00 00 00 00 C0");
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadComplex()).Should().Be(value);

        // -0.0 and a NaN payload come back as they were.
        byte[] odd = Concat(U64(0x8000_0000_0000_0000UL), U64(0x7FF8_0000_0000_1234UL));
        Complex back = Read(odd, (ref FastBinaryReader r) => r.ReadComplex());
        BitConverter.DoubleToInt64Bits(back.Real).Should().Be(unchecked((long)0x8000_0000_0000_0000UL));
        BitConverter.DoubleToInt64Bits(back.Imaginary).Should().Be(0x7FF8_0000_0000_1234L);
        Written((ref FastBinaryWriter w) => w.Write(back)).Should().Equal(odd);
    }

    [Fact]
    public void Complex_CutShort_IsMalformed() =>
        ReadOf(Repeat(0, 12), (ref FastBinaryReader r) => r.ReadComplex()).Should().Throw<FastSerializationException>().WithMessage("*Double*");

    // ---- Uri: its OriginalString as a string, null kept (both builds) ----

    [Theory]
    [InlineData("https://example.com/orders?id=7#top", true)]
    [InlineData("HTTPS://Example.COM:443/a%20b", true)] // kept as written, not normalized
    [InlineData("urn:isbn:0451450523", true)]
    [InlineData("mailto:someone@example.com", true)]
    [InlineData("orders/7?full=1", false)]
    [InlineData("../up", false)]
    [InlineData("", false)]
    public void Uri_IsItsOriginalString(string text, bool absolute)
    {
        var value = new Uri(text, absolute ? UriKind.Absolute : UriKind.Relative);
        byte[] expected = Str(text);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Uri back = Read(expected, (ref FastBinaryReader r) => r.ReadUri())!;
        back.Should().Be(value);
        back.IsAbsoluteUri.Should().Be(absolute);
        back.OriginalString.Should().Be(text);
    }

    [Theory]
    [InlineData("/api/orders/7")]
    [InlineData("//cdn.example.com/a.js")]
    public void Uri_StartingWithASlash_IsRelative_OnEveryPlatform(string text)
    {
        // UriKind.RelativeOrAbsolute would make "/api/orders/7" an absolute file URI on Linux and macOS.
        var value = new Uri(text, UriKind.Relative);
        byte[] expected = Str(text);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Uri back = Read(expected, (ref FastBinaryReader r) => r.ReadUri())!;
        back.IsAbsoluteUri.Should().BeFalse();
        back.OriginalString.Should().Be(text);
        back.Should().Be(value);
    }

    [Fact]
    public void Uri_AbsoluteFromAUnixPath_IsWrittenAsAFileUri()
    {
        var value = new Uri("/var/data/file.txt", UriKind.RelativeOrAbsolute);
        if (!value.IsAbsoluteUri)
        {
            return; // Windows makes a relative URI of it: the case does not arise there
        }

        byte[] expected = Str("file:///var/data/file.txt");
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Uri back = Read(expected, (ref FastBinaryReader r) => r.ReadUri())!;
        back.IsAbsoluteUri.Should().BeTrue();
        back.Should().Be(value);
        back.LocalPath.Should().Be("/var/data/file.txt");
    }

    [Fact]
    public void Uri_Null_IsKept()
    {
        Written((ref FastBinaryWriter w) => w.Write((Uri?)null)).Should().Equal(0x00);
        Read(new byte[] { 0x00 }, (ref FastBinaryReader r) => r.ReadUri()).Should().BeNull();
    }

    [Theory]
    [InlineData("http://[bad")]
    [InlineData("http://")]
    [InlineData("http://exa mple.com/")]
    public void Uri_Unparsable_IsMalformed(string text) =>
        ReadOf(Str(text), (ref FastBinaryReader r) => r.ReadUri()).Should().Throw<FastSerializationException>().WithMessage("*is not a URI*");

    // ---- Version: ToString() as a string, null kept (both builds) ----

    [Theory]
    [InlineData(1, 2, -1, -1, "1.2")]
    [InlineData(1, 2, 3, -1, "1.2.3")]
    [InlineData(10, 0, 0, 2147483647, "10.0.0.2147483647")]
    public void Version_IsItsString(int major, int minor, int build, int revision, string text)
    {
        Version value = build < 0 ? new Version(major, minor) : revision < 0 ? new Version(major, minor, build) : new Version(major, minor, build, revision);
        byte[] expected = Str(text);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadVersion()).Should().Be(value);
    }

    [Fact]
    public void Version_Null_IsKept()
    {
        Written((ref FastBinaryWriter w) => w.Write((Version?)null)).Should().Equal(0x00);
        Read(new byte[] { 0x00 }, (ref FastBinaryReader r) => r.ReadVersion()).Should().BeNull();
    }

    [Theory]
    [InlineData("1")]
    [InlineData("1.2.3.4.5")]
    [InlineData("a.b")]
    [InlineData("01.2")] // parses, but is not the form ToString() writes
    [InlineData(" 1.2")]
    [InlineData("1.-2")]
    [InlineData("")]
    public void Version_Unparsable_IsMalformed(string text) =>
        ReadOf(Str(text), (ref FastBinaryReader r) => r.ReadVersion()).Should().Throw<FastSerializationException>().WithMessage("*not a Version*");

    /// <summary>A hand-written type holding a BigInteger, for the formatter's option.</summary>
    public sealed class Big : ICustomBinarySerializable
    {
        public BigInteger Value { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Value);

        public void SetDataFrom(ref FastBinaryReader reader) => Value = reader.ReadBigInteger();
    }
}
