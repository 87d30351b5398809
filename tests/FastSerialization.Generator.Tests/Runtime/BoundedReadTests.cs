using System;
using System.Buffers;
using System.Linq;
using FastSerialization.Generator.Tests.Generator;
using FastSerialization.Generator.Tests.Models.Bounded;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// A bounded struct held by a generated type is read through BeginBoundedObject / EndBoundedObject: the same values,
/// versioning and errors as reading it with ReadObject, which the reference reads below use on the same bytes.
/// </summary>
public class BoundedReadTests
{
    private delegate void Write(ref FastBinaryWriter writer);

    private static byte[] Payload(Write write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        write(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>A LevelBook's payload as three versions of LevelWithDefaults would leave it: older, null, newer.</summary>
    private static byte[] MixedVersions() => Payload((ref FastBinaryWriter w) =>
    {
        w.WriteCollectionHeader(3);
        w.WriteVarUInt32(1 + 8); // an older writer: Price only
        w.Write(1.5);
        w.WriteVarUInt32(0); // a null entry
        w.WriteVarUInt32(1 + 8 + 1 + 1 + 1); // a newer writer: one more byte after Count
        w.Write(2.5);
        w.WriteVarInt64(-3);
        w.WriteVarInt32(4);
        w.Write((byte)0x7F);
        w.WriteVarUInt32(1 + 8 + 1 + 1); // Best
        w.Write(9.0);
        w.WriteVarInt64(10);
        w.WriteVarInt32(11);
        w.WriteVarInt32(12_345); // After
    });

    private static LevelBook Generated(byte[] payload)
    {
        var book = new LevelBook();
        var reader = new FastBinaryReader(payload);
        book.SetDataFrom(ref reader);
        return book;
    }

    /// <summary>The same payload read with ReadObjectArray / ReadObject, the path the bounded one replaces.</summary>
    private static LevelBook Reference(byte[] payload)
    {
        var reader = new FastBinaryReader(payload);
        return new LevelBook
        {
            Levels = reader.ReadObjectArray<LevelWithDefaults>(),
            Best = reader.ReadObject<LevelWithDefaults>(),
            After = reader.ReadVarInt32(),
        };
    }

    private static string? Failure(Func<byte[], LevelBook> read, byte[] payload)
    {
        try
        {
            read(payload);
            return null;
        }
        catch (FastSerializationException e)
        {
            return e.Message;
        }
    }

    [Fact]
    public void OlderNullAndNewerElements_ReadAsReadObjectReadsThem()
    {
        byte[] payload = MixedVersions();

        LevelBook book = Generated(payload);

        book.Should().BeEquivalentTo(Reference(payload));
        book.Levels![0].Should().Be(new LevelWithDefaults { Price = 1.5, Size = 0, Count = -1 }, "missing members keep what the parameterless constructor set");
        book.Levels[1].Should().Be(default(LevelWithDefaults), "a null entry reads as the default");
        book.Levels[2].Should().Be(new LevelWithDefaults { Price = 2.5, Size = -3, Count = 4 }, "the newer member's byte is skipped");
        book.Best.Should().Be(new LevelWithDefaults { Price = 9.0, Size = 10, Count = 11 });
        book.After.Should().Be(12_345, "the reader is past every element");
    }

    [Fact]
    public void UnreadBytesOfAnElement_AreRefused_WhenTheFormatterRejectsThem()
    {
        var strict = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = true });
        strict.Register<LevelBook>(1);
        byte[] unframed = new byte[] { 1 }.Concat(MixedVersions()).ToArray(); // type id 1, then the payload

        Action read = () => strict.DeserializeUnframed<LevelBook>(unframed);

        read.Should().Throw<FastSerializationException>().WithMessage("*LevelWithDefaults left 1 byte(s) of its frame unread*");
    }

