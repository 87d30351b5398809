using System;
using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>One field or property of a new type that payload members are written into.</summary>
[RequiresDynamicCode(TrimmingMessages.DynamicCode)]
internal sealed class MemberSlot
{
    private readonly FieldInfo? _field;
    private readonly PropertyInfo? _property;
    private Action<object, object?>? _setter;
    private int _uses;
    private bool _compiled;

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
        if (_setter is not null)
        {
            _setter(target, value);
            return;
        }

        // A member set often gets a compiled setter (a class's writable field or property); reflection until then.
        if (!_compiled && ++_uses >= 64)
        {
            _compiled = true;
            _setter = CompileSetter();
        }

        if (_field is not null)
        {
            _field.SetValue(target, value);
        }
        else
        {
            _property!.SetValue(target, value);
        }
    }

    private Action<object, object?>? CompileSetter()
    {
        Type? declaring = _field?.DeclaringType ?? _property?.DeclaringType;
        if (declaring is null || declaring.IsValueType || (_field is not null && _field.IsInitOnly) || (_property is not null && _property.SetMethod is null))
        {
            return null;
        }

        try
        {
            ParameterExpression target = Expression.Parameter(typeof(object), "target");
            ParameterExpression value = Expression.Parameter(typeof(object), "value");
            Expression instance = Expression.Convert(target, declaring);
            MemberExpression member = _field is not null ? Expression.Field(instance, _field) : Expression.Property(instance, _property!);
            return Expression.Lambda<Action<object, object?>>(Expression.Assign(member, Expression.Convert(value, MemberType)), target, value).Compile();
        }
        catch (ArgumentException)
        {
            return null; // not expressible (a member the expression compiler refuses): reflection it stays
        }
    }
}
