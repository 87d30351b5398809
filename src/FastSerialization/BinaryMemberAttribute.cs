using System;

namespace FastSerialization;

/// <summary>
/// Settings of one member of a <see cref="BinarySerializableAttribute"/> type: an explicit position on the
/// wire (which also includes a member that is not public), and the encoding of its integers.
/// </summary>
/// <remarks>
/// When one member of a type has an order, every serialized member must have one, and the orders must
/// run 0, 1, 2, ... with no duplicate and no gap. New members take the next order; an order is never
/// reused or changed. <c>[BinaryMember]</c> without an order keeps the declaration order.
/// </remarks>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = false)]
public sealed class BinaryMemberAttribute : Attribute
{
    /// <summary>Marks a member without giving it an order (to include a non-public member, or to set <see cref="FixedWidth"/>).</summary>
    public BinaryMemberAttribute()
    {
        Order = -1;
    }

    /// <summary>Creates the attribute.</summary>
    /// <param name="order">The member's position on the wire, from 0.</param>
    public BinaryMemberAttribute(int order)
    {
        Order = order;
    }

    /// <summary>The member's position on the wire, from 0; -1 when the attribute gives none.</summary>
    public int Order { get; }

    /// <summary>
    /// When true, the member's integers and decimals keep the fixed widths of docs/FORMAT.md section 2 instead
    /// of the compact forms that generated code uses by default (section 3a): for values that are always large,
    /// such as timestamps in ticks, where a varint would take 9 or 10 bytes instead of 8. It applies to an
    /// integer, enum, decimal, DateOnly, Int128 or UInt128 member, the value of a nullable one, and the keys and values
    /// of a dictionary.
    /// </summary>
    public bool FixedWidth { get; set; }

    /// <summary>
    /// When true, the member's nested objects of class or interface types (the value itself, or the elements, keys and
    /// values of a collection) are written as references (docs/FORMAT.md section 3d), though their type is not
    /// reference-tracked: objects reached through this member keep their identity within one record. The member's
    /// layout is named <c>Ref:</c>, which the IPC handshake and file headers compare.
    /// </summary>
    public bool TrackReference { get; set; }
}
