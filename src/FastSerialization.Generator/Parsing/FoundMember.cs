using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>A field or property that is serialized, as <see cref="MemberDiscovery"/> found it (before its type is described).</summary>
internal sealed class FoundMember
{
    public FoundMember(ISymbol symbol, ITypeSymbol type, RefKind refKind, int? order, bool isSettable, bool isInitOnly, bool isRequired, LocationInfo? location, bool fixedWidth = false, bool trackReference = false)
    {
        FixedWidth = fixedWidth;
        TrackReference = trackReference;
        Symbol = symbol;
        Type = type;
        RefKind = refKind;
        Order = order;
        IsSettable = isSettable;
        IsInitOnly = isInitOnly;
        IsRequired = isRequired;
        Location = location;
    }

    public ISymbol Symbol { get; }

    public ITypeSymbol Type { get; }

    public RefKind RefKind { get; }

    /// <summary>The order of its <c>[BinaryMember]</c>: null without one, -1 when its argument is not an int.</summary>
    public int? Order { get; }

    /// <summary>Assignable from an instance method of the type (a settable property or a writable field).</summary>
    public bool IsSettable { get; }

    /// <summary>Assignable in an object initializer (settable, or init-only).</summary>
    public bool IsInitOnly { get; }

    public bool IsRequired { get; }

    public LocationInfo? Location { get; }

    /// <summary><c>[BinaryMember(FixedWidth = true)]</c>: its integers keep their fixed widths (no varints).</summary>
    public bool FixedWidth { get; }

    /// <summary><c>[BinaryMember(TrackReference = true)]</c>: its nested objects of class or interface types are written as references.</summary>
    public bool TrackReference { get; }
}
