using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace FastSerialization.Files.Internal;

/// <summary>
/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78, initial value and final XOR 0xFFFFFFFF), the
/// checksum of record-file headers and blocks (docs/FORMAT.md section 9). The CPU's instruction where it
/// has one (SSE4.2 on x86, the CRC32 extension on Arm), a table otherwise; the results are the same.
/// </summary>
internal static class Crc32C
{
    private const uint Polynomial = 0x82F63B78u;
    private static readonly uint[] s_table = BuildTable();

    /// <summary>The CRC-32C of <paramref name="data"/>.</summary>
    public static uint Compute(ReadOnlySpan<byte> data) => ~Update(0xFFFFFFFFu, data);

    /// <summary>The CRC-32C of <paramref name="first"/> followed by <paramref name="second"/>.</summary>
    public static uint Compute(ReadOnlySpan<byte> first, ReadOnlySpan<byte> second) => ~Update(Update(0xFFFFFFFFu, first), second);

    /// <summary>Continues a running CRC (not yet inverted) over <paramref name="data"/>.</summary>
    public static uint Update(uint crc, ReadOnlySpan<byte> data)
    {
        if (Sse42.X64.IsSupported)
        {
            return UpdateX64(crc, data);
        }

        if (Crc32.Arm64.IsSupported)
        {
            return UpdateArm64(crc, data);
        }

        return UpdateTable(crc, data);
    }

    /// <summary>The table form, used where the CPU has no instruction (and by the tests, to check the instruction against it).</summary>
    internal static uint UpdateTable(uint crc, ReadOnlySpan<byte> data)
    {
        uint[] table = s_table;
        foreach (byte b in data)
        {
            crc = table[(byte)(crc ^ b)] ^ (crc >> 8);
        }

        return crc;
    }

    private static uint UpdateX64(uint crc, ReadOnlySpan<byte> data)
    {
        ref byte start = ref MemoryMarshal.GetReference(data);
        int length = data.Length;
        int i = 0;
        ulong wide = crc;
        for (; i <= length - 8; i += 8)
        {
            wide = Sse42.X64.Crc32(wide, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, i)));
        }

        crc = (uint)wide;
        for (; i < length; i++)
        {
            crc = Sse42.Crc32(crc, Unsafe.Add(ref start, i));
        }

        return crc;
    }

    private static uint UpdateArm64(uint crc, ReadOnlySpan<byte> data)
    {
        ref byte start = ref MemoryMarshal.GetReference(data);
        int length = data.Length;
        int i = 0;
        for (; i <= length - 8; i += 8)
        {
            crc = Crc32.Arm64.ComputeCrc32C(crc, BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(i, 8)));
        }

        for (; i < length; i++)
        {
            crc = Crc32.ComputeCrc32C(crc, Unsafe.Add(ref start, i));
        }

        return crc;
    }

    private static uint[] BuildTable()
    {
        var table = new uint[256];
        for (uint n = 0; n < 256; n++)
        {
            uint c = n;
            for (int k = 0; k < 8; k++)
            {
                c = (c & 1) != 0 ? (c >> 1) ^ Polynomial : c >> 1;
            }

            table[n] = c;
        }

        return table;
    }
}
