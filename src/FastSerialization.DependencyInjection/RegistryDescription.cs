using System;
using System.Collections.Generic;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace FastSerialization.DependencyInjection;

/// <summary>
/// What a formatter's registry stands for, in a form two processes can compare: for each id, the type's name
/// (namespace and name, no assembly) and its member layout. The gRPC adapter sends the <see cref="Fingerprint"/>
/// with every call and the description when they differ; the caching adapter stores the fingerprint in front of
/// every entry.
/// </summary>
public sealed class RegistryDescription
{
    private const string FormatTag = "fs-registry-v1";

    private RegistryDescription(IReadOnlyList<Entry> entries, string text)
    {
        Entries = entries;
        Text = text;
        byte[] hash;
        using (var sha = SHA256.Create())
        {
            hash = sha.ComputeHash(Encoding.UTF8.GetBytes(text));
        }

        byte[] fingerprint = new byte[8];
        Array.Copy(hash, fingerprint, 8);
        FingerprintBytes = fingerprint;
        Fingerprint = BitConverter.ToString(fingerprint).Replace("-", string.Empty).ToLowerInvariant();
    }

    /// <summary>The registry's entries, by id.</summary>
    public IReadOnlyList<Entry> Entries { get; }

    /// <summary>The description as text: one line per entry, <c>id type layout</c>. Stable across processes and platforms.</summary>
    public string Text { get; }

    /// <summary>The first 8 bytes of the SHA-256 of <see cref="Text"/>, as 16 lower-case hex digits.</summary>
    public string Fingerprint { get; }

    /// <summary>The same 8 bytes as <see cref="Fingerprint"/>.</summary>
    public ReadOnlyMemory<byte> FingerprintBytes { get; }

    /// <summary>Describes the registry of <paramref name="formatter"/> (which closes it).</summary>
    /// <param name="formatter">The formatter.</param>
    /// <returns>Its description.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="formatter"/> is null.</exception>
    public static RegistryDescription Of(CustomBinaryFormatter formatter)
    {
        if (formatter is null)
        {
            throw new ArgumentNullException(nameof(formatter));
        }

        formatter.Freeze();
        var entries = new List<Entry>();
        foreach (TypeRegistration registration in formatter.Registry.GetRegistrations())
        {
            entries.Add(new Entry(registration.Id, TypeName(registration.Type), registration.Layout is { } layout ? string.Join(";", layout) : string.Empty));
        }

        return FromEntries(entries);
    }

    /// <summary>Reads a description written as <see cref="Text"/> by another process.</summary>
    /// <param name="text">The text.</param>
    /// <param name="description">The description, when the text is one.</param>
    /// <returns>True when <paramref name="text"/> is a well-formed description.</returns>
    public static bool TryParse(string? text, out RegistryDescription? description)
    {
        description = null;
        if (text is null)
        {
            return false;
        }

        string[] lines = text.Split('\n');
        if (lines.Length == 0 || lines[0] != FormatTag)
        {
            return false;
        }

        var entries = new List<Entry>();
        for (int i = 1; i < lines.Length; i++)
        {
            if (lines[i].Length == 0)
            {
                continue;
            }

            string[] parts = lines[i].Split(' ');
            if (parts.Length != 3 || !int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out int id) || id <= 0)
            {
                return false;
            }

            entries.Add(new Entry(id, parts[1], parts[2]));
        }

        description = FromEntries(entries);
        return true;
    }

    /// <summary>
    /// Compares this registry (ours) with <paramref name="theirs"/> by the rules of the IPC handshake (FORMAT.md):
    /// the same id standing for two type names, or two layouts neither of which is a prefix of the other, is a
    /// mismatch; an id only one side has, or members appended on one side, is not.
    /// </summary>
    /// <param name="theirs">The other side's description.</param>
    /// <param name="ourSide">How to name this side in the message ("client", "server").</param>
    /// <param name="theirSide">How to name the other side.</param>
    /// <returns>Null when compatible; otherwise a message naming the first id that differs, both types and the position.</returns>
    public string? FindMismatch(RegistryDescription theirs, string ourSide, string theirSide)
    {
        if (theirs is null)
        {
            throw new ArgumentNullException(nameof(theirs));
        }

        var byId = new Dictionary<int, Entry>();
        foreach (Entry entry in theirs.Entries)
        {
            byId[entry.Id] = entry;
        }

        foreach (Entry ours in Entries)
        {
            if (!byId.TryGetValue(ours.Id, out Entry? other))
            {
                continue;
            }

            if (ours.TypeName != other.TypeName)
            {
                return $"Registry mismatch at type id {ours.Id}: the {ourSide} registers {ours.TypeName}, the {theirSide} registers {other.TypeName}.";
            }

            string[] a = ours.Layout.Length == 0 ? Array.Empty<string>() : ours.Layout.Split(';');
            string[] b = other.Layout.Length == 0 ? Array.Empty<string>() : other.Layout.Split(';');
            int common = Math.Min(a.Length, b.Length);
            for (int i = 0; i < common; i++)
            {
                if (a[i] != b[i])
                {
                    return $"Registry mismatch at type id {ours.Id} ({ours.TypeName}): member {i} is {a[i]} on the {ourSide} and {b[i]} on the {theirSide}.";
                }
            }
        }

        return null;
    }

    private static RegistryDescription FromEntries(List<Entry> entries)
    {
        entries.Sort(static (x, y) => x.Id.CompareTo(y.Id));
        var sb = new StringBuilder(FormatTag);
        foreach (Entry entry in entries)
        {
            sb.Append('\n').Append(entry.Id.ToString(CultureInfo.InvariantCulture)).Append(' ').Append(entry.TypeName).Append(' ').Append(entry.Layout);
        }

        return new RegistryDescription(entries.AsReadOnly(), sb.ToString());
    }

    /// <summary>Namespace-qualified name with generic arguments, no assembly and no spaces.</summary>
    private static string TypeName(Type type)
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
            sb.Append("[]");
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
        sb.Append(tick < 0 ? type.Name : type.Name.Substring(0, tick));
        if (type.IsConstructedGenericType)
        {
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

    /// <summary>One registered type.</summary>
    public sealed class Entry
    {
        internal Entry(int id, string typeName, string layout)
        {
            Id = id;
            TypeName = typeName;
            Layout = layout;
        }

        /// <summary>The type id.</summary>
        public int Id { get; }

        /// <summary>The type's namespace-qualified name.</summary>
        public string TypeName { get; }

        /// <summary>Its member layout, separated by semicolons; empty when the type declares none (hand-written code).</summary>
        public string Layout { get; }
    }
}
