using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;

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

    /// <summary>The effective user id of this process.</summary>
    [UnsupportedOSPlatform("windows")]
    public static uint UserId() => geteuid();

    [LibraryImport("libc", EntryPoint = "geteuid")]
    private static partial uint geteuid();

    [GeneratedRegex("^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$", RegexOptions.CultureInvariant)]
    private static partial Regex NamePattern();
}
