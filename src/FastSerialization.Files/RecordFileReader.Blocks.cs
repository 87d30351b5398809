using System;
using System.Buffers;
using System.IO;
using FastSerialization.Files.Internal;

namespace FastSerialization.Files;

/// <summary>Loading a block into the reader's buffers and checking it (<see cref="BlockVerifier"/>); a stale index rebuilt from the blocks.</summary>
public sealed partial class RecordFileReader
{
    private int _mapVersion; // counts the replacements of _file: an enumeration under way finds its place again by record number
    private byte[] _raw = Array.Empty<byte>();
    private byte[] _inflated = Array.Empty<byte>();

    // The loaded block's records: _bodyLength bytes of _body (_raw, or _inflated for a compressed block) from _bodyStart.
    private byte[] _body = Array.Empty<byte>();
    private int _bodyStart;
    private int _bodyLength;
    private int _cachedBlock = -1;

    /// <summary>
    /// Loads the block that holds <paramref name="record"/> and returns its index. When the block disagrees with the index
    /// beside the file (a stale or hand-made index whose checksum is right), the index is dropped, the blocks are walked
    /// (docs/FORMAT.md 9.3: a stale index is rebuilt from the blocks), and the block is found again.
    /// </summary>
    private int LoadBlockOf(long record)
    {
        int block = _file.Blocks.FindBlock(record);
        try
        {
            LoadBlock(block);
        }
        catch (StaleIndexException)
        {
            RebuildWithoutIndex();
            block = _file.Blocks.FindBlock(record);
            LoadBlock(block);
        }

        return block;
    }

    /// <summary>Replaces the blocks the index named by those found by walking the block headers from the file header on.</summary>
    /// <exception cref="RecordFileCorruptedException">The walk finds damage.</exception>
    private void RebuildWithoutIndex()
    {
        long records = _file.Blocks.RecordCount;
        OpenedFile walked = OpenedFile.Open(_handle, _path, _formatter, ref _fileReads, useIndex: false);
        PrepareRaw(0);
        _lastFixedBlock = -1;
        _mapVersion++;
        _file = walked;
        if (walked.Blocks.RecordCount < records)
        {
            // The index named records the blocks do not hold; the walk found a torn tail where the index said blocks were.
            throw new RecordFileCorruptedException(
                $"'{_path}' is corrupted: its index beside it names {records} records, but its blocks hold {walked.Blocks.RecordCount}. RecordFileReader.Salvage copies the records of the whole blocks into a new file.",
                walked.Blocks.Count,
                walked.Blocks.End);
        }
    }

    private void LoadBlock(int block)
    {
        if (_cachedBlock == block)
        {
            return;
        }

        int length = PrepareRawForBlock(block);
        _fileReads++;
        int read = RandomAccess.Read(_handle, _raw.AsSpan(0, length), _file.Blocks.Offset(block));
        AcceptBlock(block, read, length);
    }

    private int PrepareRawForBlock(int block) => PrepareRaw(BlockHeader.Size + _file.Blocks.StoredLength(block));

    /// <summary>Makes room for <paramref name="length"/> bytes in the raw buffer, whose content (the loaded block, the blocks read ahead) is then gone.</summary>
    private int PrepareRaw(int length)
    {
        _cachedBlock = -1;
        _aheadFirst = -1;
        _aheadEnd = -1;
        if (_raw.Length < length)
        {
            // Pooled: a reader opened for one scan reuses the pages of the buffers of readers before it.
            byte[] old = _raw;
            _raw = ArrayPool<byte>.Shared.Rent(length);
            ReturnToPool(old);
        }

        return length;
    }

    /// <summary>Checks a block just read into the start of the raw buffer, as below, and makes it the loaded block.</summary>
    private void AcceptBlock(int block, int read, int length) => AcceptBlock(block, 0, read, length, checkFraming: true);

    /// <summary>
    /// Checks a block just read, at <paramref name="start"/> in the raw buffer, with the file's <see cref="BlockVerifier"/>
    /// (header against the index, CRC, decompression); with <paramref name="checkFraming"/>, checks that its records fill
    /// it exactly and makes it the loaded block (otherwise the caller checks its records and decides).
    /// </summary>
    /// <exception cref="StaleIndexException">The header disagrees with the index beside the file, which was used.</exception>
    /// <exception cref="RecordFileCorruptedException">The block is damaged.</exception>
    private void AcceptBlock(int block, int start, int read, int length, bool checkFraming)
    {
        BlockVerifier verifier = _file.Verifier;
        long offset = _file.Blocks.Offset(block);
        if (read != length)
        {
            throw verifier.Corrupt(block, offset, $"only {read} of its {length} bytes could be read (was the file truncated while open?)");
        }

        ReadOnlySpan<byte> raw = _raw.AsSpan(start, length);
        string? problem = BlockVerifier.CheckAgainstMap(raw, _file.Blocks, block, out BlockHeader header);
        if (problem is not null && _file.IndexUsed)
        {
            // The header disagrees with the index (or the bytes there are not a header): the index is wrong, not the file.
            throw new StaleIndexException();
        }

        if (problem is not null)
        {
            throw verifier.Corrupt(block, offset, problem);
        }

        problem = verifier.CheckBody(header, raw, ref _inflated, out bool inflated);
        if (problem is not null)
        {
            throw verifier.Corrupt(block, offset, problem);
        }

        _body = inflated ? _inflated : _raw;
        _bodyStart = inflated ? 0 : start + BlockHeader.Size;
        _bodyLength = header.UncompressedLength;
        if (!checkFraming)
        {
            return;
        }

        problem = verifier.CheckRecords(_body.AsSpan(_bodyStart, _bodyLength), header.RecordCount, block, offset, null);
        if (problem is not null)
        {
            throw verifier.Corrupt(block, offset, problem);
        }

        _cachedBlock = block;
    }

    /// <summary>The position in the loaded block of its record number <paramref name="index"/> (the block's framing was checked when loaded).</summary>
    private int SkipRecords(int index)
    {
        ReadOnlySpan<byte> body = _body.AsSpan(_bodyStart, _bodyLength);
        int position = 0;
        for (int i = 0; i < index; i++)
        {
            position = _file.Verifier.RecordEnd(body, position);
        }

        return position;
    }

    /// <summary>A block's header disagrees with the index beside the file: thrown to the read that rebuilds the index, never out of the reader.</summary>
    private sealed class StaleIndexException : Exception
    {
    }
}
