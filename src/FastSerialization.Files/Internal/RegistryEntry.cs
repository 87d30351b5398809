using System;
using System.Collections.Generic;
using System.Text;

namespace FastSerialization.Files.Internal;

/// <summary>One registry entry as a file header stores it: id, type name (namespace and name, generic arguments alike, no assembly), member layout or null.</summary>
internal sealed record RegistryEntry(int Id, string TypeName, IReadOnlyList<string>? Layout)
{
    public static IReadOnlyList<RegistryEntry> Describe(CustomBinaryFormatter formatter)
    {
        var entries = new List<RegistryEntry>();
        foreach (TypeRegistration registration in formatter.Registry.GetRegistrations())
        {
            entries.Add(new RegistryEntry(registration.Id, NameOf(registration.Type), registration.Layout));
        }

        return entries;
    }

    /// <summary>
    /// Section 6 of the contract: for each id both sides have, the names must be equal and, where both give a
    /// layout, one must be a prefix of the other. An id only one side has is not a mismatch.
    /// </summary>
    public static void Compare(IReadOnlyList<RegistryEntry> mine, IReadOnlyList<RegistryEntry> file, string path)
    {
        var byId = new Dictionary<int, RegistryEntry>();
        foreach (RegistryEntry entry in file)
        {
            byId[entry.Id] = entry;
        }

        foreach (RegistryEntry entry in mine)
        {
            if (!byId.TryGetValue(entry.Id, out RegistryEntry? theirs))
            {
                continue;
            }

            if (!string.Equals(entry.TypeName, theirs.TypeName, StringComparison.Ordinal))
            {
                throw new RecordFileRegistryMismatchException(
                    $"'{path}' was written by another registry: type id {entry.Id} stands for {theirs.TypeName} in the file and for {entry.TypeName} here.", entry.Id, null);
            }

            if (entry.Layout is null || theirs.Layout is null)
            {
                continue;
            }

            int common = Math.Min(entry.Layout.Count, theirs.Layout.Count);
            for (int position = 0; position < common; position++)
            {
                if (!string.Equals(entry.Layout[position], theirs.Layout[position], StringComparison.Ordinal))
                {
                    throw new RecordFileRegistryMismatchException(
                        $"'{path}' was written by another layout of type id {entry.Id} ({entry.TypeName}): member {position} is {theirs.Layout[position]} in the file and {entry.Layout[position]} here.",
                        entry.Id,
                        position);
                }
            }
        }
    }

    private static string NameOf(Type type)
    {
        var sb = new StringBuilder();
        AppendName(sb, type);
        return sb.ToString();
    }

    private static void AppendName(StringBuilder sb, Type type)
    {
        if (type.IsArray)
        {
            AppendName(sb, type.GetElementType()!);
            sb.Append('[').Append(',', type.GetArrayRank() - 1).Append(']');
            return;
        }

        if (type.IsNested)
        {
            AppendName(sb, type.DeclaringType!);
            sb.Append('+');
        }
        else if (!string.IsNullOrEmpty(type.Namespace))
        {
            sb.Append(type.Namespace).Append('.');
        }

        int tick = type.Name.IndexOf('`', StringComparison.Ordinal);
        sb.Append(tick >= 0 ? type.Name.Substring(0, tick) : type.Name);
        if (!type.IsConstructedGenericType)
        {
            return;
        }

        sb.Append('<');
        Type[] arguments = type.GetGenericArguments();
        for (int i = 0; i < arguments.Length; i++)
        {
            sb.Append(i == 0 ? string.Empty : ",");
            AppendName(sb, arguments[i]);
        }

        sb.Append('>');
    }
}
