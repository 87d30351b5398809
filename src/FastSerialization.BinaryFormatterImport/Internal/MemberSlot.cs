using System;
using System.Reflection;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>One field or property of a new type that payload members are written into.</summary>
internal sealed class MemberSlot
{
    private readonly FieldInfo? _field;
    private readonly PropertyInfo? _property;

    public MemberSlot(FieldInfo field)
    {
        _field = field;
        MemberType = field.FieldType;
        Name = field.Name;
    }

    public MemberSlot(PropertyInfo property)
    {
        _property = property;
        MemberType = property.PropertyType;
        Name = property.Name;
    }

    public Type MemberType { get; }

    public string Name { get; }

    /// <summary>Sets the member on <paramref name="target"/> (a boxed struct is changed in place).</summary>
    public void Set(object target, object? value)
    {
        if (_field is not null)
        {
            _field.SetValue(target, value);
        }
        else
        {
            _property!.SetValue(target, value);
        }
    }
}
