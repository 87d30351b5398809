using System;
using System.Collections.Concurrent;
using System.IO;
using System.IO.MemoryMappedFiles;
using System.Runtime.InteropServices;
using System.Threading;
using FastSerialization.Files.Internal;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Files;

/// <summary>
/// A record file mapped into memory, for scans: the records of a block of fixed-layout structs are handed out as
/// views into the mapping (<see cref="GetFixedBlock{T}"/>), with no copy and no allocation, so a query over every
/// record runs at memory speed. Blocks are independent, so a scan can split them over threads.
/// </summary>
/// <remarks>
/// <para>Opening checks the header and finds the whole blocks exactly as <see cref="RecordFileReader.Open"/> does (a torn
/// tail is left out). Each block's CRC-32C is checked the first time the block is handed out (later scans of the same
/// mapped file skip that work), unless the file was opened with <c>verifyChecksums: false</c> (a file already checked,
/// or trusted). Only uncompressed blocks can be viewed.</para>
/// <para><see cref="GetFixedBlock{T}"/> may be called from several threads at once, and while another thread disposes the
/// file: a call under way finishes before the memory is unmapped, a later one throws <see cref="ObjectDisposedException"/>.
/// The views are valid until <see cref="Dispose"/>.</para>
/// </remarks>
public sealed unsafe class MappedRecordFile : IDisposable
{
    private readonly SafeFileHandle _handle;
    private readonly string _path;
    private readonly CustomBinaryFormatter _formatter;
    private readonly long _mappedLength;
    private readonly object _rebuildLock = new();
    private readonly bool _verifyChecksums;
    private readonly MemoryMappedFile? _map;
    private readonly MemoryMappedViewAccessor? _view;
    private readonly ConcurrentDictionary<Type, FixedShape> _shapes = new();

    // The blocks and which of them have been checked; replaced once, by the blocks walked anew, if a block disagrees with
    // the index beside the file (a stale or hand-made index whose checksum is right).
    private volatile MappedBlocks _blocks;
    private readonly byte* _base;
    private int _disposed;

    private MappedRecordFile(SafeFileHandle handle, string path, CustomBinaryFormatter formatter, OpenedFile file, bool verifyChecksums)
    {
        _handle = handle;
        _path = path;
        _formatter = formatter;
        _blocks = new MappedBlocks(file);
        _mappedLength = file.Blocks.End;
        _verifyChecksums = verifyChecksums;
        if (file.Blocks.Count > 0)
        {
            _map = MemoryMappedFile.CreateFromFile(handle, null, 0, MemoryMappedFileAccess.Read, HandleInheritability.None, leaveOpen: true);
            _view = _map.CreateViewAccessor(0, file.Blocks.End, MemoryMappedFileAccess.Read);
            byte* pointer = null;
            _view.SafeMemoryMappedViewHandle.AcquirePointer(ref pointer);
            _base = pointer + _view.PointerOffset;
        }
    }

    /// <summary>The number of whole records.</summary>
    public long RecordCount => _blocks.File.Blocks.RecordCount;

    /// <summary>The number of whole blocks: <see cref="GetFixedBlock{T}"/> takes 0 to this - 1.</summary>
    public int BlockCount => _blocks.File.Blocks.Count;

    /// <summary>What opening found: the whole blocks, and the bytes of a torn tail left out.</summary>
    public RecordFileRecovery Recovery => _blocks.File.Recovery;

    /// <summary>Opens and maps a record file.</summary>
    /// <param name="path">The file.</param>
    /// <param name="formatter">The formatter whose registry the file's must match; it gives the type ids of the records viewed.</param>
    /// <param name="verifyChecksums">True (the default) to check each block's CRC-32C the first time it is handed out.</param>
    /// <returns>The mapped file.</returns>
    /// <exception cref="RecordFileCorruptedException">The file is not a record file, or a block before its tail is damaged.</exception>
    /// <exception cref="RecordFileRegistryMismatchException">The file was written by a registry that does not match.</exception>
    /// <exception cref="IOException">The file cannot be opened.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a directory, or this process may not open the file (as <see cref="File.Open(string, FileMode)"/> reports it).</exception>
    public static MappedRecordFile Open(string path, CustomBinaryFormatter formatter, bool verifyChecksums = true)
    {
        OpenedFile file = OpenedFile.OpenForReading(path, formatter, out SafeFileHandle handle, out _);
        try
        {
            return new MappedRecordFile(handle, path, formatter, file, verifyChecksums);
        }
        catch
        {
            handle.Dispose();
            throw;
        }
    }

