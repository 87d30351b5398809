using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace FastSerialization;

/// <summary>
/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78, initial value and final XOR 0xFFFFFFFF), the
/// checksum of record-file headers and blocks (docs/FORMAT.md section 9) and of cache entries. One source, compiled
/// into each package that needs it (linked by its project file), as an internal type of that package. The CPU's instruction where it
/// has one (SSE4.2 on x86, the CRC32 extension on Arm), a table otherwise; the results are the same.
/// </summary>
internal static class Crc32C
{
    private const uint Polynomial = 0x82F63B78u;

    /// <summary>The bytes of each of the three lanes of the x64 loop.</summary>
    private const int LaneBytes = 1024;

    private static readonly uint[] s_table = BuildTable();
    private static readonly Lazy<uint[]> s_laneShift = new(BuildLaneShift);

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

        // Three independent streams over three adjacent lanes: the instruction's latency is longer than its issue
        // interval, so the streams overlap (measured here: about 11 GB/s against 6.5 to 9 for one stream, on a loaded
        // machine). The lanes' CRCs are joined by shifting the earlier ones over the later lanes' length (a linear map
        // on the register, precomputed as byte tables).
        if (length >= 3 * LaneBytes)
        {
            uint[] shift = s_laneShift.Value;
            for (; i <= length - (3 * LaneBytes); i += 3 * LaneBytes)
            {
                ulong c0 = wide, c1 = 0, c2 = 0;
                ref byte lane = ref Unsafe.Add(ref start, i);
                for (int j = 0; j < LaneBytes; j += 8)
                {
                    c0 = Sse42.X64.Crc32(c0, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref lane, j)));
                    c1 = Sse42.X64.Crc32(c1, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref lane, j + LaneBytes)));
                    c2 = Sse42.X64.Crc32(c2, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref lane, j + (2 * LaneBytes))));
                }

                wide = Shift(shift, Shift(shift, (uint)c0) ^ (uint)c1) ^ (uint)c2;
            }
        }

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

    /// <summary>The register <paramref name="crc"/> carried over <see cref="LaneBytes"/> zero bytes, through four byte tables.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Shift(uint[] table, uint crc) =>
        table[(byte)crc] ^ table[256 + (byte)(crc >> 8)] ^ table[512 + (byte)(crc >> 16)] ^ table[768 + (crc >> 24)];

    /// <summary>
    /// The tables of <see cref="Shift"/>: carrying a register over zero bytes is linear in the register, so the image of
    /// each of its 32 bits is computed once (with the table form), and each table entry is the XOR of its bits' images.
    /// </summary>
    private static uint[] BuildLaneShift()
    {
        Span<uint> bitImages = stackalloc uint[32];
        byte[] zeros = new byte[LaneBytes];
        for (int bit = 0; bit < 32; bit++)
        {
            bitImages[bit] = UpdateTable(1u << bit, zeros);
        }

        var table = new uint[4 * 256];
        for (int part = 0; part < 4; part++)
        {
            for (int value = 0; value < 256; value++)
            {
                uint image = 0;
                for (int b = 0; b < 8; b++)
                {
                    if ((value & (1 << b)) != 0)
                    {
                        image ^= bitImages[(part * 8) + b];
                    }
                }

                table[(part * 256) + value] = image;
            }
        }

        return table;
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
