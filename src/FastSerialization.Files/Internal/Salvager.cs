using System;
using System.Collections.Generic;
using System.IO;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Files.Internal;

/// <summary>
/// Copies the whole blocks of a damaged record file into a new file (<see cref="RecordFileReader.Salvage"/>): it walks
/// the blocks from the header on, checks each one with the reader's <see cref="BlockVerifier"/> (header, checksum,
/// compression, framing) and reads every record with the formatter,
/// copies the records of each good block exactly as they were written, and at a bad one searches on for the next whole
/// block whose first record number follows the records copied so far.
/// </summary>
internal static class Salvager
{
    public static RecordFileSalvage Run(string damagedPath, string newPath, CustomBinaryFormatter formatter, RecordFileWriterOptions? options)
    {
        ArgumentException.ThrowIfNullOrEmpty(damagedPath);
        ArgumentException.ThrowIfNullOrEmpty(newPath);
        ArgumentNullException.ThrowIfNull(formatter);
        using SafeFileHandle handle = OpenedFile.OpenForRead(damagedPath);
        long fileLength = RandomAccess.GetLength(handle);
        FileHeader header = FileHeader.Read(handle, fileLength, damagedPath);
        header.CheckRegistry(formatter, damagedPath);

        RecordFileWriter writer = RecordFileWriter.Create(newPath, formatter, options);
        try
        {
            var walk = new Walk(handle, fileLength, formatter, writer, header, new BlockVerifier(header, damagedPath, formatter.Options.MaxRecordLength));
            walk.CopyFrom(header.Length);
            writer.Dispose();
            return new RecordFileSalvage(walk.RecordsCopied, walk.BlocksCopied, walk.Damage);
        }
        catch
        {
            // Half a copy would pass for the salvage of the whole file: nothing is left of it.
            try
            {
                writer.Dispose();
            }
            catch (IOException)
            {
                // the first failure is the one to report
            }

            File.Delete(newPath);
            IndexFile.Delete(newPath);
            File.Delete(WriterLock.PathOf(newPath)); // the file it locked is gone: nothing of the new file is left
            throw;
        }
    }

    private sealed class Walk
    {
        private readonly SafeFileHandle _handle;
        private readonly long _fileLength;
        private readonly CustomBinaryFormatter _formatter;
        private readonly RecordFileWriter _writer;
        private readonly FileHeader _header;
        private readonly BlockVerifier _verifier;
        private readonly List<int> _recordEnds = new();
        private readonly byte[] _headerBytes = new byte[BlockHeader.Size];
        private byte[] _raw = Array.Empty<byte>();
        private byte[] _inflated = Array.Empty<byte>();
        private long _fileReads;

        // The searches for whole blocks after damage read candidate bodies; a file full of false block headers must not
        // make them read it over and over. Past this many bytes, the rest of the file is reported as damaged, unsearched.
        private long _searchBudget;

        public Walk(SafeFileHandle handle, long fileLength, CustomBinaryFormatter formatter, RecordFileWriter writer, FileHeader header, BlockVerifier verifier)
        {
            _handle = handle;
            _fileLength = fileLength;
            _formatter = formatter;
            _writer = writer;
            _header = header;
            _verifier = verifier;
            _searchBudget = (2 * fileLength) + BlockHeader.MaxBodyLength;
        }

        public long RecordsCopied { get; private set; }

        public long BlocksCopied { get; private set; }

        public List<RecordFileDamage> Damage { get; } = new();

        public void CopyFrom(long offset)
        {
            long expected = 0; // the number of the next record, as the damaged file counts them
            long damageStart = -1;
            string? firstProblem = null;
            while (offset < _fileLength)
            {
                string? problem = CheckBlockAt(offset, expected, out BlockHeader header, out ReadOnlySpan<byte> body, out long statedEnd);
                if (problem is null)
                {
                    if (damageStart >= 0 || header.FirstRecord > expected)
                    {
                        Damage.Add(damageStart >= 0
                            ? new RecordFileDamage(damageStart, offset - damageStart, expected, header.FirstRecord - expected, firstProblem!)
                            : new RecordFileDamage(offset, 0, expected, header.FirstRecord - expected, $"the block at offset {offset} starts with record {header.FirstRecord}, where the block before it ends at record {expected}"));
                        damageStart = -1;
                    }

                    int start = 0;
                    foreach (int end in _recordEnds)
                    {
                        _writer.AppendRecordBytes(body.Slice(start, end - start));
                        start = end;
                    }

                    RecordsCopied += header.RecordCount;
                    BlocksCopied++;
                    expected = header.FirstRecord + header.RecordCount;
                    offset += BlockHeader.Size + header.StoredLength;
                    continue;
                }

                if (damageStart < 0)
                {
                    damageStart = offset;
                    firstProblem = problem;
                }

                // A damaged block whose header still gives its length most likely ends there, where the next block starts:
                // tried first, so that bytes inside the damaged block (a record holding a block image) are skipped. Either
                // way a block counts only when it is the file's own (its checksum starts from the file id) and does not go
                // back in the file's record numbers (docs/FORMAT.md 9.4), so no record of another file, or a second copy
                // of one of this file's, is ever copied.
                if (statedEnd > offset && statedEnd < _fileLength
                    && BlockWalker.IsWholeBlockAt(_handle, _verifier, statedEnd, expected, _fileLength, ref _fileReads))
                {
                    offset = statedEnd;
                    continue;
                }

                long next = BlockWalker.FindWholeBlockFrom(_handle, _verifier, offset + 1, expected, _fileLength, ref _fileReads, int.MaxValue, ref _searchBudget, out bool gaveUp);
                if (next < 0)
                {
                    string what = gaveUp
                        ? $"{firstProblem} (the search for whole blocks after it stopped: the bytes from there hold too many false block headers)"
                        : firstProblem!;
                    Damage.Add(new RecordFileDamage(damageStart, _fileLength - damageStart, expected, null, what));
                    return;
                }

                offset = next;
            }

            if (damageStart >= 0)
            {
                Damage.Add(new RecordFileDamage(damageStart, _fileLength - damageStart, expected, null, firstProblem!));
            }
        }

