using System;
using System.Collections.Generic;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// A new type as the importer sees it: how to create an instance, and which of its fields and properties
/// each of BinaryFormatter's member names goes into. Built once per type by <see cref="ShapeBuilder"/>, level by
/// level from the most derived class, each level described by its generated binder or by reflection.
/// </summary>
internal sealed class ObjectShape
{
    private const string BackingFieldSuffix = ">k__BackingField";

    private readonly Dictionary<string, MemberSlot> _byName;
    private readonly Func<object>? _create;

    public ObjectShape(Type type, Func<object>? create, Dictionary<string, MemberSlot> byName)
    {
        Type = type;
        _create = create;
        _byName = byName;
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

    /// <summary>A new instance, made by the binder (or reflection) of the type itself.</summary>
    public object CreateInstance()
    {
        if (_create is null)
        {
            throw new FastSerializationException($"The type {Type} is mapped but cannot be created (abstract, interface, array or open generic).");
        }

        try
        {
            return _create();
        }
        catch (Exception e) when (e is not (FastSerializationException or OutOfMemoryException))
        {
            Exception thrown = e is System.Reflection.TargetInvocationException { InnerException: { } inner } ? inner : e;
            throw new FastSerializationException($"The constructor of {Type} threw: {thrown.Message}", thrown);
        }
    }

    internal static string? PropertyOfBackingField(string name)
        => name.Length > BackingFieldSuffix.Length + 1 && name[0] == '<' && name.EndsWith(BackingFieldSuffix, StringComparison.Ordinal)
            ? name.Substring(1, name.Length - BackingFieldSuffix.Length - 1)
            : null;

    internal static string BackingFieldOf(string property) => "<" + property + BackingFieldSuffix;
}
