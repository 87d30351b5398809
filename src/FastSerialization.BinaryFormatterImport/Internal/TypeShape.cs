using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// A new type as the importer sees it: how to create an instance, and which of its fields and properties
/// each of BinaryFormatter's member names goes into. Found once per type by reflection.
/// </summary>
[RequiresUnreferencedCode(TrimmingMessages.Reflection)]
[RequiresDynamicCode(TrimmingMessages.DynamicCode)]
internal sealed class TypeShape
{
    private const string BackingFieldSuffix = ">k__BackingField";
    private const BindingFlags Declared = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

    private readonly Dictionary<string, MemberSlot> _byName = new(StringComparer.Ordinal);
    private readonly ConstructorInfo? _constructor;

    public TypeShape(Type type, IReadOnlyList<BinaryFormatterImportOptions.MemberAlias> aliases)
    {
        Type = type;
        if (type.IsAbstract || type.IsInterface || type.IsArray || type.IsPointer || type.ContainsGenericParameters)
        {
            throw new FastSerializationException($"The type {type} is mapped but cannot be created (abstract, interface, array or open generic).");
        }

        _constructor = type.IsValueType ? null : type.GetConstructor(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic, null, Type.EmptyTypes, null);

        // Most derived first: a name that several levels use goes to the most derived member, while
        // "Declaring+name" (BinaryFormatter's name for a base class's field) stays exact.
        for (Type? level = type; level is not null && level != typeof(object) && level != typeof(ValueType); level = level.BaseType)
        {
            foreach (FieldInfo field in level.GetFields(Declared))
            {
                AddField(level, field);
            }

            foreach (PropertyInfo property in level.GetProperties(Declared))
            {
                AddProperty(property);
            }
        }

        foreach (BinaryFormatterImportOptions.MemberAlias alias in aliases)
        {
            if (alias.Type != type)
            {
                continue;
            }

            MemberSlot slot = FindDeclared(alias.NewName)
                ?? throw new FastSerializationException($"The member alias {alias.OldName} -> {alias.NewName} names no field or property {alias.NewName} of {type}.");
            _byName[alias.OldName] = slot;
        }
    }

    public Type Type { get; }

    /// <summary>The slot for a payload member name, or null when the new type has no such member (it is then skipped).</summary>
    public MemberSlot? Find(string payloadName)
    {
        if (_byName.TryGetValue(payloadName, out MemberSlot? slot))
        {
            return slot;
        }

        int plus = payloadName.LastIndexOf('+');
        if (plus >= 0 && _byName.TryGetValue(payloadName.Substring(plus + 1), out slot))
        {
            return slot;
        }

        string? property = PropertyOfBackingField(payloadName);
        return property is not null && _byName.TryGetValue(property, out slot) ? slot : null;
    }

    /// <summary>A new instance: the parameterless constructor when there is one (so field initializers run), otherwise an uninitialized object, as BinaryFormatter made them.</summary>
    public object CreateInstance()
    {
        try
        {
            if (_constructor is not null)
            {
                return _constructor.Invoke(null);
            }

#if NETSTANDARD2_0
            return System.Runtime.Serialization.FormatterServices.GetUninitializedObject(Type);
#else
            return RuntimeHelpers.GetUninitializedObject(Type);
#endif
        }
        catch (TargetInvocationException e)
        {
            throw new FastSerializationException($"The constructor of {Type} threw: {e.InnerException?.Message}", e.InnerException ?? e);
        }
    }

    private static string? PropertyOfBackingField(string name)
        => name.Length > BackingFieldSuffix.Length + 1 && name[0] == '<' && name.EndsWith(BackingFieldSuffix, StringComparison.Ordinal)
            ? name.Substring(1, name.Length - BackingFieldSuffix.Length - 1)
            : null;

    private static bool IsIgnored(MemberInfo member) => member.IsDefined(typeof(BinaryIgnoreAttribute), inherit: true);

    private MemberSlot? FindDeclared(string name)
    {
        for (Type? level = Type; level is not null && level != typeof(object); level = level.BaseType)
        {
            FieldInfo? field = level.GetField(name, Declared);
            if (field is not null)
            {
                return new MemberSlot(field);
            }

            PropertyInfo? property = level.GetProperty(name, Declared);
            if (property is not null && property.GetIndexParameters().Length == 0)
            {
                FieldInfo? backing = level.GetField("<" + name + BackingFieldSuffix, Declared);
                return backing is not null ? new MemberSlot(backing) : property.CanWrite ? new MemberSlot(property) : null;
            }
        }

        return null;
    }

    private void AddField(Type level, FieldInfo field)
    {
        string? property = PropertyOfBackingField(field.Name);
        if (IsIgnored(field) || (property is not null && level.GetProperty(property, Declared) is { } owner && IsIgnored(owner)))
        {
            return;
        }

        var slot = new MemberSlot(field);
        TryAdd(field.Name, slot);
        _byName[level.Name + "+" + field.Name] = slot;
        if (property is not null)
        {
            TryAdd(property, slot);
        }

        foreach (BinaryFormatterMemberAttribute alias in field.GetCustomAttributes<BinaryFormatterMemberAttribute>(inherit: false))
        {
            _byName[alias.MemberName] = slot;
        }
    }

    private void AddProperty(PropertyInfo property)
    {
        if (property.GetIndexParameters().Length != 0 || IsIgnored(property))
        {
            return;
        }

        // An auto-property's backing field is already in (under the property's name too); a property with
        // a setter of its own is used when no field took the name.
        FieldInfo? backing = property.DeclaringType!.GetField("<" + property.Name + BackingFieldSuffix, Declared);
        MemberSlot? slot = backing is not null ? new MemberSlot(backing) : property.CanWrite ? new MemberSlot(property) : null;
        if (slot is null)
        {
            return;
        }

        if (backing is null)
        {
            TryAdd(property.Name, slot);
            TryAdd("<" + property.Name + BackingFieldSuffix, slot);
        }

        foreach (BinaryFormatterMemberAttribute alias in property.GetCustomAttributes<BinaryFormatterMemberAttribute>(inherit: false))
        {
            _byName[alias.MemberName] = slot;
        }
    }

    private void TryAdd(string name, MemberSlot slot)
    {
        if (!_byName.ContainsKey(name))
        {
            _byName.Add(name, slot);
        }
    }
}
