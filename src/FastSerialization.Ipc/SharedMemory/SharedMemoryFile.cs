using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.IO.MemoryMappedFiles;
using System.Runtime.Versioning;
using System.Security.Cryptography;
using System.Threading;
using FastSerialization.Ipc.Internal;

namespace FastSerialization.Ipc.SharedMemory;

/// <summary>
/// The memory-mapped file of a shared-memory channel: a small header and two rings, one per direction
/// (see docs/FORMAT.md, "Shared-memory rings"). On Linux the server creates it as a memory file sealed against
/// any change of its size (<see cref="SealedMemory"/>: a peer that could truncate it would crash the other process)
/// and the client maps it through <c>/proc/&lt;server pid&gt;/fd/&lt;n&gt;</c> after checking the seals; it has no
/// name, so nothing is left behind. Elsewhere the server creates a file with mode 0600 in a directory only the
/// current user can enter, the client maps it, and the server removes the file as soon as both have mapped it.
/// </summary>
[UnsupportedOSPlatform("windows")]
internal sealed unsafe class SharedMemoryFile : IDisposable
{
    /// <summary>"FSRG" read as a little-endian u32.</summary>
    public const uint Magic = 0x47525346;

    public const int LayoutVersion = 2;

    public const int FileHeaderSize = 128;

    public const int RingHeaderSize = Ring.HeaderSize;

    private readonly MemoryMappedFile _file;
    private readonly MemoryMappedViewAccessor _view;
    private readonly byte* _base;
    private string? _pathToRemove;
    private int _disposed;

    private SharedMemoryFile(string path, MemoryMappedFile file, MemoryMappedViewAccessor view, int capacity, bool owner)
    {
        Path = path;
        _file = file;
        _view = view;
        Capacity = capacity;
        _pathToRemove = owner ? path : null;
        byte* pointer = null;
        view.SafeMemoryMappedViewHandle.AcquirePointer(ref pointer);
        _base = pointer + view.PointerOffset;
        ServerToClient = new Ring(_base + FileHeaderSize, capacity);
        ClientToServer = new Ring(_base + FileHeaderSize + RingHeaderSize + capacity, capacity);
    }

    public string Path { get; }

    public int Capacity { get; }

    public Ring ServerToClient { get; }

    public Ring ClientToServer { get; }

    public static long FileSize(int capacity) => FileHeaderSize + (2L * (RingHeaderSize + capacity));

