using System;
using System.Runtime.InteropServices;
using System.Threading;
using FastSerialization.Ipc.SharedMemory;

namespace FastSerialization.Ipc.TestChild;

/// <summary>What a hostile or broken peer does to the memory it shares, and to its own limits, for the tests that attack the IPC layer.</summary>
internal static partial class Tamper
{
    /// <summary>Writes a hostile value into <paramref name="ring"/>, which this process produces: a tail past the ring, or a record longer than it.</summary>
    public static unsafe void Ring(Ring ring, string how)
    {
        long head = Volatile.Read(ref ring.Head);
        long tail = Volatile.Read(ref ring.Tail);
        switch (how)
        {
            case "tail-2c": // more bytes published than the ring holds
                Volatile.Write(ref ring.Tail, head + (2L * ring.Capacity) + 1000);
                break;
            case "tail-2g": // a length that does not fit an int
                Volatile.Write(ref ring.Tail, head + (1L << 31) + 5);
                break;
            case "tail-max":
                Volatile.Write(ref ring.Tail, long.MaxValue);
                break;
            case "huge-length": // a well-formed start of a 16 MiB record, which can never fit in the ring
                byte[] start = { 0x00, 0x00, 0x00, 0x01, 0x01 }; // length 16 MiB, type id 1
                for (int i = 0; i < start.Length; i++)
                {
                    ring.Data[(tail + i) & ring.Mask] = start[i];
                }

                Volatile.Write(ref ring.Tail, tail + start.Length);
                break;
            default:
                throw new ArgumentException($"unknown tampering '{how}'");
        }
    }

    /// <summary>Lowers this process's soft limit of open files to <paramref name="limit"/> (Linux), so that using them up is quick.</summary>
    public static void LowerFileLimit(ulong limit)
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        const int RlimitNofile = 7;
        if (getrlimit(RlimitNofile, out RLimit current) == 0 && current.Current > limit)
        {
            var lowered = new RLimit { Current = limit, Maximum = current.Maximum };
            _ = setrlimit(RlimitNofile, in lowered);
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct RLimit
    {
        public ulong Current;
        public ulong Maximum;
    }

    [LibraryImport("libc", EntryPoint = "getrlimit")]
    private static partial int getrlimit(int resource, out RLimit limit);

    [LibraryImport("libc", EntryPoint = "setrlimit")]
    private static partial int setrlimit(int resource, in RLimit limit);
}
