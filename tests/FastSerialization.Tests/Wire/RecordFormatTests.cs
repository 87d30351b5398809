using System;
using System.Buffers;
using System.IO;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;
using static FastSerialization.Tests.Support.Bytes;

namespace FastSerialization.Tests.Wire;

/// <summary>Pins the record of docs/FORMAT.md section 1 and the nested objects of section 3.</summary>
public class RecordFormatTests
{
    private static readonly Customer Seed = new("Smith", "John", "1 Main Street", 35, 7);

    private static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        formatter.Register<Tick>(2);
        formatter.Register<PersonV2>(3);
        formatter.Register<Circle>(4);
        formatter.Register<Square>(5);
        formatter.Register<Drawing>(6);
        formatter.Register<Node>(7);
        formatter.Register<Blob>(300);
        return formatter;
    }

    [Fact]
    public void SeedCustomer_Is38Bytes_ByteForByte()
    {
        // 4-byte length, 1-byte type id, three strings (1-byte prefix each), two ints.
        byte[] expected =
        {
            0x22, 0x00, 0x00, 0x00, // length: 34 bytes follow
            0x01, // type id 1
            0x06, (byte)'S', (byte)'m', (byte)'i', (byte)'t', (byte)'h',
            0x05, (byte)'J', (byte)'o', (byte)'h', (byte)'n',
            0x0E, (byte)'1', (byte)' ', (byte)'M', (byte)'a', (byte)'i', (byte)'n', (byte)' ',
            (byte)'S', (byte)'t', (byte)'r', (byte)'e', (byte)'e', (byte)'t',
            0x23, 0x00, 0x00, 0x00, // 35
            0x07, 0x00, 0x00, 0x00, // 7
        };
        expected.Should().HaveCount(38);
        expected.Should().Equal(Record(1, Concat(Str("Smith"), Str("John"), Str("1 Main Street"), I32(35), I32(7))));

        NewFormatter().SerializeToArray(Seed).Should().Equal(expected);
        NewFormatter().Deserialize<Customer>(expected).Should().BeEquivalentTo(Seed);
    }

    [Fact]
    public async System.Threading.Tasks.Task EveryWriteApi_WritesTheSameRecord()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] expected = formatter.SerializeToArray(Seed);

        var bufferWriter = new ArrayBufferWriter<byte>();
        formatter.Serialize(bufferWriter, Seed);
        bufferWriter.WrittenSpan.ToArray().Should().Equal(expected);

        var stream = new MemoryStream();
        formatter.Serialize(stream, Seed);
        stream.ToArray().Should().Equal(expected);

        var asyncStream = new MemoryStream();
        await formatter.SerializeAsync(asyncStream, Seed);
        asyncStream.ToArray().Should().Equal(expected);

        var span = new byte[64];
        formatter.TrySerialize(Seed, span, out int written).Should().BeTrue();
        span.AsSpan(0, written).ToArray().Should().Equal(expected);
    }

    [Fact]
    public void TrySerialize_ReturnsFalse_WhenTheRecordDoesNotFit()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        formatter.TrySerialize(Seed, new byte[37], out int written).Should().BeFalse();
        written.Should().Be(0);
        formatter.TrySerialize(Seed, new byte[38], out written).Should().BeTrue();
        written.Should().Be(38);
    }

    /// <summary>Ends with a one-byte varint and a short string: the writer reserves more than either takes.</summary>
    private sealed class EndsSmall : ICustomBinarySerializable
    {
        public uint Count { get; set; }

        public string? Tag { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteVarUInt64(Count);
            writer.WriteVarUInt32(Count);
            writer.Write(Tag);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            Count = (uint)reader.ReadVarUInt64();
            reader.ReadVarUInt32().Should().Be(Count);
            Tag = reader.ReadString();
        }
    }

    [Fact]
    public void TrySerialize_IsTrue_WhenTheRecordFitsExactly_ThoughTheWriterReservedMoreNearTheEnd()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<EndsSmall>(1);
        var value = new EndsSmall { Count = 3, Tag = "ab" };
        byte[] expected = formatter.SerializeToArray(value);
        expected.Should().HaveCount(4 + 1 + 1 + 1 + 3);

        var exact = new byte[expected.Length];
        formatter.TrySerialize(value, exact, out int written).Should().BeTrue();
        written.Should().Be(expected.Length);
        exact.Should().Equal(expected);

        formatter.TrySerialize(value, new byte[expected.Length - 1], out written).Should().BeFalse();
        written.Should().Be(0);
    }

    [Fact]
    public void StructRecord_IsWrittenWithoutBoxing_AndReadBack()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var tick = new Tick { Time = 1_700_000_000_000_000_000, Price = 101.25, Size = 3 };
        var output = new ArrayBufferWriter<byte>();
        formatter.Serialize(output, tick);
        output.WrittenSpan.ToArray().Should().Equal(Record(2, Concat(I64(tick.Time), U64(BitConverter.DoubleToUInt64Bits(101.25)), I32(3))));
        formatter.Deserialize<Tick>(output.WrittenSpan).Should().Be(tick);
    }

    [Theory]
    [InlineData(127, new byte[] { 0x7F })]
    [InlineData(128, new byte[] { 0x80, 0x01 })]
    [InlineData(int.MaxValue, new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x07 })]
    public void TypeId_IsAVarUInt_InsideTheLength(int id, byte[] idBytes)
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<PersonV1>(id);
        byte[] record = formatter.SerializeToArray(new PersonV1 { Name = "x" });
        record.Should().Equal(Concat(U32((uint)(idBytes.Length + 2)), idBytes, Str("x")));
        formatter.Deserialize<PersonV1>(record).Name.Should().Be("x");
    }

    [Fact]
    public void NestedObjects_SealedHasOneByteOfFraming_PolymorphicAddsItsId()
    {
        var drawing = new Drawing
        {
            Author = new PersonV2 { Name = "Ada", Age = 36 },
            Main = new Circle { Radius = 2.5 },
            Trailer = 99,
        };
        byte[] author = Concat(Str("Ada"), I32(36)); // 8 bytes
        byte[] circle = Concat(new byte[] { 4 }, U64(BitConverter.DoubleToUInt64Bits(2.5))); // id 4 + 8 bytes
        byte[] payload = Concat(new byte[] { (byte)(author.Length + 1) }, author, new byte[] { (byte)(circle.Length + 1) }, circle, I32(99));

        CustomBinaryFormatter formatter = NewFormatter();
        formatter.SerializeToArray(drawing).Should().Equal(Record(6, payload));
        formatter.Deserialize<Drawing>(Record(6, payload)).Should().BeEquivalentTo(drawing);
    }

    [Fact]
    public void NestedObjects_Null_IsAZeroByte()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] record = formatter.SerializeToArray(new Drawing { Trailer = 1 });
        record.Should().Equal(Record(6, Concat(new byte[] { 0, 0 }, I32(1))));
        Drawing back = formatter.Deserialize<Drawing>(record);
        back.Author.Should().BeNull();
        back.Main.Should().BeNull();
        back.Trailer.Should().Be(1);
    }

    [Theory]
    [InlineData(100)] // payload + 1 fits one byte
    [InlineData(126)]
    [InlineData(127)] // needs two bytes: the payload moves by one
    [InlineData(20_000)] // needs three bytes
    public void NestedObject_LengthPrefix_GrowsWithItsPayload(int nameBytes)
    {
        var author = new PersonV2 { Name = new string('n', nameBytes), Age = 1 };
        byte[] inner = Concat(Str(author.Name), I32(1));
        byte[] payload = Concat(VarUInt((ulong)inner.Length + 1), inner, new byte[] { 0 }, I32(5));
        CustomBinaryFormatter formatter = NewFormatter();
        formatter.SerializeToArray(new Drawing { Author = author, Trailer = 5 }).Should().Equal(Record(6, payload));
        formatter.Deserialize<Drawing>(Record(6, payload)).Author!.Name.Should().Be(author.Name);
    }

    [Fact]
    public void LargeRecord_ThroughEveryWriteApi_IsIdentical()
    {
        var blob = new Blob { Data = new byte[300_000], Text = new string('\u20AC', 70_000) };
        new Random(1).NextBytes(blob.Data);
        byte[] expected = Record(300, Concat(VarUInt(300_001), blob.Data, Str(blob.Text)));

        CustomBinaryFormatter formatter = NewFormatter();
        formatter.SerializeToArray(blob).Should().Equal(expected);
        var bufferWriter = new ArrayBufferWriter<byte>(16);
        formatter.Serialize(bufferWriter, blob);
        bufferWriter.WrittenSpan.ToArray().Should().Equal(expected);
        var stream = new MemoryStream();
        formatter.Serialize(stream, blob);
        stream.ToArray().Should().Equal(expected);
        formatter.Deserialize<Blob>(expected).Should().BeEquivalentTo(blob);
    }
}
