using System;
using System.Buffers;
using System.IO;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Files.Internal;

/// <summary>
/// Finds the whole blocks of a file by walking their headers from where the index ends, and tells a torn tail
/// (nothing whole after the damage: dropped) from interior corruption (a whole block after it: an exception).
/// </summary>
internal static class BlockWalker
{
    // Past this many block-like headers in a damaged tail, the tail is called corrupt rather than searched on.
    private const int MaxCandidates = 64;
    private const int SearchChunk = 1024 * 1024;

    private static ReadOnlySpan<byte> BlockMagic => new byte[] { 0x46, 0x53, 0x42, 0x4B };

    /// <summary>Adds to <paramref name="map"/> every whole block after its end; returns the bytes of a torn tail (0 if none).</summary>
    /// <exception cref="RecordFileCorruptedException">A damaged block is followed by a whole one.</exception>
    public static long Walk(SafeFileHandle handle, BlockMap map, long fileLength, string path, ref long fileReads)
    {
        byte[] headerBytes = new byte[BlockHeader.Size];
        while (true)
        {
            long offset = map.End;
            if (offset == fileLength)
            {
                return 0;
            }

            if (fileLength - offset < BlockHeader.Size)
            {
                return Classify(handle, map, offset, fileLength, "a block header cut short", path, ref fileReads);
            }

            fileReads++;
            RandomAccess.Read(handle, headerBytes, offset);
            string? problem = BlockHeader.TryParse(headerBytes, map.RecordCount, out BlockHeader header);
            if (problem is not null)
            {
                if (IsWholeBlockOfUnknownCompression(handle, headerBytes, offset, fileLength, ref fileReads, out byte compression))
                {
                    throw new RecordFileCorruptedException(
                        $"'{path}' cannot be read by this version: block {map.Count} at offset {offset} is whole (its checksum matches) but its compression byte is {compression}, which this version of FastSerialization.Files does not know (a later version wrote it). Nothing was dropped.",
                        map.Count,
                        offset);
                }

                return Classify(handle, map, offset, fileLength, problem, path, ref fileReads);
            }

            long end = offset + BlockHeader.Size + header.StoredLength;
            if (end > fileLength)
            {
                return Classify(handle, map, offset, fileLength, $"the block's {header.StoredLength} bytes run past the end of the file", path, ref fileReads);
            }

            if (end == fileLength && !BodyMatches(handle, headerBytes, offset, header.StoredLength, ref fileReads))
            {
                return Classify(handle, map, offset, fileLength, "the last block's checksum is wrong", path, ref fileReads);
            }

            map.Add(offset, header.FirstRecord, header.RecordCount, header.StoredLength);
        }
    }

    /// <summary>
    /// The bytes from <paramref name="offset"/> on are damaged: a torn tail when no whole block (a valid header whose
    /// body fits and matches its checksum) starts after it, else corruption of the block at <paramref name="offset"/>.
    /// </summary>
    private static long Classify(SafeFileHandle handle, BlockMap map, long offset, long fileLength, string problem, string path, ref long fileReads)
    {
        long found = FindWholeBlockAfter(handle, offset, fileLength, ref fileReads, out bool gaveUp);
        if (found < 0 && !gaveUp)
        {
            return fileLength - offset;
        }

        string after = gaveUp
            ? $"the {fileLength - offset} bytes after it hold more than {MaxCandidates} block-like headers"
            : $"a whole block follows at offset {found}";
        throw new RecordFileCorruptedException(
            $"'{path}' is corrupted: block {map.Count} at offset {offset}: {problem}, and {after}, so this is not a torn tail.",
            map.Count,
            offset);
    }

    private static long FindWholeBlockAfter(SafeFileHandle handle, long offset, long fileLength, ref long fileReads, out bool gaveUp)
    {
        gaveUp = false;
        int candidates = 0;
        byte[] chunk = ArrayPool<byte>.Shared.Rent(SearchChunk + BlockHeader.Size);
        byte[] headerBytes = new byte[BlockHeader.Size];
        try
        {
            for (long start = offset + 1; start <= fileLength - BlockHeader.Size; start += SearchChunk)
            {
                int length = (int)Math.Min(SearchChunk + 3, fileLength - start);
                fileReads++;
                int read = RandomAccess.Read(handle, chunk.AsSpan(0, length), start);
                ReadOnlySpan<byte> span = chunk.AsSpan(0, read);
                int at = 0;
                while (at < span.Length)
                {
                    int hit = span.Slice(at).IndexOf(BlockMagic);
                    if (hit < 0 || at + hit >= SearchChunk)
                    {
                        break;
                    }

                    long candidate = start + at + hit;
                    at += hit + 1;
                    if (candidate > fileLength - BlockHeader.Size)
                    {
                        break;
                    }

                    fileReads++;
                    RandomAccess.Read(handle, headerBytes, candidate);
                    if (BlockHeader.TryParse(headerBytes, -1, out BlockHeader header) is not null)
                    {
                        // A whole block of a later version is a whole block too: what lies before it is not a torn tail.
                        if (IsWholeBlockOfUnknownCompression(handle, headerBytes, candidate, fileLength, ref fileReads, out _))
                        {
                            return candidate;
                        }

                        continue;
                    }

                    if (candidate + BlockHeader.Size + header.StoredLength > fileLength)
                    {
                        continue;
                    }

                    if (++candidates > MaxCandidates)
                    {
                        gaveUp = true;
                        return -1;
                    }

                    if (BodyMatches(handle, headerBytes, candidate, header.StoredLength, ref fileReads))
                    {
                        return candidate;
                    }
                }
            }

            return -1;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(chunk);
        }
    }

    /// <summary>True for a block whose compression this version does not know, whose body fits in the file and matches its checksum.</summary>
    private static bool IsWholeBlockOfUnknownCompression(SafeFileHandle handle, byte[] headerBytes, long offset, long fileLength, ref long fileReads, out byte compression) =>
        BlockHeader.HasUnknownCompression(headerBytes, out int storedLength, out compression)
        && offset + BlockHeader.Size + storedLength <= fileLength
        && BodyMatches(handle, headerBytes, offset, storedLength, ref fileReads);

    /// <summary>Reads the body of the block at <paramref name="offset"/> and checks it against the CRC in its header.</summary>
    private static bool BodyMatches(SafeFileHandle handle, byte[] headerBytes, long offset, int storedLength, ref long fileReads)
    {
        byte[] body = ArrayPool<byte>.Shared.Rent(storedLength);
        try
        {
            fileReads++;
            int read = RandomAccess.Read(handle, body.AsSpan(0, storedLength), offset + BlockHeader.Size);
            return read == storedLength && BlockHeader.ChecksumMatches(headerBytes, body.AsSpan(0, storedLength));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(body);
        }
    }
}
