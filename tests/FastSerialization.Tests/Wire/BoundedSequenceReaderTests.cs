using System;
using System.Buffers;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// <see cref="FastBinaryReader.BeginBoundedSequence{T}"/> and <see cref="BoundedSequenceReader{T}"/>: the elements of a
/// collection of nested structs read one after another, with the results, errors and offsets of
/// <see cref="FastBinaryReader.ReadObjectArray{T}"/>, which the reference reads below use on the same bytes.
/// </summary>
public class BoundedSequenceReaderTests
{
    private struct Pair : ICustomBinarySerializable
    {
        public int A;
        public long B;

        public Pair()
        {
            B = 42;
        }

        public readonly void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteVarInt32(A);
            writer.WriteVarInt64(B);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            if (!reader.HasRemaining)
            {
                return;
            }

            A = reader.ReadVarInt32();
            if (reader.HasRemaining)
            {
                B = reader.ReadVarInt64();
            }
        }

        public void ReadBounded(ref BoundedRunReader run)
        {
            if (!run.HasRemaining)
            {
                return;
            }

            A = run.ReadVarInt32();
            if (run.HasRemaining)
            {
                B = run.ReadVarInt64();
            }
        }
    }

    private struct Built : ICustomBinarySerializable, IBinaryConstructible<Built>
    {
        public readonly void WriteDataTo(ref FastBinaryWriter writer)
        {
        }

        public void SetDataFrom(ref FastBinaryReader reader) => throw new NotSupportedException();

        public readonly Built ReadNew(ref FastBinaryReader reader) => default;
    }

    /// <summary>An array of pairs then a byte, read through a bounded sequence or through ReadObjectArray.</summary>
    private sealed class Holder : ICustomBinarySerializable
    {
        public static bool Bounded { get; set; } = true;

        public Pair[]? Pairs { get; set; }

        public byte After { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => throw new NotSupportedException();

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            if (!Bounded)
            {
                Pairs = reader.ReadObjectArray<Pair>();
            }
            else
            {
                int count = reader.ReadCollectionHeader<Pair>(1);
                if (count >= 0)
                {
                    Pairs = new Pair[count];
                    BoundedSequenceReader<Pair> sequence = reader.BeginBoundedSequence<Pair>();
                    for (int i = 0; i < count; i++)
                    {
                        ref Pair pair = ref Pairs[i];
                        if (sequence.BeginElement(ref pair, out BoundedRunReader run))
                        {
                            pair.ReadBounded(ref run);
                            sequence.EndElement(ref run);
                        }
                    }

                    reader.EndBoundedSequence(ref sequence);
                }
            }

            After = reader.ReadByte();
        }
    }

    /// <summary>Holds a <see cref="Holder"/>: one level of nesting more.</summary>
    private sealed class Outer : ICustomBinarySerializable
    {
        public Holder? Inner { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => throw new NotSupportedException();

        public void SetDataFrom(ref FastBinaryReader reader) => Inner = reader.ReadObject<Holder>();
    }

    private delegate void Write(ref FastBinaryWriter writer);

    private static byte[] Bytes(Write write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        write(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>A record of <paramref name="typeId"/> whose payload <paramref name="write"/> writes.</summary>
    private static byte[] Record(byte typeId, Write write)
    {
        byte[] payload = Bytes(write);
        byte[] record = new byte[4 + 1 + payload.Length];
        BitConverter.TryWriteBytes(record.AsSpan(0, 4), record.Length - 4).Should().BeTrue();
        record[4] = typeId;
        payload.CopyTo(record, 5);
        return record;
    }

    private static CustomBinaryFormatter Formatter(bool strict = false, int maxDepth = CustomBinaryFormatterOptions.DefaultMaxDepth, Func<Pair>? factory = null)
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = strict, MaxDepth = maxDepth });
        formatter.Register<Holder>(1);
        formatter.Register<Outer>(2);
        if (factory is not null)
        {
            formatter.Register(3, factory);
        }

        return formatter;
    }

    /// <summary>The record read both ways: the pairs and the byte after them, or the exception's message.</summary>
    private static (string Bounded, string Plain) BothWays<T>(CustomBinaryFormatter formatter, byte[] record)
        where T : class
    {
        string Read(bool bounded)
        {
            Holder.Bounded = bounded;
            try
            {
                object value = formatter.Deserialize<T>(record);
                Holder holder = value as Holder ?? ((Outer)value).Inner!;
                return holder.Pairs is null ? "null " + holder.After : string.Join(", ", Array.ConvertAll(holder.Pairs, p => p.A + "/" + p.B)) + " then " + holder.After;
            }
            catch (FastSerializationException e)
            {
                return e.Message;
            }
            finally
            {
                Holder.Bounded = true;
            }
        }

        return (Read(bounded: true), Read(bounded: false));
    }

    private static readonly Write Mixed = (ref FastBinaryWriter w) =>
    {
        w.WriteCollectionHeader(4);
        w.WriteObject(new Pair { A = -1, B = long.MaxValue });
        w.WriteVarUInt32(0); // a null entry
        w.WriteVarUInt32(1 + 1); // an older writer: A only
        w.WriteVarInt32(5);
        w.WriteVarUInt32(1 + 1 + 1 + 3); // a newer writer: three bytes more
        w.WriteVarInt32(6);
        w.WriteVarInt64(7);
        w.Write((byte)1);
        w.Write((short)2);
        w.Write((byte)0xAB);
    };

    [Fact]
    public void OlderNullAndNewerElements_ReadAsThroughReadObjectArray()
    {
        CustomBinaryFormatter formatter = Formatter();

        (string bounded, string plain) = BothWays<Holder>(formatter, Record(1, Mixed));

        bounded.Should().Be(plain).And.Be("-1/9223372036854775807, 0/0, 5/42, 6/7 then 171");
    }

    [Fact]
    public void NewerElements_AreRefused_WhenTheFormatterRejectsUnreadBytes()
    {
        (string bounded, string plain) = BothWays<Holder>(Formatter(strict: true), Record(1, Mixed));

        bounded.Should().Be(plain).And.Contain("left 3 byte(s) of its frame unread");
    }

    [Fact]
    public void ARegisteredFactory_MakesEveryElement_AsForReadObjectArray()
    {
        CustomBinaryFormatter formatter = Formatter(factory: () => new Pair { A = 100, B = 200 });

        (string bounded, string plain) = BothWays<Holder>(formatter, Record(1, Mixed));

        bounded.Should().Be(plain).And.Be("-1/9223372036854775807, 0/0, 5/200, 6/7 then 171", "the older element keeps the factory's B; a null entry is the default");
    }

    public static TheoryData<string, byte[]> Hostile() => new()
    {
        {
            "an element longer than the frame", Record(1, (ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(2);
                w.WriteObject(new Pair { A = 1 });
                w.WriteVarUInt32(1 + 30);
                w.WriteVarInt32(1);
            })
        },
        {
            "an element length of 6 bytes", Record(1, (ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteRaw(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0x00, 0x00 });
            })
        },
        {
            "a member cut off by the element's end", Record(1, (ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(2);
                w.WriteVarUInt32(1 + 2);
                w.WriteVarInt32(1);
                w.Write((byte)0x80); // a varint that goes on into the next element
                w.WriteObject(new Pair { A = 2 });
                w.Write((byte)0xAB);
            })
        },
    };

    [Theory]
    [MemberData(nameof(Hostile))]
    public void HostileElements_FailWithTheMessageOfReadObjectArray(string what, byte[] record)
    {
        (string bounded, string plain) = BothWays<Holder>(Formatter(), record);

        plain.Should().MatchRegex("^(Malformed|Truncated) data at offset", what);
        bounded.Should().Be(plain, what);
    }

    [Fact]
    public void NestingTooDeep_FailsAtTheFirstElementThatIsThere_AsForReadObjectArray()
    {
        // An Outer (depth 0) holding a Holder (depth 1) whose elements would be at depth 2, read with a limit of 1.
        byte[] Outer(Write holder) => Record(2, (ref FastBinaryWriter w) =>
        {
            byte[] inner = Bytes(holder);
            w.WriteVarUInt32((uint)inner.Length + 1);
            w.WriteRaw(inner);
        });
        byte[] onlyNulls = Outer((ref FastBinaryWriter w) =>
        {
            w.WriteCollectionHeader(2);
            w.WriteVarUInt32(0);
            w.WriteVarUInt32(0);
            w.Write((byte)9);
        });
        byte[] oneThere = Outer((ref FastBinaryWriter w) =>
        {
            w.WriteCollectionHeader(2);
            w.WriteVarUInt32(0);
            w.WriteObject(new Pair { A = 1 });
            w.Write((byte)9);
        });
        CustomBinaryFormatter shallow = Formatter(maxDepth: 1);

        (string bounded, string plain) = BothWays<Outer>(shallow, onlyNulls);
        bounded.Should().Be(plain).And.Be("0/0, 0/0 then 9");

        (bounded, plain) = BothWays<Outer>(shallow, oneThere);
        bounded.Should().Be(plain).And.Contain("deeper than the limit of 1");
    }

    [Fact]
    public void EndingASequenceAfterOtherReads_OrAnElementOfAnotherSequence_Throws()
    {
        byte[] data = Bytes((ref FastBinaryWriter w) =>
        {
            w.WriteObject(new Pair { A = 1 });
            w.WriteObject(new Pair { A = 2 });
        });

        Action otherReads = () =>
        {
            var reader = new FastBinaryReader(data);
            BoundedSequenceReader<Pair> sequence = reader.BeginBoundedSequence<Pair>();
            reader.ReadByte();
            reader.EndBoundedSequence(ref sequence);
        };
        Action foreignElement = () =>
        {
            var reader = new FastBinaryReader(data);
            BoundedSequenceReader<Pair> sequence = reader.BeginBoundedSequence<Pair>();
            Pair pair = default;
            sequence.BeginElement(ref pair, out BoundedRunReader first);
            sequence.BeginElement(ref pair, out BoundedRunReader unused);
            sequence.EndElement(ref first);
        };
        Action readTwice = () =>
        {
            var reader = new FastBinaryReader(data);
            BoundedSequenceReader<Pair> sequence = reader.BeginBoundedSequence<Pair>();
            Pair pair = default;
            sequence.BeginElement(ref pair, out BoundedRunReader run);
            sequence.EndElement(ref run);
            reader.ReadObject<Pair>(); // the same element again, through the reader
            reader.EndBoundedSequence(ref sequence);
        };
        Action notBegun = () =>
        {
            var reader = new FastBinaryReader(data);
            reader.ReadByte();
            BoundedSequenceReader<Pair> sequence = default;
            reader.EndBoundedSequence(ref sequence);
        };

        otherReads.Should().Throw<InvalidOperationException>().WithMessage("*EndBoundedSequence*");
        readTwice.Should().Throw<InvalidOperationException>().WithMessage("*EndBoundedSequence*");
        foreignElement.Should().Throw<InvalidOperationException>().WithMessage("*EndElement*");
        notBegun.Should().Throw<InvalidOperationException>();
    }

    [Fact]
    public void AStructBuiltByReadNew_IsRefused()
    {
        Action begin = () =>
        {
            var reader = new FastBinaryReader(new byte[] { 1 });
            reader.BeginBoundedSequence<Built>();
        };

        begin.Should().Throw<InvalidOperationException>().WithMessage("*IBinaryConstructible*");
    }
}
