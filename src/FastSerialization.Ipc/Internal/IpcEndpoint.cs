using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// Maps a channel name to where its server listens: a Unix domain socket in a directory only the
/// current user can enter, or a named pipe restricted to the current user on Windows.
/// </summary>
internal static partial class IpcEndpoint
{
    // sockaddr_un holds 108 bytes on Linux and 104 on macOS, including the terminating NUL.
    private const int MaxSocketPathBytes = 100;

    public static void ValidateName(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        if (!NamePattern().IsMatch(name))
        {
            throw new ArgumentException(
                $"A channel name is 1 to 64 letters, digits, '.', '_' or '-' (not starting with '.'); '{name}' is not.", nameof(name));
        }
    }

    /// <summary>The directory that holds this user's sockets: created with mode 0700 if missing, refused if anyone else could enter it.</summary>
    [UnsupportedOSPlatform("windows")]
    public static string EnsurePrivateDirectory() => EnsurePrivateDirectory(SocketDirectory());

    /// <summary><paramref name="directory"/>: created with mode 0700 if missing, refused if it is a symbolic link or anyone else could enter it.</summary>
    [UnsupportedOSPlatform("windows")]
    public static string EnsurePrivateDirectory(string directory)
    {
        if (!Directory.Exists(directory))
        {
            Directory.CreateDirectory(directory, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }

        var info = new DirectoryInfo(directory);
        if (info.LinkTarget is not null)
        {
            throw new IpcException($"The directory {directory} is a symbolic link; refusing to use it (it could lead to another user's directory).");
        }

        // Mode 700 protects nothing in a directory that another user owns: its owner can replace the files.
        CheckOwnedByCurrentUser(directory, "directory");

        UnixFileMode mode = info.UnixFileMode;
        const UnixFileMode Private = UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute;
        if (mode != Private)
        {
            throw new IpcException(
                $"The directory {directory} has mode {Convert.ToString((int)mode, 8)}, not 700: another user could reach or replace its files, so it is refused. Remove it or make it private.");
        }

        return directory;
    }

    /// <summary>The socket path for <paramref name="name"/>: short enough for sockaddr_un whatever the directory.</summary>
    [UnsupportedOSPlatform("windows")]
    public static string SocketPath(string name, string directory)
    {
        string path = Path.Combine(directory, name + ".sock");
        if (Encoding.UTF8.GetByteCount(path) <= MaxSocketPathBytes)
        {
            return path;
        }

        // A long directory (a deep TMPDIR): name the socket by a hash of the channel name.
        string hash = Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(name)), 0, 8).ToLowerInvariant();
        path = Path.Combine(directory, hash + ".sock");
        if (Encoding.UTF8.GetByteCount(path) > MaxSocketPathBytes)
        {
            throw new IpcException($"The socket directory {directory} is too long for a Unix socket path ({MaxSocketPathBytes} bytes at most); set XDG_RUNTIME_DIR or TMPDIR to a shorter directory.");
        }