    /// <summary>
    /// The records of block <paramref name="blockIndex"/> as views of <typeparamref name="T"/>: every record of the block must
    /// be a <typeparamref name="T"/> (the type registered for it, with its fixed size).
    /// </summary>
    /// <typeparam name="T">A fixed-layout struct (<c>[BinarySerializable(FixedLayout = true)]</c>) registered with the formatter.</typeparam>
    /// <param name="blockIndex">0 to <see cref="BlockCount"/> - 1.</param>
    /// <returns>The block's records, in place.</returns>
    /// <exception cref="ArgumentOutOfRangeException">There is no such block.</exception>
    /// <exception cref="RecordFileCorruptedException">The block's checksum or header is wrong, or its records do not fill it.</exception>
    /// <exception cref="FastSerializationException">A record of the block is not a <typeparamref name="T"/>, or is longer than the formatter's <see cref="CustomBinaryFormatterOptions.MaxRecordLength"/> (the file is not damaged then; the message says how to raise the limit), as when records are read one at a time.</exception>
    /// <exception cref="NotSupportedException">The block is compressed (read it with <see cref="RecordFileReader"/>), or <typeparamref name="T"/> is not a registered fixed-layout struct.</exception>
    /// <exception cref="PlatformNotSupportedException">The struct's memory layout differs from its wire layout, or the machine is big-endian.</exception>
    public FixedRecordBlock<T> GetFixedBlock<T>(int blockIndex)
        where T : unmanaged, ICustomBinarySerializable
    {
        ObjectDisposedException.ThrowIf(_disposed != 0, this);
        MappedBlocks blocks = _blocks;
        CheckBlockIndex(blocks, blockIndex);

        // Holds the mapping while the block is read here: a Dispose on another thread unmaps it only after this call.
        SafeHandle view = _view!.SafeMemoryMappedViewHandle;
        bool held = false;
        try
        {
            view.DangerousAddRef(ref held);
        }
        catch (ObjectDisposedException)
        {
            throw new ObjectDisposedException(GetType().FullName);
        }

        try
        {
            return ViewBlock<T>(blocks, blockIndex);
        }
        finally
        {
            view.DangerousRelease();
        }
    }

    private static void CheckBlockIndex(MappedBlocks blocks, int blockIndex)
    {
        int count = blocks.File.Blocks.Count;
        if ((uint)blockIndex >= (uint)count)
        {
            throw new ArgumentOutOfRangeException(nameof(blockIndex), blockIndex, $"The file has blocks 0 to {count - 1}.");
        }
    }

    private FixedRecordBlock<T> ViewBlock<T>(MappedBlocks mapped, int blockIndex)
        where T : unmanaged, ICustomBinarySerializable
    {
        BlockMap blocks = mapped.File.Blocks;
        FixedShape shape = _shapes.GetOrAdd(typeof(T), static (_, formatter) => FixedShape.Of<T>(formatter), _formatter);
        long offset = blocks.Offset(blockIndex);
        int stored = blocks.StoredLength(blockIndex);
        var header = new ReadOnlySpan<byte>(_base + offset, BlockHeader.Size);
        var body = new ReadOnlySpan<byte>(_base + offset + BlockHeader.Size, stored);
        string? problem = BlockVerifier.CheckAgainstMap(header, blocks, blockIndex, out BlockHeader parsed);
        if (problem is not null && mapped.File.IndexUsed)
        {
            // The index beside the file is wrong, not the file (docs/FORMAT.md 9.3): the blocks are walked, and the block found again.
            MappedBlocks walked = WalkWithoutIndex(mapped);
            CheckBlockIndex(walked, blockIndex);
            return ViewBlock<T>(walked, blockIndex);
        }

        BlockVerifier verifier = mapped.File.Verifier;
        if (problem is null && _verifyChecksums && Volatile.Read(ref mapped.Checked[blockIndex]) == 0)
        {
            if (verifier.ChecksumMatches(header, body))
            {
                Volatile.Write(ref mapped.Checked[blockIndex], 1);
            }
            else
            {
                problem = "its checksum is wrong";
            }
        }

        if (problem is not null)
        {
            throw verifier.Corrupt(blockIndex, offset, problem);
        }

        if (parsed.Compression != RecordFileCompression.None)
        {
            throw new NotSupportedException($"Block {blockIndex} of '{_path}' is compressed ({parsed.Compression}): it cannot be viewed in place. Read it with RecordFileReader.");
        }

        return verifier.ViewFixed<T>(shape, body, parsed.RecordCount, parsed.FirstRecord, blockIndex, offset);
    }

    /// <summary>
    /// Replaces <paramref name="stale"/> (blocks named by the index) by the blocks found by walking the block headers, those
    /// within the mapping (a writer may have appended since it was made); one thread walks, the others wait for its result.
    /// </summary>
    /// <exception cref="RecordFileCorruptedException">The walk finds damage.</exception>
    private MappedBlocks WalkWithoutIndex(MappedBlocks stale)
    {
        lock (_rebuildLock)
        {
            if (_blocks == stale)
            {
                long reads = 0;
                OpenedFile walked = OpenedFile.Open(_handle, _path, _formatter, ref reads, useIndex: false);
                BlockMap map = walked.Blocks;
                int count = map.Count;
                while (count > 0 && map.Offset(count - 1) + BlockHeader.Size + map.StoredLength(count - 1) > _mappedLength)
                {
                    count--;
                }

                map.TruncateAt(count);
                _blocks = new MappedBlocks(walked);
            }

            return _blocks;
        }
    }

    /// <summary>Unmaps and closes the file: views handed out before are no longer valid.</summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        if (_view is not null)
        {
            _view.SafeMemoryMappedViewHandle.ReleasePointer();
            _view.Dispose();
        }

        _map?.Dispose();
        _handle.Dispose();
    }

    /// <summary>The blocks of the file and, for each, 1 once its checksum has been checked (the first time it is handed out, not each time).</summary>
    private sealed class MappedBlocks
    {
        public MappedBlocks(OpenedFile file)
        {
            File = file;
            Checked = new int[file.Blocks.Count];
        }

        public OpenedFile File { get; }

        public int[] Checked { get; }
    }
}
