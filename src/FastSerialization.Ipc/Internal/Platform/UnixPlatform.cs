using System;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;
using System.Threading;
using System.Threading.Tasks;
#if NET
using Microsoft.Win32.SafeHandles;
#endif

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// The Unix calls the endpoint and the server need, in one place: the modern builds use the framework's own
/// (<c>UnixDomainSocketEndPoint</c>, <c>UnixFileMode</c>, <c>File.OpenHandle</c>); the netstandard2.0 build, for
/// .NET Framework 4.8 and Mono, which have none of them, calls the C library for the same effect.
/// </summary>
internal static partial class UnixPlatform
{
    /// <summary>Owner read, write and execute: 0700.</summary>
    public const int OwnerOnlyDirectory = 0x1C0;

    /// <summary>Owner read and write: 0600.</summary>
    public const int OwnerOnlyFile = 0x180;

    /// <summary>EWOULDBLOCK on Linux.</summary>
    public const int WouldBlockLinux = 11;

    /// <summary>EWOULDBLOCK on macOS.</summary>
    public const int WouldBlockMacOS = 35;

    /// <summary>ENOENT, on Linux and macOS.</summary>
    private const int NoSuchFile = 2;

    /// <summary>EEXIST, on Linux and macOS.</summary>
    private const int AlreadyExists = 17;

    /// <summary>The file-type bits of a mode, and the type of a symbolic link.</summary>
    private const int TypeMask = 0xF000;
    private const int SymbolicLinkType = 0xA000;

    /// <summary>
    /// The process's soft limit of open file descriptors (<c>getrlimit(RLIMIT_NOFILE)</c>) on Linux and macOS; null
    /// on other systems, when the call fails, or when there is no limit (<c>RLIM_INFINITY</c>).
    /// </summary>
    public static unsafe ulong? OpenFileLimit()
    {
        bool linux = RuntimeInformation.IsOSPlatform(OSPlatform.Linux);
        if (!linux && !RuntimeInformation.IsOSPlatform(OSPlatform.OSX))
        {
            return null;
        }

        // struct rlimit: two rlim_t, an unsigned long on Linux (the pointer's size) and 64 bits on macOS.
        const int RlimitNofileLinux = 7;
        const int RlimitNofileMacOS = 8;
        ulong* limits = stackalloc ulong[2];
        try
        {
            if (getrlimit(linux ? RlimitNofileLinux : RlimitNofileMacOS, limits) != 0)
            {
                return null;
            }
        }
        catch (Exception ex) when (ex is EntryPointNotFoundException or DllNotFoundException)
        {
            return null;
        }

        ulong soft = linux && IntPtr.Size == 4 ? *(uint*)limits : limits[0];
        bool infinite = linux && IntPtr.Size == 4 ? soft == uint.MaxValue : soft == ulong.MaxValue;
        return infinite ? null : soft;
    }

    /// <summary>A new Unix stream socket.</summary>
    public static Socket NewSocket() => new(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);

    /// <summary>Connects <paramref name="socket"/> to the Unix socket at <paramref name="path"/>.</summary>
    public static async Task ConnectAsync(Socket socket, string path, CancellationToken cancellationToken)
    {
#if NETSTANDARD2_0
        cancellationToken.ThrowIfCancellationRequested();
        await socket.ConnectAsync(new SocketPathEndPoint(path)).ConfigureAwait(false); // a local connect does not wait for the server to accept
#else
        await socket.ConnectAsync(new UnixDomainSocketEndPoint(path), cancellationToken).ConfigureAwait(false);
#endif
    }

    /// <summary>Connects <paramref name="socket"/> to the Unix socket at <paramref name="path"/>, synchronously.</summary>
    public static void Connect(Socket socket, string path) => socket.Connect(EndPointOf(path));

    /// <summary>Binds <paramref name="socket"/> to <paramref name="path"/>.</summary>
    public static void Bind(Socket socket, string path) => socket.Bind(EndPointOf(path));

