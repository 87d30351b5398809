using System;
using System.Formats.Nrbf;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>Class records: the values BinaryFormatter writes as objects (Guid, enums), then the user's types.</summary>
internal sealed partial class ImportSession
{
    private enum RecordKind
    {
        Guid,
        Enum,
        List,
        HashSet,
        Dictionary,
        Hashtable,
        Mapped,
        Unmapped,
    }

    private object? ConvertClass(ClassRecord record, BinaryFormatterTarget target, Type effective)
    {
        // What a payload class becomes is decided once per class (its records share one TypeName) and target.
        if (!_kinds.TryGetValue(record.TypeName, out (Type Target, Type? Resolved, RecordKind Kind) plan) || plan.Target != effective)
        {
            RecordKind kind = Classify(record, effective, out Type? resolved);
            plan = (effective, resolved, kind);
            _kinds[record.TypeName] = plan;
        }

        switch (plan.Kind)
        {
            case RecordKind.Guid:
                return ReadGuid(record);
            case RecordKind.Enum:
                return ReadEnum(record, plan.Resolved!);
            case RecordKind.List:
                return ReadList(record, new TypeNameInfo(record), target, record.TypeName.IsConstructedGenericType);
            case RecordKind.HashSet:
                return ReadHashSet(record, new TypeNameInfo(record), target);
            case RecordKind.Dictionary:
                return ReadDictionary(record, new TypeNameInfo(record), target, "KeyValuePairs");
            case RecordKind.Hashtable:
                return ReadHashtable(record, new TypeNameInfo(record), target);
            case RecordKind.Mapped:
                return ReadObject(record, plan.Resolved!);
            default:
                return Unmapped(new TypeNameInfo(record), target);
        }
    }

    private RecordKind Classify(ClassRecord record, Type target, out Type? resolved)
    {
        resolved = null;
        var name = new TypeNameInfo(record);
        if (name.FullName == "System.Guid" && (target == typeof(Guid) || target == typeof(object)))
        {
            return RecordKind.Guid;
        }

        if (target.IsEnum && IsEnumRecord(record))
        {
            resolved = target;
            return RecordKind.Enum;
        }

        string? generic = record.TypeName.IsConstructedGenericType ? record.TypeName.GetGenericTypeDefinition().FullName : null;
        switch (generic ?? name.FullName)
        {
            case ListName:
            case ArrayListName:
                return RecordKind.List;
            case HashSetName:
                return RecordKind.HashSet;
            case DictionaryName:
                return RecordKind.Dictionary;
            case HashtableName:
                return RecordKind.Hashtable;
        }

        resolved = ResolveType(name, target);
        if (resolved is null)
        {
            return RecordKind.Unmapped;
        }

        if (resolved.IsEnum)
        {
            return IsEnumRecord(record) ? RecordKind.Enum : throw Error($"the enum {resolved} is mapped to a payload object without value__");
        }

        return RecordKind.Mapped;
    }

    /// <summary>
    /// The new type for a payload object: a mapped type (which must fit the member), or else the member's own
    /// declared type when it answers to the payload's name. Null when neither.
    /// </summary>
    private Type? ResolveType(TypeNameInfo name, Type target)
    {
        Type? mapped = _context.Types.Find(name.FullName, name.Assembly);
        if (mapped is not null)
        {
            return target.IsAssignableFrom(mapped)
                ? mapped
                : throw Error($"the payload's type {name.FullName} maps to {mapped}, which cannot go into a member of type {target}");
        }

        bool concrete = target != typeof(object) && !target.IsAbstract && !target.IsInterface;
        return concrete && _context.Types.Answers(target, name.FullName, name.Assembly) ? target : null;
    }

    private object ReadObject(ClassRecord record, Type type)
    {
        ObjectShape shape = _context.GetShape(type);
        object instance = shape.CreateInstance();
        if (!type.IsValueType)
        {
            // Before the members: a member that refers back to this object (a cycle) finds it.
            Enter(record.Id, instance);
        }

        // Records of one class share its metadata (and its TypeName instance): the member names are
        // matched to slots once per class and payload.
        if (!_slots.TryGetValue(record.TypeName, out SlotPlan? plan) || plan.Shape != shape)
        {
            plan = new SlotPlan(shape, record.MemberNames);
            _slots[record.TypeName] = plan;
        }

        bool memberTracked = _memberTracked;
        int index = -1;
        foreach (string member in record.MemberNames)
        {
            index++;
            MemberSlot? slot = plan.SlotAt(index, member);
            if (slot is null)
            {
                continue; // a member the new type no longer has
            }

            _path.PushMember(plan.DisplayAt(index, member));
            _memberTracked = slot.TrackReference;
            object? value = ConvertValue(record.GetRawValue(member), slot.Target);
            try
            {
                slot.Set(instance, value);
            }
            catch (Exception e) when (e is ArgumentException or InvalidCastException)
            {
                throw Error($"a {value?.GetType().Name ?? "null"} cannot be set into {type}.{slot.Name}", e);
            }

            _path.Pop();
        }

        _memberTracked = memberTracked;
        return instance;
    }

    /// <summary>A member's name for paths in messages: an auto-property's name rather than its backing field's.</summary>
    private static string DisplayName(string member) => ObjectShape.PropertyOfBackingField(member) ?? member;

    private static bool IsEnumRecord(ClassRecord record)
    {
        int count = 0;
        foreach (string member in record.MemberNames)
        {
            if (++count > 1 || member != "value__")
            {
                return false;
            }
        }

        return count == 1;
    }

    private static Guid ReadGuid(ClassRecord record) => new(
        record.GetInt32("_a"), record.GetInt16("_b"), record.GetInt16("_c"),
        record.GetByte("_d"), record.GetByte("_e"), record.GetByte("_f"), record.GetByte("_g"),
        record.GetByte("_h"), record.GetByte("_i"), record.GetByte("_j"), record.GetByte("_k"));

    private object ReadEnum(ClassRecord record, Type target)
    {
        object? raw = record.GetRawValue("value__");
        Type underlying = Enum.GetUnderlyingType(target);
        if (raw is null || raw is SerializationRecord || !NumericConversions.TryConvert(raw, underlying, out object? value) || value is null)
        {
            throw Error($"the enum value {raw ?? "null"} does not fit {target}'s underlying type {underlying.Name}");
        }

        return Enum.ToObject(target, value);
    }

    /// <summary>The slots of one payload class's members, in the payload's member order.</summary>
    private sealed class SlotPlan
    {
        private readonly string[] _names;
        private readonly string[] _display;
        private readonly MemberSlot?[] _slots;

        public SlotPlan(ObjectShape shape, System.Collections.Generic.IEnumerable<string> names)
        {
            Shape = shape;
            _names = System.Linq.Enumerable.ToArray(names);
            _slots = new MemberSlot?[_names.Length];
            _display = new string[_names.Length];
            for (int i = 0; i < _names.Length; i++)
            {
                _slots[i] = shape.Find(_names[i]);
                _display[i] = DisplayName(_names[i]);
            }
        }

        public ObjectShape Shape { get; }

        /// <summary>The member's name for paths in messages: an auto-property's name rather than its backing field's.</summary>
        public string DisplayAt(int index, string name)
            => index < _names.Length && string.Equals(_names[index], name, StringComparison.Ordinal) ? _display[index] : DisplayName(name);

        public MemberSlot? SlotAt(int index, string name)
            => index < _names.Length && string.Equals(_names[index], name, StringComparison.Ordinal) ? _slots[index] : Shape.Find(name);
    }
}
