using System;
using System.IO;
using System.Linq;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Reading;

/// <summary>A stream that ends inside a record: the message says where in the record and where the record starts in the stream.</summary>
public class TruncatedStreamTests
{
    private static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        return formatter;
    }

    /// <summary>Two whole records, then the first <paramref name="keep"/> bytes of a third; and the size of one record.</summary>
    private static (byte[] Data, int RecordSize) TwoAndAPart(int keep)
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] one = formatter.SerializeToArray(new Customer("Smith", "John", "1 Main Street", 35, 7));
        byte[] data = one.Concat(one).Concat(one.Take(keep)).ToArray();
        return (data, one.Length);
    }

    [Fact]
    public void SeekableStream_NamesTheRecordsStreamOffsetAndTheOffsetInsideIt()
    {
        (byte[] data, int size) = TwoAndAPart(keep: 9);
        CustomBinaryFormatter formatter = NewFormatter();
        using var stream = new MemoryStream(data, writable: false);
        formatter.Deserialize(stream);
        formatter.Deserialize(stream);

        Action act = () => formatter.Deserialize(stream);

        act.Should().Throw<FastSerializationException>()
            .WithMessage($"*record that starts at stream offset {2 * size}:*only 9 arrived*offset 9 of the record, stream offset {(2 * size) + 9}*")
            .Which.Offset.Should().Be(9);
    }

    [Fact]
    public void SeekableStreamReadOneByteAtATime_NamesBothOffsets()
    {
        (byte[] data, int size) = TwoAndAPart(keep: 2);
        CustomBinaryFormatter formatter = NewFormatter();
        var stream = new SeekableOneByteStream(data);

        Action act = () => formatter.ReadAll(stream).ToList();

        act.Should().Throw<FastSerializationException>()
            .WithMessage($"*record that starts at stream offset {2 * size}:*only 2 arrived*stream offset {(2 * size) + 2}*");
    }

    [Fact]
    public void StreamThatCannotSeek_ReadAll_CountsTheBytesBeforeTheRecord()
    {
        (byte[] data, int size) = TwoAndAPart(keep: 11);
        CustomBinaryFormatter formatter = NewFormatter();

        Action act = () => formatter.ReadAll(ChunkedStream.OneBytePerRead(data)).ToList();

        act.Should().Throw<FastSerializationException>()
            .WithMessage($"*record that starts {2 * size} bytes after the first record this reader read*only 11 arrived*offset 11 of the record*");
    }

    /// <summary>A seekable stream that returns one byte per read, so the in-place MemoryStream path is not taken.</summary>
    private sealed class SeekableOneByteStream : MemoryStream
    {
        public SeekableOneByteStream(byte[] data)
            : base(data, writable: false)
        {
        }

        public override bool TryGetBuffer(out ArraySegment<byte> buffer)
        {
            buffer = default;
            return false;
        }

        public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Math.Min(count, 1));

        public override int Read(Span<byte> buffer) => base.Read(buffer.Slice(0, Math.Min(buffer.Length, 1)));
    }
}