    public static TheoryData<string, byte[]> Hostile() => new()
    {
        {
            "an overlong varint", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 11);
                w.Write(1.0);
                for (int i = 0; i < 10; i++)
                {
                    w.Write((byte)0x80);
                }

                w.Write((byte)0x01);
            })
        },
        {
            "a varint cut off by the element's end, the data going on", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(2);
                w.WriteVarUInt32(1 + 8 + 1);
                w.Write(1.0);
                w.Write((byte)0x81); // the first byte of a longer varint: the next bytes belong to the next element
                w.WriteVarUInt32(1 + 8);
                w.Write(2.0);
            })
        },
        {
            "a varint not in its shortest form", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 3);
                w.Write(1.0);
                w.Write((byte)0x80);
                w.Write((byte)0x80);
                w.Write((byte)0x00);
            })
        },
        {
            "a count past the int range", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 8 + 1 + 5);
                w.Write(1.0);
                w.WriteVarInt64(0);
                w.WriteVarUInt64(uint.MaxValue + 1UL);
            })
        },
        {
            "an element longer than the data", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 40);
                w.Write(1.0);
            })
        },
        {
            "a double cut off by the element's end", Payload((ref FastBinaryWriter w) =>
            {
                w.WriteCollectionHeader(1);
                w.WriteVarUInt32(1 + 4);
                w.Write(1.0);
            })
        },
    };

    [Theory]
    [MemberData(nameof(Hostile))]
    public void HostileElements_FailWithTheMessageOfReadObject(string what, byte[] payload)
    {
        string? expected = Failure(Reference, payload);

        string? actual = Failure(Generated, payload);

        expected.Should().NotBeNull(what + " is malformed");
        actual.Should().Be(expected, what);
    }

    [Fact]
    public void TheGeneratedCode_ReadsBoundedStructs_ThroughABoundedRun_WhenTheirReaderIsGeneratedMemberByMember()
    {
        const string source = """
            using FastSerialization;
            namespace App;
            [BinarySerializable] public partial struct Level { public double Price; public long Size; public int Count; }
            [BinarySerializable] public readonly partial record struct Frozen(long A, int B);
            [BinarySerializable]
            public partial struct ReadByHand
            {
                public int A;
                public void SetDataFrom(ref FastBinaryReader reader) => A = reader.ReadVarInt32();
            }
            [BinarySerializable] public partial struct Named { public int Id; public string? Name; }
            [BinarySerializable]
            public partial class Holder
            {
                public Level[]? Levels;
                public Level Best;
                public System.Collections.Generic.List<Level>? Queue;
                public Frozen[]? Frozen;
                public ReadByHand[]? ByHand;
                public Named[]? Names;
            }
            """;

        GeneratorRun run = GeneratorHarness.Run(source);

        run.CompilationDiagnostics.Should().BeEmpty();
        string holder = run.Sources.Single(s => s.HintName.Contains("Holder", StringComparison.Ordinal)).SourceText.ToString();
        holder.Should().Contain("var __q0 = reader.BeginBoundedSequence<global::App.Level>();", "the list's elements, one after another");
        holder.Should().Contain("var __q0 = reader.BeginBoundedSequence<global::App.Level>(__c0, out var __r0);", "the array's elements, one after another, in an array the sequence makes");
        holder.Should().Contain("for (int __i0 = 0; __i0 < __r0.Length; __i0++)", "the array's loop runs to its length");
        holder.Should().Contain("if (__q0.BeginElement(ref __e1, out var __b1))", "the array's elements, read where they live");
        holder.Should().Contain("if (__q0.BeginElement(ref __o1, out var __b1))", "the list's elements, through a local");
        holder.Should().Contain("reader.EndBoundedSequence(ref __q0);");
        holder.Should().Contain("if (reader.BeginBoundedObject(ref __o0, out var __b0))", "the member, through a local");
        holder.Should().NotContain("ReadObjectArray<global::App.Level>").And.NotContain("ReadObject<global::App.Level>");
        holder.Should().Contain("reader.ReadObjectArray<global::App.Frozen>()", "a struct built by its constructor is read with ReadNew");
        holder.Should().Contain("reader.ReadObjectArray<global::App.ReadByHand>()", "a struct that reads itself by hand keeps its own reader");
        holder.Should().Contain("reader.ReadObjectArray<global::App.Named>()", "a string has no bounded size");

        string ReadBy(string type) => run.Sources.Single(s => s.HintName.Contains("App." + type + ".", StringComparison.Ordinal)).SourceText.ToString();
        ReadBy("Level").Should().Contain("internal void __FastSerializationReadBounded(ref global::FastSerialization.BoundedRunReader reader)");
        ReadBy("Frozen").Should().NotContain("__FastSerializationReadBounded");
        ReadBy("Named").Should().NotContain("__FastSerializationReadBounded");
    }
}
