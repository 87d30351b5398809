using System;

namespace FastSerialization;

/// <summary>
/// Gives a member of a <see cref="BinarySerializableAttribute"/> type an explicit position on the wire,
/// and includes it even when it is not public.
/// </summary>
/// <remarks>
/// When one member of a type has an order, every serialized member must have one, and the orders must
/// run 0, 1, 2, ... with no duplicate and no gap. New members take the next order; an order is never
/// reused or changed.
/// </remarks>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = false)]
public sealed class BinaryMemberAttribute : Attribute
{
    /// <summary>Creates the attribute.</summary>
    /// <param name="order">The member's position on the wire, from 0.</param>
    public BinaryMemberAttribute(int order)
    {
        Order = order;
    }

    /// <summary>The member's position on the wire, from 0.</summary>
    public int Order { get; }
}
