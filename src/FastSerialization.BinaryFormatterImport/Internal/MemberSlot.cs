using System;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>One field or property of a new type that payload members are written into: its declared type and how to set it.</summary>
internal sealed class MemberSlot
{
    private readonly Action<object, object?> _setter;

    public MemberSlot(string name, BinaryFormatterTarget target, Action<object, object?> setter)
    {
        Name = name;
        Target = target;
        _setter = setter;
    }

    public string Name { get; }

    public BinaryFormatterTarget Target { get; }

    /// <summary>Sets the member on <paramref name="instance"/> (a boxed struct is changed in place).</summary>
    public void Set(object instance, object? value) => _setter(instance, value);
}
