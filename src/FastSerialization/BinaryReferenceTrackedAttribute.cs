using System;

namespace FastSerialization;

/// <summary>
/// Declares a type reference-tracked (docs/FORMAT.md section 8): within one record, an object of it reached twice is
/// written once and read back as one instance, and a member may point back to an object still being read (a cycle).
/// The source generator puts it on a <see cref="BinarySerializableAttribute"/> type whose
/// <see cref="BinarySerializableAttribute.TrackReferences"/> is set; a hand-written type declares it itself and writes
/// and reads its tracked members with <see cref="FastBinaryWriter.WriteTrackedObject{T}"/> and
/// <see cref="FastBinaryReader.ReadTrackedObject{T}"/>.
/// </summary>
/// <remarks>
/// What the attribute decides at run time: a record whose object is of such a type (or of a class derived from one)
/// is itself object 0 of the record's reference table, so members that point back to it write a reference. Whether a
/// member is written as a reference is decided by the code that writes and reads it, never by the bytes.
/// </remarks>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Interface, AllowMultiple = false, Inherited = true)]
public sealed class BinaryReferenceTrackedAttribute : Attribute
{
}
