using System;
using System.Collections.Generic;

namespace FastSerialization.Files.Internal;

/// <summary>Where each whole block of a file starts and which records it holds: the index, in memory.</summary>
internal sealed class BlockMap
{
    private readonly List<long> _offsets = new();
    private readonly List<long> _firstRecords = new();

    /// <summary>Where the blocks start: just after the file header.</summary>
    public BlockMap(long start)
    {
        End = start;
    }

    public int Count => _offsets.Count;

    /// <summary>The end of the last block (the file header's end when there is none).</summary>
    public long End { get; private set; }

    /// <summary>The number of records in every block: the number the next block starts with.</summary>
    public long RecordCount { get; private set; }

    public long Offset(int block) => _offsets[block];

    public long FirstRecord(int block) => _firstRecords[block];

    public int RecordCountOf(int block) => (int)((block + 1 < _offsets.Count ? _firstRecords[block + 1] : RecordCount) - _firstRecords[block]);

    /// <summary>The stored body length of a block: from the offsets, so one read fetches header and body.</summary>
    public int StoredLength(int block) => (int)((block + 1 < _offsets.Count ? _offsets[block + 1] : End) - _offsets[block] - BlockHeader.Size);

    public void Add(long offset, long firstRecord, int recordCount, int storedLength)
    {
        _offsets.Add(offset);
        _firstRecords.Add(firstRecord);
        RecordCount = firstRecord + recordCount;
        End = offset + BlockHeader.Size + storedLength;
    }

    /// <summary>The block that holds <paramref name="record"/> (which must be below <see cref="RecordCount"/>): a binary search.</summary>
    public int FindBlock(long record)
    {
        int index = _firstRecords.BinarySearch(record);
        return index >= 0 ? index : ~index - 1;
    }

    /// <summary>Drops every block from <paramref name="block"/> on.</summary>
    public void TruncateAt(int block)
    {
        if (block >= _offsets.Count)
        {
            return;
        }

        End = _offsets[block];
        RecordCount = _firstRecords[block];
        _offsets.RemoveRange(block, _offsets.Count - block);
        _firstRecords.RemoveRange(block, _firstRecords.Count - block);
    }

    public void CopyTo(Span<long> offsets, Span<long> firstRecords)
    {
        for (int i = 0; i < _offsets.Count; i++)
        {
            offsets[i] = _offsets[i];
            firstRecords[i] = _firstRecords[i];
        }
    }

    /// <summary>Adds entries loaded from an index file, already checked for order.</summary>
    public void AddLoaded(ReadOnlySpan<long> offsets, ReadOnlySpan<long> firstRecords, long end, long recordCount)
    {
        for (int i = 0; i < offsets.Length; i++)
        {
            _offsets.Add(offsets[i]);
            _firstRecords.Add(firstRecords[i]);
        }

        End = end;
        RecordCount = recordCount;
    }
}
