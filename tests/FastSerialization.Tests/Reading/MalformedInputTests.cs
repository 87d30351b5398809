using System;
using System.Collections.Generic;
using System.IO;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;
using static FastSerialization.Tests.Support.Bytes;

namespace FastSerialization.Tests.Reading;

/// <summary>
/// Every malformed input named in docs/FORMAT.md (section 5) ends in <see cref="FastSerializationException"/>
/// whose message says what was wrong and where.
/// </summary>
public class MalformedInputTests
{
    private static CustomBinaryFormatter NewFormatter(bool strict = false)
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = strict });
        formatter.Register<Customer>(1);
        formatter.Register<Unbalanced>(2);
        formatter.Register<Greedy>(3);
        formatter.Register<PersonV1>(4);
        formatter.Register<Throwing>(5);
        formatter.Register<Drawing>(6);
        formatter.Register<Circle>(7);
        formatter.Register<PersonV2>(8);
        return formatter;
    }

    private static readonly byte[] SeedRecord =
        Record(1, Concat(Str("Smith"), Str("John"), Str("1 Main Street"), I32(35), I32(7)));

    private static FastSerializationException Fails(byte[] data, bool strict = false)
    {
        Action act = () => NewFormatter(strict).Deserialize(data);
        return act.Should().Throw<FastSerializationException>().Which;
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(3)]
    public void TruncatedHeader_Throws(int length)
    {
        FastSerializationException ex = Fails(SeedRecord.AsSpan(0, length).ToArray());
        ex.Message.Should().Contain("length prefix").And.Contain("needs 4");
    }

    [Theory]
    [InlineData(5)]
    [InlineData(20)]
    [InlineData(37)]
    public void TruncatedPayload_Throws_WithDeclaredAndAvailableLengths(int length)
    {
        FastSerializationException ex = Fails(SeedRecord.AsSpan(0, length).ToArray());
        ex.Message.Should().Contain("needs 34").And.Contain($"has {length - 4} left");
        ex.Offset.Should().Be(4);
    }

    [Fact]
    public void LengthZero_Throws()
    {
        FastSerializationException ex = Fails(new byte[] { 0, 0, 0, 0, 1 });
        ex.Message.Should().Contain("length prefix is 0");
    }

    [Theory]
    [InlineData(0xFFFFFFFFu)]
    [InlineData(0x80000000u)]
    [InlineData(16u * 1024 * 1024 + 1)]
    public void LengthOverTheLimit_Throws_BeforeAllocating(uint length)
    {
        byte[] data = Concat(U32(length), new byte[] { 1, 2, 3 });
        CustomBinaryFormatter formatter = NewFormatter();
        FastSerializationException? first = TryDeserialize(formatter, data); // warm up: only the second call's allocations count
        long before = GC.GetAllocatedBytesForCurrentThread();
        FastSerializationException? second = TryDeserialize(formatter, data);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        first.Should().NotBeNull();
        second!.Message.Should().Contain($"declares {length} bytes").And.Contain("limit of 16777216");
        allocated.Should().BeLessThan(16 * 1024, "the limit is checked before anything is allocated: only the exception and its message are");
    }

    private static FastSerializationException? TryDeserialize(CustomBinaryFormatter formatter, byte[] data)
    {
        try
        {
            formatter.Deserialize(data);
            return null;
        }
        catch (FastSerializationException ex)
        {
            return ex;
        }
    }

    [Fact]
    public void LengthOverTheLimit_FromAStream_DoesNotAllocateIt()
    {
        var stream = new MemoryStream(Concat(U32(0xFFFFFFFF), new byte[100]));
        Action act = () => NewFormatter().Deserialize(stream);
        act.Should().Throw<FastSerializationException>().WithMessage("*4294967295*limit*");
    }

    [Fact]
    public void LengthUnderTheLimitButPastTheStream_FailsWithoutAllocatingTheWholeLength()
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxRecordLength = CustomBinaryFormatterOptions.LargestMaxRecordLength });
        formatter.Register<PersonV1>(1);
        var stream = new MemoryStream(Concat(U32(CustomBinaryFormatterOptions.LargestMaxRecordLength), new byte[] { 1 }, Str("x")));
        long before = GC.GetAllocatedBytesForCurrentThread();
        Action act = () => formatter.Deserialize(stream);
        act.Should().Throw<FastSerializationException>().WithMessage("*ended inside a record*");
        (GC.GetAllocatedBytesForCurrentThread() - before).Should().BeLessThan(1024 * 1024);
    }

    [Theory]
    [InlineData(new byte[] { 0x81, 0x00 })] // 1 written in two bytes
    [InlineData(new byte[] { 0x80, 0x80, 0x00 })] // 0 padded
    [InlineData(new byte[] { 0x81, 0x80, 0x80, 0x80, 0x00 })] // five bytes, final 0
    public void NonMinimalVarInt_Throws(byte[] varint)
    {
        var reader = new FastBinaryReader(varint);
        FastSerializationException? caught = null;
        try
        {
            reader.ReadVarUInt32();
        }
        catch (FastSerializationException ex)
        {
            caught = ex;
        }

        caught.Should().NotBeNull();
        caught!.Message.Should().Contain("shortest form").And.Contain("offset 0");
    }

    [Theory]
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x10 })] // 33 bits
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01 })] // six bytes
    public void TooLongVarUInt32_Throws(byte[] varint)
    {
        FastSerializationException ex = CatchRead(varint, (ref FastBinaryReader r) => r.ReadVarUInt32());
        ex.Message.Should().MatchRegex("overflows 32 bits|longer than 5 bytes");
    }

    [Theory]
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02 })] // 65 bits
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x81, 0x00 })] // eleven bytes
    public void TooLongVarUInt64_Throws(byte[] varint)
    {
        FastSerializationException ex = CatchRead(varint, (ref FastBinaryReader r) => r.ReadVarUInt64());
        ex.Message.Should().MatchRegex("overflows 64 bits|longer than 10 bytes");
    }

    [Theory]
    [InlineData(new byte[] { 0x80 })] // cut after the first of two bytes (the inline two-byte path)
    [InlineData(new byte[] { 0x80, 0x80 })]
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF })]
    public void VarIntCutByTheFrame_Throws(byte[] varint)
    {
        FastSerializationException ex = CatchRead(varint, (ref FastBinaryReader r) => r.ReadVarUInt32());
        ex.Message.Should().Contain("Truncated").And.Contain("VarUInt32");
        ex = CatchRead(varint, (ref FastBinaryReader r) => r.ReadVarUInt64());
        ex.Message.Should().Contain("Truncated").And.Contain("VarUInt64");
    }

    [Fact]
    public void NonMinimalTypeId_InARecord_Throws()
    {
        FastSerializationException ex = Fails(Concat(U32(3), new byte[] { 0x81, 0x00, 0x00 }));
        ex.Message.Should().Contain("shortest form");
        ex.Offset.Should().Be(4);
    }

    [Fact]
    public void TypeIdZero_Throws()
    {
        FastSerializationException ex = Fails(Concat(U32(1), new byte[] { 0x00 }));
        ex.Message.Should().Contain("type id 0 is reserved").And.Contain("offset 4");
    }

    [Fact]
    public void TypeIdAboveInt32_Throws()
    {
        FastSerializationException ex = Fails(Concat(U32(5), new byte[] { 0x80, 0x80, 0x80, 0x80, 0x08 }));
        ex.Message.Should().Contain("above 2^31-1");
    }

    [Fact]
    public void UnknownTypeId_Throws_NamingIt()
    {
        FastSerializationException ex = Fails(Record(99, new byte[] { 1, 2 }));
        ex.Message.Should().Contain("type id 99").And.Contain("not registered");
        ex.TypeId.Should().Be(99);
    }

    [Fact]
    public void BoolByte2_Throws()
    {
        FastSerializationException ex = CatchRead(new byte[] { 0x02 }, (ref FastBinaryReader r) => r.ReadBoolean());
        ex.Message.Should().Contain("0x02").And.Contain("offset 0");
    }

    [Fact]
    public void StringLengthPastTheRecord_Throws_WithoutAllocating()
    {
        // Name claims 1,000,000 bytes inside a record of 6.
        byte[] data = Record(4, Concat(VarUInt(1_000_001), new byte[] { (byte)'a' }));
        FastSerializationException ex = Fails(data);
        ex.Message.Should().Contain("string declares 1000000").And.Contain("offset 5").And.Contain("type id 4");
    }

    [Fact]
    public void ByteArrayLengthPastTheFrame_Throws()
    {
        FastSerializationException ex = CatchRead(new byte[] { 0x0A, 1, 2 }, (ref FastBinaryReader r) => r.ReadByteArray());
        ex.Message.Should().Contain("byte array declares 9").And.Contain("2 left");
    }

    [Fact]
    public void CollectionCountPastTheFrame_Throws()
    {
        FastSerializationException ex = CatchRead(Concat(VarUInt(1_000_000), new byte[10]), (ref FastBinaryReader r) => r.ReadCollectionHeader(4));
        ex.Message.Should().Contain("999999 elements");
        FastSerializationException arrays = CatchRead(Concat(VarUInt(0xFFFFFFFF), new byte[10]), (ref FastBinaryReader r) => r.ReadArray<long>());
        arrays.Message.Should().Contain("cannot fit");
    }

    [Theory]
    [InlineData(new byte[] { 0xC3, 0x28 })] // invalid continuation
    [InlineData(new byte[] { 0xC0, 0x80 })] // overlong NUL
    [InlineData(new byte[] { 0xED, 0xA0, 0x80 })] // an encoded surrogate
    [InlineData(new byte[] { 0xF4, 0x90, 0x80, 0x80 })] // above U+10FFFF
    [InlineData(new byte[] { 0xE2, 0x82 })] // cut short
    [InlineData(new byte[] { 0xFF })]
    public void IllFormedUtf8_Throws(byte[] utf8)
    {
        byte[] data = Record(4, Concat(VarUInt((ulong)utf8.Length + 1), utf8));
        FastSerializationException ex = Fails(data);
        ex.Message.Should().Contain("not well-formed UTF-8").And.Contain("type id 4");
    }

    // Theory data passes through xunit's serializer, which would mend lone surrogates: pass an index.
    private static readonly string[] LoneSurrogateStrings =
    {
        "\uD800",
        "ab\uDC00",
        "\uD83D\uD83D",
        "\uDE00\uD83D",
        "long string with a lone high surrogate at its end, past the short-string path \uD83D",
    };

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    public void LoneSurrogate_OnWrite_Throws(int index)
    {
        string value = LoneSurrogateStrings[index];
        var formatter = NewFormatter();
        Action act = () => formatter.SerializeToArray(new PersonV1 { Name = value });
        act.Should().Throw<FastSerializationException>().WithMessage("*lone surrogate*");
    }

    [Fact]
    public void HandWrittenType_ReadingPastItsRecord_Throws()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] record = formatter.SerializeToArray(new Greedy { A = 1 });
        byte[] twoRecords = Concat(record, record);
        Action act = () => formatter.Deserialize(twoRecords, out _);
        act.Should().Throw<FastSerializationException>()
            .WithMessage("*Int32 needs 4 byte(s)*has 0 left*")
            .Which.TypeId.Should().Be(3);
    }

    [Fact]
    public void HandWrittenType_LeavingBytesUnread_ThrowsInStrictMode()
    {
        byte[] record = NewFormatter().SerializeToArray(new Unbalanced { A = 5 });
        FastSerializationException ex = Fails(record, strict: true);
        ex.Message.Should().Contain("Unbalanced").And.Contain("4 byte(s)").And.Contain("unread");
    }

    [Fact]
    public void HandWrittenType_LeavingBytesUnread_IsSkippedInTolerantMode()
    {
        byte[] record = NewFormatter().SerializeToArray(new Unbalanced { A = 5 });
        NewFormatter().Deserialize<Unbalanced>(record).A.Should().Be(5);
    }

    [Fact]
    public void NestedObjectReadingPastItsFrame_Throws_AndNeverReadsTheNextMember()
    {
        // Main (declared Shape) is a Circle (id 7), which reads a Double, but its frame holds only
        // 4 bytes after the id; the record has 8 more bytes after the frame, which must stay untouched.
        byte[] data = Record(6, Concat(new byte[] { 0 }, new byte[] { 6, 7 }, I32(123), I32(7), I32(8)));
        FastSerializationException ex = Fails(data);
        ex.Message.Should().Contain("Double needs 8 byte(s)").And.Contain("has 4 left").And.Contain("offset 8");
    }

    [Fact]
    public void NestedPolymorphicId_ThatIsNotADerivedType_Throws()
    {
        // Main (declared Shape) claims type id 8, which is PersonV2.
        byte[] data = Record(6, Concat(new byte[] { 0 }, new byte[] { 3, 8 }, Str("x"), I32(1)));
        FastSerializationException ex = Fails(data);
        ex.Message.Should().Contain("type id 8").And.Contain("PersonV2").And.Contain("Shape");
    }

    [Fact]
    public void NestedUnknownId_Throws()
    {
        byte[] data = Record(6, Concat(new byte[] { 0 }, new byte[] { 2, 42 }, I32(1)));
        Fails(data).Message.Should().Contain("type id 42").And.Contain("not registered");
    }

    [Fact]
    public void ForeignExceptionFromAReader_IsWrapped()
    {
        byte[] record = NewFormatter().SerializeToArray(new Throwing());
        FastSerializationException ex = Fails(record);
        ex.InnerException.Should().BeOfType<IndexOutOfRangeException>();
        ex.Message.Should().Contain("type id 5").And.Contain("Throwing");
    }

    [Theory]
    [InlineData(0x001D0000)] // scale 29
    [InlineData(0x00000001)] // reserved low bits
    [InlineData(0x40000000)] // reserved high bit
    public void InvalidDecimalFlags_Throw(int flags)
    {
        FastSerializationException ex = CatchRead(Concat(I32(1), I32(0), I32(0), I32(flags)), (ref FastBinaryReader r) => r.ReadDecimal());
        ex.Message.Should().Contain("Decimal");
    }

    [Fact]
    public void InvalidDateTime_Throws()
    {
        FastSerializationException ex = CatchRead(I64(long.MaxValue), (ref FastBinaryReader r) => r.ReadDateTime());
        ex.Message.Should().Contain("not a valid DateTime");
    }

    [Fact]
    public void EveryDateTimeBinary_ReadsAsDateTimeFromBinaryDoes_OrIsRefusedWhereItThrows()
    {
        // ReadDateTime decodes Unspecified and Utc values itself and leaves Local ones (and refusals) to
        // DateTime.FromBinary: both must agree on every 64-bit value, the edges of each kind included.
        var random = new Random(20261123);
        var values = new List<long>();
        foreach (ulong kind in new ulong[] { 0, 1, 2, 3 })
        {
            foreach (ulong ticks in new ulong[] { 0, 1, (ulong)DateTime.MaxValue.Ticks - 1, (ulong)DateTime.MaxValue.Ticks, (ulong)DateTime.MaxValue.Ticks + 1, 0x3FFF_FFFF_FFFF_FFFFUL })
            {
                values.Add((long)((kind << 62) | ticks));
            }
        }

        for (int i = 0; i < 20_000; i++)
        {
            ulong kind = (ulong)random.Next(4) << 62;
            ulong ticks = (ulong)random.NextInt64(0, DateTime.MaxValue.Ticks + 1_000_000);
            values.Add((long)(kind | ticks));
            values.Add(random.NextInt64(long.MinValue, long.MaxValue));
        }

        foreach (long binary in values)
        {
            DateTime? expected;
            try
            {
                expected = DateTime.FromBinary(binary);
            }
            catch (ArgumentException)
            {
                expected = null;
            }

            if (expected is { } date)
            {
                var reader = new FastBinaryReader(I64(binary));
                DateTime read = reader.ReadDateTime();
                read.Ticks.Should().Be(date.Ticks, "0x{0:X16}", binary);
                read.Kind.Should().Be(date.Kind, "0x{0:X16}", binary);
            }
            else
            {
                CatchRead(I64(binary), (ref FastBinaryReader r) => r.ReadDateTime()).Message.Should().Contain("not a valid DateTime");
            }
        }
    }

    [Theory]
    [InlineData(0L, (short)900)] // offset beyond 14 hours
    [InlineData(-1L, (short)0)] // negative ticks
    public void InvalidDateTimeOffset_Throws(long ticks, short minutes)
    {
        FastSerializationException ex = CatchRead(Concat(I64(ticks), U16(unchecked((ushort)minutes))), (ref FastBinaryReader r) => r.ReadDateTimeOffset());
        ex.Message.Should().Contain("DateTimeOffset");
    }

    [Fact]
    public void TrailingBytesAfterTheOnlyRecord_Throw()
    {
        FastSerializationException ex = Fails(Concat(SeedRecord, new byte[] { 0 }));
        ex.Message.Should().Contain("1 bytes after the record");
    }

    [Fact]
    public void EndOfStream_InsideAHeader_Throws_ButACleanEndIsNotARecord()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        Action clean = () => formatter.Deserialize(new MemoryStream());
        clean.Should().Throw<FastSerializationException>().WithMessage("End of stream*");
        Action torn = () => formatter.Deserialize(new MemoryStream(new byte[] { 0x22, 0x00 }));
        torn.Should().Throw<FastSerializationException>().WithMessage("*ended inside a record*2 arrived*");
    }

    // The fixed-width reads check a value against the frame once and then load without a bounds check of the
    // span: a frame that ends one byte short of a value, with readable bytes after it, must still refuse it.
    public static TheoryData<string, int> FixedWidthReads => new()
    {
        { "Byte", 1 }, { "Boolean", 1 }, { "Int16", 2 }, { "UInt16", 2 }, { "Char", 2 }, { "Int32", 4 },
        { "UInt32", 4 }, { "Single", 4 }, { "Int64", 8 }, { "UInt64", 8 }, { "Double", 8 },
    };

    [Theory]
    [MemberData(nameof(FixedWidthReads))]
    public void FixedWidthRead_CutByTheFrame_Throws_WithTheBytesAfterTheFrameLeftAlone(string what, int width)
    {
        byte[] data = new byte[32];
        data.AsSpan().Fill(0x01);
        foreach (int start in new[] { 0, 3, 17 })
        {
            var reader = new FastBinaryReader(data, start, start + width - 1);
            FastSerializationException? caught = null;
            try
            {
                ReadOne(ref reader, what);
            }
            catch (FastSerializationException ex)
            {
                caught = ex;
            }

            caught.Should().NotBeNull($"{what} needs {width} byte(s) and the frame at {start} holds {width - 1}");
            caught!.Message.Should().Contain($"reading {what} needs {width} byte(s)").And.Contain($"has {width - 1} left");
            reader.Position.Should().Be(start);
        }
    }

    [Theory]
    [InlineData(0, 5)]
    [InlineData(3, 2)]
    [InlineData(-1, 2)]
    public void Reader_OverAFrameOutsideItsData_IsRefused(int position, int end)
    {
        Action act = () => _ = new FastBinaryReader(new byte[4], position, end);
        act.Should().Throw<ArgumentOutOfRangeException>();
    }

    private static void ReadOne(ref FastBinaryReader reader, string what)
    {
        switch (what)
        {
            case "Byte": reader.ReadByte(); break;
            case "Boolean": reader.ReadBoolean(); break;
            case "Int16": reader.ReadInt16(); break;
            case "UInt16": reader.ReadUInt16(); break;
            case "Char": reader.ReadChar(); break;
            case "Int32": reader.ReadInt32(); break;
            case "UInt32": reader.ReadUInt32(); break;
            case "Single": reader.ReadSingle(); break;
            case "Int64": reader.ReadInt64(); break;
            case "UInt64": reader.ReadUInt64(); break;
            case "Double": reader.ReadDouble(); break;
            default: throw new ArgumentOutOfRangeException(nameof(what), what, null);
        }
    }

    private static FastSerializationException CatchRead<T>(byte[] data, ReadFunc<T> read)
    {
        try
        {
            var reader = new FastBinaryReader(data);
            read(ref reader);
        }
        catch (FastSerializationException ex)
        {
            return ex;
        }

        throw new Xunit.Sdk.XunitException("expected a FastSerializationException");
    }
}
