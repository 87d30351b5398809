using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;

namespace FastSerialization;

/// <summary>
/// One entry of a <see cref="TypeRegistry"/>: a type id, the type it stands for, and the type's member
/// layout. Made by <see cref="CustomBinaryFormatter.Register{T}(int)"/>; the registry also keeps here how
/// an instance is made and how its payload is written and read.
/// </summary>
public abstract class TypeRegistration
{
    private IReadOnlyList<string>? _layout;
    private volatile bool _layoutKnown;

    private protected TypeRegistration(int id, Type type)
    {
        Id = id;
        Type = type;
        TypeName = RegistryEntry.TypeNameOf(type);
        SizeHint = 256;
    }

    /// <summary>The id on the wire: 1 to 2^31-1.</summary>
    public int Id { get; }

    /// <summary>The registered type.</summary>
    public Type Type { get; }

    /// <summary>The type's stable name, which the IPC handshake and file headers compare (<see cref="RegistryEntry"/>).</summary>
    public string TypeName { get; }

    /// <summary>
    /// The type's member kinds in wire order, as its <see cref="BinaryLayoutAttribute"/> gives them (the
    /// source generator writes one on every <see cref="BinarySerializableAttribute"/> type); null when the
    /// type declares none. The IPC handshake and file headers compare it with the other side's.
    /// </summary>
    public IReadOnlyList<string>? Layout
    {
        get
        {
            if (!_layoutKnown)
            {
                // Two threads may both read the attribute; they find the same layout.
                _layout = Attribute.GetCustomAttribute(Type, typeof(BinaryLayoutAttribute)) is BinaryLayoutAttribute attribute
                    ? new ReadOnlyCollection<string>(attribute.GetMembers())
                    : null;
                _layoutKnown = true;
            }

            return _layout;
        }
    }

    /// <summary>
    /// The size of the last record written for this type: the first buffer asked for the next one. Kept by the
    /// formatter that owns this registration (<c>CustomBinaryFormatter.KeepSizeHint</c>), never by the framing layer.
    /// Written without synchronization; any recent value is a fine hint.
    /// </summary>
    internal int SizeHint { get; set; }

    /// <summary>True when the type is reference-tracked (<see cref="BinaryReferenceTrackedAttribute"/>): a record of it is object 0 of its reference table.</summary>
    internal abstract bool IsTracked { get; }

    /// <summary>
    /// Set once a <see cref="CustomBinaryFormatter.DeepClone{T}"/> of this type met a value with no generated copier of its own
    /// (a hand-written nested type): later clones of it write and read at once rather than abandon a copy again.
    /// </summary>
    internal bool CopyFallsBack { get; set; }

    /// <summary>Creates an instance and reads its payload.</summary>
    internal abstract object ReadBoxed(ref FastBinaryReader reader);

    /// <summary>Creates an instance, enters it in the reader's reference table as object <paramref name="number"/>, and reads its payload.</summary>
    internal abstract object ReadBoxedTracked(ref FastBinaryReader reader, int number);

    /// <summary>
    /// Reads a record's payload into <paramref name="destination"/>, a variable of exactly the registered type
    /// seen as its first byte: a struct record is read without boxing, through a call that is not generic.
    /// </summary>
    internal abstract void ReadInto(ref FastBinaryReader reader, ref byte destination);

    /// <summary>
    /// Writes <paramref name="value"/>, a variable of exactly the registered type seen as its first byte: a
    /// struct is written through its own <c>WriteDataTo</c> without boxing, with no reflection.
    /// </summary>
    internal abstract void WriteFrom(ref byte value, ref FastBinaryWriter writer);

    /// <summary>Writes the payload of <paramref name="value"/>, which is of <see cref="Type"/>.</summary>
    internal abstract void WriteBoxed(object value, ref FastBinaryWriter writer);

    /// <summary>The value read, as the caller's type; throws naming both types when it is not one.</summary>
    internal static T CastRecord<T>(object value)
    {
        if (value is T typed)
        {
            return typed;
        }

        // The message is built out of line: inlined into Deserialize<T>'s caller, its string handler took a frame of
        // its own there, zeroed on every record.
        ThrowHelper.ThrowRecordOfOtherType(value.GetType(), typeof(T));
        return default!;
    }
}
