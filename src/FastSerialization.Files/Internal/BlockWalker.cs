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

            string? problem;
            if (fileLength - offset < BlockHeader.Size)
            {
                problem = "a block header cut short";
            }
            else
            {
                fileReads++;
                RandomAccess.Read(handle, headerBytes, offset);
                problem = BlockHeader.TryParse(headerBytes, map.RecordCount, out BlockHeader header);
                if (problem is null)
                {
                    long end = offset + BlockHeader.Size + header.StoredLength;
                    if (end > fileLength)
                    {
                        problem = $"the block's {header.StoredLength} bytes run past the end of the file";
                    }
                    else if (end == fileLength && !BodyMatches(handle, headerBytes, offset, header.StoredLength, ref fileReads))
                    {
                        problem = "the last block's checksum is wrong";
                    }
                    else
                    {
                        map.Add(offset, header.FirstRecord, header.RecordCount, header.StoredLength);
                        continue;
                    }
                }
                else if (IsWholeBlockOfUnknownCompression(handle, headerBytes, offset, fileLength, ref fileReads, out byte compression))
                {
                    throw new RecordFileCorruptedException(
                        $"'{path}' cannot be read by this version: block {map.Count} at offset {offset} is whole (its checksum matches) but its compression byte is {compression}, which this version of FastSerialization.Files does not know (a later version wrote it). Nothing was dropped.",
                        map.Count,
                        offset);
                }
            }

            return StoppedAt(handle, map, offset, fileLength, problem, path, ref fileReads);
        }
    }

    /// <summary>
    /// The walk stopped at <paramref name="offset"/>. The block before it becomes the last one, the one a writer appends
    /// after, so its checksum is read now (the walk reads only the last block's): when it is wrong, the damage starts
    /// there (a length that shrank inside it, or a record count that no longer leads to the next block's first record).
    /// </summary>
    private static long StoppedAt(SafeFileHandle handle, BlockMap map, long offset, long fileLength, string problem, string path, ref long fileReads)
    {
        if (map.Count > 0)
        {
            int previous = map.Count - 1;
            long previousOffset = map.Offset(previous);
            byte[] previousHeader = new byte[BlockHeader.Size];
            fileReads++;
            if (RandomAccess.Read(handle, previousHeader, previousOffset) != BlockHeader.Size
                || !BodyMatches(handle, previousHeader, previousOffset, map.StoredLength(previous), ref fileReads))
            {
                map.TruncateAt(previous);
                return Classify(handle, map, previousOffset, fileLength, $"its checksum is wrong (the walk stopped after it: {problem})", path, ref fileReads);
            }
        }

        return Classify(handle, map, offset, fileLength, problem, path, ref fileReads);
    }

    /// <summary>
    /// The bytes from <paramref name="offset"/> on are damaged: a torn tail when no whole block (a valid header whose
    /// body fits and matches its checksum) starts there or after, else corruption of the block at <paramref name="offset"/>.
    /// The block at <paramref name="offset"/> itself counts: one that is whole but does not follow the block before it
    /// (its first record number) is not a torn tail either.
    /// </summary>
    private static long Classify(SafeFileHandle handle, BlockMap map, long offset, long fileLength, string problem, string path, ref long fileReads)
    {
        long found = FindWholeBlockFrom(handle, offset, fileLength, ref fileReads, out bool gaveUp);
        if (found < 0 && !gaveUp)
        {
            return fileLength - offset;
        }

        string after = gaveUp
            ? $"the {fileLength - offset} bytes from there hold more than {MaxCandidates} block-like headers"
            : found == offset
                ? "the block itself is whole (its checksum matches)"
                : $"a whole block follows at offset {found}";
        throw new RecordFileCorruptedException(
            $"'{path}' is corrupted: block {map.Count} at offset {offset}: {problem}, and {after}, so this is not a torn tail.",
            map.Count,
            offset);
    }

    /// <summary>
    /// The offset of the first whole block at or after <paramref name="offset"/>, or -1. Each block-like header whose
    /// body would fit costs a read of that body, so the search gives up (<paramref name="gaveUp"/>) after
    /// <see cref="MaxCandidates"/> of them, a later version's blocks included.
    /// </summary>
    private static long FindWholeBlockFrom(SafeFileHandle handle, long offset, long fileLength, ref long fileReads, out bool gaveUp)
    {
        gaveUp = false;
        int candidates = 0;
        byte[] chunk = ArrayPool<byte>.Shared.Rent(SearchChunk + BlockHeader.Size);
        byte[] headerBytes = new byte[BlockHeader.Size];
        try
        {
            for (long start = offset; start <= fileLength - BlockHeader.Size; start += SearchChunk)
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
                    int storedLength;
                    if (BlockHeader.TryParse(headerBytes, -1, out BlockHeader header) is null)
                    {
                        storedLength = header.StoredLength;
                    }
                    else if (!BlockHeader.HasUnknownCompression(headerBytes, out storedLength, out _))
                    {
                        continue; // not a block's header (a later version's block, when whole, is a whole block too)
                    }

                    if (candidate + BlockHeader.Size + storedLength > fileLength)
                    {
                        continue;
                    }

                    if (++candidates > MaxCandidates)
                    {
                        gaveUp = true;
                        return -1;
                    }

                    if (BodyMatches(handle, headerBytes, candidate, storedLength, ref fileReads))
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
