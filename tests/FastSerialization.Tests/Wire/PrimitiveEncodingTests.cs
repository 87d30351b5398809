using System;
using System.Buffers.Binary;
using System.Text;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;
using static FastSerialization.Tests.Support.Bytes;

namespace FastSerialization.Tests.Wire;

/// <summary>Pins every primitive encoding of docs/FORMAT.md section 2 to hand-built bytes, both ways.</summary>
public class PrimitiveEncodingTests
{
    [Theory]
    [InlineData(false, new byte[] { 0x00 })]
    [InlineData(true, new byte[] { 0x01 })]
    public void Bool_IsOneByte(bool value, byte[] expected)
    {
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadBoolean()).Should().Be(value);
    }

    [Theory]
    [InlineData((byte)0)]
    [InlineData((byte)0x7F)]
    [InlineData((byte)0xFF)]
    public void Byte_IsItself(byte value)
    {
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(value);
        Read(new[] { value }, (ref FastBinaryReader r) => r.ReadByte()).Should().Be(value);
    }

    [Theory]
    [InlineData(sbyte.MinValue, 0x80)]
    [InlineData((sbyte)-1, 0xFF)]
    [InlineData(sbyte.MaxValue, 0x7F)]
    public void SByte_IsTwosComplementByte(sbyte value, byte expected)
    {
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(new[] { expected }, (ref FastBinaryReader r) => r.ReadSByte()).Should().Be(value);
    }

    [Theory]
    [InlineData(short.MinValue)]
    [InlineData((short)-2)]
    [InlineData((short)0x1234)]
    [InlineData(short.MaxValue)]
    public void Int16_IsLittleEndian(short value)
    {
        byte[] expected = new byte[2];
        BinaryPrimitives.WriteInt16LittleEndian(expected, value);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadInt16()).Should().Be(value);
    }

    [Theory]
    [InlineData((ushort)0)]
    [InlineData((ushort)0x1234)]
    [InlineData(ushort.MaxValue)]
    public void UInt16_IsLittleEndian(ushort value)
    {
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(U16(value));
        Read(U16(value), (ref FastBinaryReader r) => r.ReadUInt16()).Should().Be(value);
    }

    [Theory]
    [InlineData('A')]
    [InlineData('\u00E9')]
    [InlineData('\uD800')] // a lone surrogate is a valid char: one UTF-16 code unit
    [InlineData('\uFFFF')]
    public void Char_IsOneUtf16CodeUnit(char value)
    {
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(U16(value));
        Read(U16(value), (ref FastBinaryReader r) => r.ReadChar()).Should().Be(value);
    }

    [Theory]
    [InlineData(int.MinValue)]
    [InlineData(-1)]
    [InlineData(0)]
    [InlineData(0x12345678)]
    [InlineData(int.MaxValue)]
    public void Int32_IsLittleEndian(int value)
    {
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(I32(value));
        Read(I32(value), (ref FastBinaryReader r) => r.ReadInt32()).Should().Be(value);
    }

    [Fact]
    public void Int32_ByteOrder_IsLowByteFirst() =>
        Written((ref FastBinaryWriter w) => w.Write(0x12345678)).Should().Equal(0x78, 0x56, 0x34, 0x12);

    [Theory]
    [InlineData(0u)]
    [InlineData(0xDEADBEEFu)]
    [InlineData(uint.MaxValue)]
    public void UInt32_IsLittleEndian(uint value)
    {
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(U32(value));
        Read(U32(value), (ref FastBinaryReader r) => r.ReadUInt32()).Should().Be(value);
    }

    [Theory]
    [InlineData(long.MinValue)]
    [InlineData(-1L)]
    [InlineData(0x0102030405060708L)]
    [InlineData(long.MaxValue)]
    public void Int64_IsLittleEndian(long value)
    {
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(I64(value));
        Read(I64(value), (ref FastBinaryReader r) => r.ReadInt64()).Should().Be(value);
    }

    [Theory]
    [InlineData(0UL)]
    [InlineData(ulong.MaxValue)]
    public void UInt64_IsLittleEndian(ulong value)
    {
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(U64(value));
        Read(U64(value), (ref FastBinaryReader r) => r.ReadUInt64()).Should().Be(value);
    }

    [Theory]
    [InlineData(0x00000000u)] // 0.0
    [InlineData(0x80000000u)] // -0.0
    [InlineData(0x3F800000u)] // 1.0
    [InlineData(0x7F800000u)] // +infinity
    [InlineData(0x7FC00001u)] // quiet NaN with a payload
    [InlineData(0xFFA12345u)] // negative NaN with a payload
    [InlineData(0x00000001u)] // smallest subnormal
    public void Single_IsBitExact(uint bits)
    {
        float value = BitConverter.Int32BitsToSingle(unchecked((int)bits));
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(U32(bits));
        float back = Read(U32(bits), (ref FastBinaryReader r) => r.ReadSingle());
        BitConverter.SingleToUInt32Bits(back).Should().Be(bits);
    }

    [Theory]
    [InlineData(0x0000000000000000UL)]
    [InlineData(0x8000000000000000UL)] // -0.0
    [InlineData(0x3FF0000000000000UL)] // 1.0
    [InlineData(0xFFF0000000000000UL)] // -infinity
    [InlineData(0x7FF8000000000123UL)] // NaN with a payload
    [InlineData(0x7FF0000000000001UL)] // signalling NaN
    [InlineData(0x7FEFFFFFFFFFFFFFUL)] // double.MaxValue
    public void Double_IsBitExact(ulong bits)
    {
        double value = BitConverter.Int64BitsToDouble(unchecked((long)bits));
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(U64(bits));
        double back = Read(U64(bits), (ref FastBinaryReader r) => r.ReadDouble());
        BitConverter.DoubleToUInt64Bits(back).Should().Be(bits);
    }

