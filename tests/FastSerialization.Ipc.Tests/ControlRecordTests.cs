using System;
using System.Buffers;
using FastSerialization.Ipc.Internal;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>The control records' bytes (docs/FORMAT.md section 8) and the limits a reader holds them to.</summary>
public class ControlRecordTests
{
    private static byte[] Written(Action<IBufferWriter<byte>> write)
    {
        var output = new ArrayBufferWriter<byte>();
        write(output);
        return output.WrittenSpan.ToArray();
    }

    [Fact]
    public void Write_PutsTheLengthTypeIdZeroAndKindBeforeTheBody()
    {
        Written(o => ControlRecord.Write(o, ControlKind.Goodbye, ReadOnlySpan<byte>.Empty))
            .Should().Equal(Convert.FromHexString("02000000" + "00" + "02"));
        Written(o => ControlRecord.Write(o, ControlKind.Request, 300))
            .Should().Equal(Convert.FromHexString("04000000" + "00" + "03" + "AC02"));
        Written(o => ControlRecord.Write(o, ControlKind.Failure, new byte[] { 0x07, 0x01, 0x61 }))
            .Should().Equal(Convert.FromHexString("05000000" + "00" + "05" + "070161"));
    }

    [Fact]
    public void TryRead_TakesAWholeRecord_AndWaitsForAPartialOne()
    {
        byte[] bytes = Convert.FromHexString("04000000" + "00" + "04" + "AC02" + "FF");
        var partial = new ReadOnlySequence<byte>(bytes, 0, 7);
        ControlRecord.TryRead(ref partial, ControlRecord.MaxLength, out _).Should().BeFalse();
        partial.Length.Should().Be(7, "nothing is taken from a partial record");

        var whole = new ReadOnlySequence<byte>(bytes);
        ControlRecord.TryRead(ref whole, ControlRecord.MaxLength, out ControlRecord record).Should().BeTrue();
        record.Kind.Should().Be(ControlKind.Response);
        record.Correlation.Should().Be(300);
        whole.ToArray().Should().Equal(0xFF);
    }

    [Theory]
    [InlineData("00000000", 0u)]
    [InlineData("01000000", 1u)]
    [InlineData("01001000", 1024u * 1024 + 1)]
    [InlineData("FFFFFFFF", uint.MaxValue)]
    public void TryRead_RefusesALengthOutside2To1MiB_NamingTheChannelsLimit(string prefix, uint length)
    {
        var buffer = new ReadOnlySequence<byte>(Convert.FromHexString(prefix + "00" + "02"));
        FastSerializationException ex = FluentActions.Invoking(() => ControlRecord.TryRead(ref buffer, ControlRecord.MaxLength, out _))
            .Should().Throw<FastSerializationException>().Which;
        ex.Message.Should().Be($"A channel control record declares {length} bytes; it must hold 2 to 1048576.");
        ex.Offset.Should().Be(0);
        ex.TypeId.Should().Be(0);
    }
}
