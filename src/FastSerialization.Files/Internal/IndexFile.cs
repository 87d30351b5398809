using System;
using System.Buffers.Binary;
using System.IO;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Files.Internal;

/// <summary>
/// The index beside a record file, <c>&lt;file&gt;.fsidx</c> (docs/FORMAT.md section 9.3): the offset and first record
/// number of each block up to a covered length, tied to the file by its file id, with a CRC-32C. Only a hint: a
/// missing, damaged or stale index is ignored and the blocks' own headers are walked instead.
/// </summary>
internal static class IndexFile
{
    public const string Extension = ".fsidx";
    private const uint Magic = 0x58495346; // "FSIX"
    private const ushort Version = 1;
    private const int FixedSize = 48;
    private const int EntrySize = 16;

    public static string PathOf(string filePath) => filePath + Extension;

    /// <summary>Writes the index of <paramref name="map"/> next to the file, through a temporary file and a rename, so a crash leaves the old index or the new one.</summary>
    public static void Save(string filePath, FileHeader header, BlockMap map)
    {
        byte[] bytes = new byte[FixedSize + (map.Count * EntrySize) + 4];
        Span<byte> span = bytes;
        BinaryPrimitives.WriteUInt32LittleEndian(span, Magic);
        BinaryPrimitives.WriteUInt16LittleEndian(span.Slice(4), Version);
        header.FileId.CopyTo(span.Slice(8));
        BinaryPrimitives.WriteInt64LittleEndian(span.Slice(24), map.End);
        BinaryPrimitives.WriteInt64LittleEndian(span.Slice(32), map.RecordCount);
        BinaryPrimitives.WriteInt32LittleEndian(span.Slice(40), map.Count);
        for (int i = 0; i < map.Count; i++)
        {
            BinaryPrimitives.WriteInt64LittleEndian(span.Slice(FixedSize + (i * EntrySize)), map.Offset(i));
            BinaryPrimitives.WriteInt64LittleEndian(span.Slice(FixedSize + (i * EntrySize) + 8), map.FirstRecord(i));
        }

        BinaryPrimitives.WriteUInt32LittleEndian(span.Slice(bytes.Length - 4), Crc32C.Compute(span.Slice(0, bytes.Length - 4)));
        string path = PathOf(filePath);
        string temporary = path + ".tmp";
        File.WriteAllBytes(temporary, bytes);
        File.Move(temporary, path, overwrite: true);
    }

    public static void Delete(string filePath)
    {
        string path = PathOf(filePath);
        if (File.Exists(path))
        {
            File.Delete(path);
        }
    }

    /// <summary>
    /// Loads the index into <paramref name="map"/> (empty, starting after the header) when it is whole, belongs to this
    /// file, covers no more than the file holds, and the last block it names is where it says; otherwise leaves the map empty.
    /// </summary>
    /// <returns>True when the index was used.</returns>
    public static bool TryLoad(string filePath, FileHeader header, SafeFileHandle data, long fileLength, BlockMap map, ref long fileReads)
    {
        string path = PathOf(filePath);
        byte[] bytes;
        try
        {
            var info = new FileInfo(path);
            long maxBlocks = fileLength / BlockHeader.Size;
            if (!info.Exists || info.Length < FixedSize + 4 || info.Length > FixedSize + 4 + (maxBlocks * EntrySize))
            {
                return false;
            }

            bytes = File.ReadAllBytes(path);
        }
        catch (IOException)
        {
            return false;
        }
        catch (UnauthorizedAccessException)
        {
            return false;
        }

        ReadOnlySpan<byte> span = bytes;
        if (bytes.Length < FixedSize + 4
            || BinaryPrimitives.ReadUInt32LittleEndian(span) != Magic
            || BinaryPrimitives.ReadUInt16LittleEndian(span.Slice(4)) != Version
            || !span.Slice(8, 16).SequenceEqual(header.FileId)
            || BinaryPrimitives.ReadUInt32LittleEndian(span.Slice(bytes.Length - 4)) != Crc32C.Compute(span.Slice(0, bytes.Length - 4)))
        {
            return false;
        }

        long end = BinaryPrimitives.ReadInt64LittleEndian(span.Slice(24));
        long recordCount = BinaryPrimitives.ReadInt64LittleEndian(span.Slice(32));
        int count = BinaryPrimitives.ReadInt32LittleEndian(span.Slice(40));
        if (count <= 0 || bytes.Length != FixedSize + (count * (long)EntrySize) + 4 || end > fileLength)
        {
            return false;
        }

        long[] offsets = new long[count];
        long[] firsts = new long[count];
        long expectedOffset = header.Length;
        for (int i = 0; i < count; i++)
        {
            offsets[i] = BinaryPrimitives.ReadInt64LittleEndian(span.Slice(FixedSize + (i * EntrySize)));
            firsts[i] = BinaryPrimitives.ReadInt64LittleEndian(span.Slice(FixedSize + (i * EntrySize) + 8));
            bool ordered = i == 0
                ? offsets[i] == expectedOffset && firsts[i] == 0
                : offsets[i] > offsets[i - 1] + BlockHeader.Size && offsets[i] - offsets[i - 1] - BlockHeader.Size <= BlockHeader.MaxBodyLength
                    && firsts[i] > firsts[i - 1] && firsts[i] - firsts[i - 1] <= BlockHeader.MaxRecordCount;
            if (!ordered)
            {
                return false;
            }
        }

        long lastOffset = offsets[count - 1];
        long lastFirst = firsts[count - 1];
        if (end <= lastOffset + BlockHeader.Size || end - lastOffset - BlockHeader.Size > BlockHeader.MaxBodyLength || recordCount <= lastFirst || recordCount - lastFirst > BlockHeader.MaxRecordCount)
        {
            return false;
        }

        // The last block it names must be there, as named: then every earlier one is (blocks are only appended,
        // and a writer that truncates a torn tail deletes the index first).
        Span<byte> last = stackalloc byte[BlockHeader.Size];
        fileReads++;
        if (RandomAccess.Read(data, last, lastOffset) != BlockHeader.Size
            || BlockVerifier.CheckAsNamed(last, lastFirst, recordCount - lastFirst, end - lastOffset - BlockHeader.Size, out _) is not null)
        {
            return false;
        }

        map.AddLoaded(offsets, firsts, end, recordCount);
        return true;
    }
}
