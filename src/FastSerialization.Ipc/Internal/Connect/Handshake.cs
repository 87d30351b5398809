using System;
using System.Buffers;
using System.Collections.Generic;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// What each end of a channel announces when it opens: the format version and, for each registered
/// type id, the type's name and (when known) its member layout. docs/FORMAT.md section 8 says what must match.
/// </summary>
internal sealed class Handshake
{
    public const int FormatVersion = 1;
    private static ReadOnlySpan<byte> Magic => "FSIP"u8;

    public Handshake(int version, IReadOnlyList<RegistryEntry> entries)
    {
        Version = version;
        Entries = entries;
    }

    public int Version { get; }

    public IReadOnlyList<RegistryEntry> Entries { get; }

    /// <summary>The handshake of <paramref name="formatter"/>'s registry: its entries in id order (<see cref="RegistryEntry.Describe"/>).</summary>
    public static Handshake Of(CustomBinaryFormatter formatter) => new(FormatVersion, RegistryEntry.Describe(formatter.Registry));

    public void WriteTo(IBufferWriter<byte> output)
    {
        var body = new ByteBufferWriter();
        var writer = new FastBinaryWriter(body);
        writer.WriteRaw(Magic);
        writer.WriteVarUInt32((uint)Version);
        RegistryEntry.WriteAll(ref writer, Entries);

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
        IReadOnlyList<RegistryEntry> entries;
        try
        {
            entries = RegistryEntry.ReadAll(ref reader);
        }
        catch (FastSerializationException e)
        {
            throw new IpcHandshakeException($"The peer's handshake is malformed: {e.Message}", null);
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

        // Read refuses a handshake naming one id twice, so each id of the peer's stands once here.
        RegistryMismatch? mismatch = RegistryEntry.FindMismatch(local.Entries, remote.Entries);
        if (mismatch is null)
        {
            return null;
        }

        return mismatch.Position is int position
            ? new IpcHandshakeException(
                $"Layout mismatch at type id {mismatch.Id} ({mismatch.OurTypeName}): member {position} is {mismatch.OurMember} on this side and {mismatch.TheirMember} on the peer.", mismatch.Id)
            : new IpcHandshakeException(
                $"Registry mismatch at type id {mismatch.Id}: it stands for {mismatch.OurTypeName} on this side and for {mismatch.TheirTypeName} on the peer.", mismatch.Id);
    }
}
