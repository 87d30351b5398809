using System;
using System.Runtime.CompilerServices;

namespace FastSerialization.Files.Internal;

/// <summary>
/// What every record of one fixed-layout type looks like: its type id, payload size and stride. The header bytes
/// themselves are the core's: <see cref="RecordFrame.WriteHeader"/> gives their size, and
/// <see cref="RecordFrame.IsFixedRun"/> checks a block's records against them (<see cref="BlockVerifier.ViewFixed{T}"/>).
/// </summary>
internal sealed class FixedShape
{
    private FixedShape(int typeId, int headerSize, int payloadSize, bool evolvable)
    {
        TypeId = typeId;
        Evolvable = evolvable;
        PayloadSize = payloadSize;
        PayloadOffset = headerSize;
        Stride = headerSize + payloadSize;
    }

    public int TypeId { get; }

    /// <summary>True for an evolvable struct (docs/FORMAT.md section 3c): another version's records have another size, and are not viewed.</summary>
    public bool Evolvable { get; }

    /// <summary>The bytes of each record after its type id: the struct's wire size.</summary>
    public int PayloadSize { get; }

    /// <summary>Where a record's payload starts: after the length prefix and the type id.</summary>
    public int PayloadOffset { get; }

    /// <summary>The size of each whole record.</summary>
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

        Span<byte> header = stackalloc byte[RecordFrame.MaxHeaderSize];
        return new FixedShape(typeId, RecordFrame.WriteHeader(header, typeId, layout.Size), layout.Size, layout.Evolvable);
    }
}
