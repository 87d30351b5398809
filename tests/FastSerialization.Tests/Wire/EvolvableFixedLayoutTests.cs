using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// Evolvable fixed-layout structs (docs/FORMAT.md section 3c) through the public writer, reader and formatter: the
/// element size once per sequence and before a single value, pinned with the vectors of FORMAT.md built by hand; the
/// three cases of reading (same version, newer writer, older writer), for structs copied as blocks and for structs read
/// element by element; the view only when the sizes match; hostile sizes and counts. The netstandard2.0 build runs
/// these tests too (FastSerialization.Tests.NetStandard), so both builds write and read these bytes.
/// </summary>
public class EvolvableFixedLayoutTests
{
    /// <summary>Version 1: 16 bytes, copied as a block (as the generator would declare it).</summary>
    [BinaryFixedLayout(16, true, Evolvable = true, MemberEnds = new[] { 8, 16 })]
    [StructLayout(LayoutKind.Sequential)]
    public struct ReadingV1 : ICustomBinarySerializable
    {
        public long Time;
        public double Value;

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(Time);
            writer.Write(Value);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            if (!reader.HasRemaining)
            {
                return;
            }

            Time = reader.ReadInt64();
            if (!reader.HasRemaining)
            {
                return;
            }

            Value = reader.ReadDouble();
        }
    }

    /// <summary>Version 2 of the same struct: two members appended, 24 bytes.</summary>
    [BinaryFixedLayout(24, true, Evolvable = true, MemberEnds = new[] { 8, 16, 20, 24 })]
    [StructLayout(LayoutKind.Sequential)]
    public struct ReadingV2 : ICustomBinarySerializable
    {
        public long Time;
        public double Value;
        public int Sensor;
        public int Flags;

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(Time);
            writer.Write(Value);
            writer.Write(Sensor);
            writer.Write(Flags);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            if (!reader.HasRemaining)
            {
                return;
            }

            Time = reader.ReadInt64();
            if (!reader.HasRemaining)
            {
                return;
            }

            Value = reader.ReadDouble();
            if (!reader.HasRemaining)
            {
                return;
            }

            Sensor = reader.ReadInt32();
            if (!reader.HasRemaining)
            {
                return;
            }

            Flags = reader.ReadInt32();
        }
    }

    /// <summary>A wide version: six longs, 48 bytes, copied as a block; older versions end after any of them.</summary>
    [BinaryFixedLayout(48, true, Evolvable = true, MemberEnds = new[] { 8, 16, 24, 32, 40, 48 })]
    [StructLayout(LayoutKind.Sequential)]
    public struct Wide : ICustomBinarySerializable
    {
        public long A;
        public long B;
        public long C;
        public long D;
        public long E;
        public long F;

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(A);
            writer.Write(B);
            writer.Write(C);
            writer.Write(D);
            writer.Write(E);
            writer.Write(F);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            A = reader.HasRemaining ? reader.ReadInt64() : 0;
            B = reader.HasRemaining ? reader.ReadInt64() : 0;
            C = reader.HasRemaining ? reader.ReadInt64() : 0;
            D = reader.HasRemaining ? reader.ReadInt64() : 0;
            E = reader.HasRemaining ? reader.ReadInt64() : 0;
            F = reader.HasRemaining ? reader.ReadInt64() : 0;
        }
    }

    /// <summary>Version 1 of a struct read element by element (a bool, checked when read).</summary>
    [BinaryFixedLayout(9, false, Evolvable = true, MemberEnds = new[] { 8, 9 })]
    public struct SwitchV1 : ICustomBinarySerializable
    {
        public long Id;
        public bool On;

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(Id);
            writer.Write(On);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            if (!reader.HasRemaining)
            {
                return;
            }

            Id = reader.ReadInt64();
            if (!reader.HasRemaining)
            {
                return;
            }

            On = reader.ReadBoolean();
        }
    }

    /// <summary>Version 2: a short appended, 11 bytes.</summary>
    [BinaryFixedLayout(11, false, Evolvable = true, MemberEnds = new[] { 8, 9, 11 })]
    public struct SwitchV2 : ICustomBinarySerializable
    {
        public long Id;
        public bool On;
        public short Level;

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(Id);
            writer.Write(On);
            writer.Write(Level);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            if (!reader.HasRemaining)
            {
                return;
            }

            Id = reader.ReadInt64();
            if (!reader.HasRemaining)
            {
                return;
            }

            On = reader.ReadBoolean();
            if (!reader.HasRemaining)
            {
                return;
            }

            Level = reader.ReadInt16();
        }
    }

    /// <summary>A record holding an array and a single value of version 1 (as a generated class would write them).</summary>
    public sealed class HolderV1 : ICustomBinarySerializable
    {
        public ReadingV1[]? Readings { get; set; }

        public ReadingV1 Last { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteFixedArray(Readings);
            writer.WriteFixedValue(Last);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            Readings = reader.ReadFixedArray<ReadingV1>();
            Last = reader.ReadFixedValue<ReadingV1>();
        }
    }

    /// <summary>The same record with version 2 of the struct.</summary>
    public sealed class HolderV2 : ICustomBinarySerializable
    {
        public ReadingV2[]? Readings { get; set; }

        public ReadingV2 Last { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteFixedArray(Readings);
            writer.WriteFixedValue(Last);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            Readings = reader.ReadFixedArray<ReadingV2>();
            Last = reader.ReadFixedValue<ReadingV2>();
        }
    }

    private static readonly ReadingV2 First = new() { Time = 1, Value = 0.5, Sensor = 7, Flags = 2 };
    private static readonly ReadingV2 Second = new() { Time = 2, Value = -1.0, Sensor = 8, Flags = 0 };

    /// <summary>The vectors of docs/FORMAT.md section 3c, by hand: one version 2 element of 24 bytes.</summary>
    private static byte[] ElementV2(long time, double value, int sensor, int flags)
    {
        var element = new byte[24];
        BinaryPrimitives.WriteInt64LittleEndian(element, time);
        BinaryPrimitives.WriteInt64LittleEndian(element.AsSpan(8), BitConverter.DoubleToInt64Bits(value));
        BinaryPrimitives.WriteInt32LittleEndian(element.AsSpan(16), sensor);
        BinaryPrimitives.WriteInt32LittleEndian(element.AsSpan(20), flags);
        return element;
    }

    private static byte[] Concat(params byte[][] parts)
    {
        var all = new List<byte>();
        foreach (byte[] part in parts)
        {
            all.AddRange(part);
        }

        return all.ToArray();
    }

    private static byte[] Write(WriteAction action)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        action(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private delegate void WriteAction(ref FastBinaryWriter writer);

    private static byte[] TwoV2 => Concat(new byte[] { 0x03, 0x18 }, ElementV2(1, 0.5, 7, 2), ElementV2(2, -1.0, 8, 0));

    private static byte[] TwoV1 => Concat(new byte[] { 0x03, 0x10 }, ElementV2(1, 0.5, 7, 2).AsSpan(0, 16).ToArray(), ElementV2(2, -1.0, 8, 0).AsSpan(0, 16).ToArray());

    [Fact]
    public void ASequence_IsTheCount_TheElementSizeOnce_ThenTheElements()
    {
        // FORMAT.md 3c: 03 18, then two elements of 24 bytes.
        Write((ref FastBinaryWriter w) => w.WriteFixedArray(new[] { First, Second })).Should().Equal(TwoV2);
        Write((ref FastBinaryWriter w) => w.WriteFixedList(new List<ReadingV2> { First, Second })).Should().Equal(TwoV2);
        Write((ref FastBinaryWriter w) => w.WriteFixedArray<ReadingV2>(new[] { First, Second }.AsSpan())).Should().Equal(TwoV2);
        Convert.ToHexString(TwoV2).Should().Be(
            "0318" + "0100000000000000" + "000000000000E03F" + "07000000" + "02000000"
            + "0200000000000000" + "000000000000F0BF" + "08000000" + "00000000");
    }

    [Fact]
    public void NullAndEmpty_CarryNoElementSize()
    {
        Write((ref FastBinaryWriter w) => w.WriteFixedArray<ReadingV2>((ReadingV2[]?)null)).Should().Equal(0x00);
        Write((ref FastBinaryWriter w) => w.WriteFixedArray(Array.Empty<ReadingV2>())).Should().Equal(0x01);
        Write((ref FastBinaryWriter w) => w.WriteFixedList(new List<ReadingV2>())).Should().Equal(0x01);
        var reader = new FastBinaryReader(new byte[] { 0x00, 0x01, 0x00, 0x01 });
        reader.ReadFixedArray<ReadingV2>().Should().BeNull();
        reader.ReadFixedArray<ReadingV2>().Should().BeEmpty();
        reader.ReadFixedList<ReadingV2>().Should().BeNull();
        reader.ReadFixedList<ReadingV2>().Should().BeEmpty();
        reader.HasRemaining.Should().BeFalse();
    }

    [Fact]
    public void ASingleValue_IsItsSize_ThenItsBytes()
    {
        byte[] bytes = Write((ref FastBinaryWriter w) => w.WriteFixedValue(First));
        bytes.Should().Equal(Concat(new byte[] { 0x18 }, ElementV2(1, 0.5, 7, 2)));
        var reader = new FastBinaryReader(bytes);
        reader.ReadFixedValue<ReadingV2>().Should().Be(First);
        reader.HasRemaining.Should().BeFalse();
    }

    [Fact]
    public void TheSameVersion_ReadsTheBlock_AsArrayListInto_AndView()
    {
        var reader = new FastBinaryReader(TwoV2);
        reader.ReadFixedArray<ReadingV2>().Should().Equal(First, Second);
        reader = new FastBinaryReader(TwoV2);
        reader.ReadFixedList<ReadingV2>().Should().Equal(First, Second);
        var kept = new ReadingV2[4];
        reader = new FastBinaryReader(TwoV2);
        reader.ReadFixedInto<ReadingV2>(kept).Should().Be(2);
        kept.AsSpan(0, 2).ToArray().Should().Equal(First, Second);
        if (BitConverter.IsLittleEndian)
        {
            reader = new FastBinaryReader(TwoV2);
            reader.ReadFixedView<ReadingV2>().ToArray().Should().Equal(First, Second);
            reader.HasRemaining.Should().BeFalse();
        }
    }

    [Fact]
    public void ANewerWritersElements_ReadIntoAnOlderType_ByTheirPrefix()
    {
        var expected = new[] { new ReadingV1 { Time = 1, Value = 0.5 }, new ReadingV1 { Time = 2, Value = -1.0 } };
        var reader = new FastBinaryReader(TwoV2);
        reader.ReadFixedArray<ReadingV1>().Should().Equal(expected);
        reader.HasRemaining.Should().BeFalse();
        reader = new FastBinaryReader(TwoV2);
        reader.ReadFixedList<ReadingV1>().Should().Equal(expected);
        var kept = new ReadingV1[2];
        reader = new FastBinaryReader(TwoV2);
        reader.ReadFixedInto<ReadingV1>(kept).Should().Be(2);
        kept.Should().Equal(expected);
        reader.HasRemaining.Should().BeFalse();
    }

    [Fact]
    public void AnOlderWritersElements_ReadIntoANewerType_WithTheAppendedMembersAtTheirDefaults()
    {
        Write((ref FastBinaryWriter w) => w.WriteFixedArray(new[] { new ReadingV1 { Time = 1, Value = 0.5 }, new ReadingV1 { Time = 2, Value = -1.0 } }))
            .Should().Equal(TwoV1);
        var expected = new[] { new ReadingV2 { Time = 1, Value = 0.5 }, new ReadingV2 { Time = 2, Value = -1.0 } };
        var reader = new FastBinaryReader(TwoV1);
        reader.ReadFixedArray<ReadingV2>().Should().Equal(expected);
        reader = new FastBinaryReader(TwoV1);
        reader.ReadFixedList<ReadingV2>().Should().Equal(expected);

        // A reused buffer full of other values: the missing members are set to their defaults, not left as they were.
        var kept = new[] { First, First, First };
        reader = new FastBinaryReader(TwoV1);
        reader.ReadFixedInto<ReadingV2>(kept).Should().Be(2);
        kept.AsSpan(0, 2).ToArray().Should().Equal(expected);
        reader.HasRemaining.Should().BeFalse();
    }

    [Fact]
    public void ASingleValue_OfAnotherVersion_ReadsBothWays()
    {
        byte[] newer = Write((ref FastBinaryWriter w) =>
        {
            w.WriteFixedValue(First);
            w.Write(99);
        });
        var reader = new FastBinaryReader(newer);
        reader.ReadFixedValue<ReadingV1>().Should().Be(new ReadingV1 { Time = 1, Value = 0.5 });
        reader.ReadInt32().Should().Be(99, "the newer writer's extra bytes are skipped, not read as the next member");

        byte[] older = Write((ref FastBinaryWriter w) =>
        {
            w.WriteFixedValue(new ReadingV1 { Time = 3, Value = 4 });
            w.Write(99);
        });
        older.Should().HaveCount(1 + 16 + 4);
        reader = new FastBinaryReader(older);
        reader.ReadFixedValue<ReadingV2>().Should().Be(new ReadingV2 { Time = 3, Value = 4 });
        reader.ReadInt32().Should().Be(99);
    }

    [Fact]
    public void StructsReadElementByElement_ReadOtherVersionsBothWays()
    {
        var v2 = new[] { new SwitchV2 { Id = 5, On = true, Level = -3 }, new SwitchV2 { Id = 6, On = false, Level = 9 } };
        byte[] newer = Write((ref FastBinaryWriter w) => w.WriteFixedArray(v2));
        var expected = new byte[] { 0x03, 0x0B, 5, 0, 0, 0, 0, 0, 0, 0, 1, 0xFD, 0xFF, 6, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0 };
        newer.Should().Equal(expected);
        var reader = new FastBinaryReader(newer);
        reader.ReadFixedArray<SwitchV1>().Should().Equal(new SwitchV1 { Id = 5, On = true }, new SwitchV1 { Id = 6, On = false });
        reader.HasRemaining.Should().BeFalse();

        byte[] older = Write((ref FastBinaryWriter w) => w.WriteFixedList(new List<SwitchV1> { new() { Id = 5, On = true }, new() { Id = 6 } }));
        older.Should().Equal(0x03, 0x09, 5, 0, 0, 0, 0, 0, 0, 0, 1, 6, 0, 0, 0, 0, 0, 0, 0, 0);
        reader = new FastBinaryReader(older);
        reader.ReadFixedList<SwitchV2>().Should().Equal(new SwitchV2 { Id = 5, On = true }, new SwitchV2 { Id = 6 });
        reader.HasRemaining.Should().BeFalse();
    }

    [Fact]
    public void TheView_OfAnotherVersionsBlock_IsRefused_AndNothingIsRead()
    {
        if (!BitConverter.IsLittleEndian)
        {
            return; // no view at all on a big-endian machine (PlatformNotSupportedException)
        }

        var reader = new FastBinaryReader(TwoV1);
        bool refused = false;
        try
        {
            reader.ReadFixedView<ReadingV2>();
        }
        catch (NotSupportedException e) when (e.Message.Contains("16 bytes an element") && e.Message.Contains("ReadFixedArray"))
        {
            refused = true;
        }

        refused.Should().BeTrue();
        reader.Position.Should().Be(0, "the caller can read the block with ReadFixedArray instead");
        reader.ReadFixedArray<ReadingV2>().Should().HaveCount(2);
    }

    [Fact]
    public void Records_ReadAcrossVersions_ThroughTheFormatter()
    {
        var older = new CustomBinaryFormatter();
        older.Register<HolderV1>(1);
        older.Register<ReadingV1>(2);
        var newer = new CustomBinaryFormatter();
        newer.Register<HolderV2>(1);
        newer.Register<ReadingV2>(2);

        byte[] fromNewer = newer.SerializeToArray(new HolderV2 { Readings = new[] { First, Second }, Last = Second });
        HolderV1 read = older.Deserialize<HolderV1>(fromNewer);
        read.Readings.Should().Equal(new ReadingV1 { Time = 1, Value = 0.5 }, new ReadingV1 { Time = 2, Value = -1.0 });
        read.Last.Should().Be(new ReadingV1 { Time = 2, Value = -1.0 });

        byte[] fromOlder = older.SerializeToArray(new HolderV1 { Readings = new[] { new ReadingV1 { Time = 9, Value = 1.5 } }, Last = new ReadingV1 { Time = 10 } });
        HolderV2 readNewer = newer.Deserialize<HolderV2>(fromOlder);
        readNewer.Readings.Should().Equal(new ReadingV2 { Time = 9, Value = 1.5 });
        readNewer.Last.Should().Be(new ReadingV2 { Time = 10 });

        // A top-level record of the struct: the record's length gives its size.
        byte[] record = newer.SerializeToArray(First);
        record.Should().Equal(Concat(new byte[] { 25, 0, 0, 0, 2 }, ElementV2(1, 0.5, 7, 2)));
        older.Deserialize<ReadingV1>(record).Should().Be(new ReadingV1 { Time = 1, Value = 0.5 });
        newer.Deserialize<ReadingV2>(older.SerializeToArray(new ReadingV1 { Time = 4, Value = 2 })).Should().Be(new ReadingV2 { Time = 4, Value = 2 });
    }

    /// <summary>A <see cref="HolderV2"/> record whose payload is <paramref name="payload"/>, built by hand.</summary>
    private static byte[] HolderRecord(byte[] payload)
    {
        var record = new byte[5 + payload.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(record, (uint)(1 + payload.Length));
        record[4] = 1;
        payload.CopyTo(record, 5);
        return record;
    }

    private static CustomBinaryFormatter NewerFormatter()
    {
        var newer = new CustomBinaryFormatter();
        newer.Register<HolderV2>(1);
        return newer;
    }

    [Fact]
    public void AnElementSizeOfZero_IsMalformed()
    {
        byte[] record = HolderRecord(Concat(new byte[] { 0x03, 0x00 }, new byte[48], new byte[] { 0x18 }, new byte[24]));
        Action read = () => NewerFormatter().Deserialize<HolderV2>(record);
        read.Should().Throw<FastSerializationException>().WithMessage("*element size of 0*").Which.Offset.Should().Be(6);

        byte[] single = HolderRecord(Concat(new byte[] { 0x01, 0x00 }, new byte[24]));
        Action readSingle = () => NewerFormatter().Deserialize<HolderV2>(single);
        readSingle.Should().Throw<FastSerializationException>().WithMessage("*element size of 0*");
    }

    [Theory]
    [InlineData(12)] // inside the second member
    [InlineData(18)] // inside the third
    [InlineData(1)]
    public void AnOlderElementSize_ThatEndsNoMember_IsMalformed(int width)
    {
        byte[] record = HolderRecord(Concat(new byte[] { 0x03, (byte)width }, new byte[2 * width], new byte[] { 0x18 }, new byte[24]));
        Action read = () => NewerFormatter().Deserialize<HolderV2>(record);
        read.Should().Throw<FastSerializationException>().WithMessage($"*element size of {width} bytes*does not end one of its members (they end at 8, 16, 20, 24)*");

        byte[] single = HolderRecord(Concat(new byte[] { 0x01, (byte)width }, new byte[width]));
        Action readSingle = () => NewerFormatter().Deserialize<HolderV2>(single);
        readSingle.Should().Throw<FastSerializationException>().WithMessage("*does not end one of its members*");
    }

    [Theory]
    [InlineData(8)]
    [InlineData(16)]
    [InlineData(20)]
    [InlineData(40)] // a newer writer's: any size above this version's
    public void AnElementSizeOnAMemberBoundary_OrLarger_IsRead(int width)
    {
        var element = new byte[width];
        ElementV2(1, 0.5, 7, 2).AsSpan(0, Math.Min(24, width)).CopyTo(element);
        byte[] record = HolderRecord(Concat(new byte[] { 0x02, (byte)width }, element, new byte[] { (byte)width }, element));
        HolderV2 read = NewerFormatter().Deserialize<HolderV2>(record);
        var expected = new ReadingV2
        {
            Time = 1,
            Value = width >= 16 ? 0.5 : 0,
            Sensor = width >= 20 ? 7 : 0,
            Flags = width >= 24 ? 2 : 0,
        };
        read.Readings.Should().Equal(expected);
        read.Last.Should().Be(expected);
    }

    [Theory]
    [InlineData(8)]
    [InlineData(16)]
    [InlineData(24)]
    [InlineData(32)]
    [InlineData(40)]
    [InlineData(48)]
    [InlineData(56)] // newer writers': the first 48 bytes of each element
    [InlineData(96)]
    public void ABlockOfAnyOtherElementSize_ReadsEveryElementsOwnBytes_AndZerosTheRest(int width)
    {
        // Five elements, every byte distinct, so that an element read from a neighbour's bytes or a missing member left
        // as it was shows. Reused arrays start full of other values.
        const int count = 5;
        var block = new byte[count * width];
        for (int i = 0; i < block.Length; i++)
        {
            block[i] = (byte)(i * 7 + 1);
        }

        byte[] bytes = Concat(new byte[] { count + 1, (byte)width }, block);
        var expected = new Wide[count];
        for (int i = 0; i < count; i++)
        {
            var full = new byte[48];
            block.AsSpan(i * width, Math.Min(width, 48)).CopyTo(full);
            expected[i] = MemoryMarshal.Read<Wide>(full);
        }

        var reader = new FastBinaryReader(bytes);
        reader.ReadFixedArray<Wide>().Should().Equal(expected);
        reader.HasRemaining.Should().BeFalse();

        var kept = new Wide[count + 1];
        kept.AsSpan().Fill(new Wide { A = -1, B = -1, C = -1, D = -1, E = -1, F = -1 });
        reader = new FastBinaryReader(bytes);
        reader.ReadFixedInto<Wide>(kept).Should().Be(count);
        kept.AsSpan(0, count).ToArray().Should().Equal(expected);
        kept[count].A.Should().Be(-1, "the element after the ones read is left alone");
    }

    [Theory]
    [InlineData(new byte[] { 0x04, 0x18 }, 2 * 24)] // three elements of 24 bytes claimed, two there
    [InlineData(new byte[] { 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F }, 64)] // one element of 2^32 - 1 bytes
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F }, 64)] // (N - 1) * W near 2^64: past an int and a long's sign
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x08, 0x80, 0x80, 0x80, 0x80, 0x08 }, 64)] // 2^31 - 1 elements of 2^31 bytes
    public void ACountAndSizeWhoseBytesPassTheFrame_AreRefused_BeforeAnythingIsAllocated(byte[] header, int bytesThere)
    {
        byte[] record = HolderRecord(Concat(header, new byte[bytesThere]));
        CustomBinaryFormatter formatter = NewerFormatter();
        Action read = () => formatter.Deserialize<HolderV2>(record);
        read.Should().Throw<FastSerializationException>().WithMessage("*cannot fit in the*bytes left in its frame*");
    }

    [Fact]
    public void ACountLargerThanTheBytesLeft_IsRefused_WithoutAllocatingForIt()
    {
        // 2^31 - 2 elements of 16 bytes claimed in a record of a few bytes: the array would take 48 GiB.
        byte[] record = HolderRecord(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0x10, 1, 2, 3 });
        CustomBinaryFormatter formatter = NewerFormatter();
        Action read = () => formatter.Deserialize<HolderV2>(record);
        read.Should().Throw<FastSerializationException>().WithMessage("*2147483646 elements*16 bytes each cannot fit*");
        long before = GC.GetAllocatedBytesForCurrentThread();
        string? message = null;
        try
        {
            formatter.Deserialize<HolderV2>(record);
        }
        catch (FastSerializationException e)
        {
            message = e.Message;
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).Should().BeLessThan(256 * 1024, "nothing is allocated for the elements before the check (the exception and its message only)");
        message.Should().Contain("cannot fit");
    }

    [Fact]
    public void ASingleValueLongerThanItsFrame_IsTruncated()
    {
        byte[] record = HolderRecord(new byte[] { 0x01, 0x18, 1, 2, 3 });
        Action read = () => NewerFormatter().Deserialize<HolderV2>(record);
        read.Should().Throw<FastSerializationException>().WithMessage("*evolvable fixed-layout value*");
    }

    [Fact]
    public void AMalformedElement_OfAnotherVersion_IsStillRefused()
    {
        // A SwitchV2 reader, an older writer's element whose bool is 2.
        byte[] bytes = { 0x02, 0x09, 0, 0, 0, 0, 0, 0, 0, 0, 2 };
        Action read = () =>
        {
            var reader = new FastBinaryReader(bytes);
            reader.ReadFixedArray<SwitchV2>();
        };
        read.Should().Throw<FastSerializationException>();
    }
}