        return path;
    }

    /// <summary>The pipe name for <paramref name="name"/> on Windows.</summary>
    public static string PipeName(string name) => "fastserialization." + name;

    [UnsupportedOSPlatform("windows")]
    private static string SocketDirectory()
    {
        string? runtime = Environment.GetEnvironmentVariable("XDG_RUNTIME_DIR");
        if (!string.IsNullOrEmpty(runtime) && Directory.Exists(runtime))
        {
            return Path.Combine(runtime, "fastserialization");
        }

        return Path.Combine(Path.GetTempPath(), "fastserialization-" + geteuid().ToString(System.Globalization.CultureInfo.InvariantCulture));
    }

    /// <summary>
    /// Throws unless <paramref name="path"/> (not followed if it is a link) belongs to this process's effective
    /// user. Checked on Linux (statx) and macOS (lstat); other systems rely on the mode checks alone.
    /// </summary>
    [UnsupportedOSPlatform("windows")]
    public static void CheckOwnedByCurrentUser(string path, string what)
    {
        uint? owner = OwnerOf(path); // null: gone meanwhile (the open or connect that follows fails on its own), or not checkable here
        uint me = geteuid();
        if (owner is { } uid && uid != me)
        {
            throw new IpcException(
                $"The {what} {path} is owned by user {uid}, not by this process's user {me}: its owner could replace what is in it, so it is refused. Remove it, or set XDG_RUNTIME_DIR or TMPDIR to a directory of your own.");
        }
    }

    /// <summary>
    /// The owner's user id of <paramref name="path"/> itself (a link is not followed); null when it does not
    /// exist, or where this system offers no way to ask (a Unix other than Linux and macOS, a C library
    /// without <c>statx</c>).
    /// </summary>
    [UnsupportedOSPlatform("windows")]
    private static unsafe uint? OwnerOf(string path)
    {
        const int Errno = 0;
        const int NoSuchFile = 2; // ENOENT, on Linux and macOS
        byte* buffer = stackalloc byte[256];
        int result;
        int uidOffset;
        if (OperatingSystem.IsLinux())
        {
            const int AtFdCwd = -100;
            const int AtSymlinkNoFollow = 0x100;
            const uint StatxUid = 0x8;
            try
            {
                result = statx(AtFdCwd, path, AtSymlinkNoFollow, StatxUid, buffer); // struct statx: the same on every architecture
            }
            catch (EntryPointNotFoundException)
            {
                return null;
            }

            uidOffset = 20;
        }
        else if (OperatingSystem.IsMacOS())
        {
            result = RuntimeInformation.ProcessArchitecture == Architecture.X64 ? lstat_x64(path, buffer) : lstat(path, buffer);
            uidOffset = 16; // struct stat (64-bit inodes): dev (4), mode (2), nlink (2), ino (8), uid
        }
        else
        {
            return null;
        }

        if (result != Errno)
        {
            int error = Marshal.GetLastPInvokeError();
            if (error == NoSuchFile)
            {
                return null;
            }

            throw new IpcException($"Cannot read the owner of {path}: error {error}.");
        }

        return *(uint*)(buffer + uidOffset);
    }

    [LibraryImport("libc", EntryPoint = "statx", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    private static unsafe partial int statx(int directory, string path, int flags, uint mask, byte* buffer);

    [LibraryImport("libc", EntryPoint = "lstat", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    private static unsafe partial int lstat(string path, byte* buffer);

    [LibraryImport("libc", EntryPoint = "lstat$INODE64", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    private static unsafe partial int lstat_x64(string path, byte* buffer);

    /// <summary>
    /// Takes the name's lock (an exclusive <c>flock</c> on <c>NAME.sock.lock</c> beside the socket), held for as
    /// long as the server lives and released by the system when its process ends, however it ends: the one
    /// server that holds it may replace a stale socket. Throws when another server holds it.
    /// </summary>
    [UnsupportedOSPlatform("windows")]
    public static SafeFileHandle LockName(string socketPath, string name)
    {
        string path = socketPath + ".lock";
        SafeFileHandle handle;
        try
        {
            // FileShare.None: the runtime takes the same exclusive flock (unless file locking was turned off
            // in its settings, which is why it is taken below as well); a second server fails here.
            handle = File.OpenHandle(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None, FileOptions.None, preallocationSize: 0);
        }
        catch (IOException ex) when (ex.HResult == (OperatingSystem.IsMacOS() ? WouldBlockMacOS : WouldBlockLinux))
        {
            throw new IpcException($"A server is already listening under the name '{name}' ({socketPath}): it holds {path}.", ex);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw new IpcException($"Cannot open the lock file {path}: {ex.Message}", ex);
        }

        try
        {
            CheckOwnedByCurrentUser(path, "lock file");
            const int LockExclusive = 2;
            const int LockNonBlocking = 4;
            if (flock(handle, LockExclusive | LockNonBlocking) != 0)
            {
                throw new IpcException($"A server is already listening under the name '{name}' ({socketPath}): it holds {path}.");
            }

            return handle;
        }
        catch
        {
            handle.Dispose();
            throw;
        }
    }

    /// <summary>EWOULDBLOCK on Linux: the runtime's HResult for an open that another handle's flock refused.</summary>
    private const int WouldBlockLinux = 11;

    /// <summary>EWOULDBLOCK on macOS.</summary>
    private const int WouldBlockMacOS = 35;

    [LibraryImport("libc", EntryPoint = "flock", SetLastError = true)]
    private static partial int flock(SafeFileHandle file, int operation);

    /// <summary>The effective user id of this process.</summary>
    [UnsupportedOSPlatform("windows")]
    public static uint UserId() => geteuid();

    [LibraryImport("libc", EntryPoint = "geteuid")]
    private static partial uint geteuid();

    [GeneratedRegex("^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$", RegexOptions.CultureInvariant)]
    private static partial Regex NamePattern();
}