    /// <summary>The directory of the ring files: the private socket directory when it is in the user's runtime directory (a tmpfs), else a private directory in /dev/shm, else the private socket directory.</summary>
    public static string Directory()
    {
        if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable("XDG_RUNTIME_DIR")) && System.IO.Directory.Exists("/dev/shm"))
        {
            return IpcEndpoint.EnsurePrivateDirectory(System.IO.Path.Combine("/dev/shm", "fastserialization-" + UnixPlatform.UserId().ToString(CultureInfo.InvariantCulture)));
        }

        return IpcEndpoint.EnsurePrivateDirectory();
    }

    /// <summary>Creates a new ring file for a channel of the server <paramref name="name"/> (server side).</summary>
    public static SharedMemoryFile Create(string name, int capacity)
    {
        long size = FileSize(capacity);
        string path;
        FileStream stream;
        if (OperatingSystem.IsLinux())
        {
            FileStream memory = SealedMemory.Create("fastserialization-ring", size);
            path = SealedMemory.PathOf(memory.SafeFileHandle);
            return Initialize(path, memory, size, capacity, owner: false);
        }

        string directory = Directory();
        path = System.IO.Path.Combine(
            directory,
            $"{name}.{Environment.ProcessId.ToString(CultureInfo.InvariantCulture)}.{Convert.ToHexString(RandomNumberGenerator.GetBytes(8)).ToLowerInvariant()}.ring");
        try
        {
            // CreateNew: O_EXCL, so an existing file or symbolic link under that name is never followed.
            stream = new FileStream(path, new FileStreamOptions
            {
                Mode = FileMode.CreateNew,
                Access = FileAccess.ReadWrite,
                Share = FileShare.ReadWrite,
                UnixCreateMode = UnixFileMode.UserRead | UnixFileMode.UserWrite,
            });
        }
        catch (IOException ex)
        {
            throw new IpcException($"Cannot create the shared-memory file {path}: {ex.Message}", ex);
        }

        try
        {
            stream.SetLength(size);
        }
        catch
        {
            stream.Dispose();
            TryDelete(path);
            throw;
        }

        return Initialize(path, stream, size, capacity, owner: true);
    }

    /// <summary>Maps the new file behind <paramref name="stream"/> and writes its header and empty rings.</summary>
    private static SharedMemoryFile Initialize(string path, FileStream stream, long size, int capacity, bool owner)
    {
        try
        {
            MemoryMappedFile file = MemoryMappedFile.CreateFromFile(stream, null, size, MemoryMappedFileAccess.ReadWrite, HandleInheritability.None, leaveOpen: false);
            MemoryMappedViewAccessor view = file.CreateViewAccessor(0, size, MemoryMappedFileAccess.ReadWrite);
            var created = new SharedMemoryFile(path, file, view, capacity, owner);
            var header = new Span<byte>(created._base, FileHeaderSize);
            header.Clear();
            BinaryPrimitives.WriteUInt32LittleEndian(header, Magic);
            BinaryPrimitives.WriteInt32LittleEndian(header.Slice(4), LayoutVersion);
            BinaryPrimitives.WriteInt32LittleEndian(header.Slice(8), capacity);
            BinaryPrimitives.WriteInt32LittleEndian(header.Slice(12), 2);
            BinaryPrimitives.WriteInt32LittleEndian(header.Slice(16), Environment.ProcessId);
            created.ServerToClient.Reset();
            created.ClientToServer.Reset();
            Interlocked.MemoryBarrier();
            return created;
        }
        catch
        {
            stream.Dispose();
            if (owner)
            {
                TryDelete(path);
            }

            throw;
        }
    }

    /// <summary>Maps the ring file the server created (client side), checking where it is, its mode (on Linux, its seals) and its header.</summary>
    /// <param name="path">The path the server named.</param>
    /// <param name="capacity">The capacity of each ring.</param>
    /// <param name="serverProcessId">On Linux, the server's process as the socket gives it (<c>SO_PEERCRED</c>), which the path must name; null when unknown.</param>
    public static SharedMemoryFile Open(string path, int capacity, int? serverProcessId = null)
    {
        long size = FileSize(capacity);
        if (OperatingSystem.IsLinux())
        {
            return Map(path, OpenSealed(path, size, serverProcessId), size, capacity);
        }

        string directory = Directory();
        if (path.IndexOf('\0') >= 0 || System.IO.Path.GetDirectoryName(path) != directory || !path.EndsWith(".ring", StringComparison.Ordinal))
        {
            throw new IpcException($"The server named the shared-memory file {path}, which is not a ring file in this user's private directory {directory}.");
        }

        var info = new FileInfo(path);
        if (!info.Exists || info.LinkTarget is not null)
        {
            throw new IpcException($"The shared-memory file {path} does not exist or is a symbolic link.");
        }

        IpcEndpoint.CheckOwnedByCurrentUser(path, "shared-memory file");
        if (info.UnixFileMode != (UnixFileMode.UserRead | UnixFileMode.UserWrite) || info.Length != FileSize(capacity))
        {
            throw new IpcException($"The shared-memory file {path} has mode {Convert.ToString((int)info.UnixFileMode, 8)} and {info.Length} bytes, not mode 600 and {FileSize(capacity)} bytes.");
        }

        return Map(path, new FileStream(path, FileMode.Open, FileAccess.ReadWrite, FileShare.ReadWrite), size, capacity);
    }

    /// <summary>
    /// Opens the server's sealed memory file (Linux): the path must be a descriptor of a process (nothing else on the
    /// machine is opened for a server's say-so), and the file must be sealed against shrinking and growing and have
    /// the size of the rings, or it is refused before it is mapped.
    /// </summary>
    [SupportedOSPlatform("linux")]
    private static FileStream OpenSealed(string path, long size, int? serverProcessId)
    {
        if (!SealedMemory.IsDescriptorPath(path, out int processId))
        {
            throw new IpcException($"The server named the shared-memory file '{path}', which is not the /proc/<pid>/fd/<n> path of a sealed memory file.");
        }

        if (serverProcessId is int server && server != processId)
        {
            throw new IpcException(server == 0
                ? $"The server named the shared-memory file '{path}', but its process is not visible from this one (another PID namespace): both ends of a shared-memory channel must see each other's processes."
                : $"The server named the shared-memory file '{path}', a descriptor of process {processId}, but the server is process {server}.");
        }

        FileStream stream;
        try
        {
            stream = new FileStream(path, FileMode.Open, FileAccess.ReadWrite, FileShare.ReadWrite, bufferSize: 0);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw new IpcException($"Cannot open the server's shared-memory file {path}: {ex.Message}", ex);
        }

        if (!SealedMemory.IsSizeSealed(stream.SafeFileHandle) || stream.Length != size)
        {
            long length = stream.Length;
            stream.Dispose();
            throw new IpcException($"The server's shared-memory file {path} is not a memory file sealed against shrinking and growing with {size} bytes ({length} bytes): a file whose size the server can change could crash this process.");
        }

        return stream;
    }

    /// <summary>Maps the file the server created and checks its header and its empty rings.</summary>
    private static SharedMemoryFile Map(string path, FileStream stream, long size, int capacity)
    {
        try
        {
            MemoryMappedFile file = MemoryMappedFile.CreateFromFile(stream, null, size, MemoryMappedFileAccess.ReadWrite, HandleInheritability.None, leaveOpen: false);
            MemoryMappedViewAccessor view = file.CreateViewAccessor(0, size, MemoryMappedFileAccess.ReadWrite);
            var opened = new SharedMemoryFile(path, file, view, capacity, owner: false);
            var header = new ReadOnlySpan<byte>(opened._base, FileHeaderSize);
            if (BinaryPrimitives.ReadUInt32LittleEndian(header) != Magic
                || BinaryPrimitives.ReadInt32LittleEndian(header.Slice(4)) != LayoutVersion
                || BinaryPrimitives.ReadInt32LittleEndian(header.Slice(8)) != capacity)
            {
                opened.Dispose();
                throw new IpcException($"The shared-memory file {path} does not hold rings of layout version {LayoutVersion} and {capacity} bytes.");
            }

            // The server has written nothing into the rings yet: any other index is a hostile file.
            if (!opened.ServerToClient.IsPristine || !opened.ClientToServer.IsPristine)
            {
                opened.Dispose();
                throw new IpcException($"The shared-memory file {path} holds rings that are already in use (their head and tail are not 0).");
            }

            BinaryPrimitives.WriteInt32LittleEndian(new Span<byte>(opened._base + 20, 4), Environment.ProcessId);
            return opened;
        }
        catch
        {
            stream.Dispose();
            throw;
        }
    }

    /// <summary>
    /// Removes the ring files of the server <paramref name="name"/> that a process no longer running
    /// created (a server that crashed while a client was connecting). Returns how many it removed.
    /// </summary>
    public static int RemoveStale(string name)
    {
        string directory = Directory();
        int removed = 0;
        foreach (string path in System.IO.Directory.EnumerateFiles(directory, name + ".*.ring"))
        {
            string[] parts = System.IO.Path.GetFileName(path).Substring(name.Length + 1).Split('.');
            if (parts.Length == 3 && int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out int pid) && !IsRunning(pid))
            {
                if (TryDelete(path))
                {
                    removed++;
                }
            }
        }

        return removed;
    }

    /// <summary>Removes the file's name (server side, once the client mapped it); the mappings stay valid.</summary>
    public void RemoveFile()
    {
        string? path = Interlocked.Exchange(ref _pathToRemove, null);
        if (path is not null)
        {
            TryDelete(path);
        }
    }

    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        RemoveFile();
        _view.SafeMemoryMappedViewHandle.ReleasePointer();
        _view.Dispose();
        _file.Dispose();
    }

    private static bool IsRunning(int pid)
    {
        try
        {
            using var process = Process.GetProcessById(pid);
            return !process.HasExited;
        }
        catch (ArgumentException)
        {
            return false;
        }
        catch (InvalidOperationException)
        {
            return false;
        }
    }

    private static bool TryDelete(string path)
    {
        try
        {
            File.Delete(path);
            return true;
        }
        catch (IOException)
        {
            return false;
        }
        catch (UnauthorizedAccessException)
        {
            return false;
        }
    }
}

