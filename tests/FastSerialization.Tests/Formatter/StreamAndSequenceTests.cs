using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

public class StreamAndSequenceTests
{
    private static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        formatter.Register<Tick>(2);
        formatter.Register<Blob>(3);
        return formatter;
    }

    private static List<object> SampleObjects() => new()
    {
        new Customer("Smith", "John", "1 Main Street", 35, 7),
        new Tick { Time = 1, Price = 2, Size = 3 },
        new Blob { Data = Enumerable.Range(0, 100_000).Select(i => (byte)i).ToArray(), Text = "big" },
        new Customer(null, "", "\U0001F600", -1, int.MaxValue),
    };

    private static byte[] SampleStream(CustomBinaryFormatter formatter)
    {
        var stream = new MemoryStream();
        foreach (object value in SampleObjects())
        {
            formatter.Serialize(stream, value);
        }

        return stream.ToArray();
    }

    [Fact]
    public void Deserialize_StreamReturningOneBytePerRead_ReadsEveryRecord()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var stream = ChunkedStream.OneBytePerRead(SampleStream(formatter));
        foreach (object expected in SampleObjects())
        {
            formatter.Deserialize(stream).Should().BeEquivalentTo(expected, o => o.RespectingRuntimeTypes());
        }

        Action end = () => formatter.Deserialize(stream);
        end.Should().Throw<FastSerializationException>().WithMessage("End of stream*");
    }

    [Fact]
    public void ExpandableMemoryStream_IsReadInPlace_WithTheSameResultsAndPositions()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] data = SampleStream(formatter);
        var expandable = new MemoryStream();
        expandable.Write(data);
        expandable.Position = 0;
        var copying = new MemoryStream(data); // not publicly visible: read through Stream.Read
        foreach (object expected in SampleObjects())
        {
            formatter.Deserialize(expandable).Should().BeEquivalentTo(expected, o => o.RespectingRuntimeTypes());
            formatter.Deserialize(copying).Should().BeEquivalentTo(expected, o => o.RespectingRuntimeTypes());
            expandable.Position.Should().Be(copying.Position);
        }

        Action end = () => formatter.Deserialize(expandable);
        end.Should().Throw<FastSerializationException>().WithMessage("End of stream*");

        var torn = new MemoryStream();
        torn.Write(data.AsSpan(0, data.Length - 1));
        torn.Position = 0;
        Action act = () => formatter.ReadAll(torn).ToList();
        act.Should().Throw<FastSerializationException>().WithMessage("*ended inside a record*");
        torn.Position.Should().Be(torn.Length, "the torn record was consumed, as a stream read would");
    }

    [Fact]
    public void ReadAll_ReadsUntilTheCleanEnd()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var random = new Random(3);
        var stream = new ChunkedStream(SampleStream(formatter), () => random.Next(1, 5000));
        formatter.ReadAll(stream).Should().BeEquivalentTo(SampleObjects(), o => o.RespectingRuntimeTypes().WithStrictOrdering());
    }

    [Fact]
    public void ReadAll_OfAnEmptyStream_IsEmpty() =>
        NewFormatter().ReadAll(new MemoryStream()).Should().BeEmpty();

    [Fact]
    public void ReadAll_StreamEndingInsideARecord_ThrowsAfterTheCompleteOnes()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] data = SampleStream(formatter);
        var read = new List<object>();
        Action act = () =>
        {
            foreach (object value in formatter.ReadAll(new MemoryStream(data, 0, data.Length - 3)))
            {
                read.Add(value);
            }
        };
        act.Should().Throw<FastSerializationException>().WithMessage("*ended inside a record*");
        read.Should().HaveCount(3);
    }

    [Fact]
    public async Task DeserializeAsync_ReadsEveryRecord_ThenThrowsAtTheEnd()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var stream = new ChunkedStream(SampleStream(formatter), () => 7);
        foreach (object expected in SampleObjects())
        {
            (await formatter.DeserializeAsync(stream)).Should().BeEquivalentTo(expected, o => o.RespectingRuntimeTypes());
        }

        Func<Task> end = () => formatter.DeserializeAsync(stream);
        await end.Should().ThrowAsync<FastSerializationException>().WithMessage("End of stream*");
    }

    [Fact]
    public async Task DeserializeAsync_Generic_ChecksTheType()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var stream = new MemoryStream(formatter.SerializeToArray(new Tick { Size = 9 }));
        (await formatter.DeserializeAsync<Tick>(stream)).Size.Should().Be(9);
    }

    [Fact]
    public async Task DeserializeAsync_Cancelled_Throws()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        using var cts = new CancellationTokenSource();
        cts.Cancel();
        Func<Task> act = () => formatter.DeserializeAsync(new ChunkedStream(SampleStream(formatter), () => 1), cts.Token);
        await act.Should().ThrowAsync<OperationCanceledException>();
    }

    [Fact]
    public async Task SerializeAsync_Cancelled_Throws()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        using var cts = new CancellationTokenSource();
        cts.Cancel();
        Func<Task> act = () => formatter.SerializeAsync(new MemoryStream(), new Tick(), cts.Token);
        await act.Should().ThrowAsync<OperationCanceledException>();
    }

