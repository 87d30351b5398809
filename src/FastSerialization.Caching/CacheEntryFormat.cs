using System;
using System.Buffers;
using System.Buffers.Binary;
using FastSerialization.DependencyInjection;

namespace FastSerialization.Caching;

/// <summary>
/// The bytes of one cache entry: one record (FORMAT.md section 1), then an 18-byte trailer: the record's length
/// (u32 LE), its CRC-32C (u32 LE), the writing registry's 8-byte fingerprint, and the two bytes 'F' 'S'.
/// The trailer is at the end so that it can be found from the end of what a store returns, even inside a
/// HybridCache payload (which adds its own header in front and a sentinel behind).
/// </summary>
/// <remarks>
/// A reader whose registry has another fingerprint treats the entry as a miss: its ids may stand for other types.
/// Adding or changing a registered type therefore empties the cache for that process's readers, which a cache may
/// do. The CRC catches a corruption in the store that would still parse (a changed letter in a string).
/// </remarks>
internal sealed class CacheEntryFormat
{
    public const int TrailerSize = 4 + 4 + 8 + 2;
    public const byte Tag0 = (byte)'F';
    public const byte Tag1 = (byte)'S';

    /// <summary>How far from the end of a store's value a trailer is looked for (HybridCache puts 2 bytes after it).</summary>
    public const int MaxTrailerOffset = 16;

    private readonly byte[] _fingerprint;

    public CacheEntryFormat(CustomBinaryFormatter formatter)
    {
        Formatter = formatter;
        Registry = RegistryDescription.Of(formatter);
        _fingerprint = Registry.FingerprintBytes.ToArray();
    }

    public enum Verdict
    {
        /// <summary>No trailer found: not an entry of this format.</summary>
        NotOurs,

        /// <summary>A whole entry of this registry whose CRC matches.</summary>
        Valid,

        /// <summary>A trailer whose record fails its CRC, or whose length does not fit.</summary>
        Corrupted,

        /// <summary>A whole entry written by another registry.</summary>
        ForeignRegistry,
    }

    public CustomBinaryFormatter Formatter { get; }

    public RegistryDescription Registry { get; }

    public void Write<T>(ArrayBufferWriter<byte> destination, T value)
    {
        int start = destination.WrittenCount;
        Formatter.Serialize(destination, value);
        ReadOnlySpan<byte> record = destination.WrittenSpan.Slice(start);
        uint crc = Crc32C.Compute(record);
        int length = record.Length;
        Span<byte> trailer = destination.GetSpan(TrailerSize);
        BinaryPrimitives.WriteUInt32LittleEndian(trailer, (uint)length);
        BinaryPrimitives.WriteUInt32LittleEndian(trailer.Slice(4), crc);
        _fingerprint.CopyTo(trailer.Slice(8));
        trailer[16] = Tag0;
        trailer[17] = Tag1;
        destination.Advance(TrailerSize);
    }

    /// <summary>
    /// Judges the entry that ends <paramref name="afterEnd"/> bytes before the end of <paramref name="value"/>;
    /// <paramref name="record"/> is its record when it is <see cref="Verdict.Valid"/>.
    /// </summary>
    public Verdict Judge(ReadOnlySpan<byte> value, int afterEnd, out ReadOnlySpan<byte> record, out string? reason)
    {
        record = default;
        reason = null;
        int end = value.Length - afterEnd;
        if (end < TrailerSize || value[end - 2] != Tag0 || value[end - 1] != Tag1)
        {
            return Verdict.NotOurs;
        }

        ReadOnlySpan<byte> trailer = value.Slice(end - TrailerSize, TrailerSize);
        uint length = BinaryPrimitives.ReadUInt32LittleEndian(trailer);
        if (length == 0 || length > (uint)(end - TrailerSize))
        {
            reason = $"the entry's trailer gives a record of {length} bytes, and {end - TrailerSize} precede it";
            return Verdict.Corrupted;
        }

        ReadOnlySpan<byte> candidate = value.Slice(end - TrailerSize - (int)length, (int)length);
        uint crc = BinaryPrimitives.ReadUInt32LittleEndian(trailer.Slice(4));
        if (Crc32C.Compute(candidate) != crc)
        {
            reason = $"the entry's record of {length} bytes fails its CRC-32C (corrupted in the store)";
            return Verdict.Corrupted;
        }

        if (!Registry.IsFingerprintOf(trailer.Slice(8, 8)))
        {
            reason = $"the entry was written by another type registry (fingerprint {Convert.ToHexString(trailer.Slice(8, 8)).ToLowerInvariant()}, this process's is {Registry.Fingerprint})";
            return Verdict.ForeignRegistry;
        }

        record = candidate;
        return Verdict.Valid;
    }

    /// <summary>Reads an entry that is exactly one record and its trailer; on failure, <paramref name="reason"/> says why.</summary>
    public bool TryRead<T>(ReadOnlySpan<byte> entry, out T? value, out string? reason, out Exception? error)
    {
        value = default;
        error = null;
        Verdict verdict = Judge(entry, 0, out ReadOnlySpan<byte> record, out reason);
        if (verdict != Verdict.Valid)
        {
            reason ??= $"the entry of {entry.Length} bytes does not end with a FastSerialization cache trailer";
            return false;
        }

        if (record.Length + TrailerSize != entry.Length)
        {
            reason = $"the entry holds {entry.Length - record.Length - TrailerSize} bytes before its record";
            return false;
        }

        try
        {
            value = Formatter.Deserialize<T>(record);
            return true;
        }
        catch (FastSerializationException ex)
        {
            reason = $"the entry's record is not a {typeof(T).Name}: {ex.Message}";
            error = ex;
            return false;
        }
    }

    /// <summary>As <see cref="TryRead{T}(ReadOnlySpan{byte}, out T, out string, out Exception)"/>, from a sequence.</summary>
    public bool TryRead<T>(ReadOnlySequence<byte> entry, out T? value, out string? reason, out Exception? error)
    {
        if (entry.IsSingleSegment)
        {
            return TryRead(entry.FirstSpan, out value, out reason, out error);
        }

        byte[] copy = ArrayPool<byte>.Shared.Rent((int)entry.Length);
        try
        {
            entry.CopyTo(copy);
            return TryRead(copy.AsSpan(0, (int)entry.Length), out value, out reason, out error);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(copy);
        }
    }

    /// <summary>
    /// Looks for an entry's trailer near the end of what a store returned (at most <see cref="MaxTrailerOffset"/>
    /// bytes before it) and judges the first one found.
    /// </summary>
    public Verdict Inspect(ReadOnlySpan<byte> storedValue, out string? reason)
    {
        // Bytes after the entry (HybridCache's sentinel) may look like a tag by chance: a valid entry further in wins.
        Verdict found = Verdict.NotOurs;
        reason = null;
        for (int afterEnd = 0; afterEnd <= MaxTrailerOffset && afterEnd <= storedValue.Length - TrailerSize; afterEnd++)
        {
            Verdict verdict = Judge(storedValue, afterEnd, out _, out string? why);
            if (verdict == Verdict.Valid)
            {
                reason = null;
                return verdict;
            }

            if (verdict != Verdict.NotOurs && found == Verdict.NotOurs)
            {
                found = verdict;
                reason = why;
            }
        }

        return found;
    }
}