/// <summary>
/// One single-producer / single-consumer ring in shared memory. Positions are byte counts since the
/// channel opened (never wrapped); a position's byte is at <c>position % Capacity</c> in the data.
/// </summary>
/// <remarks>
/// Header (512 bytes, before the data), each field alone in 128 bytes (two cache lines, so that a
/// neighbouring line's prefetch does not share it): <c>tail</c> (i64, bytes published; the producer writes it
/// with every publication) at 0, <c>consumerSleeping</c> (i32; written only when the consumer goes to sleep,
/// read after every publication) at 128, <c>head</c> (i64, bytes consumed) at 256, <c>producerSleeping</c>
/// (i32) at 384. A flag read at every publication thus stays in the reader's cache until its owner sleeps.
/// The producer writes the bytes, then publishes the tail with
/// a release store; the consumer reads the tail with an acquire load before it reads the bytes, and
/// publishes the head with a release store once it no longer needs them.
/// </remarks>
internal sealed unsafe class Ring
{
    public const int HeaderSize = 512;

    private readonly byte* _header;

    public Ring(byte* header, int capacity)
    {
        _header = header;
        Data = header + HeaderSize;
        Capacity = capacity;
        Mask = capacity - 1;
        Memory = new UnmanagedMemoryManager(Data, capacity);
    }

