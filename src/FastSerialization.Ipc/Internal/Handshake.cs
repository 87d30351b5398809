using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// What each end of a channel announces when it opens: the format version and, for each registered
/// type id, the type's name and (when known) its member layout. docs/FORMAT.md section 8 says what must match.
/// </summary>
internal sealed class Handshake
{
    public const int FormatVersion = 1;
    private static ReadOnlySpan<byte> Magic => "FSIP"u8;

    public Handshake(int version, IReadOnlyList<Entry> entries)
    {
        Version = version;
        Entries = entries;
    }

    public int Version { get; }

    public IReadOnlyList<Entry> Entries { get; }

    /// <summary>The handshake of <paramref name="formatter"/>'s registry: its entries in id order, each with the layout its [BinaryLayout] gives, or null.</summary>
    public static Handshake Of(CustomBinaryFormatter formatter) =>
        new(FormatVersion, formatter.Registry.GetRegistrations().Select(registration => new Entry(registration.Id, TypeNames.Of(registration.Type), registration.Layout)).ToList());

    public void WriteTo(IBufferWriter<byte> output)
    {
        var body = new ByteBufferWriter();
        var writer = new FastBinaryWriter(body);
        writer.WriteRaw(Magic);
        writer.WriteVarUInt32((uint)Version);
        writer.WriteCollectionHeader(Entries.Count);
        foreach (Entry entry in Entries)
        {
            writer.WriteVarUInt32((uint)entry.Id);
            writer.Write(entry.TypeName);
            if (entry.Layout is null)
            {
                writer.WriteNullCollection();
            }
            else
            {
                writer.WriteCollectionHeader(entry.Layout.Count);
                foreach (string kind in entry.Layout)
                {
                    writer.Write(kind);
                }
            }
        }

        writer.Flush();
        ControlRecord.Write(output, ControlKind.Hello, body.WrittenSpan);
    }

    public static Handshake Read(ref FastBinaryReader reader)
    {
        if (!reader.ReadRaw(4).SequenceEqual(Magic))
        {
            throw new IpcHandshakeException("The peer's handshake does not start with the FastSerialization IPC magic: it is not a FastSerialization channel.", null);
        }

        int version = (int)reader.ReadVarUInt32();
        int count = reader.ReadCollectionHeader(minElementSize: 3);
        var entries = new List<Entry>(Math.Max(count, 0));
        var ids = new HashSet<int>();
        for (int i = 0; i < count; i++)
        {
            int id = (int)reader.ReadVarUInt32();
            if (!ids.Add(id))
            {
                throw new IpcHandshakeException($"The peer's handshake names type id {id} twice: it is malformed.", id);
            }

            string typeName = reader.ReadString() ?? string.Empty;
            int members = reader.ReadCollectionHeader();
            string[]? layout = members < 0 ? null : new string[members];
            for (int m = 0; m < members; m++)
            {
                layout![m] = reader.ReadString() ?? string.Empty;
            }

            entries.Add(new Entry(id, typeName, layout));
        }

        return new Handshake(version, entries);
    }

    /// <summary>Returns null when the two ends are compatible, otherwise the first difference.</summary>
    public static IpcHandshakeException? Compare(Handshake local, Handshake remote)
    {
        if (local.Version != remote.Version)
        {
            return new IpcHandshakeException(
                $"Format version mismatch: this side speaks version {local.Version}, the peer version {remote.Version}.", null);
        }

        var remoteById = new Dictionary<int, Entry>();
        foreach (Entry entry in remote.Entries)
        {
            if (!remoteById.TryAdd(entry.Id, entry))
            {
                return new IpcHandshakeException($"The peer's handshake names type id {entry.Id} twice: it is malformed.", entry.Id);
            }
        }

        foreach (Entry mine in local.Entries.OrderBy(e => e.Id))
        {
            if (!remoteById.TryGetValue(mine.Id, out Entry? theirs))
            {
                continue; // an id only one side has fails only if such a record is sent
            }

            if (!string.Equals(mine.TypeName, theirs.TypeName, StringComparison.Ordinal))
            {
                return new IpcHandshakeException(
                    $"Registry mismatch at type id {mine.Id}: it stands for {mine.TypeName} on this side and for {theirs.TypeName} on the peer.", mine.Id);
            }

            if (mine.Layout is not null && theirs.Layout is not null)
            {
                int common = Math.Min(mine.Layout.Count, theirs.Layout.Count);
                for (int position = 0; position < common; position++)
                {
                    if (!string.Equals(mine.Layout[position], theirs.Layout[position], StringComparison.Ordinal))
                    {
                        return new IpcHandshakeException(
                            $"Layout mismatch at type id {mine.Id} ({mine.TypeName}): member {position} is {mine.Layout[position]} on this side and {theirs.Layout[position]} on the peer.", mine.Id);
                    }
                }
            }
        }

        return null;
    }

    internal sealed record Entry(int Id, string TypeName, IReadOnlyList<string>? Layout);
}

/// <summary>Type names as the handshake compares them: namespace and name, with generic arguments named the same way (no assembly versions).</summary>
internal static class TypeNames
{
    public static string Of(Type type)
    {
        var sb = new StringBuilder();
        Append(sb, type);
        return sb.ToString();
    }

    private static void Append(StringBuilder sb, Type type)
    {
        if (type.IsArray)
        {
            Append(sb, type.GetElementType()!);
            sb.Append('[').Append(',', type.GetArrayRank() - 1).Append(']');
            return;
        }

        if (type.IsNested && !type.IsGenericParameter)
        {
            Append(sb, type.DeclaringType!);
            sb.Append('+');
        }
        else if (!string.IsNullOrEmpty(type.Namespace))
        {
            sb.Append(type.Namespace).Append('.');
        }

        string name = type.Name;
        int tick = name.IndexOf('`');
        sb.Append(tick >= 0 ? name.Substring(0, tick) : name);
        if (type.IsConstructedGenericType)
        {
            Type[] args = type.GetGenericArguments();
            sb.Append('<');
            for (int i = 0; i < args.Length; i++)
            {
                if (i > 0)
                {
                    sb.Append(',');
                }

                Append(sb, args[i]);
            }

            sb.Append('>');
        }
    }
}
