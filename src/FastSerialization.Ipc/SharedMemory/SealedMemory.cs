using System;
using System.Globalization;
using System.IO;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Ipc.SharedMemory;

/// <summary>
/// The ring memory of a shared-memory channel on Linux: an anonymous memory file (<c>memfd_create</c>) sealed against
/// shrinking and growing before the peer sees it. A mapped file that a peer truncates turns the next access into
/// SIGBUS, which ends the process (the runtime cannot turn it into an exception); a sealed one cannot be truncated by
/// anyone, and a client maps only memory whose seals it checked. The peer reaches the file through
/// <c>/proc/&lt;server pid&gt;/fd/&lt;descriptor&gt;</c>, which only the server's own user (or root) can open.
/// </summary>
[SupportedOSPlatform("linux")]
internal static partial class SealedMemory
{
    /// <summary>F_SEAL_SEAL: no more seals can be added.</summary>
    public const int SealSeal = 0x1;

    /// <summary>F_SEAL_SHRINK: the file cannot be made smaller.</summary>
    public const int SealShrink = 0x2;

    /// <summary>F_SEAL_GROW: the file cannot be made larger.</summary>
    public const int SealGrow = 0x4;

    private const uint CloseOnExec = 0x1; // MFD_CLOEXEC
    private const uint AllowSealing = 0x2; // MFD_ALLOW_SEALING
    private const uint NoExecSeal = 0x8; // MFD_NOEXEC_SEAL
    private const int InvalidArgument = 22; // EINVAL
    private const int AddSeals = 1033; // F_ADD_SEALS
    private const int GetSeals = 1034; // F_GET_SEALS
    private const string ProcPrefix = "/proc/";
    private const string FdPart = "/fd/";

    /// <summary>A new memory file of <paramref name="size"/> zero bytes, sealed against any change of its size.</summary>
    /// <exception cref="IpcException">The system refused one of the steps (the message names it and the error).</exception>
    public static FileStream Create(string name, long size, bool seal = true)
    {
        int descriptor;
        try
        {
            // Not executable, sealed so (kernels from 6.3 may refuse a memory file that could be, vm.memfd_noexec=2);
            // older kernels do not know the flag (EINVAL) and get the same file without it.
            descriptor = memfd_create(name, CloseOnExec | AllowSealing | NoExecSeal);
            if (descriptor < 0 && Marshal.GetLastPInvokeError() == InvalidArgument)
            {
                descriptor = memfd_create(name, CloseOnExec | AllowSealing);
            }
        }
        catch (EntryPointNotFoundException ex)
        {
            throw new IpcException("The shared-memory transport needs memfd_create (Linux 3.17, glibc 2.27 or later), which this system's C library does not have.", ex);
        }

        if (descriptor < 0)
        {
            throw Failed("create the memory file of a shared-memory channel (memfd_create)");
        }

        var handle = new SafeFileHandle(new IntPtr(descriptor), ownsHandle: true);
        FileStream? stream = null;
        try
        {
            stream = new FileStream(handle, FileAccess.ReadWrite, bufferSize: 0);
            stream.SetLength(size);
            if (seal && fcntl(handle, AddSeals, SealShrink | SealGrow | SealSeal) != 0)
            {
                throw Failed("seal the memory file of a shared-memory channel (F_ADD_SEALS)");
            }

            return stream;
        }
        catch
        {
            if (stream is not null)
            {
                stream.Dispose();
            }
            else
            {
                handle.Dispose();
            }

            throw;
        }
    }

    /// <summary>
    /// The id of the process at the other end of a connected Unix socket (<c>SO_PEERCRED</c>), as this process's PID
    /// namespace sees it (0 when it cannot see it); null on a processor whose option number this code does not know.
    /// </summary>
    public static int? PeerProcessId(System.Net.Sockets.Socket socket)
    {
        int option = RuntimeInformation.ProcessArchitecture switch
        {
            Architecture.X64 or Architecture.Arm64 or Architecture.Arm or Architecture.X86 => 17,
            _ => -1,
        };
        if (option < 0)
        {
            return null;
        }

        Span<byte> credentials = stackalloc byte[12]; // struct ucred: pid, uid, gid
        int length = socket.GetRawSocketOption(1, option, credentials); // SOL_SOCKET
        return length >= 4 ? System.Buffers.Binary.BinaryPrimitives.ReadInt32LittleEndian(credentials) : null;
    }

    /// <summary>The seals of the file behind <paramref name="handle"/>, or -1 when it cannot have any (not a memory file).</summary>
    public static int SealsOf(SafeFileHandle handle) => fcntl(handle, GetSeals, 0);

    /// <summary>True when the file behind <paramref name="handle"/> can neither shrink nor grow.</summary>
    public static bool IsSizeSealed(SafeFileHandle handle)
    {
        int seals = SealsOf(handle);
        return seals >= 0 && (seals & (SealShrink | SealGrow)) == (SealShrink | SealGrow);
    }

    /// <summary>The path through which another process of this user opens <paramref name="handle"/>'s file.</summary>
    public static string PathOf(SafeFileHandle handle) =>
        ProcPrefix + Environment.ProcessId.ToString(CultureInfo.InvariantCulture) + FdPart + handle.DangerousGetHandle().ToInt64().ToString(CultureInfo.InvariantCulture);

    /// <summary>True for <c>/proc/&lt;digits&gt;/fd/&lt;digits&gt;</c> and nothing else (no other directory, no NUL, no dot-dot).</summary>
    public static bool IsDescriptorPath(string path) => IsDescriptorPath(path, out _);

    /// <summary>As <see cref="IsDescriptorPath(string)"/>, giving the process id the path names.</summary>
    public static bool IsDescriptorPath(string path, out int processId)
    {
        processId = 0;
        if (!path.StartsWith(ProcPrefix, StringComparison.Ordinal))
        {
            return false;
        }

        int fd = path.IndexOf(FdPart, ProcPrefix.Length, StringComparison.Ordinal);
        return fd > ProcPrefix.Length
            && AllDigits(path.AsSpan(ProcPrefix.Length, fd - ProcPrefix.Length))
            && AllDigits(path.AsSpan(fd + FdPart.Length))
            && int.TryParse(path.AsSpan(ProcPrefix.Length, fd - ProcPrefix.Length), NumberStyles.None, CultureInfo.InvariantCulture, out processId);
    }

    private static bool AllDigits(ReadOnlySpan<char> text)
    {
        if (text.IsEmpty || text.Length > 10)
        {
            return false;
        }

        foreach (char c in text)
        {
            if (c is < '0' or > '9')
            {
                return false;
            }
        }

        return true;
    }

    private static IpcException Failed(string what) =>
        new($"Cannot {what}: error {Marshal.GetLastPInvokeError()}.");

    [LibraryImport("libc", EntryPoint = "memfd_create", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    private static partial int memfd_create(string name, uint flags);

    [LibraryImport("libc", EntryPoint = "fcntl", SetLastError = true)]
    private static partial int fcntl(SafeFileHandle file, int command, int argument);
}