    public byte* Data { get; }

    public int Capacity { get; }

    public int Mask { get; }

    /// <summary>The data as <see cref="Memory{T}"/>, for the sequences and spans handed to the formatter.</summary>
    public UnmanagedMemoryManager Memory { get; }

    public ref long Tail => ref *(long*)_header;

    public ref int ProducerSleeping => ref *(int*)(_header + 384);

    public ref long Head => ref *(long*)(_header + 256);

    public ref int ConsumerSleeping => ref *(int*)(_header + 128);

    public void Reset() => new Span<byte>(_header, HeaderSize).Clear();

    /// <summary>True while nothing was written into or taken from the ring.</summary>
    public bool IsPristine => Volatile.Read(ref Tail) == 0 && Volatile.Read(ref Head) == 0;
}

/// <summary>A <see cref="MemoryManager{T}"/> over memory this process does not own (a mapped view).</summary>
internal sealed unsafe class UnmanagedMemoryManager : MemoryManager<byte>
{
    private readonly byte* _pointer;
    private readonly int _length;

    public UnmanagedMemoryManager(byte* pointer, int length)
    {
        _pointer = pointer;
        _length = length;
    }

    public override Span<byte> GetSpan() => new(_pointer, _length);

    public override MemoryHandle Pin(int elementIndex = 0) => new(_pointer + elementIndex);

    public override void Unpin()
    {
    }

    protected override void Dispose(bool disposing)
    {
    }
}
