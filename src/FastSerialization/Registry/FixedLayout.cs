using System;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// What the runtime knows of a fixed-layout struct (docs/FORMAT.md, sections 3b and 3c), read once per type from the
/// <see cref="BinaryFixedLayoutAttribute"/> the generator put on it: its size on the wire, whether a block of them
/// can be copied as bytes here (little-endian, and the memory layout equal to the wire layout: checked against the
/// size the runtime gives the struct too), and, for an evolvable one, where its members end.
/// </summary>
internal static class FixedLayout<T>
    where T : unmanaged
{
    /// <summary>The size on the wire; 0 when <typeparamref name="T"/> is not a fixed-layout struct.</summary>
    public static readonly int Size;

    /// <summary>True when arrays of <typeparamref name="T"/> are copied as one block of bytes.</summary>
    public static readonly bool CopiesAsBlock;

    /// <summary>True for an evolvable fixed-layout struct (section 3c): sequences carry the element size, single values their size.</summary>
    public static readonly bool Evolvable;

    /// <summary>For an evolvable struct, the wire offsets where its members end, ascending (the last is <see cref="Size"/>).</summary>
    private static readonly int[] MemberEnds = Array.Empty<int>();

    static FixedLayout()
    {
        if (Attribute.GetCustomAttribute(typeof(T), typeof(BinaryFixedLayoutAttribute), inherit: false) is BinaryFixedLayoutAttribute layout)
        {
            Size = layout.Size;
            CopiesAsBlock = layout.MemoryLayoutMatches && BitConverter.IsLittleEndian && Unsafe.SizeOf<T>() == layout.Size;
            Evolvable = layout.Evolvable;
            if (layout.Evolvable)
            {
                MemberEnds = ValidEnds(layout.MemberEnds, layout.Size);
            }
        }
    }

    /// <summary>The size on the wire, or an exception that says how to declare the type.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int RequireSize() => Size > 0 ? Size : ThrowNotFixed();

    /// <summary>True when an element of <paramref name="width"/> bytes, fewer than <see cref="Size"/>, ends where one of this version's members ends.</summary>
    public static bool EndsAMember(int width) => Array.BinarySearch(MemberEnds, width) >= 0;

    /// <summary>The member ends as a message lists them ("8, 16, 20").</summary>
    public static string DescribeEnds() => string.Join(", ", MemberEnds);

    /// <summary>The ends the attribute gives, when they ascend from above 0 to the size; otherwise the size alone (no older version is accepted).</summary>
    private static int[] ValidEnds(int[]? ends, int size)
    {
        if (ends is null || ends.Length == 0 || ends[ends.Length - 1] != size || ends[0] <= 0)
        {
            return new[] { size };
        }

        for (int i = 1; i < ends.Length; i++)
        {
            if (ends[i] <= ends[i - 1])
            {
                return new[] { size };
            }
        }

        return (int[])ends.Clone();
    }

    private static int ThrowNotFixed() =>
        throw new NotSupportedException($"{typeof(T)} is not a fixed-layout struct: declare it partial with [BinarySerializable(FixedLayout = true)] (docs/FORMAT.md, section 3b).");
}
