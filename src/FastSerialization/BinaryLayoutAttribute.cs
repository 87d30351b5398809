using System;

namespace FastSerialization;

/// <summary>
/// Describes a type's payload as a list of member kinds in wire order, so that two processes can
/// check before they exchange records that they agree on it (the IPC handshake compares layouts:
/// one being a prefix of the other is compatible, members having been appended). The source
/// generator puts it on every <see cref="BinarySerializableAttribute"/> type; a hand-written type may
/// declare its own.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = false, Inherited = false)]
public sealed class BinaryLayoutAttribute : Attribute
{
    /// <summary>Creates the attribute.</summary>
    /// <param name="layout">The member kinds in wire order, separated by ';' (for example <c>String;String;Int32</c>).</param>
    public BinaryLayoutAttribute(string layout)
    {
        ArgumentNullException.ThrowIfNull(layout);
        Layout = layout;
    }

    /// <summary>The member kinds in wire order, separated by ';'.</summary>
    public string Layout { get; }

    /// <summary>
    /// The members' names in wire order, separated by ';' (one per kind of <see cref="Layout"/>, a fixed-layout
    /// struct's leading size entry excepted); null when not given. The source generator writes them, so that the
    /// analyzer that checks a project's shipped wire layout (BinaryLayout.Shipped.txt, docs/ANALYZERS.md) can name
    /// the member that changed. Not part of what the IPC handshake and file headers compare.
    /// </summary>
    public string? MemberNames { get; set; }

    /// <summary>The member kinds in wire order.</summary>
    /// <returns>One entry per member; none for an empty layout.</returns>
    public string[] GetMembers() => Layout.Length == 0 ? Array.Empty<string>() : Layout.Split(';');
}
