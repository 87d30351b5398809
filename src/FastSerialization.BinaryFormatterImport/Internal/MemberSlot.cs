using System;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>One field or property of a new type that payload members are written into: its declared type and how to set it.</summary>
internal sealed class MemberSlot
{
    private readonly Action<object, object?> _setter;

    public MemberSlot(string name, BinaryFormatterTarget target, Action<object, object?> setter, bool trackReference = false)
    {
        Name = name;
        Target = target;
        _setter = setter;
        TrackReference = trackReference;
    }

    public string Name { get; }

    public BinaryFormatterTarget Target { get; }

    /// <summary>
    /// Whether the member says <c>[BinaryMember(TrackReference = true)]</c>: the formatter then writes its value (or the
    /// elements, keys and values of its collection) as references even when the declared type is not tracked. Known only
    /// where the importer has reflection (a generated binder does not carry it).
    /// </summary>
    public bool TrackReference { get; }

    /// <summary>Sets the member on <paramref name="instance"/> (a boxed struct is changed in place).</summary>
    public void Set(object instance, object? value) => _setter(instance, value);
}
