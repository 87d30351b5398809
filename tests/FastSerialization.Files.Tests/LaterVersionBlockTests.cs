using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using FastSerialization.Files.Internal;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>
/// A whole block whose compression byte this version does not know (a later version wrote it, with a right checksum)
/// is refused with <see cref="RecordFileCorruptedException"/>, by the reader and by a writer opening the file to
/// append; it is never taken for a torn tail, so nothing is dropped or truncated.
/// </summary>
public class LaterVersionBlockTests
{
    private const int Total = 600;

    [Theory]
    [InlineData(true)] // the last block
    [InlineData(false)] // block 1, with whole blocks of the known kinds after it
    public void AWholeBlockOfAnUnknownCompression_IsRefused_AndNothingIsDropped(bool last)
    {
        using var dir = new TempDirectory();
        string path = dir.File("later");
        TestFiles.Write(path, Total, new RecordFileWriterOptions { BlockSize = 1024, WriteIndex = false });
        byte[] bytes = File.ReadAllBytes(path);
        List<long> blocks = TestFiles.BlockOffsets(path);
        blocks.Count.Should().BeGreaterThan(3);
        int index = last ? blocks.Count - 1 : 1;
        int offset = (int)blocks[index];
        WithCompressionByte(bytes, offset, 9, HandBuilt.FileIdOf(path));
        File.WriteAllBytes(path, bytes);

        var read = FluentActions.Invoking(() =>
        {
            using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
            foreach (object unused in reader.ReadAll())
            {
            }
        }).Should().Throw<RecordFileCorruptedException>().Which;
        read.BlockIndex.Should().Be(index);
        read.FileOffset.Should().Be(offset);
        read.Message.Should().Contain("compression byte is 9").And.Contain("Nothing was dropped");

        FluentActions.Invoking(() => RecordFileWriter.Open(path, Records.NewFormatter()).Dispose())
            .Should().Throw<RecordFileCorruptedException>().Which.BlockIndex.Should().Be(index);
        File.ReadAllBytes(path).Should().Equal(bytes, "neither the reader nor the writer may cut a block it cannot read");
    }

    [Fact]
    public void ABlockOfAnUnknownCompressionWithAWrongChecksum_AtTheEnd_IsStillATornTail()
    {
        using var dir = new TempDirectory();
        string path = dir.File("torn");
        TestFiles.Write(path, Total, new RecordFileWriterOptions { BlockSize = 1024, WriteIndex = false });
        byte[] bytes = File.ReadAllBytes(path);
        List<long> blocks = TestFiles.BlockOffsets(path);
        int offset = (int)blocks[^1];
        bytes[offset + 12] = 9; // checksum left as it was: damaged, not written by anyone
        File.WriteAllBytes(path, bytes);

        using (RecordFileWriter.Open(path, Records.NewFormatter()))
        {
        }

        new FileInfo(path).Length.Should().BeLessThan(bytes.Length, "a damaged last block is a torn tail, dropped on open");
    }

    /// <summary>Sets block <paramref name="offset"/>'s compression byte and recomputes its checksum, as a later writer would have written it.</summary>
    private static void WithCompressionByte(byte[] file, int offset, byte compression, byte[] fileId)
    {
        file[offset + 12] = compression;
        int stored = (int)BinaryPrimitives.ReadUInt32LittleEndian(file.AsSpan(offset + 4));
        BinaryPrimitives.WriteUInt32LittleEndian(file.AsSpan(offset + 28), HandBuilt.Checksum(file.AsSpan(offset, 32 + stored), fileId));
    }
}
