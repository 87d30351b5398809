using System;
using System.Collections.Generic;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace FastSerialization.DependencyInjection;

/// <summary>
/// What a formatter's registry stands for, in a form two processes can compare: for each id, the type's stable
/// name and its member layout (the core's <see cref="RegistryEntry"/>, which the IPC handshake and record-file
/// headers carry too). The gRPC adapter sends the <see cref="Fingerprint"/> with every call and the description
/// when they differ; the caching adapter stores the fingerprint in front of every entry.
/// </summary>
public sealed class RegistryDescription
{
    private const string FormatTag = "fs-registry-v1";

    private readonly byte[]? _previousFingerprint;

    private RegistryDescription(IReadOnlyList<Entry> entries, string text, string previousText)
    {
        Entries = entries;
        Text = text;
        byte[] fingerprint = Hash(text);
        FingerprintBytes = fingerprint;
        Fingerprint = Hex(fingerprint);
        _previousFingerprint = previousText == text ? null : Hash(previousText);
    }

    /// <summary>The registry's entries, by id.</summary>
    public IReadOnlyList<Entry> Entries { get; }

    /// <summary>The description as text: one line per entry, <c>id type layout</c>. Stable across processes and platforms.</summary>
    public string Text { get; }

    /// <summary>The first 8 bytes of the SHA-256 of <see cref="Text"/>, as 16 lower-case hex digits.</summary>
    public string Fingerprint { get; }

    /// <summary>The same 8 bytes as <see cref="Fingerprint"/>.</summary>
    public ReadOnlyMemory<byte> FingerprintBytes { get; }

    /// <summary>
    /// True for <see cref="Fingerprint"/>, and for the fingerprint that builds before 2026-11-27 gave this same registry
    /// (they named every array <c>[]</c> whatever its rank: it differs only for registries naming a multi-dimensional
    /// array): cache entries and calls of those builds are accepted.
    /// </summary>
    /// <param name="fingerprint">16 hex digits.</param>
    /// <returns>Whether <paramref name="fingerprint"/> stands for this registry.</returns>
    public bool IsFingerprintOf(string? fingerprint) =>
        fingerprint is not null
        && (string.Equals(fingerprint, Fingerprint, StringComparison.Ordinal)
            || (_previousFingerprint is not null && string.Equals(fingerprint, Hex(_previousFingerprint), StringComparison.Ordinal)));

    /// <summary>The same as <see cref="IsFingerprintOf(string)"/>, for the 8 bytes of a fingerprint.</summary>
    /// <param name="fingerprint">8 bytes.</param>
    /// <returns>Whether <paramref name="fingerprint"/> stands for this registry.</returns>
    public bool IsFingerprintOf(ReadOnlySpan<byte> fingerprint) =>
        fingerprint.SequenceEqual(FingerprintBytes.Span) || (_previousFingerprint is not null && fingerprint.SequenceEqual(_previousFingerprint));

    /// <summary>Describes the registry of <paramref name="formatter"/> (which closes it).</summary>
    /// <param name="formatter">The formatter.</param>
    /// <returns>Its description.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="formatter"/> is null.</exception>
    public static RegistryDescription Of(CustomBinaryFormatter formatter)
    {
        ArgumentNullException.ThrowIfNull(formatter);

        formatter.Freeze();
        var entries = new List<Entry>();
        foreach (RegistryEntry entry in RegistryEntry.Describe(formatter.Registry))
        {
            entries.Add(new Entry(entry.Id, entry.TypeName, entry.Layout is { } layout ? string.Join(";", layout) : string.Empty));
        }

        return FromEntries(entries);
    }

    /// <summary>
    /// Reads a description written as <see cref="Text"/> by another process or another build (a file committed with a
    /// release, say). Lines may end in <c>\r\n</c> as well as <c>\n</c>, as a file checked out on Windows does; an empty
    /// line is skipped.
    /// </summary>
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
        for (int i = 0; i < lines.Length; i++)
        {
            if (lines[i].EndsWith("\r", StringComparison.Ordinal))
            {
                lines[i] = lines[i].Substring(0, lines[i].Length - 1);
            }
        }

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
        ArgumentNullException.ThrowIfNull(theirs);

        RegistryMismatch? mismatch = RegistryEntry.FindMismatch(AsRegistryEntries(Entries), AsRegistryEntries(theirs.Entries));
        if (mismatch is null)
        {
            return null;
        }

