using System;
using System.IO;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Files.Internal;

/// <summary>
/// The one-writer-per-file rule, enforced: a writer holds <c>&lt;file&gt;.lock</c> open with no sharing for as long as it
/// lives. On Windows the system refuses a second open; on Linux and macOS the runtime takes an exclusive <c>flock</c>
/// on it, which the kernel drops when the holder closes it or dies (a killed writer leaves no stale lock, only the
/// empty file). The data file itself stays readable by readers while it is written.
/// </summary>
/// <remarks>
/// The lock file is found by name, so a writer that reaches the file through a hard link (another name for the same
/// file) would find another lock file. On Linux the writer therefore also locks the data file itself
/// (<see cref="OpenFile"/>): an open-file-description write lock (<c>fcntl(F_OFD_SETLK)</c>) on one byte far past any
/// record, which every name of the file shares, which readers never ask for, and which the kernel drops when the writer's
/// handle is closed or the process dies. The runtime's own <see cref="FileStream.Lock"/> cannot serve: its locks
/// belong to the process, so a second writer in the same process would get one too, and closing any other handle of
/// the file (a reader's) in the process would drop it.
/// </remarks>
internal sealed partial class WriterLock : IDisposable
{
    /// <summary>The suffix of the lock file beside a record file.</summary>
    public const string Extension = ".lock";

    private readonly FileStream _file;
    private SafeFileHandle? _content; // the data file whose own lock this writer holds (Linux)
    private FileStream? _data; // the data file OpenFile opened, closed by Dispose before the lock file

    private WriterLock(FileStream file) => _file = file;

    /// <summary>The path of the lock file of <paramref name="filePath"/>.</summary>
    public static string PathOf(string filePath) => filePath + Extension;

    /// <summary>Takes the lock of <paramref name="filePath"/>, or throws when another writer holds it.</summary>
    /// <exception cref="IOException">Another writer (in this process or another) has the file open.</exception>
    public static WriterLock Acquire(string filePath)
    {
        // The lock goes beside the file the path finally names: a writer that reaches the file through a symbolic link
        // takes the same lock as one that names it directly.
        string path = PathOf(FinalTarget(filePath));
        try
        {
            return new WriterLock(new FileStream(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None, bufferSize: 0));
        }
        catch (IOException e) when (e is not FileNotFoundException and not DirectoryNotFoundException and not PathTooLongException)
        {
            throw new IOException(
                $"Another RecordFileWriter has '{filePath}' open (it holds '{path}'): one writer per file at a time. Readers may open the file meanwhile.",
                e);
        }
    }

    /// <summary>
    /// Opens the data file for the writer that holds this lock (readers may share it), and on Linux locks the file
    /// itself against a second writer that names it through a hard link.
    /// </summary>
    /// <exception cref="IOException">The file cannot be opened, or another writer has it open through another name.</exception>
    public FileStream OpenFile(string filePath, FileMode mode)
    {
        var file = new FileStream(filePath, mode, FileAccess.ReadWrite, FileShare.Read, bufferSize: 0);
        try
        {
            if (LockContent(file.SafeFileHandle, filePath))
            {
                _content = file.SafeFileHandle;
            }

            _data = file;
            return file;
        }
        catch
        {
            file.Dispose();
            throw;
        }
    }

    /// <summary>Takes the open-file-description lock on the data file (Linux, 64-bit processes; nothing elsewhere).</summary>
    /// <returns>True when the lock was taken (and must be released before the file is closed).</returns>
    private static unsafe bool LockContent(SafeFileHandle file, string filePath)
    {
        if (!OperatingSystem.IsLinux() || !Environment.Is64BitProcess)
        {
            return false;
        }

        var request = new FileRegionLock { Type = WriteLock, Whence = SeekSet, Start = ContentLockOffset, Length = 1 };
        if (fcntl(file, SetOpenFileDescriptionLock, &request) == 0)
        {
            return true;
        }

        int error = Marshal.GetLastPInvokeError();
        if (error is TryAgain or AccessDenied)
        {
            throw new IOException(
                $"Another RecordFileWriter has '{filePath}' open, through another name of the same file (a hard link): one writer per file at a time. Readers may open the file meanwhile.");
        }

        // A file system without such locks (EINVAL, ENOLCK): the lock file beside the path still guards it.
        return false;
    }

    /// <summary>
    /// Releases the data file's own lock. Closing the file would release it too, but only once no process holds the
    /// file's description: a child process started meanwhile by any thread holds it from its fork to its exec, and the
    /// next writer would be refused for that moment. (The runtime releases its own <c>flock</c> the same way.)
    /// </summary>
    private unsafe void ReleaseContent()
    {
        SafeFileHandle? content = _content;
        _content = null;
        if (content is null || content.IsClosed)
        {
            return;
        }

        bool added = false;
        try
        {
            content.DangerousAddRef(ref added);
            var request = new FileRegionLock { Type = Unlock, Whence = SeekSet, Start = ContentLockOffset, Length = 1 };
            _ = fcntl(content, SetOpenFileDescriptionLock, &request);
        }
        catch (ObjectDisposedException)
        {
            // closed meanwhile: the lock went with it
        }
        finally
        {
            if (added)
            {
                content.DangerousRelease();
            }
        }
    }

    /// <summary>The byte the writer locks: far past any record, the same for every name of the file.</summary>
    internal const long ContentLockOffset = long.MaxValue - 1;

    /// <summary>F_OFD_SETLK on Linux (every architecture).</summary>
    private const int SetOpenFileDescriptionLock = 37;

    /// <summary>F_WRLCK on Linux.</summary>
    private const short WriteLock = 1;

    /// <summary>F_UNLCK on Linux.</summary>
    private const short Unlock = 2;

    /// <summary>SEEK_SET.</summary>
    private const short SeekSet = 0;

    /// <summary>EAGAIN and EACCES on Linux: the region is locked by another open file description.</summary>
    private const int TryAgain = 11;

    private const int AccessDenied = 13;

    /// <summary><c>struct flock</c> of 64-bit Linux (x64 and arm64): 32 bytes.</summary>
    [StructLayout(LayoutKind.Sequential)]
    private struct FileRegionLock
    {
        public short Type;
        public short Whence;
        public long Start;
        public long Length;
        public int Pid;
    }

    [LibraryImport("libc", EntryPoint = "fcntl", SetLastError = true)]
    private static unsafe partial int fcntl(SafeFileHandle file, int command, FileRegionLock* request);

    private static string FinalTarget(string filePath)
    {
        try
        {
            return File.ResolveLinkTarget(filePath, returnFinalTarget: true)?.FullName ?? filePath;
        }
        catch (IOException)
        {
            return filePath; // no file yet (Create), or a link that leads nowhere: the path itself
        }
    }

    /// <summary>
    /// Releases the lock, in this order: the data file's own lock, the data file <see cref="OpenFile"/> opened (closed
    /// here), then the lock file, which stays (deleting it could let two writers lock two different files). A writer that
    /// takes the lock file next finds the data file closed: on Windows an open one would refuse it with a raw sharing
    /// violation.
    /// </summary>
    public void Dispose()
    {
        ReleaseContent();
        _data?.Dispose();
        _file.Dispose();
    }
}
