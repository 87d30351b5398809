using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Text;
using Microsoft.Win32.SafeHandles;

namespace FastSerialization.Files.Internal;

/// <summary>
/// The file header (docs/FORMAT.md section 9.1): magic "FSRF", version, flags, header length, file id, the
/// registry that wrote the file (ids, type names, member layouts), CRC-32C of everything before the CRC.
/// </summary>
internal sealed class FileHeader
{
    public const uint Magic = 0x46525346; // "FSRF" read as a little-endian u32
    public const ushort FormatVersion = 1;
    public const uint RecordFormatVersion = 1;
    public const int FixedPartSize = 28;
    public const int MinSize = FixedPartSize + 2 + 4;
    public const int MaxSize = 1024 * 1024;

    /// <summary>
    /// Header flag bit 0 (docs/FORMAT.md 9.1): every block's CRC starts from the file id, which ties each block to this
    /// file. Every file this version creates has it; files of earlier versions (flags 0) are read and appended to as
    /// they are, their blocks' CRCs starting from nothing.
    /// </summary>
    public const ushort FlagBlocksTiedToFile = 1;

    private FileHeader(byte[] bytes, byte[] fileId, ushort flags, IReadOnlyList<RegistryEntry> entries)
    {
        Bytes = bytes;
        FileId = fileId;
        Flags = flags;
        Entries = entries;
        BlockChecksumSeed = (flags & FlagBlocksTiedToFile) != 0 ? Crc32C.Update(0xFFFFFFFFu, fileId) : 0xFFFFFFFFu;
    }

    /// <summary>The header's bytes as stored.</summary>
    public byte[] Bytes { get; }

    /// <summary>The 16 random bytes that name this file (the index beside it must carry the same).</summary>
    public byte[] FileId { get; }

    /// <summary>The header's flags: 0 (a file of an earlier version) or <see cref="FlagBlocksTiedToFile"/>.</summary>
    public ushort Flags { get; }

    /// <summary>
    /// The running CRC-32C (not inverted) every block checksum of this file starts from: the CRC's initial value
    /// continued over the file id when the blocks are tied to the file, the initial value alone in an older file.
    /// </summary>
    public uint BlockChecksumSeed { get; }

    public IReadOnlyList<RegistryEntry> Entries { get; }

    public int Length => Bytes.Length;

    /// <summary>The type name the file's registry gives type id <paramref name="typeId"/>, or null when it has no such id.</summary>
    public string? TypeNameOf(int typeId)
    {
        foreach (RegistryEntry entry in Entries)
        {
            if (entry.Id == typeId)
            {
                return entry.TypeName;
            }
        }

        return null;
    }

