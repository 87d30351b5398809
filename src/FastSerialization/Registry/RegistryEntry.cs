using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Text;

namespace FastSerialization;

/// <summary>
/// One registered type as two processes compare it (docs/FORMAT.md section 8): its id, its stable name and its
/// member layout. The IPC handshake, record-file headers and the registry description of the gRPC and cache packages
/// all carry these entries, made by <see cref="Describe"/>, and all compare them with <see cref="FindMismatch"/>.
/// </summary>
/// <remarks>
/// The stable name is the namespace and name, nested types after <c>+</c>, generic arguments named the same way
/// in angle brackets, arrays with their rank (<c>[]</c>, <c>[,]</c>), and no assembly or version:
/// <c>Shop.Outer+Line&lt;System.Int32[,]&gt;</c>. It is the same in every process and on every platform.
/// </remarks>
public sealed class RegistryEntry
{
    /// <summary>Creates an entry, as a reader of a description written elsewhere does.</summary>
    /// <param name="id">The type id.</param>
    /// <param name="typeName">The stable name (see the remarks of <see cref="RegistryEntry"/>).</param>
    /// <param name="layout">The member layout, or null when the type declares none.</param>
    /// <exception cref="ArgumentNullException"><paramref name="typeName"/> is null.</exception>
    public RegistryEntry(int id, string typeName, IReadOnlyList<string>? layout)
    {
        Id = id;
        ArgumentNullException.ThrowIfNull(typeName);
        TypeName = typeName;
        Layout = layout;
    }

    /// <summary>The type id.</summary>
    public int Id { get; }

    /// <summary>The type's stable name.</summary>
    public string TypeName { get; }

    /// <summary>The type's member kinds in wire order (<see cref="TypeRegistration.Layout"/>); null when it declares none.</summary>
    public IReadOnlyList<string>? Layout { get; }

    /// <summary>The entries of every registration of <paramref name="registry"/>, in id order.</summary>
    /// <param name="registry">The registry.</param>
    /// <returns>One entry per registered type.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="registry"/> is null.</exception>
    public static IReadOnlyList<RegistryEntry> Describe(TypeRegistry registry)
    {
        ArgumentNullException.ThrowIfNull(registry);
        var entries = new List<RegistryEntry>();
        foreach (TypeRegistration registration in registry.GetRegistrations())
        {
            entries.Add(new RegistryEntry(registration.Id, registration.TypeName, registration.Layout));
        }

        entries.Sort(static (x, y) => x.Id.CompareTo(y.Id));
        return entries;
    }

    /// <summary>
    /// Writes <paramref name="entries"/> as the IPC Hello and record-file headers carry them (docs/FORMAT.md sections 8
    /// and 9): varuint32 <c>N</c> (entries + 1), then per entry its varuint32 type id, its type name as a string, and its
    /// member layout as a sequence of strings (null when it has none).
    /// </summary>
    /// <param name="writer">Where the description goes.</param>
    /// <param name="entries">The entries, usually <see cref="Describe"/>'s.</param>
    /// <exception cref="ArgumentNullException"><paramref name="entries"/> is null.</exception>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void WriteAll(ref FastBinaryWriter writer, IReadOnlyList<RegistryEntry> entries)
    {
        ArgumentNullException.ThrowIfNull(entries);
        writer.WriteCollectionHeader(entries.Count);
        foreach (RegistryEntry entry in entries)
        {
            writer.WriteVarUInt32((uint)entry.Id);
            writer.Write(entry.TypeName);
            if (entry.Layout is null)
            {
                writer.WriteNullCollection();
                continue;
            }

            writer.WriteCollectionHeader(entry.Layout.Count);
            foreach (string kind in entry.Layout)
            {
                writer.Write(kind);
            }
        }
    }

    /// <summary>
    /// Reads a description written by <see cref="WriteAll"/>, which another process may have written: counts are
    /// checked against the bytes left before anything is allocated, and an id named twice or past 2^31-1 is malformed.
    /// </summary>
    /// <param name="reader">Where the description starts.</param>
    /// <returns>The entries in the order written.</returns>
    /// <exception cref="FastSerializationException">The description is malformed or truncated, or names an id twice or past 2^31-1.</exception>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static IReadOnlyList<RegistryEntry> ReadAll(ref FastBinaryReader reader)
    {
        // An entry takes at least 3 bytes (id, an empty name, a null layout), a layout's kind at least 1 (an empty string).
        int count = reader.ReadCollectionHeader(3);
        var entries = new List<RegistryEntry>(Math.Max(count, 0));
        var ids = new HashSet<uint>();
        for (int i = 0; i < count; i++)
        {
            uint id = reader.ReadVarUInt32();
            if (id > int.MaxValue)
            {
                throw new FastSerializationException($"The registry description names type id {id}, past the largest id ({int.MaxValue}).");
            }

            if (!ids.Add(id))
            {
                throw new FastSerializationException($"The registry description names type id {id} twice.");
            }

            string name = reader.ReadString() ?? string.Empty;
            int kinds = reader.ReadCollectionHeader(1);
            string[]? layout = kinds < 0 ? null : new string[kinds];
            for (int k = 0; k < kinds; k++)
            {
                layout![k] = reader.ReadString() ?? string.Empty;
            }

            entries.Add(new RegistryEntry((int)id, name, layout));
        }

        return entries;
    }

    /// <summary>The stable name of <paramref name="type"/> (see the remarks of <see cref="RegistryEntry"/>).</summary>
    /// <param name="type">The type.</param>
    /// <returns>Its stable name.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="type"/> is null.</exception>
    public static string TypeNameOf(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        var sb = new StringBuilder();
        AppendName(sb, type);
        return sb.ToString();
    }

