using System;
using System.IO;
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
            UnixPlatform.CreatePrivateDirectory(directory);
        }

        if (UnixPlatform.IsSymbolicLink(directory))
        {
            throw new IpcException($"The directory {directory} is a symbolic link; refusing to use it (it could lead to another user's directory).");
        }

        // Mode 700 protects nothing in a directory that another user owns: its owner can replace the files.
        CheckOwnedByCurrentUser(directory, "directory");

        int mode = UnixPlatform.PermissionsOf(directory);
        if (mode != UnixPlatform.OwnerOnlyDirectory)
        {
            throw new IpcException(
                $"The directory {directory} has mode {Convert.ToString(mode, 8)}, not 700: another user could reach or replace its files, so it is refused. Remove it or make it private.");
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
        string hash = HexOfHash(name);
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

        return Path.Combine(Path.GetTempPath(), "fastserialization-" + UnixPlatform.UserId().ToString(System.Globalization.CultureInfo.InvariantCulture));
    }

    /// <summary>
    /// Throws unless <paramref name="path"/> (not followed if it is a link) belongs to this process's effective
    /// user. Checked on Linux (statx) and macOS (lstat); other systems rely on the mode checks alone.
    /// </summary>
    [UnsupportedOSPlatform("windows")]
    public static void CheckOwnedByCurrentUser(string path, string what)
    {
        uint? owner = UnixPlatform.OwnerOf(path); // null: gone meanwhile (the open or connect that follows fails on its own), or not checkable here
        uint me = UnixPlatform.UserId();
        if (owner is { } uid && uid != me)
        {
            throw new IpcException(
                $"The {what} {path} is owned by user {uid}, not by this process's user {me}: its owner could replace what is in it, so it is refused. Remove it, or set XDG_RUNTIME_DIR or TMPDIR to a directory of your own.");
        }
    }

    /// <summary>The first 8 bytes of the SHA-256 of <paramref name="name"/>'s UTF-8, as 16 lowercase hex digits.</summary>
    private static string HexOfHash(string name)
    {
        byte[] hash;
        using (var sha = SHA256.Create())
        {
            hash = sha.ComputeHash(Encoding.UTF8.GetBytes(name));
        }

        var hex = new StringBuilder(16);
        for (int i = 0; i < 8; i++)
        {
            hex.Append(hash[i].ToString("x2", System.Globalization.CultureInfo.InvariantCulture));
        }

        return hex.ToString();
    }

    /// <summary>
    /// Takes the name's lock (an exclusive <c>flock</c> on <c>NAME.sock.lock</c> beside the socket), held for as
    /// long as the server lives and released by the system when its process ends, however it ends: the one
    /// server that holds it may replace a stale socket. Throws when another server holds it.
    /// </summary>
    [UnsupportedOSPlatform("windows")]
    public static IDisposable LockName(string socketPath, string name)
    {
        string path = socketPath + ".lock";
        IDisposable? handle;
        try
        {
            handle = UnixPlatform.TryLockFile(path);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw new IpcException($"Cannot open the lock file {path}: {ex.Message}", ex);
        }

        if (handle is null)
        {
            throw new IpcException($"A server is already listening under the name '{name}' ({socketPath}): it holds {path}.");
        }

        try
        {
            CheckOwnedByCurrentUser(path, "lock file");
            return handle;
        }
        catch
        {
            handle.Dispose();
            throw;
        }
    }

#if NETSTANDARD2_0
    private static readonly Regex NamePatternRegex = new(NamePatternText, RegexOptions.CultureInvariant);

    private static Regex NamePattern() => NamePatternRegex;
#else
    [GeneratedRegex(NamePatternText, RegexOptions.CultureInvariant)]
    private static partial Regex NamePattern();
#endif

    /// <summary>A channel name: 1 to 64 letters, digits, '.', '_' or '-', not starting with '.'; <c>\z</c>, not <c>$</c>, which would let a final newline through.</summary>
    private const string NamePatternText = @"^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}\z";
}
