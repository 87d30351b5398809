using System;
using System.Buffers;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// <see cref="FastBinaryWriter.BeginBoundedObject{T}"/>, <see cref="BoundedRunWriter"/> and
/// <see cref="FastBinaryWriter.EndBoundedObject"/>: a nested struct written through one reservation, with the bytes
/// of <see cref="FastBinaryWriter.WriteObject{T}"/> and the writer's own one-value methods, and clear errors on misuse.
/// </summary>
public class BoundedObjectTests
{
    private struct Pair : ICustomBinarySerializable
    {
        public int A;
        public long B;

        public readonly void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteVarInt32(A);
            writer.WriteVarInt64(B);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            A = reader.ReadVarInt32();
            B = reader.ReadVarInt64();
        }
    }

    /// <summary>Holds a <see cref="Pair"/>, written with WriteObject or through a bounded run.</summary>
    private sealed class Holder : ICustomBinarySerializable
    {
        public bool Bounded { get; set; }

        public Pair Pair { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            if (!Bounded)
            {
                writer.WriteObject(Pair);
                return;
            }

            BoundedRunWriter run = writer.BeginBoundedObject<Pair>(15);
            run.WriteVarInt32(Pair.A);
            run.WriteVarInt64(Pair.B);
            writer.EndBoundedObject(ref run);
        }

        public void SetDataFrom(ref FastBinaryReader reader) => Pair = reader.ReadObject<Pair>();
    }

    /// <summary>Holds a <see cref="Holder"/>: one level of nesting more.</summary>
    private sealed class Outer : ICustomBinarySerializable
    {
        public Holder Inner { get; set; } = new();

        public void WriteDataTo(ref FastBinaryWriter writer) => writer.WriteObject(Inner);

        public void SetDataFrom(ref FastBinaryReader reader) => Inner = reader.ReadObject<Holder>()!;
    }

    private static CustomBinaryFormatter Formatter(int maxDepth = CustomBinaryFormatterOptions.DefaultMaxDepth)
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxDepth = maxDepth });
        formatter.Register<Holder>(1);
        formatter.Register<Outer>(2);
        return formatter;
    }

    [Theory]
    [InlineData(0, 0L)]
    [InlineData(-1, 63L)]
    [InlineData(int.MaxValue, long.MinValue)]
    [InlineData(int.MinValue, long.MaxValue)]
    public void ABoundedObject_HasTheBytesOfWriteObject_AndReadsBack(int a, long b)
    {
        CustomBinaryFormatter formatter = Formatter();
        var pair = new Pair { A = a, B = b };

        byte[] bounded = formatter.SerializeToArray(new Holder { Bounded = true, Pair = pair });
        byte[] plain = formatter.SerializeToArray(new Holder { Bounded = false, Pair = pair });

        bounded.Should().Equal(plain);
        formatter.Deserialize<Holder>(bounded).Pair.Should().Be(pair);
    }

    [Fact]
    public void EveryValueOfTheRun_HasTheBytesOfTheWritersOwnMethod()
    {
        var expected = new ArrayBufferWriter<byte>();
        var plain = new FastBinaryWriter(expected);
        plain.Write(true);
        plain.Write((byte)0xFE);
        plain.Write((sbyte)-2);
        plain.Write((short)-300);
        plain.Write((ushort)65_000);
        plain.Write('\u20AC');
        plain.Write(-70_000);
        plain.Write(4_000_000_000u);
        plain.Write(long.MinValue + 1);
        plain.Write(ulong.MaxValue - 1);
        plain.Write(float.NegativeInfinity);
        plain.Write(Math.PI);
        plain.WriteVarUInt32(uint.MaxValue);
        plain.WriteVarUInt64(ulong.MaxValue);
        plain.WriteVarInt16(short.MinValue);
        plain.WriteVarUInt16(ushort.MaxValue);
        plain.WriteVarInt32(-65);
        plain.WriteVarInt64(8_191);
        plain.Flush();

        var actual = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(actual);
        BoundedRunWriter run = writer.BeginBoundedObject<Pair>(FastBinaryWriter.MaxBoundedObjectPayload);
        run.Write(true);
        run.Write((byte)0xFE);
        run.Write((sbyte)-2);
        run.Write((short)-300);
        run.Write((ushort)65_000);
        run.Write('\u20AC');
        run.Write(-70_000);
        run.Write(4_000_000_000u);
        run.Write(long.MinValue + 1);
        run.Write(ulong.MaxValue - 1);
        run.Write(float.NegativeInfinity);
        run.Write(Math.PI);
        run.WriteVarUInt32(uint.MaxValue);
        run.WriteVarUInt64(ulong.MaxValue);
        run.WriteVarInt16(short.MinValue);
        run.WriteVarUInt16(ushort.MaxValue);
        run.WriteVarInt32(-65);
        run.WriteVarInt64(8_191);
        int written = run.Written;
        writer.EndBoundedObject(ref run);
        writer.Flush();

        written.Should().Be(expected.WrittenCount);
        actual.WrittenSpan[0].Should().Be((byte)(written + 1), "first the object's length (L = payload + 1)");
        actual.WrittenSpan.Slice(1).ToArray().Should().Equal(expected.WrittenSpan.ToArray());
    }

    [Fact]
    public void WritingPastTheBound_Throws()
    {
        Action write = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            BoundedRunWriter run = writer.BeginBoundedObject<Pair>(9);
            run.WriteVarInt64(long.MaxValue); // 10 bytes
        };

        write.Should().Throw<InvalidOperationException>().WithMessage("*at most 9 bytes*");
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(FastBinaryWriter.MaxBoundedObjectPayload + 1)]
    public void ABoundOutsideOneLengthByte_IsRefused(int bound)
    {
        Action begin = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            writer.BeginBoundedObject<Pair>(bound);
        };

        begin.Should().Throw<ArgumentOutOfRangeException>().WithMessage("*0 to 126 bytes*");
    }

    [Fact]
    public void EndingARunAfterOtherWrites_OrARunNotBegun_Throws()
    {
        Action otherWrites = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            BoundedRunWriter run = writer.BeginBoundedObject<Pair>(4);
            run.Write(7);
            writer.Write((byte)1); // the writer moves on: the reservation is no longer where the run writes
            writer.EndBoundedObject(ref run);
        };
        Action notBegun = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            writer.Write(1L);
            BoundedRunWriter run = default;
            writer.EndBoundedObject(ref run);
        };
        Action twice = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            BoundedRunWriter run = writer.BeginBoundedObject<Pair>(4);
            writer.EndBoundedObject(ref run);
            writer.EndBoundedObject(ref run);
        };

        otherWrites.Should().Throw<InvalidOperationException>().WithMessage("*last BeginBoundedObject*");
        notBegun.Should().Throw<InvalidOperationException>();
        twice.Should().Throw<InvalidOperationException>();
    }

    [Fact]
    public void ABoundedObjectPastMaxDepth_IsRefusedLikeWriteObject()
    {
        CustomBinaryFormatter shallow = Formatter(maxDepth: 1);

        Action bounded = () => shallow.SerializeToArray(new Outer { Inner = new Holder { Bounded = true } });
        Action plain = () => shallow.SerializeToArray(new Outer { Inner = new Holder { Bounded = false } });

        plain.Should().Throw<FastSerializationException>();
        bounded.Should().Throw<FastSerializationException>();
        Formatter(maxDepth: 2).SerializeToArray(new Outer { Inner = new Holder { Bounded = true } })
            .Should().Equal(Formatter(maxDepth: 2).SerializeToArray(new Outer { Inner = new Holder { Bounded = false } }));
    }
}
