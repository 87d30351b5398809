using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace FastSerialization.Files.Internal;

/// <summary>What every record of one fixed-layout type looks like: its header bytes and its stride.</summary>
internal sealed class FixedShape
{
    private FixedShape(int typeId, uint headerLength, byte[] idBytes, int payloadSize)
    {
        TypeId = typeId;
        HeaderLength = headerLength;
        IdBytes = idBytes;
        PayloadOffset = RecordFrame.LengthPrefixSize + idBytes.Length;
        Stride = PayloadOffset + payloadSize;
    }

    public int TypeId { get; }

    public uint HeaderLength { get; }

    public byte[] IdBytes { get; }

    public int PayloadOffset { get; }

    public int Stride { get; }

    public static FixedShape Of<T>(CustomBinaryFormatter formatter)
        where T : unmanaged, ICustomBinarySerializable
    {
        if (Attribute.GetCustomAttribute(typeof(T), typeof(BinaryFixedLayoutAttribute), inherit: false) is not BinaryFixedLayoutAttribute layout)
        {
            throw new NotSupportedException($"{typeof(T)} is not a fixed-layout struct: declare it partial with [BinarySerializable(FixedLayout = true)].");
        }

        if (!layout.MemoryLayoutMatches || !BitConverter.IsLittleEndian || Unsafe.SizeOf<T>() != layout.Size)
        {
            throw new PlatformNotSupportedException($"Records of {typeof(T)} cannot be viewed in place here: its memory layout differs from its wire layout, or the machine is big-endian. Read them one at a time (RecordFileReader.ReadRecord, or the formatter).");
        }

        if (!formatter.TryGetTypeId(typeof(T), out int typeId))
        {
            throw new NotSupportedException($"{typeof(T)} is not registered with the formatter.");
        }

        // The header every such record has: u32 length (type id and payload), then the type id as a varuint32.
        byte[] header = new byte[RecordFrame.MaxHeaderSize];
        int size = RecordFrame.WriteHeader(header, typeId, layout.Size);
        byte[] idBytes = header.AsSpan(RecordFrame.LengthPrefixSize, size - RecordFrame.LengthPrefixSize).ToArray();
        return new FixedShape(typeId, BinaryPrimitives.ReadUInt32LittleEndian(header), idBytes, layout.Size);
    }

    /// <summary>
    /// The <paramref name="count"/> records of a block's <paramref name="body"/> as views of <typeparamref name="T"/>, once
    /// every one of them is seen to have this shape's header and the records fill the body exactly.
    /// </summary>
    /// <exception cref="FastSerializationException">A record of the block is not a <typeparamref name="T"/>.</exception>
    public FixedRecordBlock<T> View<T>(ReadOnlySpan<byte> body, int count, long firstRecord, string path, int blockIndex)
        where T : unmanaged
    {
        if ((long)count * Stride != body.Length || !AllMatch(body, count))
        {
            throw new FastSerializationException($"Block {blockIndex} of '{path}' holds records that are not all {typeof(T)} (type id {TypeId}, {Stride} bytes each).");
        }

        return new FixedRecordBlock<T>(body, count, Stride, PayloadOffset, firstRecord);
    }

    /// <summary>True when each of the <paramref name="count"/> records in <paramref name="body"/> has this shape's header.</summary>
    public bool AllMatch(ReadOnlySpan<byte> body, int count)
    {
        uint length = HeaderLength;
        int stride = Stride;
        if (IdBytes.Length == 1)
        {
            byte id = IdBytes[0];
            for (int i = 0, at = 0; i < count; i++, at += stride)
            {
                if (BinaryPrimitives.ReadUInt32LittleEndian(body.Slice(at)) != length || body[at + 4] != id)
                {
                    return false;
                }
            }

            return true;
        }

        for (int i = 0, at = 0; i < count; i++, at += stride)
        {
            if (BinaryPrimitives.ReadUInt32LittleEndian(body.Slice(at)) != length || !body.Slice(at + 4, IdBytes.Length).SequenceEqual(IdBytes))
            {
                return false;
            }
        }

        return true;
    }
}
