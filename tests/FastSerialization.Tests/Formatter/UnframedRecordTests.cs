using System;
using System.Buffers;
using System.Linq;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

/// <summary>Unframed records (docs/FORMAT.md section 1.1): a record without its length prefix, for transports that frame messages.</summary>
public class UnframedRecordTests
{
    private static CustomBinaryFormatter NewFormatter(int? maxRecordLength = null)
    {
        var formatter = maxRecordLength is int max
            ? new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxRecordLength = max })
            : new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        formatter.Register<Tick>(2);
        formatter.Register<Blob>(300); // a two-byte type id
        return formatter;
    }

    [Fact]
    public void Unframed_IsTheFramedRecordWithoutItsLengthPrefix_AndReadsBackEqual()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        object[] values =
        {
            new Customer("Smith", "John", "1 Main Street", 35, 7),
            new Tick { Time = 1, Price = 2, Size = 3 },
            new Blob { Data = Enumerable.Range(0, 1000).Select(i => (byte)i).ToArray(), Text = "big" },
        };
        foreach (object value in values)
        {
            byte[] framed = formatter.SerializeToArray(value);
            byte[] unframed = formatter.SerializeUnframedToArray(value);
            unframed.Should().Equal(framed.Skip(RecordFrame.LengthPrefixSize), "an unframed record is the framed one less its 4-byte prefix");

            var buffer = new ArrayBufferWriter<byte>();
            formatter.SerializeUnframed(buffer, value);
            buffer.WrittenSpan.ToArray().Should().Equal(unframed);

            formatter.DeserializeUnframed<object>(unframed).Should().BeEquivalentTo(value, o => o.RespectingRuntimeTypes());
        }
    }

    [Fact]
    public void AStructRecord_IsWrittenAndReadAsItsOwnType()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var tick = new Tick { Time = 10, Price = 20.5, Size = 30 };
        var buffer = new ArrayBufferWriter<byte>();
        formatter.SerializeUnframed(buffer, tick);
        formatter.DeserializeUnframed<Tick>(buffer.WrittenSpan).Should().Be(tick);
    }

    [Fact]
    public void ASequenceInManySegments_ReadsAsTheSameRecord()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var blob = new Blob { Data = Enumerable.Range(0, 5000).Select(i => (byte)(i * 7)).ToArray(), Text = "segments" };
        byte[] unframed = formatter.SerializeUnframedToArray(blob);
        ReadOnlySequence<byte> split = Segments.Split(unframed, new Random(5), 64);
        split.IsSingleSegment.Should().BeFalse();
        formatter.DeserializeUnframed<Blob>(split).Should().BeEquivalentTo(blob);
        formatter.DeserializeUnframed<Blob>(new ReadOnlySequence<byte>(unframed)).Should().BeEquivalentTo(blob);
    }

    [Fact]
    public void BadUnframedRecords_AreRefusedWithTheDocumentedException()
    {
        CustomBinaryFormatter formatter = NewFormatter(maxRecordLength: 64);
        byte[] customer = formatter.SerializeUnframedToArray(new Customer("Smith", "John", "1 Main Street", 35, 7));

        FluentActions.Invoking(() => formatter.DeserializeUnframed<object>(ReadOnlySpan<byte>.Empty))
            .Should().Throw<FastSerializationException>().WithMessage("*empty*");
        FluentActions.Invoking(() => formatter.DeserializeUnframed<object>(new byte[65]))
            .Should().Throw<FastSerializationException>().WithMessage("*65 bytes, over the limit of 64*");
        FluentActions.Invoking(() => formatter.DeserializeUnframed<object>(Segments.Split(new byte[65], new Random(1), 8)))
            .Should().Throw<FastSerializationException>().WithMessage("*over the limit*");
        FluentActions.Invoking(() => formatter.DeserializeUnframed<object>(new byte[] { 9, 1, 2 }))
            .Should().Throw<FastSerializationException>().WithMessage("*9*");
        FluentActions.Invoking(() => formatter.DeserializeUnframed<Tick>(customer))
            .Should().Throw<FastSerializationException>().WithMessage("*Tick*");
        for (int cut = 1; cut < customer.Length; cut++)
        {
            byte[] truncated = customer.AsSpan(0, cut).ToArray();
            FluentActions.Invoking(() => formatter.DeserializeUnframed<Customer>(truncated))
                .Should().Throw<FastSerializationException>($"a record cut to {cut} of {customer.Length} bytes is incomplete");
        }

        Action tooLargeToWrite = () => formatter.SerializeUnframedToArray(new Blob { Data = new byte[100], Text = "x" });
        tooLargeToWrite.Should().Throw<FastSerializationException>().WithMessage("*over the limit of 64*");
    }
}
