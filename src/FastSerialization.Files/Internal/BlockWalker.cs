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

    /// <summary>
    /// Adds to <paramref name="map"/> the whole blocks after its end and checks the last block's checksum (the index may
    /// have covered every block); returns the bytes of a torn tail (0 if none), which may begin at a block the map held.
    /// </summary>
    /// <exception cref="RecordFileCorruptedException">The damage is not a torn tail (docs/FORMAT.md 9.4).</exception>
    public static long Walk(SafeFileHandle handle, BlockMap map, long fileLength, string path, ref long fileReads)
    {
        byte[] headerBytes = new byte[BlockHeader.Size];
        bool lastChecked = false; // the checksum of the map's last block was read by this walk
        while (true)
        {
            long offset = map.End;
            if (offset == fileLength)
            {
                return lastChecked || map.Count == 0 ? 0 : CheckLastBlock(handle, map, fileLength, path, ref fileReads);
            }

            string? problem;
            bool headerHere = false; // a block header (of any first record) starts at offset
            bool mayBeWhole = false; // ... and the block there may be whole: only its first record number is wrong
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
                    headerHere = true;
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
                        lastChecked = end == fileLength;
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
                else
                {
                    mayBeWhole = BlockHeader.TryParse(headerBytes, -1, out _) is null;
                    headerHere = mayBeWhole || BlockHeader.HasUnknownCompression(headerBytes, out _, out _);
                }
            }

            return StoppedAt(handle, map, offset, fileLength, problem, headerHere, mayBeWhole, path, ref fileReads);
        }
    }

    /// <summary>The walk found every block (the index covered them): the last one's checksum is read as the walk would have.</summary>
    private static long CheckLastBlock(SafeFileHandle handle, BlockMap map, long fileLength, string path, ref long fileReads)
    {
        int last = map.Count - 1;
        long offset = map.Offset(last);
        if (BlockMatches(handle, map, last, ref fileReads))
        {
            return 0;
        }

        map.TruncateAt(last);
        return StoppedAt(handle, map, offset, fileLength, "the last block's checksum is wrong", headerHere: true, mayBeWhole: false, path, ref fileReads);
    }

    /// <summary>
    /// The walk stopped at <paramref name="offset"/>. The block before it would become the last one, the one a writer
    /// appends after, so its checksum is read now (the walk reads only the last block's). When it is wrong and no block
    /// header starts where it ends, the damage starts there (a stored length that shrank inside it): the search for a
    /// whole block runs from it. When it is wrong and a block header does start there, two blocks are damaged, which a
    /// crash does not do (it tears at most the block it was writing): corruption of the block before.
    /// </summary>
    private static long StoppedAt(SafeFileHandle handle, BlockMap map, long offset, long fileLength, string problem, bool headerHere, bool mayBeWhole, string path, ref long fileReads)
    {
        if (map.Count > 0)
        {
            int previous = map.Count - 1;
            long previousOffset = map.Offset(previous);
            if (!BlockMatches(handle, map, previous, ref fileReads))
            {
                if (headerHere)
                {
                    throw new RecordFileCorruptedException(
                        $"'{path}' is corrupted: block {previous} at offset {previousOffset}: its checksum is wrong, and a block header follows where it ends, at offset {offset} ({problem}), so this is not a torn tail. RecordFileReader.Salvage copies the records of the whole blocks into a new file.",
                        previous,
                        previousOffset);
                }

                map.TruncateAt(previous);
                return Classify(handle, map, previousOffset, fileLength, $"its checksum is wrong (the walk stopped after it: {problem})", fromItself: false, path, ref fileReads);
            }
        }

        return Classify(handle, map, offset, fileLength, problem, fromItself: mayBeWhole, path, ref fileReads);
    }

    /// <summary>
    /// The bytes from <paramref name="offset"/> on are damaged: a torn tail when no whole block (a valid header whose
    /// body fits and matches its checksum) starts after it, else corruption of the block at <paramref name="offset"/>.
    /// With <paramref name="fromItself"/> the block at <paramref name="offset"/> counts too: one that is whole but does
    /// not follow the block before it (its first record number) is not a torn tail either. Without it, that block is
    /// left out of the search: a reader that follows a writer may find it whole now, finished since the walk read it.
    /// </summary>
    private static long Classify(SafeFileHandle handle, BlockMap map, long offset, long fileLength, string problem, bool fromItself, string path, ref long fileReads)
    {
        long budget = long.MaxValue;
        long found = FindWholeBlockFrom(handle, fromItself ? offset : offset + 1, fileLength, ref fileReads, MaxCandidates, ref budget, out bool gaveUp);
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
            $"'{path}' is corrupted: block {map.Count} at offset {offset}: {problem}, and {after}, so this is not a torn tail. RecordFileReader.Salvage copies the records of the whole blocks into a new file.",
            map.Count,
            offset);
    }

    /// <summary>True when block <paramref name="block"/> of the map has a header and body whose checksum matches (one read).</summary>
    private static bool BlockMatches(SafeFileHandle handle, BlockMap map, int block, ref long fileReads)
    {
        int length = BlockHeader.Size + map.StoredLength(block);
        byte[] bytes = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            fileReads++;
            int read = RandomAccess.Read(handle, bytes.AsSpan(0, length), map.Offset(block));
            return read == length && BlockHeader.ChecksumMatches(bytes.AsSpan(0, BlockHeader.Size), bytes.AsSpan(BlockHeader.Size, length - BlockHeader.Size));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(bytes);
        }
    }

    /// <summary>
    /// The offset of the first whole block at or after <paramref name="offset"/>, or -1. Each block-like header whose
    /// body would fit costs a read of that body, so the search gives up (<paramref name="gaveUp"/>) after
    /// <paramref name="maxCandidates"/> of them, a later version's blocks included, or once the bodies read would pass
    /// <paramref name="bodyBytesBudget"/> (what is left of it is given back).
    /// </summary>
    public static long FindWholeBlockFrom(SafeFileHandle handle, long offset, long fileLength, ref long fileReads, int maxCandidates, ref long bodyBytesBudget, out bool gaveUp)
    {
        gaveUp = false;
        int candidates = 0;
        byte[] chunk = ArrayPool<byte>.Shared.Rent(SearchChunk + BlockHeader.Size);
        byte[] headerBytes = new byte[BlockHeader.Size];
        try
        {
            for (long start = offset; start <= fileLength - BlockHeader.Size; start += SearchChunk)
            {
                // A chunk and the 32 bytes after it: every header that starts in the chunk is read with it, not once more.
                int length = (int)Math.Min(SearchChunk + BlockHeader.Size, fileLength - start);
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

                    int inChunk = (int)(candidate - start);
                    if (inChunk + BlockHeader.Size > span.Length)
                    {
                        break; // past what was read: only at the end of the file, where no header fits
                    }

                    span.Slice(inChunk, BlockHeader.Size).CopyTo(headerBytes);
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

                    if (++candidates > maxCandidates || storedLength > bodyBytesBudget)
                    {
                        gaveUp = true;
                        return -1;
                    }

                    bodyBytesBudget -= storedLength;

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