#if !FS_NETSTANDARD_BUILD
    // The netstandard2.0 build has no Half (contract section 2b: that build lacks the calls).
    [Theory]
    [InlineData((ushort)0x0000, new byte[] { 0x00, 0x00 })]
    [InlineData((ushort)0x8000, new byte[] { 0x00, 0x80 })] // -0.0
    [InlineData((ushort)0x3C00, new byte[] { 0x00, 0x3C })] // 1.0
    [InlineData((ushort)0x7BFF, new byte[] { 0xFF, 0x7B })] // Half.MaxValue, 65504
    [InlineData((ushort)0xFC00, new byte[] { 0x00, 0xFC })] // -infinity
    [InlineData((ushort)0x7E01, new byte[] { 0x01, 0x7E })] // quiet NaN with a payload
    [InlineData((ushort)0xFD55, new byte[] { 0x55, 0xFD })] // negative signalling NaN with a payload
    [InlineData((ushort)0x0001, new byte[] { 0x01, 0x00 })] // smallest subnormal
    public void Half_IsBitExact(ushort bits, byte[] expected)
    {
        Half value = BitConverter.UInt16BitsToHalf(bits);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Half back = Read(expected, (ref FastBinaryReader r) => r.ReadHalf());
        BitConverter.HalfToUInt16Bits(back).Should().Be(bits);
    }

    [Fact]
    public void Half_CutShort_IsMalformed()
    {
        Action read = () => Read(new byte[] { 0x00 }, (ref FastBinaryReader r) => r.ReadHalf());
        read.Should().Throw<FastSerializationException>().WithMessage("*Half*");
    }
