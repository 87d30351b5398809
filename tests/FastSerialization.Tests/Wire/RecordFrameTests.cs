using System;
using System.Buffers;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;
using static FastSerialization.Tests.Support.Bytes;

namespace FastSerialization.Tests.Wire;

/// <summary>The record header of docs/FORMAT.md section 1, through the type that alone writes and reads it.</summary>
public class RecordFrameTests
{
    [Theory]
    [InlineData(1, 0)]
    [InlineData(1, 33)]
    [InlineData(127, 5)]
    [InlineData(128, 5)]
    [InlineData(300, 1000)]
    [InlineData(int.MaxValue, 7)]
    public void WriteHeader_IsTheLengthThenTheVarintId(int typeId, int payloadLength)
    {
        byte[] id = VarUInt((uint)typeId);
        byte[] expected = Concat(U32((uint)(id.Length + payloadLength)), id);
        var header = new byte[RecordFrame.MaxHeaderSize];

        int written = RecordFrame.WriteHeader(header, typeId, payloadLength);

        written.Should().Be(expected.Length);
        header.AsSpan(0, written).ToArray().Should().Equal(expected);
    }

    /// <summary>
    /// <see cref="RecordFrame.IsFixedRun"/>, which the record files' block views use instead of reading headers by hand:
    /// true for exactly the records written with that header, for a one-byte and a two-byte type id alike; false for
    /// any record whose length or id differs, for data a byte short or long, the wrong count, or a limit below the length.
    /// </summary>
    [Theory]
    [InlineData(1)]
    [InlineData(300)]
    public void IsFixedRun_IsTrueOnlyForExactlyThatRunOfRecords(int typeId)
    {
        byte[] id = VarUInt((uint)typeId);
        byte[] record = Concat(U32((uint)(id.Length + 4)), id, I32(7));
        byte[] run = Concat(record, record, record);
        int length = id.Length + 4;

        RecordFrame.IsFixedRun(run, 3, typeId, 4, maxRecordLength: length).Should().BeTrue();
        RecordFrame.IsFixedRun(ReadOnlySpan<byte>.Empty, 0, typeId, 4, length).Should().BeTrue();
        RecordFrame.IsFixedRun(run, 2, typeId, 4, length).Should().BeFalse("three records are not two");
        RecordFrame.IsFixedRun(run.AsSpan(0, run.Length - 1), 3, typeId, 4, length).Should().BeFalse("the last record is cut");
        RecordFrame.IsFixedRun(Concat(run, new byte[1]), 3, typeId, 4, length).Should().BeFalse("a byte follows the records");
        RecordFrame.IsFixedRun(run, 3, typeId + 1, 4, length).Should().BeFalse("another type id");
        RecordFrame.IsFixedRun(run, 3, typeId, 4, length - 1).Should().BeFalse("the records are over the limit");
        RecordFrame.IsFixedRun(run, -1, typeId, 4, length).Should().BeFalse();
        for (int at = 0; at < record.Length - 4; at++)
        {
            byte[] changed = (byte[])run.Clone();
            changed[(2 * record.Length) + at] ^= 0x01; // a header byte of the last record
            RecordFrame.IsFixedRun(changed, 3, typeId, 4, length).Should().BeFalse($"byte {at} of the last record's header differs");
        }
    }

    [Fact]
    public void WriteHeader_ReservedIdZero_IsOneZeroByte()
    {
        var header = new byte[RecordFrame.MaxHeaderSize];

        int written = RecordFrame.WriteHeader(header, 0, 3);

        header.AsSpan(0, written).ToArray().Should().Equal(0x04, 0x00, 0x00, 0x00, 0x00);
    }

    [Fact]
    public void WriteHeader_ThenAPayload_IsARecordTheFormatterReads()
    {
        var customer = new Customer("Smith", "John", "1 Main Street", 35, 7);
        byte[] payload = Concat(Str("Smith"), Str("John"), Str("1 Main Street"), I32(35), I32(7));
        var record = new byte[RecordFrame.MaxHeaderSize + payload.Length];
        int header = RecordFrame.WriteHeader(record, 1, payload.Length);
        payload.CopyTo(record, header);
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);

        formatter.Deserialize<Customer>(record.AsSpan(0, header + payload.Length)).Should().BeEquivalentTo(customer);
        record.AsSpan(0, header + payload.Length).ToArray().Should().Equal(formatter.SerializeToArray(customer));
    }

    [Fact]
    public void WriteHeader_BadArguments_Throw()
    {
        var header = new byte[RecordFrame.MaxHeaderSize];
        Action negativeId = () => RecordFrame.WriteHeader(header, -1, 0);
        Action negativeLength = () => RecordFrame.WriteHeader(header, 1, -1);
        Action tooLong = () => RecordFrame.WriteHeader(header, 1, int.MaxValue - 4);
        Action tooShort = () => RecordFrame.WriteHeader(new byte[5], 300, 0);

        negativeId.Should().Throw<ArgumentOutOfRangeException>().WithParameterName("typeId");
        negativeLength.Should().Throw<ArgumentOutOfRangeException>().WithParameterName("payloadLength");
        tooLong.Should().Throw<ArgumentOutOfRangeException>().WithParameterName("payloadLength");
        tooShort.Should().Throw<ArgumentException>().WithParameterName("destination");
    }

    [Fact]
    public void TryReadLength_ReadsTheLittleEndianPrefix()
    {
        byte[] record = Record(300, new byte[] { 1, 2, 3 });

        RecordFrame.TryReadLength(record, 1000, out int length).Should().BeTrue();

        length.Should().Be(5);
    }

    [Fact]
    public void TryReadLength_FewerThanFourBytes_ReturnsFalse()
    {
        RecordFrame.TryReadLength(new byte[] { 5, 0, 0 }, 1000, out int length).Should().BeFalse();
        length.Should().Be(0);
        RecordFrame.TryReadLength(new ReadOnlySequence<byte>(new byte[] { 5, 0, 0 }), 1000, out _).Should().BeFalse();
    }

    [Fact]
    public void TryReadLength_PrefixAcrossSegments_IsRead()
    {
        ReadOnlySequence<byte> data = Segments.Of(new[] { new byte[] { 0x2C }, new byte[] { 0x01, 0x00 }, new byte[] { 0x00, 0x01 } });

        RecordFrame.TryReadLength(data, 1000, out int length).Should().BeTrue();

        length.Should().Be(300);
    }

    [Fact]
    public void TryReadLength_Zero_IsMalformed()
    {
        Action act = () => RecordFrame.TryReadLength(new byte[] { 0, 0, 0, 0, 1 }, 1000, out _);

        act.Should().Throw<FastSerializationException>().WithMessage("*length prefix is 0*");
    }

    [Fact]
    public void TryReadLength_OverTheLimit_IsRejectedBeforeTheRestArrives()
    {
        Action span = () => RecordFrame.TryReadLength(U32(1001), 1000, out _);
        Action sequence = () => RecordFrame.TryReadLength(new ReadOnlySequence<byte>(U32(uint.MaxValue)), 1000, out _);

        span.Should().Throw<FastSerializationException>().WithMessage("*declares 1001 bytes, over the limit of 1000*");
        sequence.Should().Throw<FastSerializationException>().WithMessage("*declares 4294967295 bytes*");
    }
}
