using System;
using System.Buffers;
using System.IO;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Files.Internal;

/// <summary>
/// Finds the whole blocks of a file by walking their headers from where the index ends, and tells a torn tail
/// (nothing of the file's own after the damage: dropped) from interior corruption (an exception).
/// </summary>
/// <remarks>
/// The walk reads the files; what makes a block good is <see cref="BlockVerifier"/>'s to say. A block of the file after
/// the damage is one that <see cref="BlockVerifier.MayFollowDamage"/> accepts and whose checksum matches: its header is
/// valid, its body fits in the file, its checksum starts from the file's <see cref="FileHeader.BlockChecksumSeed"/>, and
/// its first record number is at least the number the damaged block starts with (docs/FORMAT.md 9.4). Bytes inside a
/// record that hold a block image, of another file (another seed) or of this one (an earlier block: a lower first record
/// number), are never taken for it.
/// </remarks>
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
    public static long Walk(SafeFileHandle handle, BlockVerifier verifier, BlockMap map, long fileLength, ref long fileReads)
    {
        string path = verifier.Path;
        byte[] headerBytes = new byte[BlockHeader.Size];
        bool lastChecked = false; // the checksum of the map's last block was read by this walk
        while (true)
        {
            long offset = map.End;
            if (offset == fileLength)
            {
                return lastChecked || map.Count == 0 ? 0 : CheckLastBlock(handle, verifier, map, fileLength, ref fileReads);
            }

            string? problem;
            bool mayBeWhole = false; // a valid block header starts at offset, and only its first record number is wrong
            if (fileLength - offset < BlockHeader.Size)
            {
                problem = "a block header cut short";
            }
            else
            {
                fileReads++;
                RandomAccess.Read(handle, headerBytes, offset);
                problem = BlockVerifier.CheckInWalk(headerBytes, map.RecordCount, gapAllowed: false, fileLength - offset - BlockHeader.Size, out BlockHeader header, out bool wellFormed);
                if (problem is null)
                {
                    long end = offset + BlockHeader.Size + header.StoredLength;
                    if (end == fileLength && !BodyMatches(handle, verifier, headerBytes, offset, header.StoredLength, ref fileReads))
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
                else if (IsWholeBlockOfUnknownCompression(handle, verifier, headerBytes, offset, fileLength, ref fileReads, out byte compression))
                {
                    throw new RecordFileCorruptedException(
                        $"'{path}' cannot be read by this version: block {map.Count} at offset {offset} is whole (its checksum matches) but its compression byte is {compression}, which this version of FastSerialization.Files does not know (a later version wrote it). Nothing was dropped.",
                        map.Count,
                        offset);
                }
                else
                {
                    mayBeWhole = wellFormed && header.FirstRecord != map.RecordCount;
                }
            }

            return StoppedAt(handle, verifier, map, offset, fileLength, problem, mayBeWhole, ref fileReads);
        }
    }

    /// <summary>The walk found every block (the index covered them): the last one's checksum is read as the walk would have.</summary>
    private static long CheckLastBlock(SafeFileHandle handle, BlockVerifier verifier, BlockMap map, long fileLength, ref long fileReads)
    {
        int last = map.Count - 1;
        long offset = map.Offset(last);
        if (BlockMatches(handle, verifier, map, last, ref fileReads))
        {
            return 0;
        }

        map.TruncateAt(last);
        return StoppedAt(handle, verifier, map, offset, fileLength, "the last block's checksum is wrong", mayBeWhole: false, ref fileReads);
    }

    /// <summary>
    /// The walk stopped at <paramref name="offset"/>. The block before it would become the last one, the one a writer
    /// appends after, so its checksum is read now (the walk reads only the last block's). When it is wrong, a block
    /// before the last is damaged, which a crash does not do (it tears at most the block it was writing, the one at
    /// <paramref name="offset"/>): corruption of the block before, whatever follows it.
    /// </summary>
    private static long StoppedAt(SafeFileHandle handle, BlockVerifier verifier, BlockMap map, long offset, long fileLength, string problem, bool mayBeWhole, ref long fileReads)
    {
        if (map.Count > 0)
        {
            int previous = map.Count - 1;
            if (!BlockMatches(handle, verifier, map, previous, ref fileReads))
            {
                throw verifier.Corrupt(
                    previous,
                    map.Offset(previous),
                    $"its checksum is wrong, and it is not the last block (the next one, at offset {offset}: {problem}), so this is not a torn tail: a crash tears only the block being written");
            }
        }

        return Classify(handle, verifier, map, offset, fileLength, problem, fromItself: mayBeWhole, ref fileReads);
    }

    /// <summary>
    /// The bytes from <paramref name="offset"/> on are damaged: a torn tail when no block of the file (see the remarks on
    /// <see cref="BlockWalker"/>) starts after it, else corruption of the block at <paramref name="offset"/>. With
    /// <paramref name="fromItself"/> the block at <paramref name="offset"/> counts too: one that is whole but does not
    /// follow the block before it (its first record number) is not a torn tail either. Without it, that block is left
    /// out of the search: a reader that follows a writer may find it whole now, finished since the walk read it.
    /// </summary>
    private static long Classify(SafeFileHandle handle, BlockVerifier verifier, BlockMap map, long offset, long fileLength, string problem, bool fromItself, ref long fileReads)
    {
        long budget = (2 * (fileLength - offset)) + BlockHeader.MaxBodyLength; // bytes of candidate bodies checked, at most
        bool gaveUp = false;
        long found = fromItself && IsWholeBlockAt(handle, verifier, offset, minFirstRecord: 0, fileLength, ref fileReads)
            ? offset
            : FindWholeBlockFrom(handle, verifier, offset + 1, map.RecordCount, fileLength, ref fileReads, MaxCandidates, ref budget, out gaveUp);
        if (found < 0 && !gaveUp)
        {
            return fileLength - offset;
        }

        string after = gaveUp
            ? $"the {fileLength - offset} bytes from there hold too many block-like headers to search (more than {MaxCandidates} bodies to read, or more than twice their length to check)"
            : found == offset
                ? "the block itself is whole (its checksum matches)"
                : $"a whole block of this file (record {map.RecordCount} or later) follows at offset {found}";
        throw verifier.Corrupt(map.Count, offset, $"{problem}, and {after}, so this is not a torn tail");
    }

    /// <summary>
    /// True when a block of the file that may follow damage starts at <paramref name="offset"/>: a valid header whose first
    /// record number is at least <paramref name="minFirstRecord"/>, whose body fits and matches its checksum.
    /// </summary>
    public static bool IsWholeBlockAt(SafeFileHandle handle, BlockVerifier verifier, long offset, long minFirstRecord, long fileLength, ref long fileReads)
    {
        if (fileLength - offset < BlockHeader.Size)
        {
            return false;
        }

        byte[] headerBytes = new byte[BlockHeader.Size];
        fileReads++;
        return RandomAccess.Read(handle, headerBytes, offset) == BlockHeader.Size
            && BlockVerifier.MayFollowDamage(headerBytes, minFirstRecord, fileLength - offset - BlockHeader.Size, laterVersions: false, out int storedLength)
            && BodyMatches(handle, verifier, headerBytes, offset, storedLength, ref fileReads);
    }

    /// <summary>True when block <paramref name="block"/> of the map has a header and body whose checksum matches (one read).</summary>
    private static bool BlockMatches(SafeFileHandle handle, BlockVerifier verifier, BlockMap map, int block, ref long fileReads)
    {
        int length = BlockHeader.Size + map.StoredLength(block);
        byte[] bytes = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            fileReads++;
            int read = RandomAccess.Read(handle, bytes.AsSpan(0, length), map.Offset(block));
            return read == length && verifier.ChecksumMatches(bytes.AsSpan(0, BlockHeader.Size), bytes.AsSpan(BlockHeader.Size, length - BlockHeader.Size));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(bytes);
        }
    }

    /// <summary>
    /// The offset of the first block of the file at or after <paramref name="offset"/>, or -1: a valid header whose first
    /// record number is at least <paramref name="minFirstRecord"/>, whose body fits and matches its checksum
    /// (<see cref="BlockVerifier.MayFollowDamage"/>; a later version's block, whose header this version cannot parse, by its checksum alone).
    /// A block image inside a record, of another file or of an earlier block of this one, is not one. Each block-like header
    /// whose body would fit costs a check of that body, and a read of it when it is not in the 1 MiB chunk being searched,
    /// so the search gives up (<paramref name="gaveUp"/>) after <paramref name="maxCandidates"/> such reads, a later
    /// version's blocks included, or once the bodies checked would pass <paramref name="bodyBytesBudget"/> (what is left of
    /// it is given back).
    /// </summary>
    public static long FindWholeBlockFrom(SafeFileHandle handle, BlockVerifier verifier, long offset, long minFirstRecord, long fileLength, ref long fileReads, int maxCandidates, ref long bodyBytesBudget, out bool gaveUp)
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
                    if (!BlockVerifier.MayFollowDamage(headerBytes, minFirstRecord, fileLength - candidate - BlockHeader.Size, laterVersions: true, out int storedLength))
                    {
                        continue; // not a block's header, an earlier block of the file (an image of it inside a record), or one past the end
                    }

                    // A body inside the bytes already read (a block image inside a record, most often) is checked there and
                    // costs no read; only the bodies read from the file count against maxCandidates. All count against the
                    // budget of bytes checked.
                    bool bodyInChunk = inChunk + BlockHeader.Size + storedLength <= span.Length;
                    if ((!bodyInChunk && ++candidates > maxCandidates) || storedLength > bodyBytesBudget)
                    {
                        gaveUp = true;
                        return -1;
                    }

                    bodyBytesBudget -= storedLength;
                    bool matches = bodyInChunk
                        ? verifier.ChecksumMatches(headerBytes, span.Slice(inChunk + BlockHeader.Size, storedLength))
                        : BodyMatches(handle, verifier, headerBytes, candidate, storedLength, ref fileReads);
                    if (matches)
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
    private static bool IsWholeBlockOfUnknownCompression(SafeFileHandle handle, BlockVerifier verifier, byte[] headerBytes, long offset, long fileLength, ref long fileReads, out byte compression) =>
        BlockHeader.HasUnknownCompression(headerBytes, out int storedLength, out compression)
        && offset + BlockHeader.Size + storedLength <= fileLength
        && BodyMatches(handle, verifier, headerBytes, offset, storedLength, ref fileReads);

    /// <summary>Reads the body of the block at <paramref name="offset"/> and checks it against the CRC in its header.</summary>
    private static bool BodyMatches(SafeFileHandle handle, BlockVerifier verifier, byte[] headerBytes, long offset, int storedLength, ref long fileReads)
    {
        byte[] body = ArrayPool<byte>.Shared.Rent(storedLength);
        try
        {
            fileReads++;
            int read = RandomAccess.Read(handle, body.AsSpan(0, storedLength), offset + BlockHeader.Size);
            return read == storedLength && verifier.ChecksumMatches(headerBytes, body.AsSpan(0, storedLength));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(body);
        }
    }
}