    /// <summary>The header of a new file written by <paramref name="formatter"/>'s registry.</summary>
    public static FileHeader Create(CustomBinaryFormatter formatter)
    {
        byte[] fileId = Guid.NewGuid().ToByteArray();
        IReadOnlyList<RegistryEntry> entries = RegistryEntry.Describe(formatter.Registry);
        var output = new ArrayBufferWriter<byte>(256);
        Span<byte> fixedPart = output.GetSpan(FixedPartSize);
        BinaryPrimitives.WriteUInt32LittleEndian(fixedPart, Magic);
        BinaryPrimitives.WriteUInt16LittleEndian(fixedPart.Slice(4), FormatVersion);
        BinaryPrimitives.WriteUInt16LittleEndian(fixedPart.Slice(6), FlagBlocksTiedToFile);
        BinaryPrimitives.WriteUInt32LittleEndian(fixedPart.Slice(8), 0); // the length, filled in below
        fileId.CopyTo(fixedPart.Slice(12));
        output.Advance(FixedPartSize);

        var writer = new FastBinaryWriter(output);
        writer.WriteVarUInt32(RecordFormatVersion);
        RegistryEntry.WriteAll(ref writer, entries);

        writer.Flush();
        output.GetSpan(4);
        output.Advance(4);
        byte[] bytes = output.WrittenSpan.ToArray();
        if (bytes.Length > MaxSize)
        {
            throw new ArgumentException($"The registry's description takes {bytes.Length} bytes; a record file header holds at most {MaxSize}.", nameof(formatter));
        }

        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(8), (uint)bytes.Length);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(bytes.Length - 4), Crc32C.Compute(bytes.AsSpan(0, bytes.Length - 4)));
        return new FileHeader(bytes, fileId, FlagBlocksTiedToFile, entries);
    }

    /// <summary>
    /// Reads and checks the header at the start of the file: magic, version, flags, a length within the file
    /// and <see cref="MaxSize"/> (checked before anything is allocated), the CRC, then the registry description.
    /// </summary>
    /// <exception cref="RecordFileCorruptedException">Any of those is wrong.</exception>
    public static FileHeader Read(SafeFileHandle handle, long fileLength, string path)
    {
        Span<byte> fixedPart = stackalloc byte[FixedPartSize];
        if (fileLength < FixedPartSize || RandomAccess.Read(handle, fixedPart, 0) != FixedPartSize)
        {
            throw Corrupt(path, $"it is {fileLength} bytes long, shorter than a record file header");
        }

        if (BinaryPrimitives.ReadUInt32LittleEndian(fixedPart) != Magic)
        {
            throw Corrupt(path, $"it does not start with the record file magic \"FSRF\" (46 53 52 46) but with {Hex(fixedPart.Slice(0, 4))}");
        }

        ushort version = BinaryPrimitives.ReadUInt16LittleEndian(fixedPart.Slice(4));
        if (version != FormatVersion)
        {
            throw Corrupt(path, $"its format version is {version}; this library reads version {FormatVersion}");
        }

        ushort flags = BinaryPrimitives.ReadUInt16LittleEndian(fixedPart.Slice(6));
        if ((flags & ~FlagBlocksTiedToFile) != 0)
        {
            throw Corrupt(path, $"its header flags are 0x{flags:X4}; this version knows only 0x{FlagBlocksTiedToFile:X4} (blocks tied to the file), so a later version wrote it");
        }

        uint length = BinaryPrimitives.ReadUInt32LittleEndian(fixedPart.Slice(8));
        if (length < MinSize || length > MaxSize || length > fileLength)
        {
            throw Corrupt(path, $"its header claims {length} bytes (the file has {fileLength}; {MinSize} to {MaxSize} allowed)");
        }

        byte[] bytes = new byte[length];
        if (RandomAccess.Read(handle, bytes, 0) != bytes.Length)
        {
            throw Corrupt(path, "its header could not be read whole");
        }

        uint stored = BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(bytes.Length - 4));
        uint computed = Crc32C.Compute(bytes.AsSpan(0, bytes.Length - 4));
        if (stored != computed)
        {
            throw Corrupt(path, $"its header checksum is wrong (stored 0x{stored:X8}, computed 0x{computed:X8})");
        }

        IReadOnlyList<RegistryEntry> entries;
        try
        {
            var reader = new FastBinaryReader(bytes.AsSpan(FixedPartSize, bytes.Length - FixedPartSize - 4));
            uint recordVersion = reader.ReadVarUInt32();
            if (recordVersion != RecordFormatVersion)
            {
                throw Corrupt(path, $"its records are of format version {recordVersion}; this library reads version {RecordFormatVersion}");
            }

            entries = RegistryEntry.ReadAll(ref reader);
            if (reader.HasRemaining)
            {
                throw Corrupt(path, $"its header has {reader.Remaining} bytes after the registry description");
            }
        }
        catch (FastSerializationException e) when (e is not RecordFileCorruptedException)
        {
            throw new RecordFileCorruptedException($"'{path}' is not a valid record file: its registry description is malformed: {e.Message}", null, 0, e);
        }

        return new FileHeader(bytes, bytes.AsSpan(12, 16).ToArray(), flags, entries);
    }

    /// <summary>Refuses the file when its registry and <paramref name="formatter"/>'s disagree (contract section 6's rules).</summary>
    /// <exception cref="RecordFileRegistryMismatchException">An id stands for two types, or a member layout differs at a position.</exception>
    public void CheckRegistry(CustomBinaryFormatter formatter, string path)
    {
        RegistryMismatch? mismatch = RegistryEntry.FindMismatch(RegistryEntry.Describe(formatter.Registry), Entries);
        if (mismatch is null)
        {
            return;
        }

        throw mismatch.Position is int position
            ? new RecordFileRegistryMismatchException(
                $"'{path}' was written by another layout of type id {mismatch.Id} ({mismatch.OurTypeName}): member {position} is {mismatch.TheirMember} in the file and {mismatch.OurMember} here.", mismatch.Id, position)
            : new RecordFileRegistryMismatchException(
                $"'{path}' was written by another registry: type id {mismatch.Id} stands for {mismatch.TheirTypeName} in the file and for {mismatch.OurTypeName} here.", mismatch.Id, null);
    }

    private static RecordFileCorruptedException Corrupt(string path, string what) =>
        new($"'{path}' is not a valid record file: {what}.", null, 0);

    private static string Hex(ReadOnlySpan<byte> bytes)
    {
        var sb = new StringBuilder();
        foreach (byte b in bytes)
        {
            sb.Append(sb.Length == 0 ? string.Empty : " ").Append(b.ToString("X2", System.Globalization.CultureInfo.InvariantCulture));
        }

        return sb.ToString();
    }
}