#endif

    public static TheoryData<decimal> Decimals => new()
    {
        decimal.Zero,
        decimal.One,
        decimal.MinusOne,
        decimal.MaxValue,
        decimal.MinValue,
        0.0000000000000000000000000001m,
        -79228162514264337593543950.335m,
        1.10m, // trailing zero: the scale is kept
        new decimal(0, 0, 0, isNegative: true, scale: 3), // -0.000
    };

    [Theory]
    [MemberData(nameof(Decimals))]
    public void Decimal_IsGetBitsLoMidHiFlags(decimal value)
    {
        int[] bits = decimal.GetBits(value);
        byte[] expected = Concat(I32(bits[0]), I32(bits[1]), I32(bits[2]), I32(bits[3]));
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        decimal back = Read(expected, (ref FastBinaryReader r) => r.ReadDecimal());
        decimal.GetBits(back).Should().Equal(bits);
    }

    public static TheoryData<DateTime> DateTimes => new()
    {
        DateTime.MinValue,
        DateTime.MaxValue,
        new DateTime(2008, 8, 25, 10, 30, 0, DateTimeKind.Utc),
        new DateTime(2008, 8, 25, 10, 30, 0, DateTimeKind.Unspecified),
        new DateTime(2024, 1, 2, 3, 4, 5, 678, DateTimeKind.Local),
    };

    [Theory]
    [MemberData(nameof(DateTimes))]
    public void DateTime_IsToBinary_AndKeepsKind(DateTime value)
    {
        byte[] expected = I64(value.ToBinary());
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        DateTime back = Read(expected, (ref FastBinaryReader r) => r.ReadDateTime());
        back.Should().Be(value);
        back.Kind.Should().Be(value.Kind);
    }

    [Theory]
    [InlineData(long.MinValue)]
    [InlineData(0L)]
    [InlineData(123456789L)]
    [InlineData(long.MaxValue)]
    public void TimeSpan_IsTicks(long ticks)
    {
        var value = new TimeSpan(ticks);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(I64(ticks));
        Read(I64(ticks), (ref FastBinaryReader r) => r.ReadTimeSpan()).Should().Be(value);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(330)]
    [InlineData(-840)]
    [InlineData(840)]
    public void DateTimeOffset_IsLocalTicksThenOffsetMinutes(int offsetMinutes)
    {
        var value = new DateTimeOffset(2026, 11, 22, 1, 2, 3, TimeSpan.FromMinutes(offsetMinutes));
        byte[] expected = Concat(I64(value.Ticks), U16(unchecked((ushort)(short)offsetMinutes)));
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        DateTimeOffset back = Read(expected, (ref FastBinaryReader r) => r.ReadDateTimeOffset());
        back.Should().Be(value);
        back.Offset.Should().Be(value.Offset);
    }

    [Fact]
    public void Guid_IsToByteArrayOrder()
    {
        var value = new Guid("00112233-4455-6677-8899-aabbccddeeff");
        byte[] expected = { 0x33, 0x22, 0x11, 0x00, 0x55, 0x44, 0x77, 0x66, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF };
        value.ToByteArray().Should().Equal(expected);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadGuid()).Should().Be(value);
    }

    [Theory]
    [InlineData(0u, new byte[] { 0x00 })]
    [InlineData(1u, new byte[] { 0x01 })]
    [InlineData(127u, new byte[] { 0x7F })]
    [InlineData(128u, new byte[] { 0x80, 0x01 })]
    [InlineData(300u, new byte[] { 0xAC, 0x02 })]
    [InlineData(16383u, new byte[] { 0xFF, 0x7F })]
    [InlineData(16384u, new byte[] { 0x80, 0x80, 0x01 })]
    [InlineData(0x0FFFFFFFu, new byte[] { 0xFF, 0xFF, 0xFF, 0x7F })]
    [InlineData(uint.MaxValue, new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F })]
    public void VarUInt32_IsLeb128(uint value, byte[] expected)
    {
        VarUInt(value).Should().Equal(expected);
        Written((ref FastBinaryWriter w) => w.WriteVarUInt32(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadVarUInt32()).Should().Be(value);
    }

    [Theory]
    [InlineData(0UL, 1)]
    [InlineData(127UL, 1)]
    [InlineData(128UL, 2)]
    [InlineData(uint.MaxValue + 1UL, 5)]
    [InlineData(1UL << 56, 9)]
    [InlineData(long.MaxValue, 9)]
    [InlineData(ulong.MaxValue, 10)]
    public void VarUInt64_IsLeb128(ulong value, int expectedLength)
    {
        byte[] expected = VarUInt(value);
        expected.Should().HaveCount(expectedLength);
        Written((ref FastBinaryWriter w) => w.WriteVarUInt64(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadVarUInt64()).Should().Be(value);
    }

    [Theory]
    [InlineData(0, 0u)]
    [InlineData(-1, 1u)]
    [InlineData(1, 2u)]
    [InlineData(-2, 3u)]
    [InlineData(int.MaxValue, 0xFFFFFFFEu)]
    [InlineData(int.MinValue, 0xFFFFFFFFu)]
    public void VarInt32_IsZigZagThenLeb128(int value, uint zigzag)
    {
        byte[] expected = VarUInt(zigzag);
        Written((ref FastBinaryWriter w) => w.WriteVarInt32(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadVarInt32()).Should().Be(value);
    }

    [Theory]
    [InlineData(0L, 0UL)]
    [InlineData(-1L, 1UL)]
    [InlineData(1L, 2UL)]
    [InlineData(long.MaxValue, 0xFFFFFFFFFFFFFFFEUL)]
    [InlineData(long.MinValue, 0xFFFFFFFFFFFFFFFFUL)]
    public void VarInt64_IsZigZagThenLeb128(long value, ulong zigzag)
    {
        byte[] expected = VarUInt(zigzag);
        Written((ref FastBinaryWriter w) => w.WriteVarInt64(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadVarInt64()).Should().Be(value);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("Smith")]
    [InlineData("caf\u00E9")] // 2-byte UTF-8
    [InlineData("\u20AC")] // 3-byte UTF-8
    [InlineData("\U0001F600 grin")] // 4-byte UTF-8 (a surrogate pair)
    [InlineData("\0embedded nul\0")]
    public void String_IsCountPlusOneThenUtf8(string? value)
    {
        byte[] expected = Str(value);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadString()).Should().Be(value);
    }

    [Fact]
    public void String_Null_IsZero_AndEmpty_IsOne()
    {
        Written((ref FastBinaryWriter w) => w.Write((string?)null)).Should().Equal(0x00);
        Written((ref FastBinaryWriter w) => w.Write(string.Empty)).Should().Equal(0x01);
        Read(new byte[] { 0x01 }, (ref FastBinaryReader r) => r.ReadString()).Should().BeSameAs(string.Empty);
    }

    [Theory]
    [InlineData(42, 'a')] // the longest string whose prefix is one byte whatever the content
    [InlineData(43, 'a')]
    [InlineData(126, 'a')] // 126 bytes + 1 = 127: still one byte of prefix
    [InlineData(127, 'a')] // 128: two bytes
    [InlineData(42, '\u20AC')] // 126 bytes of UTF-8
    [InlineData(43, '\u20AC')] // 129 bytes: two bytes of prefix
    [InlineData(5000, '\u00E9')]
    [InlineData(100_000, '\u20AC')] // 300,000 bytes: three bytes of prefix, reserved as four
    public void String_AtPrefixBoundaries_MatchesHandBuiltBytes(int length, char fill)
    {
        string value = new(fill, length);
        byte[] expected = Str(value);
        Written((ref FastBinaryWriter w) => w.Write(value)).Should().Equal(expected);
        Read(expected, (ref FastBinaryReader r) => r.ReadString()).Should().Be(value);
    }

    [Fact]
    public void CharSpan_IsWrittenLikeAString()
    {
        string value = "span \U0001F600";
        Written((ref FastBinaryWriter w) => w.Write(value.AsSpan())).Should().Equal(Str(value));
    }

    [Fact]
    public void ByteArray_IsCountPlusOneThenBytes()
    {
        Written((ref FastBinaryWriter w) => w.Write((byte[]?)null)).Should().Equal(0x00);
        Written((ref FastBinaryWriter w) => w.Write(Array.Empty<byte>())).Should().Equal(0x01);
        Written((ref FastBinaryWriter w) => w.Write(new byte[] { 9, 8, 7 })).Should().Equal(0x04, 9, 8, 7);
        Read(new byte[] { 0x00 }, (ref FastBinaryReader r) => r.ReadByteArray()).Should().BeNull();
        Read(new byte[] { 0x01 }, (ref FastBinaryReader r) => r.ReadByteArray()).Should().BeEmpty();
        Read(new byte[] { 0x04, 9, 8, 7 }, (ref FastBinaryReader r) => r.ReadByteArray()).Should().Equal(9, 8, 7);
    }

    [Fact]
    public void ByteSpan_IsWrittenLikeAnArray_AndReadWithoutCopying()
    {
        byte[] data = { 0x03, 5, 6, 0xAA };
        Written((ref FastBinaryWriter w) => w.Write(new ReadOnlySpan<byte>(data, 1, 2))).Should().Equal(0x03, 5, 6);
        var reader = new FastBinaryReader(data);
        ReadOnlySpan<byte> span = reader.ReadByteSpan();
        span.ToArray().Should().Equal(5, 6);
        reader.Position.Should().Be(3);
    }

    [Fact]
    public void Raw_HasNoPrefix()
    {
        Written((ref FastBinaryWriter w) => w.WriteRaw(new byte[] { 1, 2, 3 })).Should().Equal(1, 2, 3);
        Read(new byte[] { 1, 2, 3 }, (ref FastBinaryReader r) => r.ReadBytes(3)).Should().Equal(1, 2, 3);
        Read(new byte[] { 1, 2, 3 }, (ref FastBinaryReader r) => r.ReadRaw(3).ToArray()).Should().Equal(1, 2, 3);
    }

    [Fact]
    public void Nullable_IsPresenceByteThenValue()
    {
        int? some = 5;
        int? none = null;
        Written((ref FastBinaryWriter w) =>
        {
            w.Write(some.HasValue);
            if (some.HasValue)
            {
                w.Write(some.Value);
            }

            w.Write(none.HasValue);
        }).Should().Equal(Concat(new byte[] { 1 }, I32(5), new byte[] { 0 }));
    }

    [Fact]
    public void Enum_IsItsUnderlyingType()
    {
        Written((ref FastBinaryWriter w) => w.WriteEnum(Color.Green)).Should().Equal(0x02);
        Written((ref FastBinaryWriter w) => w.WriteEnum(Big.Min)).Should().Equal(I64(long.MinValue));
        Written((ref FastBinaryWriter w) => w.WriteEnum(DayOfWeek.Friday)).Should().Equal(I32(5));
        Read(new byte[] { 0x02 }, (ref FastBinaryReader r) => r.ReadEnum<Color>()).Should().Be(Color.Green);
        Read(I64(long.MaxValue), (ref FastBinaryReader r) => r.ReadEnum<Big>()).Should().Be(Big.Max);
        Read(I32(42), (ref FastBinaryReader r) => r.ReadEnum<DayOfWeek>()).Should().Be((DayOfWeek)42);
    }

    [Fact]
    public void Collection_HeaderIsCountPlusOne()
    {
        Written((ref FastBinaryWriter w) => w.WriteNullCollection()).Should().Equal(0x00);
        Written((ref FastBinaryWriter w) => w.WriteCollectionHeader(0)).Should().Equal(0x01);
        Written((ref FastBinaryWriter w) => w.WriteCollectionHeader(200)).Should().Equal(VarUInt(201));
        Read(new byte[] { 0x00 }, (ref FastBinaryReader r) => r.ReadCollectionHeader()).Should().Be(-1);
        Read(new byte[] { 0x01 }, (ref FastBinaryReader r) => r.ReadCollectionHeader()).Should().Be(0);
    }

    [Fact]
    public void Dictionary_IsHeaderThenPairs()
    {
        var reader = new FastBinaryReader(Concat(new byte[] { 0x03 }, Str("a"), I32(1), Str("b"), I32(2)));
        int count = reader.ReadCollectionHeader(minElementSize: 2);
        count.Should().Be(2);
        for (int i = 0; i < count; i++)
        {
            reader.ReadString();
            reader.ReadInt32();
        }

        reader.HasRemaining.Should().BeFalse();
    }

    [Fact]
    public void PrimitiveArrays_AreTheSameBytesAsOneByOne()
    {
        int[] ints = { 1, -2, int.MaxValue, int.MinValue };
        double[] doubles = { 1.5, double.NaN, -0.0 };
        char[] chars = "h\u00E9\uD83D".ToCharArray();
        Written((ref FastBinaryWriter w) => w.WriteArray(ints))
            .Should().Equal(Concat(new byte[] { 5 }, I32(1), I32(-2), I32(int.MaxValue), I32(int.MinValue)));
        Written((ref FastBinaryWriter w) => w.WriteArray(doubles)).Should().Equal(Written((ref FastBinaryWriter w) =>
        {
            w.WriteCollectionHeader(doubles.Length);
            foreach (double d in doubles)
            {
                w.Write(d);
            }
        }));
        Written((ref FastBinaryWriter w) => w.WriteArray(chars)).Should().Equal(Concat(new byte[] { 4 }, U16('h'), U16('\u00E9'), U16('\uD83D')));
        Written((ref FastBinaryWriter w) => w.WriteArray((long[]?)null)).Should().Equal(0x00);

        Read(Written((ref FastBinaryWriter w) => w.WriteArray(ints)), (ref FastBinaryReader r) => r.ReadArray<int>()).Should().Equal(ints);
        Read(Written((ref FastBinaryWriter w) => w.WriteArray(chars)), (ref FastBinaryReader r) => r.ReadArray<char>()).Should().Equal(chars);
        Read(new byte[] { 0 }, (ref FastBinaryReader r) => r.ReadArray<ulong>()).Should().BeNull();
        Read(new byte[] { 1 }, (ref FastBinaryReader r) => r.ReadArray<ulong>()).Should().BeEmpty();
        double[] back = Read(Written((ref FastBinaryWriter w) => w.WriteArray(doubles)), (ref FastBinaryReader r) => r.ReadArray<double>())!;
        Array.ConvertAll(back, BitConverter.DoubleToInt64Bits).Should().Equal(Array.ConvertAll(doubles, BitConverter.DoubleToInt64Bits));
    }

    [Fact]
    public void PrimitiveArrays_RefuseTypesWithoutAFixedLittleEndianForm()
    {
        Action write = () => Written((ref FastBinaryWriter w) => w.WriteArray(new[] { true }));
        write.Should().Throw<NotSupportedException>().WithMessage("*Boolean*");
        Action read = () => Read(new byte[] { 1 }, (ref FastBinaryReader r) => r.ReadArray<decimal>());
        read.Should().Throw<NotSupportedException>();
    }

    [Fact]
    public void Writer_KeepsEveryByte_WhenItOutgrowsItsFirstBuffer()
    {
        byte[] written = Written((ref FastBinaryWriter w) =>
        {
            for (int i = 0; i < 10_000; i++)
            {
                w.Write(i);
            }
        });
        written.Should().HaveCount(40_000);
        var reader = new FastBinaryReader(written);
        for (int i = 0; i < 10_000; i++)
        {
            reader.ReadInt32().Should().Be(i);
        }
    }

    [Fact]
    public void Utf8_OfEveryStringTestedHere_IsWhatEncodingUtf8Produces() =>
        Str("\U0001F600").Should().Equal(0x05, 0xF0, 0x9F, 0x98, 0x80);
}
