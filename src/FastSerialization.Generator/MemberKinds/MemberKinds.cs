using System.Linq;

namespace FastSerialization.Generator;

/// <summary>
/// Every member kind, in the order the parser tries them: the first whose <see cref="MemberKind.TryParse"/>
/// claims a type describes it. A new kind is a new <see cref="MemberKind"/> file and one line here.
/// </summary>
internal static class MemberKinds
{
    /// <summary>
    /// The kinds, most specific first; a nested object after the others, since any type may implement the interface; last, the
    /// collections no kind supports, for the FSG002 message that names the nearest supported type.
    /// </summary>
    public static readonly MemberKind[] All =
    {
        PrimitiveKind.Instance,
        EnumKind.Instance,
        NullableKind.Instance,
        TupleKind.Any,
        BuiltCollections.Any,
        MultiDimensionalArrayKind.Instance,
        BitArrayKind.Instance,
        LookupKind.Instance,
        FixedSequenceKind.Instance,
        ByteArrayKind.Instance,
        ReadOnlyMemoryOfByteKind.Instance,
        MemoryOfByteKind.Instance,
        PrimitiveArrayKind.Instance,
        ArrayKind.Instance,
        ListKind.Instance,
        HashSetKind.Instance,
        DictionaryKind.Instance,
        FixedStructKind.Instance,
        ObjectKind.Instance,
        UnsupportedCollectionKind.Instance,
    };

    /// <summary>The FSG002 reason for a type no kind claims: what the kinds accept, in their order.</summary>
    public static readonly string NoKindReason = Describe();

    private static string Describe()
    {
        string[] accepted = All.Select(kind => kind.Accepts).Where(text => text is not null).Select(text => text!).ToArray();
        return "it is not a supported " + string.Join(", ", accepted.Take(accepted.Length - 1)) + ", nor an " + accepted[accepted.Length - 1];
    }
}
