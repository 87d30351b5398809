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
}
