using System;

namespace FastSerialization;

/// <summary>
/// Names the comparer a sorted or hashed collection member is rebuilt with when it is read: a static field or
/// property of <see cref="DeclaringType"/> named <see cref="MemberName"/>, of a type that implements
/// <c>IComparer&lt;T&gt;</c> (sorted collections, and the priorities of a <c>PriorityQueue</c>) or
/// <c>IEqualityComparer&lt;T&gt;</c> (hashed ones) of the collection's element or key type <c>T</c>.
/// </summary>
/// <remarks>
/// <para>
/// Comparers are code, not data, so they are not written: without this attribute a member is rebuilt with the
/// default comparer (hashed collections with <see cref="KeyComparers.ForUntrustedKeys{T}"/>, whose equality is the
/// default one). Give it to every member whose collection was built with a comparer of its own, for example
/// <c>StringComparer.OrdinalIgnoreCase</c>: a set read back with another comparer would sort or match its elements
/// differently. The generator refuses (FSG002) a member that is not of such a collection type, a member it cannot
/// find, and one of the wrong type.
/// </para>
/// <para>It applies to the member's own collection, not to collections nested inside it.</para>
/// </remarks>
/// <example>
/// <code>
/// [BinaryComparer(typeof(StringComparer), nameof(StringComparer.OrdinalIgnoreCase))]
/// public SortedSet&lt;string&gt; Tags { get; set; } = new(StringComparer.OrdinalIgnoreCase);
/// </code>
/// </example>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = false)]
public sealed class BinaryComparerAttribute : Attribute
{
    /// <summary>Creates the attribute.</summary>
    /// <param name="declaringType">The type that declares the comparer.</param>
    /// <param name="memberName">The name of the static field or property that holds it (use <c>nameof</c>).</param>
    public BinaryComparerAttribute(Type declaringType, string memberName)
    {
        DeclaringType = declaringType;
        MemberName = memberName;
    }

    /// <summary>The type that declares the comparer.</summary>
    public Type DeclaringType { get; }

    /// <summary>The name of the static field or property of <see cref="DeclaringType"/> that holds the comparer.</summary>
    public string MemberName { get; }
}
