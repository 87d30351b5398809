using System;

namespace FastSerialization;

/// <summary>
/// Marks a <c>partial</c> class, struct, record or record struct whose
/// <see cref="ICustomBinarySerializable"/> implementation the FastSerialization source generator writes:
/// its serializable members, in declaration order or in the order given by
/// <see cref="BinaryMemberAttribute"/>, written and read with the wire format's encodings.
/// </summary>
/// <remarks>
/// Public instance fields and properties are members, as are non-public ones marked with
/// <see cref="BinaryMemberAttribute"/>; <see cref="BinaryIgnoreAttribute"/> leaves one out. A
/// <c>WriteDataTo</c> or <c>SetDataFrom</c> the type declares itself is kept and not generated.
/// Generated readers are tolerant: members past the end of the data keep their defaults and bytes
/// after the last known member are skipped, so members may be appended in later versions.
/// </remarks>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = false, Inherited = false)]
public sealed class BinarySerializableAttribute : Attribute
{
    /// <summary>
    /// For a struct of fixed-width members only (numbers, <see cref="bool"/>, <see cref="char"/>,
    /// <see cref="decimal"/>, <see cref="DateTime"/>, <see cref="TimeSpan"/>, <see cref="Guid"/>, enums, and
    /// other fixed-layout structs): its members are written at their fixed widths with no frame, so it has
    /// one size, and arrays and lists of it are one header and a block of bytes that is copied at once on
    /// little-endian machines (docs/FORMAT.md, section 3b). Such a type cannot evolve: members cannot be
    /// appended later, unless it is also <see cref="Evolvable"/>. Default false.
    /// </summary>
    public bool FixedLayout { get; set; }

    /// <summary>
    /// With <see cref="FixedLayout"/>: lets the struct evolve by appending members (docs/FORMAT.md, section 3c). A sequence
    /// of it carries the writer's element size once (one more varint per sequence), a single value carries its size; a
    /// reader of the same version copies blocks as with <see cref="FixedLayout"/> alone, a reader of an older or newer
    /// version copies each element's common prefix and leaves the members it lacks at their defaults. Members are only
    /// ever appended: never reordered, removed or changed. Changing this changes the wire format and the type's layout,
    /// which the IPC handshake and file headers compare. Default false.
    /// </summary>
    public bool Evolvable { get; set; }

    /// <summary>
    /// For a class: makes it reference-tracked (docs/FORMAT.md section 3d). Every member, element, key or value whose
    /// declared type is this type is then written as a reference: within one record, an object reached twice is written
    /// once and read back as one instance, and members may point back to an object still being read (parents and
    /// children, cycles). A record of this type is itself object 0 of its record's table. The generator puts
    /// <see cref="BinaryReferenceTrackedAttribute"/> on the type. Only objects of tracked types carry identity; strings,
    /// arrays and collections stay values. Changing this changes the type's layout (its tracked members are named
    /// <c>Ref:</c>), which the IPC handshake and file headers compare. Default false.
    /// </summary>
    public bool TrackReferences { get; set; }
}