    /// <summary>
    /// The next connection. In the netstandard2.0 build, whose sockets cannot cancel an accept, a canceled wait
    /// closes the connection that the abandoned accept takes later (its client sees the server go).
    /// </summary>
    public static async Task<Socket> AcceptAsync(Socket listener, CancellationToken cancellationToken)
    {
#if NETSTANDARD2_0
        cancellationToken.ThrowIfCancellationRequested();
        Task<Socket> accepting = listener.AcceptAsync();
        if (!cancellationToken.CanBeCanceled)
        {
            return await accepting.ConfigureAwait(false);
        }

        var canceled = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
        using (cancellationToken.Register(static state => ((TaskCompletionSource<bool>)state!).TrySetResult(true), canceled))
        {
            if (await Task.WhenAny(accepting, canceled.Task).ConfigureAwait(false) == accepting)
            {
                return await accepting.ConfigureAwait(false);
            }
        }

        _ = accepting.ContinueWith(
            static done =>
            {
                if (done.Status == TaskStatus.RanToCompletion)
                {
                    done.Result.Dispose();
                }
                else
                {
                    _ = done.Exception; // the listener was closed meanwhile: observed, not reported
                }
            },
            CancellationToken.None,
            TaskContinuationOptions.ExecuteSynchronously,
            TaskScheduler.Default);
        throw new OperationCanceledException(cancellationToken);
#else
        return await listener.AcceptAsync(cancellationToken).ConfigureAwait(false);
#endif
    }

    /// <summary>Creates <paramref name="directory"/> with mode 0700 (its parent must exist).</summary>
    [UnsupportedOSPlatform("windows")]
    public static void CreatePrivateDirectory(string directory)
    {
#if NETSTANDARD2_0
        if (mkdir(directory, OwnerOnlyDirectory) != 0)
        {
            int error = Marshal.GetLastWin32Error();
            if (error != AlreadyExists)
            {
                throw new IpcException($"Cannot create the directory {directory}: error {error}.");
            }
        }
#else
        Directory.CreateDirectory(directory, (UnixFileMode)OwnerOnlyDirectory);
#endif
    }

    /// <summary>Sets the permission bits of <paramref name="path"/>.</summary>
    [UnsupportedOSPlatform("windows")]
    public static void SetMode(string path, int mode)
    {
#if NETSTANDARD2_0
        if (chmod(path, mode) != 0)
        {
            throw new IOException($"Cannot set the mode of {path}: error {Marshal.GetLastWin32Error()}.");
        }
#else
        File.SetUnixFileMode(path, (UnixFileMode)mode);
#endif
    }

    /// <summary>Whether <paramref name="path"/> itself is a symbolic link.</summary>
    [UnsupportedOSPlatform("windows")]
    public static bool IsSymbolicLink(string path)
    {
#if NETSTANDARD2_0
        return StatusOf(path) is { } status && (status.Mode & TypeMask) == SymbolicLinkType;
#else
        return new DirectoryInfo(path).LinkTarget is not null;
#endif
    }

    /// <summary>The permission bits of <paramref name="path"/> (the link itself for a link).</summary>
    [UnsupportedOSPlatform("windows")]
    public static int PermissionsOf(string path)
    {
#if NETSTANDARD2_0
        return StatusOf(path) is { } status ? status.Mode & 0xFFF : throw new IpcException($"Cannot read the mode of {path}: it is gone, or this system offers no way to ask.");
#else
        return (int)new DirectoryInfo(path).UnixFileMode;
#endif
    }

    /// <summary>
    /// The owner's user id of <paramref name="path"/> itself (a link is not followed); null when it does not
    /// exist, or where this system offers no way to ask (a Unix other than Linux and macOS, a C library
    /// without <c>statx</c>).
    /// </summary>
    [UnsupportedOSPlatform("windows")]
    public static uint? OwnerOf(string path) => StatusOf(path)?.Owner;

    /// <summary>The effective user id of this process.</summary>
    [UnsupportedOSPlatform("windows")]
    public static uint UserId() => geteuid();

