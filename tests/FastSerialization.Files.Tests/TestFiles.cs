using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FastSerialization.Files.TestChild;
using FluentAssertions;

namespace FastSerialization.Files.Tests;

/// <summary>Writes and checks the files the tests use: record n is always <see cref="Records.Make"/>(n).</summary>
internal static class TestFiles
{
    public static void Write(string path, long count, RecordFileWriterOptions? options = null, long from = 0)
    {
        using RecordFileWriter writer = from == 0 && !File.Exists(path)
            ? RecordFileWriter.Create(path, Records.NewFormatter(), options)
            : RecordFileWriter.Open(path, Records.NewFormatter(), options);
        writer.RecordCount.Should().Be(from);
        for (long n = from; n < from + count; n++)
        {
            Records.Append(writer, n);
        }
    }

    /// <summary>Reads every record (with <paramref name="formatter"/>, or the plain records' one) and checks that record n is the one written as n.</summary>
    public static void ShouldHoldExactly(string path, long count, CustomBinaryFormatter? formatter = null)
    {
        using RecordFileReader reader = RecordFileReader.Open(path, formatter ?? Records.NewFormatter());
        reader.RecordCount.Should().Be(count);
        long n = 0;
        foreach (object record in reader.ReadAll())
        {
            Records.IsExpected(record, n).Should().BeTrue($"record {n} must be the one written as {n}");
            n++;
        }

        n.Should().Be(count);
    }

    /// <summary>The offsets at which the blocks of a file start, as its reader's index has them.</summary>
    /// <summary>Writes <paramref name="count"/> fixed-layout trades (<c>Trade.Make(n)</c>) in 4 KiB blocks, compressed as asked.</summary>
    public static string WriteFixedTrades(TempDirectory dir, int count, RecordFileCompression compression)
    {
        string path = dir.File("trades-" + compression);
        using RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), new RecordFileWriterOptions { BlockSize = 4096, Compression = compression });
        for (long n = 0; n < count; n++)
        {
            writer.Append(Trade.Make(n));
        }

        return path;
    }

    /// <summary>Flips bit 2 of the byte at <paramref name="position"/> of the file.</summary>
    public static void FlipBit(string path, long position)
    {
        using var stream = new FileStream(path, FileMode.Open, FileAccess.ReadWrite);
        stream.Position = position;
        int b = stream.ReadByte();
        stream.Position = position;
        stream.WriteByte((byte)(b ^ 0x04));
    }

    public static List<long> BlockOffsets(string path)
    {
        long reads = 0;
        using Microsoft.Win32.SafeHandles.SafeFileHandle handle = Internal.OpenedFile.OpenForRead(path);
        Internal.OpenedFile file = Internal.OpenedFile.Open(handle, path, Records.NewFormatter(), ref reads);
        return Enumerable.Range(0, file.Blocks.Count).Select(file.Blocks.Offset).ToList();
    }

    /// <summary>The number of the first record of the last block: the records a cut in the last block leaves.</summary>
    public static long FirstRecordOfLastBlock(string path)
    {
        List<long> firsts = FirstRecords(path);
        return firsts[^2];
    }

    /// <summary>The first record number of each block of an undamaged file, then the file's record count.</summary>
    public static List<long> FirstRecords(string path)
    {
        long reads = 0;
        using Microsoft.Win32.SafeHandles.SafeFileHandle handle = Internal.OpenedFile.OpenForRead(path);
        Internal.OpenedFile file = Internal.OpenedFile.Open(handle, path, Records.NewFormatter(), ref reads);
        var firsts = Enumerable.Range(0, file.Blocks.Count).Select(file.Blocks.FirstRecord).ToList();
        firsts.Add(file.Blocks.RecordCount);
        return firsts;
    }
}
