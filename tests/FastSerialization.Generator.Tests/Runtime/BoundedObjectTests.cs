using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using FastSerialization.Generator.Tests.Generator;
using FastSerialization.Generator.Tests.Models.Bounded;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// A struct whose members all have a bounded size is written, where a generated type holds it, through one
/// reservation (BeginBoundedObject / EndBoundedObject): the bytes are those of WriteObject, member by member.
/// </summary>
public class BoundedObjectTests
{
    private static EveryBoundedKind Extreme(bool high) => new()
    {
        Flag = high,
        U8 = high ? byte.MaxValue : byte.MinValue,
        S8 = high ? sbyte.MaxValue : sbyte.MinValue,
        S16 = high ? short.MaxValue : short.MinValue,
        U16 = high ? ushort.MaxValue : ushort.MinValue,
        Letter = high ? '\uFFFF' : '\0',
        S32 = high ? int.MaxValue : int.MinValue,
        U32 = high ? uint.MaxValue : uint.MinValue,
        S64 = high ? long.MaxValue : long.MinValue,
        U64 = high ? ulong.MaxValue : ulong.MinValue,
        Single = high ? float.MaxValue : BitConverter.Int32BitsToSingle(unchecked((int)0xFFC0_1234)),
        Double = high ? double.Epsilon : -0.0,
        Fixed64 = high ? long.MaxValue : long.MinValue,
        Small = high ? Tint.Red : Tint.None,
        Compact = high ? Weight.Heavy : Weight.Light,
        Wide = high ? Weight.Light : Weight.Heavy,
        MaybeInt = high ? int.MinValue : null,
        MaybeByte = high ? null : byte.MaxValue,
        MaybeWeight = high ? Weight.Light : null,
    };

    private static readonly EveryBoundedKind Small = new() { S16 = -1, U16 = 127, S32 = 63, U32 = 128, S64 = -64, U64 = 16_383, Letter = 'x' };

    private static BoundedHolder Sample() => new()
    {
        One = Extreme(high: true),
        Maybe = Extreme(high: false),
        Array = new[] { Extreme(true), Small, default, Extreme(false) },
        List = new List<EveryBoundedKind> { Small, Extreme(true) },
        Jagged = new[] { new[] { Small }, System.Array.Empty<EveryBoundedKind>(), null! },
    };

    /// <summary>The holder's payload as WriteObject writes it, element by element.</summary>
    private static byte[] ThroughWriteObject(BoundedHolder h)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var w = new FastBinaryWriter(buffer);
        w.WriteObject(h.One);
        w.Write(h.Maybe.HasValue);
        w.WriteObject(h.Maybe!.Value);
        w.WriteCollectionHeader(h.Array!.Length);
        foreach (EveryBoundedKind e in h.Array)
        {
            w.WriteObject(e);
        }

        w.WriteCollectionHeader(h.List!.Count);
        foreach (EveryBoundedKind e in h.List)
        {
            w.WriteObject(e);
        }

        w.WriteCollectionHeader(h.Jagged!.Length);
        foreach (EveryBoundedKind[]? inner in h.Jagged)
        {
            if (inner is null)
            {
                w.WriteNullCollection();
                continue;
            }

            w.WriteCollectionHeader(inner.Length);
            foreach (EveryBoundedKind e in inner)
            {
                w.WriteObject(e);
            }
        }

        w.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static byte[] Generated(BoundedHolder h)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var w = new FastBinaryWriter(buffer);
        h.WriteDataTo(ref w);
        w.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    [Fact]
    public void AHeldBoundedStruct_IsWrittenWithTheBytesOfWriteObject_AtTheExtremesOfEveryKind()
    {
        BoundedHolder sample = Sample();

        Generated(sample).Should().Equal(ThroughWriteObject(sample));
    }

    [Fact]
    public void AHeldBoundedStruct_RoundTrips()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<BoundedHolder>(1);
        BoundedHolder sample = Sample();

        BoundedHolder back = formatter.Deserialize<BoundedHolder>(formatter.SerializeToArray(sample));

        back.Should().BeEquivalentTo(sample, o => o.WithStrictOrdering());
        BitConverter.SingleToInt32Bits(back.Maybe!.Value.Single).Should().Be(unchecked((int)0xFFC0_1234), "a NaN keeps its payload");
    }

    [Fact]
    public void TheGeneratedCode_UsesTheBoundedPath_ForBoundedStructsOnly()
    {
        const string source = """
            using FastSerialization;
            namespace App;
            [BinarySerializable] public partial struct Level { public double Price; public long Size; public int Count; }
            public enum Side : byte { Buy, Sell }
            [BinarySerializable] public partial struct Trade { public byte Venue; public Side Side; public byte? Flag; public int? Offset; public ulong Time; public double Price; }
            [BinarySerializable] public partial struct Named { public int Id; public string? Name; }
            [BinarySerializable] public partial struct Wide { public long A, B, C, D, E, F, G, H, I, J, K, L, M; } // 130 bytes at most
            [BinarySerializable] public partial struct Priced { public decimal Amount; }
            [BinarySerializable(FixedLayout = true)] public partial struct Fixed { public long A; public int B; }
            [BinarySerializable] public partial struct Recursive { public int A; public System.Collections.Generic.List<Recursive>? Children; }
            [BinarySerializable]
            public partial class Holder
            {
                public Level Best;
                public Level[]? Levels;
                public System.Collections.Generic.List<Trade>? Trades;
                public Named[]? Names;
                public Wide[]? Wides;
                public Priced[]? Prices;
                public Recursive[]? Trees;
            }
            """;

        GeneratorRun run = GeneratorHarness.Run(source);

        run.CompilationDiagnostics.Should().BeEmpty();
        string holder = run.Sources.Single(s => s.HintName.Contains("Holder", StringComparison.Ordinal)).SourceText.ToString();
        holder.Should().Contain("writer.BeginBoundedObject<global::App.Level>(23)", "a double, a varint of 10 bytes at most and one of 5");
        holder.Should().Contain("writer.BeginBoundedSequence<global::App.Level>(23)", "an array of them goes through one sequence");
        holder.Should().Contain("writer.BeginBoundedSequence<global::App.Trade>(28)", "a byte, a byte enum, a nullable byte (1 + 1), a nullable int (1 + 5), a ulong varint (10) and a double; a list as an array");
        foreach (string other in new[] { "Named", "Wide", "Priced", "Recursive" })
        {
            holder.Should().NotContain("BeginBoundedObject<global::App." + other + ">", other + " has no bounded size");
            holder.Should().NotContain("BeginBoundedSequence<global::App." + other + ">", other + " has no bounded size");
        }

        string WrittenBy(string type) => run.Sources.Single(s => s.HintName.Contains("App." + type + ".", StringComparison.Ordinal)).SourceText.ToString();
        WrittenBy("Level").Should().Contain("internal void __FastSerializationWriteBounded(ref global::FastSerialization.BoundedRunWriter writer)");
        WrittenBy("Named").Should().NotContain("__FastSerializationWriteBounded");
        WrittenBy("Fixed").Should().NotContain("__FastSerializationWriteBounded", "a fixed-layout struct is copied as a block");
    }
}