    /// <summary>
    /// Opens (creating it with mode 0600 if missing) and exclusively locks <paramref name="path"/> with a
    /// non-blocking <c>flock</c>; the lock lasts until the returned handle is disposed or the process ends.
    /// Null when another process holds the lock.
    /// </summary>
    /// <exception cref="IOException">The file cannot be opened.</exception>
    /// <exception cref="UnauthorizedAccessException">The file cannot be opened.</exception>
    [UnsupportedOSPlatform("windows")]
    public static IDisposable? TryLockFile(string path)
    {
        const int LockExclusive = 2;
        const int LockNonBlocking = 4;
#if NETSTANDARD2_0
        const int ReadWrite = 2;
        int create = OperatingSystem.IsMacOS() ? 0x200 : 0x40; // O_CREAT
        int closeOnExec = OperatingSystem.IsMacOS() ? 0x1000000 : 0x80000; // O_CLOEXEC
        var handle = new FileDescriptor(open(path, ReadWrite | create | closeOnExec, OwnerOnlyFile));
        if (handle.IsInvalid)
        {
            int error = Marshal.GetLastWin32Error();
            throw error == 13 ? new UnauthorizedAccessException($"Access to {path} is denied.") : new IOException($"Cannot open {path}: error {error}.");
        }
#else
        SafeFileHandle handle;
        try
        {
            // FileShare.None: the runtime takes the same exclusive flock (unless file locking was turned off in
            // its settings, which is why it is taken below as well); a second server fails here.
            handle = File.OpenHandle(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None, FileOptions.None, preallocationSize: 0);
        }
        catch (IOException ex) when (ex.HResult == (OperatingSystem.IsMacOS() ? WouldBlockMacOS : WouldBlockLinux))
        {
            return null;
        }
#endif
        try
        {
            if (flock(handle, LockExclusive | LockNonBlocking) != 0)
            {
                handle.Dispose();
                return null;
            }

            return handle;
        }
        catch
        {
            handle.Dispose();
            throw;
        }
    }

    private static EndPoint EndPointOf(string path) =>
#if NETSTANDARD2_0
        new SocketPathEndPoint(path);
#else
        new UnixDomainSocketEndPoint(path);
#endif

    /// <summary>The owner and mode of <paramref name="path"/> itself; null when it does not exist, or where this system offers no way to ask.</summary>
    [UnsupportedOSPlatform("windows")]
    private static unsafe (uint Owner, int Mode)? StatusOf(string path)
    {
        byte* buffer = stackalloc byte[256];
        int result;
        int uidOffset;
        int modeOffset;
        if (OperatingSystem.IsLinux())
        {
            const int AtFdCwd = -100;
            const int AtSymlinkNoFollow = 0x100;
            const uint StatxType = 0x1;
            const uint StatxMode = 0x2;
            const uint StatxUid = 0x8;
            try
            {
                result = statx(AtFdCwd, path, AtSymlinkNoFollow, StatxType | StatxMode | StatxUid, buffer); // struct statx: the same on every architecture
            }
            catch (EntryPointNotFoundException)
            {
                return null;
            }

            uidOffset = 20;
            modeOffset = 28;
        }
        else if (OperatingSystem.IsMacOS())
        {
            result = RuntimeInformation.ProcessArchitecture == Architecture.X64 ? lstat_x64(path, buffer) : lstat(path, buffer);
            uidOffset = 16; // struct stat (64-bit inodes): dev (4), mode (2), nlink (2), ino (8), uid
            modeOffset = 4;
        }
        else
        {
            return null;
        }

        if (result != 0)
        {
#if NETSTANDARD2_0
            int error = Marshal.GetLastWin32Error();
#else
            int error = Marshal.GetLastPInvokeError();
#endif
            if (error == NoSuchFile)
            {
                return null;
            }

            throw new IpcException($"Cannot read the owner of {path}: error {error}.");
        }

        return (*(uint*)(buffer + uidOffset), *(ushort*)(buffer + modeOffset));
    }

#if NETSTANDARD2_0
    // LPStr is UTF-8 on Unix, under Mono and .NET alike (these calls are made on Linux and macOS only).
    [DllImport("libc", EntryPoint = "statx", SetLastError = true)]
    private static extern unsafe int statx(int directory, [MarshalAs(UnmanagedType.LPStr)] string path, int flags, uint mask, byte* buffer);