        return mismatch.Position is int position
            ? $"Registry mismatch at type id {mismatch.Id} ({mismatch.OurTypeName}): member {position} is {mismatch.OurMember} on the {ourSide} and {mismatch.TheirMember} on the {theirSide}."
            : $"Registry mismatch at type id {mismatch.Id}: the {ourSide} registers {mismatch.OurTypeName}, the {theirSide} registers {mismatch.TheirTypeName}.";
    }

    /// <summary>
    /// Checks that this registry (a new build's) reads every record <paramref name="previous"/> (an earlier build's,
    /// usually its <see cref="Text"/> kept with the release) can have written, by the rules of section 4 of FORMAT.md:
    /// every id of <paramref name="previous"/> is still registered, for the type of the same name, and where both give a
    /// layout, the earlier one is a prefix of this one (members only appended). Ids only this build has are new types
    /// and fine. This is stricter than <see cref="FindMismatch"/>, the rule for two processes talking, which accepts an
    /// id one side lacks or members removed from the end: a build must also read what was stored before it.
    /// </summary>
    /// <param name="previous">The earlier build's description.</param>
    /// <returns>Null when this build reads everything <paramref name="previous"/> wrote; otherwise a message naming the first id (by ascending id) that breaks it, its type and, for a member, the position.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="previous"/> is null.</exception>
    public string? FindBreakingChange(RegistryDescription previous)
    {
        ArgumentNullException.ThrowIfNull(previous);

        var current = new Dictionary<int, Entry>();
        foreach (Entry entry in Entries)
        {
            current[entry.Id] = entry;
        }

        foreach (Entry old in previous.Entries)
        {
            if (!current.TryGetValue(old.Id, out Entry? now))
            {
                return $"Type id {old.Id} ({old.TypeName}) is registered by the previous build and not by this one: records of it written before cannot be read. Keep registering {old.TypeName} under id {old.Id}.";
            }

            if (!string.Equals(now.TypeName, old.TypeName, StringComparison.Ordinal)
                && !string.Equals(RegistryEntry.LegacyTypeName(now.TypeName), old.TypeName, StringComparison.Ordinal))
            {
                return $"Type id {old.Id} stood for {old.TypeName} in the previous build and stands for {now.TypeName} in this one: records written before would be read as the wrong type. Never give an id to another type; register {now.TypeName} under a new id.";
            }

            if (old.Layout.Length == 0 || now.Layout.Length == 0)
            {
                continue; // a type that declares no layout (hand-written code) is not compared, as in FindMismatch
            }

            string[] before = old.Layout.Split(';');
            string[] after = now.Layout.Split(';');
            for (int position = 0; position < before.Length; position++)
            {
                if (position >= after.Length)
                {
                    return $"Type id {old.Id} ({old.TypeName}) has {after.Length} member(s) in this build and had {before.Length} in the previous one: member {position} ({before[position]}) was removed. Members are only appended, never removed.";
                }

                if (!string.Equals(before[position], after[position], StringComparison.Ordinal))
                {
                    return $"Type id {old.Id} ({old.TypeName}): member {position} was {before[position]} in the previous build and is {after[position]} in this one. Members are only appended, never reordered or retyped.";
                }
            }
        }

        return null;
    }

    private static IEnumerable<RegistryEntry> AsRegistryEntries(IReadOnlyList<Entry> entries)
    {
        foreach (Entry entry in entries)
        {
            yield return new RegistryEntry(entry.Id, entry.TypeName, entry.Layout.Length == 0 ? null : entry.Layout.Split(';'));
        }
    }

    private static RegistryDescription FromEntries(List<Entry> entries)
    {
        entries.Sort(static (x, y) => x.Id.CompareTo(y.Id));
        return new RegistryDescription(entries.AsReadOnly(), TextOf(entries, legacyNames: false), TextOf(entries, legacyNames: true));
    }

    /// <summary>The text of <paramref name="entries"/>; with <paramref name="legacyNames"/>, as builds before 2026-11-27 wrote it (every array <c>[]</c>).</summary>
    private static string TextOf(List<Entry> entries, bool legacyNames)
    {
        var sb = new StringBuilder(FormatTag);
        foreach (Entry entry in entries)
        {
            string name = legacyNames ? RegistryEntry.LegacyTypeName(entry.TypeName) : entry.TypeName;
            sb.Append('\n').Append(entry.Id.ToString(CultureInfo.InvariantCulture)).Append(' ').Append(name).Append(' ').Append(entry.Layout);
        }

        return sb.ToString();
    }

    private static byte[] Hash(string text)
    {
        byte[] hash;
        using (var sha = SHA256.Create())
        {
            hash = sha.ComputeHash(Encoding.UTF8.GetBytes(text));
        }

        byte[] fingerprint = new byte[8];
        Array.Copy(hash, fingerprint, 8);
        return fingerprint;
    }

    private static string Hex(byte[] bytes) => BitConverter.ToString(bytes).Replace("-", string.Empty).ToLowerInvariant();

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
