using System;
using System.Formats.Nrbf;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>Class records: the values BinaryFormatter writes as objects (Guid, enums), then the user's types.</summary>
internal sealed partial class ImportSession
{
    private object? ConvertClass(ClassRecord record, Type target)
    {
        var name = new TypeNameInfo(record);
        if (name.FullName == "System.Guid" && (target == typeof(Guid) || target == typeof(object)))
        {
            return ReadGuid(record);
        }

        if (target.IsEnum && IsEnumRecord(record))
        {
            return ReadEnum(record, target);
        }

        object? collection = TryConvertCollection(record, name, target, out bool handled);
        if (handled)
        {
            return collection;
        }

        Type? type = ResolveType(name, target);
        if (type is null)
        {
            return Unmapped(name, target);
        }

        if (type.IsEnum)
        {
            return record.HasMember("value__") ? ReadEnum(record, type) : throw Error($"the enum {type} is mapped to a payload object without value__");
        }

        return ReadObject(record, type);
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
        TypeShape shape = _context.GetShape(type);
        object instance = shape.CreateInstance();
        if (!type.IsValueType)
        {
            // Before the members: a member that refers back to this object (a cycle) finds it.
            _built[record.Id] = instance;
        }

        foreach (string member in record.MemberNames)
        {
            MemberSlot? slot = shape.Find(member);
            if (slot is null)
            {
                continue; // a member the new type no longer has
            }

            _path.PushMember(DisplayName(member));
            object? value = ConvertValue(record.GetRawValue(member), slot.MemberType);
            try
            {
                slot.Set(instance, value);
            }
            catch (ArgumentException e)
            {
                throw Error($"a {value?.GetType().Name ?? "null"} cannot be set into {type}.{slot.Name}", e);
            }

            _path.Pop();
        }

        return instance;
    }

    private static string DisplayName(string member)
    {
        const string Suffix = ">k__BackingField";
        if (member.Length > Suffix.Length + 1 && member[0] == '<' && member.EndsWith(Suffix, StringComparison.Ordinal))
        {
            return member.Substring(1, member.Length - Suffix.Length - 1);
        }

        return member;
    }

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
}
