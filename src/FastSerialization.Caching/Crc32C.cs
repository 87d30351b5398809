using System;
using System.Buffers.Binary;
using System.Runtime.Intrinsics.X86;

namespace FastSerialization.Caching;

/// <summary>CRC-32C (Castagnoli, reflected polynomial 0x82F63B78): SSE4.2's instruction where there is one, a table otherwise.</summary>
internal static class Crc32C
{
    private static readonly uint[] s_table = BuildTable();

    public static uint Compute(ReadOnlySpan<byte> data)
    {
        uint crc = 0xFFFFFFFFu;
        if (Sse42.X64.IsSupported)
        {
            while (data.Length >= 8)
            {
                crc = (uint)Sse42.X64.Crc32(crc, BinaryPrimitives.ReadUInt64LittleEndian(data));
                data = data.Slice(8);
            }
        }

        if (Sse42.IsSupported)
        {
            foreach (byte b in data)
            {
                crc = Sse42.Crc32(crc, b);
            }
        }
        else
        {
            foreach (byte b in data)
            {
                crc = s_table[(crc ^ b) & 0xFF] ^ (crc >> 8);
            }
        }

        return ~crc;
    }

    private static uint[] BuildTable()
    {
        var table = new uint[256];
        for (uint i = 0; i < 256; i++)
        {
            uint c = i;
            for (int k = 0; k < 8; k++)
            {
                c = (c & 1) != 0 ? 0x82F63B78u ^ (c >> 1) : c >> 1;
            }

            table[i] = c;
        }

        return table;
    }
}
