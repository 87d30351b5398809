using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Reflection;
using System.Text;
using FastSerialization.Files.Internal;
using FastSerialization.Files.TestChild;

namespace FastSerialization.Files.Tests;

/// <summary>Record-file bytes built by hand with BinaryPrimitives, as docs/FORMAT.md section 9 describes them (not with the library's writer).</summary>
internal static class HandBuilt
{
    public static string[] LayoutOf(Type type) => type.GetCustomAttribute<BinaryLayoutAttribute>()!.GetMembers();

    /// <summary>The registry entries of <see cref="Records.NewFormatter"/>: Trade as 1, Note as 2.</summary>
    public static List<(int Id, string Name, string[]? Layout)> Entries() => new()
    {
        (1, "FastSerialization.Files.TestChild.Trade", LayoutOf(typeof(Trade))),
        (2, "FastSerialization.Files.TestChild.Note", LayoutOf(typeof(Note))),
    };

    /// <summary>
    /// A file header. With the default <paramref name="flags"/> 0 it is the layout of the files written before blocks were
    /// tied to their file (their checksums start from nothing); flags 1 ties them (<see cref="Block"/> with the file id).
    /// </summary>
    public static byte[] Header(ReadOnlySpan<byte> fileId, IEnumerable<(int Id, string Name, string[]? Layout)> entries, ushort version = 1, uint recordVersion = 1, ushort flags = 0)
    {
        var body = new List<byte>();
        VarUInt(body, recordVersion);
        var list = new List<(int Id, string Name, string[]? Layout)>(entries);
        VarUInt(body, (uint)list.Count + 1);
        foreach ((int id, string name, string[]? layout) in list)
        {
            VarUInt(body, (uint)id);
            String(body, name);
            if (layout is null)
            {
                body.Add(0);
            }
            else
            {
                VarUInt(body, (uint)layout.Length + 1);
                foreach (string kind in layout)
                {
                    String(body, kind);
                }
            }
        }

        byte[] header = new byte[28 + body.Count + 4];
        BinaryPrimitives.WriteUInt32LittleEndian(header, 0x46525346); // "FSRF"
        BinaryPrimitives.WriteUInt16LittleEndian(header.AsSpan(4), version);
        BinaryPrimitives.WriteUInt16LittleEndian(header.AsSpan(6), flags);
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(8), (uint)header.Length);
        fileId.CopyTo(header.AsSpan(12));
        body.CopyTo(header, 28);
        FixCrc(header);
        return header;
    }

    /// <summary>Recomputes the CRC in the last 4 bytes of a file header.</summary>
    public static void FixCrc(byte[] header) =>
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(header.Length - 4), Crc32C.Compute(header.AsSpan(0, header.Length - 4)));

    /// <summary>
    /// A block: 32-byte header (CRC over its first 28 bytes and the body), then the body as stored. With
    /// <paramref name="tiedTo"/> (a file id), the CRC starts from that id, as in a file whose header flags are 1; without
    /// it, as in a file of the earlier layout (flags 0).
    /// </summary>
    public static byte[] Block(ReadOnlySpan<byte> body, uint recordCount, long firstRecord, byte compression = 0, uint? uncompressed = null, uint? storedClaim = null, byte[]? tiedTo = null)
    {
        byte[] block = new byte[32 + body.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(block, 0x4B425346); // "FSBK"
        BinaryPrimitives.WriteUInt32LittleEndian(block.AsSpan(4), storedClaim ?? (uint)body.Length);
        BinaryPrimitives.WriteUInt32LittleEndian(block.AsSpan(8), recordCount);
        block[12] = compression;
        BinaryPrimitives.WriteInt64LittleEndian(block.AsSpan(16), firstRecord);
        BinaryPrimitives.WriteUInt32LittleEndian(block.AsSpan(24), uncompressed ?? (uint)body.Length);
        body.CopyTo(block.AsSpan(32));
        BinaryPrimitives.WriteUInt32LittleEndian(block.AsSpan(28), Checksum(block, tiedTo));
        return block;
    }

    /// <summary>The CRC of a block (header bytes 0 to 28, then the body), started from <paramref name="tiedTo"/> when given.</summary>
    public static uint Checksum(ReadOnlySpan<byte> block, byte[]? tiedTo)
    {
        uint crc = tiedTo is null ? 0xFFFFFFFFu : Crc32C.UpdateTable(0xFFFFFFFFu, tiedTo);
        return ~Crc32C.UpdateTable(Crc32C.UpdateTable(crc, block.Slice(0, 28)), block.Slice(32));
    }

    /// <summary>
    /// Rewrites the record file at <paramref name="path"/> in the layout of the files written before blocks were tied to
    /// their file: header flags 0 (header CRC fixed), and every block's CRC started from nothing.
    /// </summary>
    public static void ToEarlierLayout(string path)
    {
        byte[] bytes = System.IO.File.ReadAllBytes(path);
        int headerLength = (int)BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(8));
        BinaryPrimitives.WriteUInt16LittleEndian(bytes.AsSpan(6), 0);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(headerLength - 4), Crc32C.Compute(bytes.AsSpan(0, headerLength - 4)));
        int offset = headerLength;
        while (offset + 32 <= bytes.Length)
        {
            int end = offset + 32 + (int)BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(offset + 4));
            BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(offset + 28), Checksum(bytes.AsSpan(offset, end - offset), null));
            offset = end;
        }

        System.IO.File.WriteAllBytes(path, bytes);
    }

    /// <summary>The file id of the record file at <paramref name="path"/> (its header's bytes 12 to 28).</summary>
    public static byte[] FileIdOf(string path)
    {
        byte[] id = new byte[16];
        using var stream = new System.IO.FileStream(path, System.IO.FileMode.Open, System.IO.FileAccess.Read, System.IO.FileShare.ReadWrite);
        stream.Position = 12;
        stream.ReadExactly(id);
        return id;
    }

    /// <summary>The record of a Trade (type id 1): u32 length 33, id 01, then the five members little-endian.</summary>
    public static byte[] TradeRecord(Trade t)
    {
        byte[] record = new byte[37];
        BinaryPrimitives.WriteUInt32LittleEndian(record, 33);
        record[4] = 1;
        BinaryPrimitives.WriteInt64LittleEndian(record.AsSpan(5), t.Number);
        BinaryPrimitives.WriteDoubleLittleEndian(record.AsSpan(13), t.Price);
        BinaryPrimitives.WriteInt64LittleEndian(record.AsSpan(21), t.Quantity);
        BinaryPrimitives.WriteInt32LittleEndian(record.AsSpan(29), t.Symbol);
        BinaryPrimitives.WriteInt32LittleEndian(record.AsSpan(33), t.Flags);
        return record;
    }

    private static void VarUInt(List<byte> bytes, uint value)
    {
        while (value >= 0x80)
        {
            bytes.Add((byte)(value | 0x80));
            value >>= 7;
        }

        bytes.Add((byte)value);
    }

    private static void String(List<byte> bytes, string value)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(value);
        VarUInt(bytes, (uint)utf8.Length + 1);
        bytes.AddRange(utf8);
    }
}
