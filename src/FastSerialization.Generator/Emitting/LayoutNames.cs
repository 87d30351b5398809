using System.Linq;

namespace FastSerialization.Generator;

/// <summary>
/// The members' names in wire order for <c>[BinaryLayout(..., MemberNames = ...)]</c>: what the shipped-layout analyzer
/// (FastSerialization.Analyzers, <c>ShippedLayoutAnalyzer</c>) reads beside the kinds, so that the layout file and its
/// messages name each member. The kinds themselves stay the one thing the IPC handshake compares.
/// </summary>
internal static class LayoutNames
{
    /// <summary>The names separated by ';', without the <c>@</c> of an escaped keyword.</summary>
    public static string Of(TypeModel model) =>
        string.Join(";", model.Members.Select(static m => m.Name.TrimStart('@')));
}
