using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Reflection;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// The names under which the payload's types may be read into today's types. Built once, from the
/// formatter's registered types and the options' explicit maps: a name read in a payload is only ever
/// looked up here, never loaded.
/// </summary>
internal sealed class TypeMap
{
    private readonly Dictionary<string, List<(string? Assembly, Type Type)>> _byFullName = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<Type, (string FullName, string? Assembly)[]> _ownNames = new();
    private readonly bool _matchOwnName;

    public TypeMap(CustomBinaryFormatter formatter, BinaryFormatterImportOptions options)
    {
        _matchOwnName = options.MatchTypesByOwnName;
        foreach (KeyValuePair<string, Type> map in options.TypeMaps)
        {
            Add(map.Key, map.Value);
        }

        foreach (KeyValuePair<string, Type> map in options.TypeMaps)
        {
            AddNamesOf(map.Value);
        }

        foreach (Type registered in formatter.RegisteredTypes.Values)
        {
            AddNamesOf(registered);
        }
    }

    /// <summary>The mapped type for a payload's type name, or null when no mapping covers it.</summary>
    public Type? Find(string fullName, string? assemblyName)
    {
        if (!_byFullName.TryGetValue(fullName, out List<(string? Assembly, Type Type)>? candidates))
        {
            return null;
        }

        foreach ((string? assembly, Type type) in candidates)
        {
            if (assembly is null || string.Equals(assembly, assemblyName, StringComparison.Ordinal))
            {
                return type;
            }
        }

        return null;
    }

    /// <summary>
    /// Whether <paramref name="declared"/> (a member's declared type, chosen by the user's code) answers to the
    /// payload's type name: by a <see cref="BinaryFormatterTypeAttribute"/> on it, or by its own full name.
    /// </summary>
    public bool Answers(Type declared, string fullName, string? assemblyName)
    {
        foreach ((string name, string? assembly) in _ownNames.GetOrAdd(declared, NamesOf))
        {
            if (string.Equals(name, fullName, StringComparison.Ordinal)
                && (assembly is null || string.Equals(assembly, assemblyName, StringComparison.Ordinal)))
            {
                return true;
            }
        }

        return false;
    }

    private (string FullName, string? Assembly)[] NamesOf(Type type)
    {
        var names = new List<(string, string?)>();
        foreach (BinaryFormatterTypeAttribute attribute in type.GetCustomAttributes<BinaryFormatterTypeAttribute>(inherit: false))
        {
            names.Add(Split(attribute.TypeName));
        }

        if (_matchOwnName && type.FullName is not null)
        {
            names.Add((type.FullName, null));
        }

        return names.ToArray();
    }

    private void AddNamesOf(Type type)
    {
        foreach ((string fullName, string? assembly) in _ownNames.GetOrAdd(type, NamesOf))
        {
            AddSplit(fullName, assembly, type);
        }
    }

    private void Add(string name, Type type)
    {
        (string fullName, string? assembly) = Split(name);
        AddSplit(fullName, assembly, type);
    }

    private void AddSplit(string fullName, string? assembly, Type type)
    {
        if (!_byFullName.TryGetValue(fullName, out List<(string? Assembly, Type Type)>? list))
        {
            list = new List<(string?, Type)>();
            _byFullName.Add(fullName, list);
        }

        // An assembly-specific mapping is tried before a name-only one; otherwise the first mapping wins
        // (explicit maps are added before the registered types' own names).
        if (assembly is not null)
        {
            list.Insert(0, (assembly, type));
        }
        else
        {
            list.Add((null, type));
        }
    }

    /// <summary>Splits <c>Full.Name, Assembly[, Version=...]</c> at its first comma outside generic brackets.</summary>
    internal static (string FullName, string? Assembly) Split(string name)
    {
        int depth = 0;
        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            if (c == '[')
            {
                depth++;
            }
            else if (c == ']')
            {
                depth--;
            }
            else if (c == ',' && depth == 0)
            {
                string assembly = name.Substring(i + 1).Trim();
                int comma = assembly.IndexOf(',');
                if (comma >= 0)
                {
                    assembly = assembly.Substring(0, comma).Trim();
                }

                return (name.Substring(0, i).Trim(), assembly.Length == 0 ? null : assembly);
            }
        }

        return (name.Trim(), null);
    }
}
