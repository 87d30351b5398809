using System;
using System.Collections.Generic;
using System.Formats.Nrbf;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// Builds the objects of one payload from NrbfDecoder's record tree. The type of each value comes from the
/// new types (the declared type of the member it goes into, or a mapped type), never from a name in the
/// payload: names are only looked up in the <see cref="TypeMap"/>. Each record becomes one object, so
/// shared references stay shared and cycles stay cycles.
/// </summary>
internal sealed partial class ImportSession
{
    private readonly ImportContext _context;
    // Each record built into an object (a class instance, an array, a collection), with its node in the graph check.
    private readonly Dictionary<SerializationRecordId, (object Instance, int Node)> _built = new();

    // A value type built from a record, boxed, by the type it was built for: BinaryFormatter writes a boxed struct that
    // several members share once, and building it again for each reference would double the work at every level of a
    // graph of shared boxes (a payload of a kilobyte could take minutes and gigabytes).
    private readonly Dictionary<(SerializationRecordId Id, Type Target), object> _builtValues = new();
    private readonly ImportPath _path = new();
    private readonly Dictionary<System.Reflection.Metadata.TypeName, SlotPlan> _slots = new(ReferenceComparer.Instance);
    private readonly Dictionary<System.Reflection.Metadata.TypeName, (Type Target, Type? Resolved, RecordKind Kind)> _kinds = new(ReferenceComparer.Instance);
    private long _elementBudget;
    private int _depth;

    public ImportSession(ImportContext context)
    {
        _context = context;
    }

    public string Path => _path.ToString();

    public object? ImportRoot(SerializationRecord root, BinaryFormatterTarget target, long payloadBytes)
    {
        _elementBudget = 1024 + (payloadBytes * _context.Options.MaxElementsPerPayloadByte);
        object? result = ConvertValue(root, target);
        CheckCycles();
        return result;
    }

    /// <summary>A value as <see cref="ClassRecord.GetRawValue(string)"/> gives it (a primitive, null or a record) into <paramref name="target"/>.</summary>
    private object? ConvertValue(object? raw, BinaryFormatterTarget target)
    {
        return raw switch
        {
            null => NullFor(target.Type),
            SerializationRecord record => ConvertRecord(record, target),
            _ => ConvertPrimitive(raw, target.Type),
        };
    }

    private object? ConvertRecord(SerializationRecord record, BinaryFormatterTarget target)
    {
        if (record is PrimitiveTypeRecord primitive)
        {
            return primitive.Value is null ? NullFor(target.Type) : ConvertPrimitive(primitive.Value, target.Type);
        }

        if (record.RecordType is SerializationRecordType.ObjectNull or SerializationRecordType.ObjectNullMultiple or SerializationRecordType.ObjectNullMultiple256)
        {
            return NullFor(target.Type);
        }

        Type effective = Nullable.GetUnderlyingType(target.Type) ?? target.Type;
        bool tracked = _memberTracked || IsTrackedType(effective);
        if (_built.TryGetValue(record.Id, out (object Instance, int Node) built))
        {
            object existing = built.Instance;
            if (!effective.IsInstanceOfType(existing))
            {
                throw Error($"an object of type {existing.GetType()} referenced again where a {target} is expected");
            }

            Revisit(built.Node, existing, tracked);
            return existing;
        }

        if (_builtValues.TryGetValue((record.Id, effective), out object? value))
        {
            return value;
        }

        if (++_depth > _context.Options.MaxDepth)
        {
            throw Error($"objects nest deeper than MaxDepth ({_context.Options.MaxDepth})");
        }

        int current = _current;
        _incomingTracked = tracked;
        try
        {
            switch (record)
            {
                case ArrayRecord array:
                    return ConvertArray(array, target);
                case ClassRecord instance:
                    object? converted = ConvertClass(instance, target, effective);
                    if (converted is not null && converted.GetType().IsValueType)
                    {
                        _builtValues[(record.Id, effective)] = converted; // complete: members set into a struct copy it
                    }

                    return converted;
                default:
                    throw Error($"unexpected record {record.RecordType}");
            }
        }
        finally
        {
            _depth--;
            _current = current;
        }
    }

    private object? ConvertPrimitive(object value, Type target)
    {
        Type effective = Nullable.GetUnderlyingType(target) ?? target;
        if (value is string text)
        {
            return effective == typeof(string) || effective == typeof(object)
                ? text
                : throw Error($"a string cannot go into a member of type {target}");
        }

        if (NumericConversions.TryConvert(value, effective, out object? converted))
        {
            return converted;
        }

        // An old integer member that became an enum of the same underlying type.
        if (effective.IsEnum && Enum.GetUnderlyingType(effective) == value.GetType())
        {
            return Enum.ToObject(effective, value);
        }

        throw Error($"a {value.GetType().Name} cannot go into a member of type {target} (only conversions that lose nothing are made)");
    }

    private object? NullFor(Type target)
    {
        if (target.IsValueType && Nullable.GetUnderlyingType(target) is null)
        {
            throw Error($"null cannot go into a member of type {target}");
        }

        return null;
    }

    private object? Unmapped(TypeNameInfo name, BinaryFormatterTarget target)
    {
        string path = _path.ToString();
        Func<BinaryFormatterUnmappedType, bool>? callback = _context.Options.UnmappedType;
        if (callback is not null && callback(new BinaryFormatterUnmappedType(name.FullName, name.Assembly, path)))
        {
            return target.Default;
        }

        throw new UnmappedTypeException(
            $"The payload's type {name.FullName} (assembly {name.Assembly ?? "not given"}) at {path} is not mapped to a registered type: " +
            "register a type for it, map it with BinaryFormatterImportOptions.MapType or [BinaryFormatterType], or skip it with BinaryFormatterImportOptions.UnmappedType.",
            name.FullName);
    }

    private void Reserve(long elements)
    {
        _elementBudget -= elements;
        if (_elementBudget < 0)
        {
            throw Error($"the payload declares more array elements ({elements} in this array) than its size allows (MaxElementsPerPayloadByte = {_context.Options.MaxElementsPerPayloadByte})");
        }
    }

    private FastSerializationException Error(string what, Exception? inner = null)
        => new($"Cannot import the BinaryFormatter payload at {_path}: {what}.", inner);

    /// <summary>A payload's type name, split as the type map compares it.</summary>
    private readonly struct TypeNameInfo
    {
        public TypeNameInfo(SerializationRecord record)
        {
            FullName = record.TypeName.FullName;
            Assembly = record.TypeName.AssemblyName?.Name;
        }

        public string FullName { get; }

        public string? Assembly { get; }
    }

    /// <summary>Compares payload type names by instance: records of one class share theirs.</summary>
    private sealed class ReferenceComparer : IEqualityComparer<System.Reflection.Metadata.TypeName>
    {
        public static readonly ReferenceComparer Instance = new();

        public bool Equals(System.Reflection.Metadata.TypeName? x, System.Reflection.Metadata.TypeName? y) => ReferenceEquals(x, y);

        public int GetHashCode(System.Reflection.Metadata.TypeName obj) => System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(obj);
    }
}
