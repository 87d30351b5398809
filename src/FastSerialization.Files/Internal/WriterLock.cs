using System;
using System.IO;

namespace FastSerialization.Files.Internal;

/// <summary>
/// The one-writer-per-file rule, enforced: a writer holds <c>&lt;file&gt;.lock</c> open with no sharing for as long as it
/// lives. On Windows the system refuses a second open; on Linux and macOS the runtime takes an exclusive <c>flock</c>
/// on it, which the kernel drops when the holder closes it or dies (a killed writer leaves no stale lock, only the
/// empty file). The data file itself stays readable by readers while it is written.
/// </summary>
internal sealed class WriterLock : IDisposable
{
    /// <summary>The suffix of the lock file beside a record file.</summary>
    public const string Extension = ".lock";

    private readonly FileStream _file;

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

    /// <summary>Releases the lock; the lock file stays (deleting it could let two writers lock two different files).</summary>
    public void Dispose() => _file.Dispose();
}