#if !FS_NETSTANDARD_BUILD
    [Fact]
    public async Task ReadAllAsync_ReadsUntilTheCleanEnd()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var read = new List<object>();
        await foreach (object value in formatter.ReadAllAsync(new ChunkedStream(SampleStream(formatter), () => 3)))
        {
            read.Add(value);
        }

        read.Should().BeEquivalentTo(SampleObjects(), o => o.RespectingRuntimeTypes().WithStrictOrdering());
    }
#endif

    [Fact]
    public void TryReadRecord_OnEveryPrefix_ConsumesNothingUntilTheRecordIsWhole()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] record = formatter.SerializeToArray(new Customer("Smith", "John", "1 Main Street", 35, 7));
        for (int length = 0; length < record.Length; length++)
        {
            var buffer = new ReadOnlySequence<byte>(record, 0, length);
            formatter.TryReadRecord(ref buffer, out object? value).Should().BeFalse();
            value.Should().BeNull();
            buffer.Length.Should().Be(length);
        }

        var whole = new ReadOnlySequence<byte>(record);
        formatter.TryReadRecord(ref whole, out object? customer).Should().BeTrue();
        ((Customer)customer!).Code.Should().Be(7);
        whole.IsEmpty.Should().BeTrue();
    }

    [Fact]
    public void TryReadRecord_ManyRecordsSplitAcrossRandomSegments_ReadsThemAll()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] data = SampleStream(formatter);
        var random = new Random(11);
        for (int trial = 0; trial < 20; trial++)
        {
            ReadOnlySequence<byte> buffer = Segments.Split(data, random, maxChunk: trial % 2 == 0 ? 3 : 70_000);
            var read = new List<object>();
            while (formatter.TryReadRecord(ref buffer, out object? value))
            {
                read.Add(value);
            }

            buffer.IsEmpty.Should().BeTrue();
            read.Should().BeEquivalentTo(SampleObjects(), o => o.RespectingRuntimeTypes().WithStrictOrdering());
        }
    }

    [Fact]
    public void TryReadRecord_LengthOverTheLimit_ThrowsAsSoonAsTheHeaderIsThere()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var buffer = new ReadOnlySequence<byte>(new byte[] { 0xFF, 0xFF, 0xFF, 0x7F });
        try
        {
            formatter.TryReadRecord(ref buffer, out _);
            throw new Xunit.Sdk.XunitException("expected an exception");
        }
        catch (FastSerializationException ex)
        {
            ex.Message.Should().Contain("over the limit");
        }
    }

    [Fact]
    public void Deserialize_WithBytesConsumed_WalksASpanOfRecords()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] data = SampleStream(formatter);
        var read = new List<object>();
        int offset = 0;
        while (offset < data.Length)
        {
            read.Add(formatter.Deserialize(data.AsSpan(offset), out int consumed));
            offset += consumed;
        }

        read.Should().BeEquivalentTo(SampleObjects(), o => o.RespectingRuntimeTypes().WithStrictOrdering());
    }
}
