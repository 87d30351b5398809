using System;
using System.IO;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Files.Internal;

/// <summary>
/// What opening a record file finds, for the reader, the writer and the mapped scan alike: the header (checked
/// against the formatter's registry), the whole blocks (from the index beside the file, then the headers after
/// it), and the torn tail, if any.
/// </summary>
internal sealed class OpenedFile
{
    private OpenedFile(FileHeader header, BlockVerifier verifier, BlockMap blocks, long fileLength, long droppedBytes, bool indexUsed)
    {
        Header = header;
        Verifier = verifier;
        Blocks = blocks;
        FileLength = fileLength;
        DroppedBytes = droppedBytes;
        IndexUsed = indexUsed;
    }

    public FileHeader Header { get; }

    /// <summary>The checks of the file's blocks, which every path that reads them shares.</summary>
    public BlockVerifier Verifier { get; }

    public BlockMap Blocks { get; }

    public long FileLength { get; }

    public long DroppedBytes { get; }

    /// <summary>True when the index beside the file was whole and current enough to be used.</summary>
    public bool IndexUsed { get; }

    public RecordFileRecovery Recovery => new(Blocks.End, DroppedBytes, Blocks.Count, Blocks.RecordCount);

    /// <exception cref="RecordFileCorruptedException">The header is not a record file's, or a block before the tail is damaged.</exception>
    /// <exception cref="RecordFileRegistryMismatchException">The registry that wrote the file does not match <paramref name="formatter"/>'s.</exception>
    /// <remarks>With <c>useIndex</c> false every block header is walked without looking at the index (a reader found it stale).</remarks>
    public static OpenedFile Open(SafeFileHandle handle, string path, CustomBinaryFormatter formatter, ref long fileReads, bool useIndex = true)
    {
        long length = RandomAccess.GetLength(handle);
        fileReads++;
        FileHeader header = FileHeader.Read(handle, length, path);
        header.CheckRegistry(formatter, path);
        var blocks = new BlockMap(header.Length);
        bool indexUsed = useIndex && IndexFile.TryLoad(path, header, handle, length, blocks, ref fileReads);
        if (!indexUsed)
        {
            blocks = new BlockMap(header.Length);
        }

        var verifier = new BlockVerifier(header, path, formatter.Options.MaxRecordLength);
        long dropped = BlockWalker.Walk(handle, verifier, blocks, length, ref fileReads);
        return new OpenedFile(header, verifier, blocks, length, dropped, indexUsed);
    }

    /// <summary>Opens a file for reading, shared with writers (a reader may follow a file being appended to).</summary>
    public static SafeFileHandle OpenForRead(string path) =>
        File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete, FileOptions.RandomAccess);

    /// <summary>Opens <paramref name="path"/> for reading and checks it as <see cref="Open"/> does; the handle is closed if that fails.</summary>
    public static OpenedFile OpenForReading(string path, CustomBinaryFormatter formatter, out SafeFileHandle handle, out long fileReads)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(formatter);
        handle = OpenForRead(path);
        try
        {
            fileReads = 0;
            return Open(handle, path, formatter, ref fileReads);
        }
        catch
        {
            handle.Dispose();
            throw;
        }
    }
}
