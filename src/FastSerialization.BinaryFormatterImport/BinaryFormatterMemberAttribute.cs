using System;

namespace FastSerialization.BinaryFormatterImport;

/// <summary>
/// Declares that the field or property this attribute is on was called differently in the type that
/// BinaryFormatter wrote: a rename.
/// </summary>
/// <remarks>
/// The name is BinaryFormatter's member name: a field's name (<c>_total</c>), an auto-property's backing
/// field (<c>&lt;Total&gt;k__BackingField</c>; the property's name <c>Total</c> is accepted for it too), or
/// a base class's private field (<c>Base+_total</c>, or just <c>_total</c>). The member's own names keep
/// matching as well.
/// </remarks>
[AttributeUsage(AttributeTargets.Field | AttributeTargets.Property, AllowMultiple = true, Inherited = false)]
public sealed class BinaryFormatterMemberAttribute : Attribute
{
    /// <summary>Declares the old member's name.</summary>
    /// <param name="memberName">BinaryFormatter's name of the member in the old type.</param>
    public BinaryFormatterMemberAttribute(string memberName)
    {
        ArgumentNullException.ThrowIfNull(memberName);
        MemberName = memberName;
    }

    /// <summary>The old member's name as given.</summary>
    public string MemberName { get; }
}