        /// <summary>
        /// Reads the block at <paramref name="offset"/>, checks it with the reader's <see cref="BlockVerifier"/> as the next
        /// block of a walk (its first record number at least <paramref name="expected"/>), and reads every record in it
        /// with the formatter, as the salvaged file will be read; on success <see cref="_recordEnds"/> holds where each
        /// record ends in <paramref name="body"/>.
        /// </summary>
        /// <returns>Null when the block is whole and in sequence; otherwise what is wrong.</returns>
        private string? CheckBlockAt(long offset, long expected, out BlockHeader header, out ReadOnlySpan<byte> body, out long statedEnd)
        {
            header = default;
            body = default;
            statedEnd = -1;
            if (_fileLength - offset < BlockHeader.Size)
            {
                return "a block header cut short";
            }

            _fileReads++;
            if (RandomAccess.Read(_handle, _headerBytes, offset) != BlockHeader.Size)
            {
                return "the block header could not be read";
            }

            long room = _fileLength - offset - BlockHeader.Size;
            string? problem = BlockVerifier.CheckInWalk(_headerBytes, expected, gapAllowed: true, room, out header, out bool wellFormed);
            if (wellFormed && header.StoredLength <= room)
            {
                statedEnd = offset + BlockHeader.Size + header.StoredLength;
            }

            if (problem is not null)
            {
                return problem;
            }

            int length = BlockHeader.Size + header.StoredLength;
            if (_raw.Length < length)
            {
                _raw = new byte[length]; // at most the block's stored length, which fits in the file (checked above)
            }

            _fileReads++;
            ReadOnlySpan<byte> raw = _raw.AsSpan(0, length);
            if (RandomAccess.Read(_handle, _raw.AsSpan(0, length), offset) != length)
            {
                return "the block could not be read whole";
            }

            problem = _verifier.CheckBody(header, raw, ref _inflated, out bool inflated);
            if (problem is not null)
            {
                return problem;
            }

            body = inflated ? _inflated.AsSpan(0, header.UncompressedLength) : raw.Slice(BlockHeader.Size);
            return _verifier.CheckRecords(body, header.RecordCount, null, offset, _recordEnds) ?? ReadRecords(body);
        }

        /// <summary>Reads each record of a block whose framing is checked with the formatter: what the salvage adds to a reader's checks.</summary>
        private string? ReadRecords(ReadOnlySpan<byte> body)
        {
            int start = 0;
            for (int i = 0; i < _recordEnds.Count; i++)
            {
                try
                {
                    _ = _formatter.Deserialize(body.Slice(start, _recordEnds[i] - start), out int consumed);
                    if (consumed != _recordEnds[i] - start)
                    {
                        return $"its record {i} at byte {start} is read in {consumed} of its {_recordEnds[i] - start} bytes";
                    }
                }
                catch (FastSerializationException e)
                {
                    if (e.TypeId is { } id && !_formatter.Registry.TryGetRegistration(id, out _) && _header.TypeNameOf(id) is { } name)
                    {
                        // Not damage: every block would be lost for want of a registration.
                        throw new RecordFileRegistryMismatchException(
                            $"'{_verifier.Path}' holds records of type id {id}, which stands for {name} in the file's registry but is not registered with this formatter; register every type of the file to salvage it.",
                            id,
                            null);
                    }

                    return $"its record {i} at byte {start} cannot be read: {e.Message.TrimEnd('.')}";
                }

                start = _recordEnds[i];
            }

            return null;
        }
    }
}
