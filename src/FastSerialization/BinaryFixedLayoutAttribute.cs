using System;
using System.ComponentModel;

namespace FastSerialization;

/// <summary>
/// Put by the source generator on a struct declared with <c>[BinarySerializable(FixedLayout = true)]</c>:
/// its size on the wire, and whether its memory layout equals its wire layout (then arrays of it are copied
/// as one block on little-endian machines). Not meant to be written by hand.
/// </summary>
[AttributeUsage(AttributeTargets.Struct, AllowMultiple = false, Inherited = false)]
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class BinaryFixedLayoutAttribute : Attribute
{
    /// <summary>Creates the attribute.</summary>
    /// <param name="size">The struct's size on the wire, in bytes.</param>
    /// <param name="memoryLayoutMatches">True when its fields lie in memory exactly as on the wire (no padding, no member whose memory form differs).</param>
    public BinaryFixedLayoutAttribute(int size, bool memoryLayoutMatches)
    {
        Size = size > 0 ? size : throw new ArgumentOutOfRangeException(nameof(size), size, "A fixed-layout struct takes at least one byte.");
        MemoryLayoutMatches = memoryLayoutMatches;
    }

    /// <summary>The struct's size on the wire, in bytes.</summary>
    public int Size { get; }

    /// <summary>True when its fields lie in memory exactly as on the wire.</summary>
    public bool MemoryLayoutMatches { get; }

    /// <summary>
    /// True for an evolvable fixed-layout struct (docs/FORMAT.md section 3c): sequences of it carry the writer's element
    /// size once, a single value carries its size, and members may be appended in later versions.
    /// </summary>
    public bool Evolvable { get; set; }

    /// <summary>
    /// For an evolvable struct: the offset on the wire where each of its members ends, in order (the last is
    /// <see cref="Size"/>). An older writer's element size must be one of them.
    /// </summary>
    public int[]? MemberEnds { get; set; }
}
