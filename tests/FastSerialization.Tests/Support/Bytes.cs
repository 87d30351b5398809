using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace FastSerialization.Tests.Support;

public delegate void WriteAction(ref FastBinaryWriter writer);

public delegate T ReadFunc<out T>(ref FastBinaryReader reader);

/// <summary>Builds expected byte vectors by hand (with BinaryPrimitives, never the library's writer) and runs the library's writer and reader.</summary>
public static class Bytes
{
    /// <summary>What the library's writer produces for <paramref name="write"/>.</summary>
    public static byte[] Written(WriteAction write)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(output);
        write(ref writer);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    /// <summary>Reads <paramref name="data"/> with the library's reader and checks that all of it was consumed.</summary>
    public static T Read<T>(byte[] data, ReadFunc<T> read)
    {
        var reader = new FastBinaryReader(data);
        T value = read(ref reader);
        if (reader.HasRemaining)
        {
            throw new InvalidOperationException($"{reader.Remaining} byte(s) left unread");
        }

        return value;
    }

    public static byte[] Concat(params byte[][] parts)
    {
        var all = new List<byte>();
        foreach (byte[] part in parts)
        {
            all.AddRange(part);
        }

        return all.ToArray();
    }

    public static byte[] U16(ushort v)
    {
        var b = new byte[2];
        BinaryPrimitives.WriteUInt16LittleEndian(b, v);
        return b;
    }

    public static byte[] I32(int v)
    {
        var b = new byte[4];
        BinaryPrimitives.WriteInt32LittleEndian(b, v);
        return b;
    }

    public static byte[] U32(uint v)
    {
        var b = new byte[4];
        BinaryPrimitives.WriteUInt32LittleEndian(b, v);
        return b;
    }

    public static byte[] I64(long v)
    {
        var b = new byte[8];
        BinaryPrimitives.WriteInt64LittleEndian(b, v);
        return b;
    }

    public static byte[] U64(ulong v)
    {
        var b = new byte[8];
        BinaryPrimitives.WriteUInt64LittleEndian(b, v);
        return b;
    }

    /// <summary>Unsigned LEB128, written out longhand.</summary>
    public static byte[] VarUInt(ulong v)
    {
        var result = new List<byte>();
        do
        {
            byte group = (byte)(v & 0x7F);
            v >>= 7;
            result.Add(v != 0 ? (byte)(group | 0x80) : group);
        }
        while (v != 0);
        return result.ToArray();
    }

    /// <summary>A whole record: u32 length, varuint type id, payload.</summary>
    public static byte[] Record(uint typeId, byte[] payload)
    {
        byte[] id = VarUInt(typeId);
        return Concat(U32((uint)(id.Length + payload.Length)), id, payload);
    }

    /// <summary>A string as the wire format writes it: N = byte count + 1, then UTF-8.</summary>
    public static byte[] Str(string? s)
    {
        if (s is null)
        {
            return new byte[] { 0 };
        }

        byte[] utf8 = System.Text.Encoding.UTF8.GetBytes(s);
        return Concat(VarUInt((ulong)utf8.Length + 1), utf8);
    }
}