    [DllImport("libc", EntryPoint = "lstat", SetLastError = true)]
    private static extern unsafe int lstat([MarshalAs(UnmanagedType.LPStr)] string path, byte* buffer);

    [DllImport("libc", EntryPoint = "lstat$INODE64", SetLastError = true)]
    private static extern unsafe int lstat_x64([MarshalAs(UnmanagedType.LPStr)] string path, byte* buffer);

    [DllImport("libc", EntryPoint = "mkdir", SetLastError = true)]
    private static extern int mkdir([MarshalAs(UnmanagedType.LPStr)] string path, int mode);

    [DllImport("libc", EntryPoint = "chmod", SetLastError = true)]
    private static extern int chmod([MarshalAs(UnmanagedType.LPStr)] string path, int mode);

    [DllImport("libc", EntryPoint = "open", SetLastError = true)]
    private static extern int open([MarshalAs(UnmanagedType.LPStr)] string path, int flags, int mode);

    [DllImport("libc", EntryPoint = "close", SetLastError = true)]
    private static extern int close(int descriptor);

    [DllImport("libc", EntryPoint = "flock", SetLastError = true)]
    private static extern int flock(FileDescriptor file, int operation);

    [DllImport("libc", EntryPoint = "geteuid")]
    private static extern uint geteuid();

    [DllImport("libc", EntryPoint = "getrlimit")]
    private static extern unsafe int getrlimit(int resource, ulong* limits);

    /// <summary>A file descriptor of the C library, closed with <c>close</c>.</summary>
    private sealed class FileDescriptor : SafeHandle
    {
        public FileDescriptor(int descriptor)
            : base(new IntPtr(-1), ownsHandle: true) => SetHandle(new IntPtr(descriptor));

        public override bool IsInvalid => handle.ToInt64() < 0;

        protected override bool ReleaseHandle() => close(handle.ToInt32()) == 0;
    }

    /// <summary>
    /// A Unix socket path as an endpoint: the socket address the system expects (family, then the path's UTF-8
    /// bytes and a NUL), which is what <c>UnixDomainSocketEndPoint</c> builds in the modern frameworks.
    /// </summary>
    private sealed class SocketPathEndPoint : EndPoint
    {
        private const int FamilyBytes = 2;
        private readonly byte[] _path;

        public SocketPathEndPoint(string path)
            : this(System.Text.Encoding.UTF8.GetBytes(path))
        {
        }

        private SocketPathEndPoint(byte[] path) => _path = path;

        public override AddressFamily AddressFamily => AddressFamily.Unix;

        public override SocketAddress Serialize()
        {
            var address = new SocketAddress(AddressFamily.Unix, FamilyBytes + _path.Length + 1);
            for (int i = 0; i < _path.Length; i++)
            {
                address[FamilyBytes + i] = _path[i];
            }

            address[FamilyBytes + _path.Length] = 0;
            return address;
        }

        public override EndPoint Create(SocketAddress socketAddress)
        {
            int length = 0;
            while (FamilyBytes + length < socketAddress.Size && socketAddress[FamilyBytes + length] != 0)
            {
                length++;
            }

            byte[] path = new byte[length];
            for (int i = 0; i < length; i++)
            {
                path[i] = socketAddress[FamilyBytes + i];
            }

            return new SocketPathEndPoint(path);
        }

        public override string ToString() => System.Text.Encoding.UTF8.GetString(_path);
    }
#else
    [LibraryImport("libc", EntryPoint = "statx", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    private static unsafe partial int statx(int directory, string path, int flags, uint mask, byte* buffer);

    [LibraryImport("libc", EntryPoint = "lstat", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    private static unsafe partial int lstat(string path, byte* buffer);

    [LibraryImport("libc", EntryPoint = "lstat$INODE64", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    private static unsafe partial int lstat_x64(string path, byte* buffer);

    [LibraryImport("libc", EntryPoint = "flock", SetLastError = true)]
    private static partial int flock(SafeFileHandle file, int operation);

    [LibraryImport("libc", EntryPoint = "geteuid")]
    private static partial uint geteuid();

    [LibraryImport("libc", EntryPoint = "getrlimit")]
    private static unsafe partial int getrlimit(int resource, ulong* limits);
#endif
}
