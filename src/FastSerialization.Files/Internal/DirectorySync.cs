using System;
using System.IO;
using System.Runtime.InteropServices;

namespace FastSerialization.Files.Internal;

/// <summary>
/// Makes a new file's name durable: on Linux and macOS a created file survives a machine crash only once the directory
/// that names it is synced too (<c>fsync</c> of the directory), not just the file. Windows (NTFS) journals the name with
/// the file's metadata, so there is nothing to do there.
/// </summary>
internal static partial class DirectorySync
{
    /// <summary>Syncs the directory that holds <paramref name="filePath"/> (Linux and macOS; a no-op elsewhere).</summary>
    /// <exception cref="IOException">The directory could not be opened or synced.</exception>
    public static void SyncParentOf(string filePath)
    {
        if (!OperatingSystem.IsLinux() && !OperatingSystem.IsMacOS())
        {
            return;
        }

        string directory = Path.GetDirectoryName(Path.GetFullPath(filePath)) ?? "/";
        int descriptor = open(directory, ReadOnly | (OperatingSystem.IsLinux() ? CloseOnExecLinux : CloseOnExecMacOS));
        if (descriptor < 0)
        {
            throw new IOException($"Could not open the directory '{directory}' to sync the new file's name (errno {Marshal.GetLastPInvokeError()}).");
        }

        try
        {
            if (fsync(descriptor) != 0)
            {
                throw new IOException($"Could not sync the directory '{directory}' (errno {Marshal.GetLastPInvokeError()}).");
            }
        }
        finally
        {
            _ = close(descriptor);
        }
    }

    /// <summary>O_RDONLY: the same value on every Unix the package runs on.</summary>
    private const int ReadOnly = 0;

    /// <summary>O_CLOEXEC on Linux (x64 and arm64), so a process started meanwhile does not inherit the descriptor.</summary>
    private const int CloseOnExecLinux = 0x80000;

    /// <summary>O_CLOEXEC on macOS.</summary>
    private const int CloseOnExecMacOS = 0x1000000;

    [LibraryImport("libc", EntryPoint = "open", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    private static partial int open(string path, int flags);

    [LibraryImport("libc", EntryPoint = "fsync", SetLastError = true)]
    private static partial int fsync(int descriptor);

    [LibraryImport("libc", EntryPoint = "close", SetLastError = true)]
    private static partial int close(int descriptor);
}
