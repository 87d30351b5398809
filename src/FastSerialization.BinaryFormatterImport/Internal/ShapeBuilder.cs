using System;
using System.Collections.Generic;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// Gathers the names BinaryFormatter wrote a type's members under, level by level from the most derived class:
/// a name that several levels use goes to the most derived member, while "Declaring+name" (BinaryFormatter's name
/// for a base class's field) stays exact. Generated binders and reflection describe members through the same
/// three calls, so both read a payload the same way.
/// </summary>
internal sealed class ShapeBuilder
{
    private readonly Dictionary<string, MemberSlot> _byName = new(StringComparer.Ordinal);
    private readonly Dictionary<string, MemberSlot> _declared = new(StringComparer.Ordinal);

    public ShapeBuilder(Type type)
    {
        Type = type;
    }

    public Type Type { get; }

    /// <summary>A field declared at <paramref name="levelName"/> (an auto-property's backing field too).</summary>
    public void AddField(string levelName, string fieldName, MemberSlot slot, IEnumerable<string> aliases)
    {
        TryAdd(_byName, fieldName, slot);
        _byName[levelName + "+" + fieldName] = slot;
        TryAdd(_declared, fieldName, slot);
        string? property = ObjectShape.PropertyOfBackingField(fieldName);
        if (property is not null)
        {
            TryAdd(_byName, property, slot);
            TryAdd(_declared, property, slot);
        }

        AddAliases(slot, aliases);
    }

    /// <summary>An auto-property declared at <paramref name="levelName"/>: its backing field is what BinaryFormatter wrote.</summary>
    public void AddAutoProperty(string levelName, string propertyName, MemberSlot slot, IEnumerable<string> aliases)
        => AddField(levelName, ObjectShape.BackingFieldOf(propertyName), slot, aliases);

    /// <summary>A property with a setter of its own, used when no field took its name.</summary>
    public void AddProperty(string propertyName, MemberSlot slot, IEnumerable<string> aliases)
    {
        TryAdd(_byName, propertyName, slot);
        TryAdd(_byName, ObjectShape.BackingFieldOf(propertyName), slot);
        TryAdd(_declared, propertyName, slot);
        AddAliases(slot, aliases);
    }

    /// <summary>A level described by its generated binder.</summary>
    /// <param name="binder">The level's binder.</param>
    /// <param name="trackedMembers">The names of its members marked <c>[BinaryMember(TrackReference = true)]</c>, when reflection can tell; else null.</param>
    public void AddBinderLevel(BinaryFormatterBinder binder, HashSet<string>? trackedMembers)
    {
        string level = binder.Type.Name;
        var fields = new List<BinderMember>();
        foreach (BinderMember member in binder.Members)
        {
            var slot = new MemberSlot(member.Name, member.Target, member.Setter, trackedMembers?.Contains(member.Name) == true);
            switch (member.Kind)
            {
                case BinderMemberKind.Field:
                    AddField(level, member.Name, slot, member.Aliases);
                    break;
                case BinderMemberKind.AutoProperty:
                    AddAutoProperty(level, member.Name, slot, member.Aliases);
                    break;
                default:
                    fields.Add(member); // after the level's fields, as reflection finds them
                    break;
            }
        }

        foreach (BinderMember property in fields)
        {
            AddProperty(property.Name, new MemberSlot(property.Name, property.Target, property.Setter, trackedMembers?.Contains(property.Name) == true), property.Aliases);
        }
    }

    /// <summary>A rename from <see cref="BinaryFormatterImportOptions.MapMember{T}(string, string)"/>: the old name goes to the member declared as <paramref name="newName"/>.</summary>
    public void AddAlias(string oldName, string newName)
    {
        if (!_declared.TryGetValue(newName, out MemberSlot? slot))
        {
            throw new FastSerializationException($"The member alias {oldName} -> {newName} names no field or property {newName} of {Type}.");
        }

        _byName[oldName] = slot;
    }

    public ObjectShape Build(Func<object>? create) => new(Type, create, _byName);

    private static void TryAdd(Dictionary<string, MemberSlot> names, string name, MemberSlot slot)
    {
        if (!names.ContainsKey(name))
        {
            names.Add(name, slot);
        }
    }

    private void AddAliases(MemberSlot slot, IEnumerable<string> aliases)
    {
        foreach (string alias in aliases)
        {
            _byName[alias] = slot;
        }
    }
}