    /// <summary>
    /// Section 6 of docs/FORMAT.md: for each id both sides have, the names must be equal and, where both give a
    /// layout, one must be a prefix of the other (members appended on one side are fine). An id only one side has
    /// is not a mismatch. Returns the first difference, by ascending id, or null when the two are compatible.
    /// </summary>
    /// <param name="ours">This side's entries.</param>
    /// <param name="theirs">The other side's entries (where one id appears twice, the first counts: callers refuse such descriptions when they read them).</param>
    /// <returns>The first difference, or null.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <remarks>
    /// A name the dependency-injection package wrote in builds before 2026-11-27 (CHANGELOG), which gave every array
    /// the rank of <c>[]</c>, is accepted for the name with the array's rank. Two kinds at the same position match when
    /// they are equal, or when they differ only in the members of an evolvable fixed-layout struct they hold
    /// (<c>EvolvableFixed&lt;Ns.Tick(Int64,Double)&gt;</c> and <c>EvolvableFixed&lt;Ns.Tick(Int64,Double,Int32)&gt;</c>: members
    /// appended, docs/FORMAT.md section 3c), one list a prefix of the other.
    /// </remarks>
    public static RegistryMismatch? FindMismatch(IEnumerable<RegistryEntry> ours, IEnumerable<RegistryEntry> theirs)
    {
        ArgumentNullException.ThrowIfNull(ours);
        ArgumentNullException.ThrowIfNull(theirs);
        var byId = new Dictionary<int, RegistryEntry>();
        foreach (RegistryEntry entry in theirs)
        {
            if (!byId.ContainsKey(entry.Id))
            {
                byId.Add(entry.Id, entry);
            }
        }

        var mine = new List<RegistryEntry>(ours);
        mine.Sort(static (x, y) => x.Id.CompareTo(y.Id));
        foreach (RegistryEntry entry in mine)
        {
            if (!byId.TryGetValue(entry.Id, out RegistryEntry? other))
            {
                continue; // an id only one side has fails only if such a record is sent
            }

            if (!string.Equals(entry.TypeName, other.TypeName, StringComparison.Ordinal)
                && !string.Equals(LegacyTypeName(entry.TypeName), other.TypeName, StringComparison.Ordinal))
            {
                return new RegistryMismatch(entry.Id, entry.TypeName, other.TypeName, null, null, null);
            }

            if (entry.Layout is null || other.Layout is null)
            {
                continue;
            }

            int common = Math.Min(entry.Layout.Count, other.Layout.Count);
            for (int position = 0; position < common; position++)
            {
                if (!LayoutKinds.Match(entry.Layout[position], other.Layout[position]))
                {
                    return new RegistryMismatch(entry.Id, entry.TypeName, other.TypeName, position, entry.Layout[position], other.Layout[position]);
                }
            }
        }

        return null;
    }

    /// <summary>
    /// <paramref name="typeName"/> as the dependency-injection package named it in builds before 2026-11-27: every
    /// array with the rank of <c>[]</c> (<c>X&lt;System.Int32[]&gt;</c> for <c>X&lt;System.Int32[,]&gt;</c>). The same
    /// string when the name holds no array of a higher rank. For reading descriptions those builds wrote.
    /// </summary>
    /// <param name="typeName">A stable name.</param>
    /// <returns>The name those builds gave.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static string LegacyTypeName(string typeName)
    {
        ArgumentNullException.ThrowIfNull(typeName);
        if (typeName.IndexOf("[,", StringComparison.Ordinal) < 0)
        {
            return typeName;
        }

        var sb = new StringBuilder(typeName.Length);
        for (int i = 0; i < typeName.Length; i++)
        {
            sb.Append(typeName[i]);
            if (typeName[i] == '[')
            {
                while (i + 1 < typeName.Length && typeName[i + 1] == ',')
                {
                    i++;
                }
            }
        }

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

        if (type.IsGenericParameter)
        {
            sb.Append(type.Name); // an open type's parameter: its name alone
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

        int tick = type.Name.IndexOf('`');
        sb.Append(tick >= 0 ? type.Name.Substring(0, tick) : type.Name);
        if (!type.IsConstructedGenericType)
        {
            return;
        }

        sb.Append('<');
        Type[] arguments = type.GetGenericArguments();
        for (int i = 0; i < arguments.Length; i++)
        {
            if (i > 0)
            {
                sb.Append(',');
            }

            AppendName(sb, arguments[i]);
        }

        sb.Append('>');
    }
}

/// <summary>Where two registry descriptions differ (<see cref="RegistryEntry.FindMismatch"/>): the id, and either the two names or a member position.</summary>
public sealed class RegistryMismatch
{
    internal RegistryMismatch(int id, string ourTypeName, string theirTypeName, int? position, string? ourMember, string? theirMember)
    {
        Id = id;
        OurTypeName = ourTypeName;
        TheirTypeName = theirTypeName;
        Position = position;
        OurMember = ourMember;
        TheirMember = theirMember;
    }

    /// <summary>The type id that stands for different things.</summary>
    public int Id { get; }

    /// <summary>The type this side registers under <see cref="Id"/>.</summary>
    public string OurTypeName { get; }

    /// <summary>The type the other side registers under <see cref="Id"/>.</summary>
    public string TheirTypeName { get; }

    /// <summary>The position of the first member whose kind differs; null when the names differ.</summary>
    public int? Position { get; }

    /// <summary>This side's kind of member <see cref="Position"/>; null when the names differ.</summary>
    public string? OurMember { get; }

    /// <summary>The other side's kind of member <see cref="Position"/>; null when the names differ.</summary>
    public string? TheirMember { get; }
}
