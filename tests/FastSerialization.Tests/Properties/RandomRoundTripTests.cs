using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Properties;

/// <summary>Random values of every primitive, in random records, read back through randomly chunked input.</summary>
public class RandomRoundTripTests
{
    private enum Kind : byte
    {
        Bool, Byte, SByte, Int16, UInt16, Char, Int32, UInt32, Int64, UInt64, Single, Double, Decimal,
        DateTime, TimeSpan, DateTimeOffset, Guid, VarUInt32, VarUInt64, VarInt32, VarInt64, String, Bytes, Enum, IntArray, DoubleArray,
    }

    private const int KindCount = (int)Kind.DoubleArray + 1;

    /// <summary>A record that writes a list of tagged values: the tag, then the value's own encoding.</summary>
    private sealed class Mixed : ICustomBinarySerializable
    {
        public List<(Kind Kind, object? Value)> Values { get; } = new();

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteCollectionHeader(Values.Count);
            foreach ((Kind kind, object? value) in Values)
            {
                writer.Write((byte)kind);
                switch (kind)
                {
                    case Kind.Bool: writer.Write((bool)value!); break;
                    case Kind.Byte: writer.Write((byte)value!); break;
                    case Kind.SByte: writer.Write((sbyte)value!); break;
                    case Kind.Int16: writer.Write((short)value!); break;
                    case Kind.UInt16: writer.Write((ushort)value!); break;
                    case Kind.Char: writer.Write((char)value!); break;
                    case Kind.Int32: writer.Write((int)value!); break;
                    case Kind.UInt32: writer.Write((uint)value!); break;
                    case Kind.Int64: writer.Write((long)value!); break;
                    case Kind.UInt64: writer.Write((ulong)value!); break;
                    case Kind.Single: writer.Write((float)value!); break;
                    case Kind.Double: writer.Write((double)value!); break;
                    case Kind.Decimal: writer.Write((decimal)value!); break;
                    case Kind.DateTime: writer.Write((DateTime)value!); break;
                    case Kind.TimeSpan: writer.Write((TimeSpan)value!); break;
                    case Kind.DateTimeOffset: writer.Write((DateTimeOffset)value!); break;
                    case Kind.Guid: writer.Write((Guid)value!); break;
                    case Kind.VarUInt32: writer.WriteVarUInt32((uint)value!); break;
                    case Kind.VarUInt64: writer.WriteVarUInt64((ulong)value!); break;
                    case Kind.VarInt32: writer.WriteVarInt32((int)value!); break;
                    case Kind.VarInt64: writer.WriteVarInt64((long)value!); break;
                    case Kind.String: writer.Write((string?)value); break;
                    case Kind.Bytes: writer.Write((byte[]?)value); break;
                    case Kind.Enum: writer.WriteEnum((DayOfWeek)value!); break;
                    case Kind.IntArray: writer.WriteArray((int[]?)value); break;
                    case Kind.DoubleArray: writer.WriteArray((double[]?)value); break;
                }
            }
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            int count = reader.ReadCollectionHeader(minElementSize: 2);
            for (int i = 0; i < count; i++)
            {
                var kind = (Kind)reader.ReadByte();
                object? value = kind switch
                {
                    Kind.Bool => reader.ReadBoolean(),
                    Kind.Byte => reader.ReadByte(),
                    Kind.SByte => reader.ReadSByte(),
                    Kind.Int16 => reader.ReadInt16(),
                    Kind.UInt16 => reader.ReadUInt16(),
                    Kind.Char => reader.ReadChar(),
                    Kind.Int32 => reader.ReadInt32(),
                    Kind.UInt32 => reader.ReadUInt32(),
                    Kind.Int64 => reader.ReadInt64(),
                    Kind.UInt64 => reader.ReadUInt64(),
                    Kind.Single => reader.ReadSingle(),
                    Kind.Double => reader.ReadDouble(),
                    Kind.Decimal => reader.ReadDecimal(),
                    Kind.DateTime => reader.ReadDateTime(),
                    Kind.TimeSpan => reader.ReadTimeSpan(),
                    Kind.DateTimeOffset => reader.ReadDateTimeOffset(),
                    Kind.Guid => reader.ReadGuid(),
                    Kind.VarUInt32 => reader.ReadVarUInt32(),
                    Kind.VarUInt64 => reader.ReadVarUInt64(),
                    Kind.VarInt32 => reader.ReadVarInt32(),
                    Kind.VarInt64 => reader.ReadVarInt64(),
                    Kind.String => reader.ReadString(),
                    Kind.Bytes => reader.ReadByteArray(),
                    Kind.Enum => reader.ReadEnum<DayOfWeek>(),
                    Kind.IntArray => reader.ReadArray<int>(),
                    Kind.DoubleArray => reader.ReadArray<double>(),
                    _ => throw new InvalidOperationException($"unknown kind {kind}"),
                };
                Values.Add((kind, value));
            }
        }
    }

    private static object? RandomValue(Random r, Kind kind)
    {
        ulong bits = ((ulong)(uint)r.Next() << 33) ^ ((ulong)(uint)r.Next() << 11) ^ (uint)r.Next();
        int shift = r.Next(64);
        ulong any = bits >> shift; // values of every magnitude, so varints of every length appear
        return kind switch
        {
            Kind.Bool => r.Next(2) == 1,
            Kind.Byte => (byte)any,
            Kind.SByte => (sbyte)any,
            Kind.Int16 => (short)any,
            Kind.UInt16 => (ushort)any,
            Kind.Char => (char)any,
            Kind.Int32 => (int)any,
            Kind.UInt32 => (uint)any,
            Kind.Int64 => (long)bits,
            Kind.UInt64 => bits,
            Kind.Single => BitConverter.Int32BitsToSingle((int)bits),
            Kind.Double => BitConverter.Int64BitsToDouble((long)bits),
            Kind.Decimal => new decimal((int)bits, (int)(bits >> 32), r.Next(), r.Next(2) == 1, (byte)r.Next(29)),
            Kind.DateTime => new DateTime((long)(bits % (ulong)DateTime.MaxValue.Ticks), r.Next(2) == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified),
            Kind.TimeSpan => new TimeSpan((long)bits),
            Kind.DateTimeOffset => new DateTimeOffset(
                (long)(bits % (ulong)(DateTime.MaxValue.Ticks - (2 * TimeSpan.TicksPerDay))) + TimeSpan.TicksPerDay,
                TimeSpan.FromMinutes(r.Next(-840, 841))),
            Kind.Guid => new Guid(BitConverter.GetBytes(bits).Concat(BitConverter.GetBytes(~bits)).ToArray()),
            Kind.VarUInt32 => (uint)any,
            Kind.VarUInt64 => any,
            Kind.VarInt32 => (int)any,
            Kind.VarInt64 => (long)any,
            Kind.String => RandomString(r),
            Kind.Bytes => r.Next(10) == 0 ? null : RandomBytes(r),
            Kind.Enum => (DayOfWeek)(int)any,
            Kind.IntArray => r.Next(10) == 0 ? null : Enumerable.Range(0, r.Next(50)).Select(_ => r.Next(int.MinValue, int.MaxValue)).ToArray(),
            Kind.DoubleArray => r.Next(10) == 0 ? null : Enumerable.Range(0, r.Next(50)).Select(_ => BitConverter.Int64BitsToDouble(r.NextInt64())).ToArray(),
            _ => throw new InvalidOperationException(),
        };
    }

    private static byte[] RandomBytes(Random r)
    {
        var bytes = new byte[r.Next(r.Next(10) == 0 ? 2000 : 20)];
        r.NextBytes(bytes);
        return bytes;
    }

    /// <summary>Well-formed UTF-16 of every width: ASCII, 2- and 3-byte UTF-8, surrogate pairs.</summary>
    private static string? RandomString(Random r)
    {
        if (r.Next(10) == 0)
        {
            return null;
        }

        int length = r.Next(10) == 0 ? r.Next(2000) : r.Next(60);
        var sb = new StringBuilder();
        while (sb.Length < length)
        {
            switch (r.Next(4))
            {
                case 0: sb.Append((char)r.Next(0, 0x80)); break;
                case 1: sb.Append((char)r.Next(0x80, 0x800)); break;
                case 2: sb.Append((char)r.Next(0xE000, 0x10000)); break;
                default: sb.Append(char.ConvertFromUtf32(r.Next(0x10000, 0x110000))); break;
            }
        }

        return sb.ToString();
    }

    private static Mixed RandomRecord(Random r)
    {
        var record = new Mixed();
        int count = r.Next(r.Next(20) == 0 ? 300 : 12);
        for (int i = 0; i < count; i++)
        {
            var kind = (Kind)r.Next(KindCount);
            record.Values.Add((kind, RandomValue(r, kind)));
        }

        return record;
    }

    private static void ShouldMatch(Mixed actual, Mixed expected)
    {
        actual.Values.Should().HaveCount(expected.Values.Count);
        for (int i = 0; i < expected.Values.Count; i++)
        {
            (Kind kind, object? want) = expected.Values[i];
            (Kind gotKind, object? got) = actual.Values[i];
            gotKind.Should().Be(kind);
            switch (want)
            {
                case float f:
                    BitConverter.SingleToInt32Bits((float)got!).Should().Be(BitConverter.SingleToInt32Bits(f));
                    break;
                case double d:
                    BitConverter.DoubleToInt64Bits((double)got!).Should().Be(BitConverter.DoubleToInt64Bits(d));
                    break;
                case decimal m:
                    decimal.GetBits((decimal)got!).Should().Equal(decimal.GetBits(m));
                    break;
                case DateTime t:
                    ((DateTime)got!).Ticks.Should().Be(t.Ticks);
                    ((DateTime)got).Kind.Should().Be(t.Kind);
                    break;
                case DateTimeOffset o:
                    ((DateTimeOffset)got!).Ticks.Should().Be(o.Ticks);
                    ((DateTimeOffset)got).Offset.Should().Be(o.Offset);
                    break;
                case double[] ds:
                    ((double[])got!).Select(BitConverter.DoubleToInt64Bits).Should().Equal(ds.Select(BitConverter.DoubleToInt64Bits));
                    break;
                case Array a:
                    ((Array)got!).Cast<object>().Should().Equal(a.Cast<object>());
                    break;
                default:
                    got.Should().Be(want);
                    break;
            }
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    public void RandomRecords_RoundTrip_ThroughEveryReadPath(int seed)
    {
        var r = new Random(seed);
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Mixed>(1 + r.Next(100_000));
        List<Mixed> records = Enumerable.Range(0, 200).Select(_ => RandomRecord(r)).ToList();

        var stream = new MemoryStream();
        var bufferWriter = new ArrayBufferWriter<byte>(1);
        foreach (Mixed record in records)
        {
            formatter.Serialize(stream, record);
            formatter.Serialize(bufferWriter, record);
        }

        byte[] data = stream.ToArray();
        bufferWriter.WrittenSpan.ToArray().Should().Equal(data, "IBufferWriter and Stream writes are byte-identical");

        // Stream, randomly chunked (down to one byte per read).
        var chunked = new ChunkedStream(data, () => r.Next(4) == 0 ? 1 : r.Next(1, 3000));
        List<object> fromStream = formatter.ReadAll(chunked).ToList();

        // ReadOnlySequence, randomly segmented.
        ReadOnlySequence<byte> sequence = Segments.Split(data, r, maxChunk: r.Next(1, 5000));
        var fromSequence = new List<object>();
        while (formatter.TryReadRecord(ref sequence, out object? value))
        {
            fromSequence.Add(value);
        }

        sequence.IsEmpty.Should().BeTrue();
        fromStream.Should().HaveCount(records.Count);
        fromSequence.Should().HaveCount(records.Count);
        for (int i = 0; i < records.Count; i++)
        {
            ShouldMatch((Mixed)fromStream[i], records[i]);
            ShouldMatch((Mixed)fromSequence[i], records[i]);
        }
    }

    /// <summary>
    /// Damaged records: each is refused with the documented exception, whose message says what was wrong, or read
    /// as a value of a registered type that writes and reads back as itself (never a half-made object). Fuzz
    /// PropertyTests checks the same of generated types through the fuzzing oracle; this covers hand-written ones.
    /// </summary>
    [Fact]
    public void RandomCorruption_IsRefusedWithTheDocumentedException_OrReadsAsAValueThatRoundTrips()
    {
        int refused = 0, read = 0;
        var r = new Random(99);
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = r.Next(2) == 0 });
        formatter.Register<Mixed>(1);
        formatter.Register<Customer>(2);
        formatter.Register<Drawing>(3);
        formatter.Register<Circle>(4);
        formatter.Register<Node>(5);
        for (int i = 0; i < 3_000; i++)
        {
            object original = (i % 4) switch
            {
                0 => RandomRecord(r),
                1 => new Customer(RandomString(r), RandomString(r), RandomString(r), r.Next(), r.Next()),
                2 => new Drawing { Author = new PersonV2 { Name = RandomString(r) }, Main = new Circle { Radius = r.NextDouble() }, Trailer = r.Next() },
                _ => new Node { Value = 1, Next = new Node { Value = 2, Next = new Node() } },
            };
            byte[] data = formatter.SerializeToArray(original);
            int flips = 1 + r.Next(4);
            for (int f = 0; f < flips; f++)
            {
                data[r.Next(data.Length)] = (byte)r.Next(256);
            }

            if (r.Next(4) == 0)
            {
                data = data.AsSpan(0, r.Next(data.Length)).ToArray();
            }

            object value;
            try
            {
                value = formatter.Deserialize(data, out _);
            }
            catch (FastSerializationException ex)
            {
                ex.Message.Should().NotBeNullOrWhiteSpace();
                refused++;
                continue;
            }

            read++;
            object again = formatter.Deserialize(formatter.SerializeToArray(value));
            again.Should().BeEquivalentTo(value, o => o.RespectingRuntimeTypes(), $"input {i}: what was read from damaged bytes writes and reads back as itself");
        }

        refused.Should().BeGreaterThan(1_000, "most damage is detected");
        read.Should().BeGreaterThan(0, "damage inside a string or a number's bytes leaves a readable record");
    }
}
