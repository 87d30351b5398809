using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FastSerialization.BinaryFormatterImport.Tests.Corpus;
using FluentAssertions;
using Xunit;

namespace FastSerialization.BinaryFormatterImport.Tests;

/// <summary>The converter: a stream of BinaryFormatter payloads in, FastSerialization records out, with its counts.</summary>
public class ConverterTests
{
    /// <summary>Orders 0..9, with a Legacy.Point payload (which nothing maps) after order 4.</summary>
    private static byte[] OldStream(out long length)
    {
        var old = new MemoryStream();
        for (int i = 0; i < 10; i++)
        {
            byte[] payload = RealBinaryFormatter.Serialize(LegacyCorpus.LegacyOrder(i));
            old.Write(payload, 0, payload.Length);
            if (i == 4)
            {
                byte[] point = RealBinaryFormatter.Serialize(new Legacy.Point { X = 1, Y = 2 });
                old.Write(point, 0, point.Length);
            }
        }

        length = old.Length;
        return old.ToArray();
    }

    [Fact]
    public void Convert_ToStream_WritesOneRecordPerMappedPayload_AndCountsTheUnmapped()
    {
        byte[] old = OldStream(out long oldLength);
        CustomBinaryFormatter formatter = Importers.CreateFormatter();
        var converter = new BinaryFormatterConverter(new BinaryFormatterImporter(formatter, Importers.CreateOptions())) { ProgressInterval = 4 };
        var reports = new List<BinaryFormatterConversionResult>();
        var records = new MemoryStream();

        BinaryFormatterConversionResult result = converter.Convert(new ForwardOnlyStream(old), records, new SynchronousProgress(reports.Add));

        result.PayloadsRead.Should().Be(11);
        result.RecordsWritten.Should().Be(10);
        result.PayloadsSkipped.Should().Be(1);
        result.UnmappedTypes.Should().Equal(new Dictionary<string, long> { ["Legacy.Point"] = 1 });
        result.BytesRead.Should().Be(oldLength);
        result.BytesWritten.Should().Be(records.Length);
        reports.Select(r => r.PayloadsRead).Should().Equal(4, 8, 11);

        records.Position = 0;
        List<object> read = formatter.ReadAll(records).ToList();
        read.Cast<Modern.Order>().Select(o => o.Number).Should().Equal(Enumerable.Range(0, 10).Select(i => (long)i));
        read[7].Should().BeEquivalentTo(LegacyCorpus.ModernOrder(7));
    }

    [Fact]
    public void Convert_ToBufferWriter_WritesTheSameBytesAsToAStream()
    {
        byte[] old = OldStream(out _);
        var converter = new BinaryFormatterConverter(Importers.Create());
        var toStream = new MemoryStream();
        var toWriter = new ArrayBufferWriter<byte>();

        converter.Convert(new MemoryStream(old), toStream);
        BinaryFormatterConversionResult result = converter.Convert(new MemoryStream(old), toWriter);

        toWriter.WrittenSpan.ToArray().Should().Equal(toStream.ToArray());
        result.BytesWritten.Should().Be(toWriter.WrittenCount);
    }

    [Fact]
    public void Convert_RootTypeNotRegistered_ThrowsFastSerializationException()
    {
        // Modern.Everything is mapped (explicitly) but not registered: it cannot be written as a record.
        byte[] payload = RealBinaryFormatter.Serialize(LegacyCorpus.LegacyEverything());
        var converter = new BinaryFormatterConverter(Importers.Create());

        var convert = () => converter.Convert(new MemoryStream(payload), new MemoryStream());

        convert.Should().Throw<FastSerializationException>().WithMessage("*Modern.Everything*not registered*");
    }

    [Fact]
    public void Convert_TruncatedStream_ThrowsFastSerializationException()
    {
        byte[] old = OldStream(out _);
        var converter = new BinaryFormatterConverter(Importers.Create());

        var convert = () => converter.Convert(new MemoryStream(old, 0, old.Length - 10), new MemoryStream());

        convert.Should().Throw<FastSerializationException>().WithMessage("*truncated*");
    }

    [Fact]
    public void Convert_EmptySource_WritesNothing()
    {
        BinaryFormatterConversionResult result = new BinaryFormatterConverter(Importers.Create()).Convert(new MemoryStream(), new MemoryStream());

        result.PayloadsRead.Should().Be(0);
        result.BytesWritten.Should().Be(0);
    }

    private sealed class SynchronousProgress(Action<BinaryFormatterConversionResult> report) : IProgress<BinaryFormatterConversionResult>
    {
        public void Report(BinaryFormatterConversionResult value) => report(value);
    }
}
