using System;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// What the runtime knows of a fixed-layout struct (docs/FORMAT.md, section 3b), read once per type from the
/// <see cref="BinaryFixedLayoutAttribute"/> the generator put on it: its size on the wire, and whether a
/// block of them can be copied as bytes here (little-endian, and the memory layout equal to the wire layout:
/// checked against the size the runtime gives the struct too).
/// </summary>
internal static class FixedLayout<T>
    where T : unmanaged
{
    /// <summary>The size on the wire; 0 when <typeparamref name="T"/> is not a fixed-layout struct.</summary>
    public static readonly int Size;

    /// <summary>True when arrays of <typeparamref name="T"/> are copied as one block of bytes.</summary>
    public static readonly bool CopiesAsBlock;

    static FixedLayout()
    {
        if (Attribute.GetCustomAttribute(typeof(T), typeof(BinaryFixedLayoutAttribute), inherit: false) is BinaryFixedLayoutAttribute layout)
        {
            Size = layout.Size;
            CopiesAsBlock = layout.MemoryLayoutMatches && BitConverter.IsLittleEndian && Unsafe.SizeOf<T>() == layout.Size;
        }
    }

    /// <summary>The size on the wire, or an exception that says how to declare the type.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int RequireSize() => Size > 0 ? Size : ThrowNotFixed();

    private static int ThrowNotFixed() =>
        throw new NotSupportedException($"{typeof(T)} is not a fixed-layout struct: declare it partial with [BinarySerializable(FixedLayout = true)] (docs/FORMAT.md, section 3b).");
}
