using System;
using System.Buffers;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;
using static FastSerialization.Tests.Support.Bytes;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// Varints are written and read inline up to three bytes and out of line beyond (docs/FORMAT.md section 2): the values on
/// both sides of every length boundary, through <see cref="FastBinaryWriter"/> and <see cref="BoundedRunWriter"/>, must
/// give the hand-built LEB128 bytes and read back the same through <see cref="FastBinaryReader"/> and
/// <see cref="BoundedRunReader"/>.
/// </summary>
public class VarIntLengthTests
{
    private struct Holder : ICustomBinarySerializable
    {
        public readonly void WriteDataTo(ref FastBinaryWriter writer)
        {
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
        }
    }

    public static TheoryData<ulong> Boundaries()
    {
        var data = new TheoryData<ulong>();
        for (int bits = 7; bits < 64; bits += 7)
        {
            data.Add((1UL << bits) - 1); // the longest value of one length
            data.Add(1UL << bits); // the shortest of the next
        }

        data.Add(0);
        data.Add(ulong.MaxValue);
        return data;
    }

    [Theory]
    [MemberData(nameof(Boundaries))]
    public void UnsignedVarint_AtEveryLengthBoundary_IsItsLeb128Bytes_ThroughBothWritersAndBothReaders(ulong value)
    {
        byte[] expected = VarUInt(value);

        Written((ref FastBinaryWriter w) => w.WriteVarUInt64(value)).Should().Equal(expected);
        InABoundedObject((ref BoundedRunWriter run) => run.WriteVarUInt64(value)).Should().Equal(expected);
        new FastBinaryReader(expected).ReadVarUInt64().Should().Be(value);
        ReadBounded(expected, (ref BoundedRunReader r) => r.ReadVarUInt64()).Should().Be(value);

        if (value <= uint.MaxValue)
        {
            Written((ref FastBinaryWriter w) => w.WriteVarUInt32((uint)value)).Should().Equal(expected);
            InABoundedObject((ref BoundedRunWriter run) => run.WriteVarUInt32((uint)value)).Should().Equal(expected);
            new FastBinaryReader(expected).ReadVarUInt32().Should().Be((uint)value);
            ReadBounded(expected, (ref BoundedRunReader r) => r.ReadVarUInt32()).Should().Be((uint)value);
        }
    }

    [Theory]
    [MemberData(nameof(Boundaries))]
    public void SignedVarint_AtEveryLengthBoundary_IsTheZigzagOfItsLeb128Bytes(ulong zigzag)
    {
        long value = (long)(zigzag >> 1) ^ -(long)(zigzag & 1);
        byte[] expected = VarUInt(zigzag);

        Written((ref FastBinaryWriter w) => w.WriteVarInt64(value)).Should().Equal(expected);
        InABoundedObject((ref BoundedRunWriter run) => run.WriteVarInt64(value)).Should().Equal(expected);
        new FastBinaryReader(expected).ReadVarInt64().Should().Be(value);
        ReadBounded(expected, (ref BoundedRunReader r) => r.ReadVarInt64()).Should().Be(value);

        if (zigzag <= uint.MaxValue)
        {
            int narrow = (int)value;
            Written((ref FastBinaryWriter w) => w.WriteVarInt32(narrow)).Should().Equal(expected);
            InABoundedObject((ref BoundedRunWriter run) => run.WriteVarInt32(narrow)).Should().Equal(expected);
            new FastBinaryReader(expected).ReadVarInt32().Should().Be(narrow);
            ReadBounded(expected, (ref BoundedRunReader r) => r.ReadVarInt32()).Should().Be(narrow);
        }
    }

    private delegate void RunWrite(ref BoundedRunWriter run);

    private delegate T RunRead<T>(ref BoundedRunReader run);

    /// <summary>The payload a bounded object's run writes (without the object's length byte).</summary>
    private static byte[] InABoundedObject(RunWrite write)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(output);
        BoundedRunWriter run = writer.BeginBoundedObject<Holder>(FastBinaryWriter.MaxBoundedObjectPayload);
        write(ref run);
        writer.EndBoundedObject(ref run);
        writer.Flush();
        return output.WrittenSpan.Slice(1).ToArray();
    }

    /// <summary>Reads <paramref name="payload"/> as a bounded object's payload, through its run.</summary>
    private static T ReadBounded<T>(byte[] payload, RunRead<T> read)
    {
        byte[] data = Concat(VarUInt((ulong)payload.Length + 1), payload);
        var reader = new FastBinaryReader(data);
        Holder holder = default;
        reader.BeginBoundedObject(ref holder, out BoundedRunReader run).Should().BeTrue();
        T value = read(ref run);
        run.HasRemaining.Should().BeFalse("the varint is the whole payload");
        reader.EndBoundedObject<Holder>(ref run);
        return value;
    }
}
