using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Formats.Nrbf;
using System.IO;
using FastSerialization.BinaryFormatterImport.Internal;

namespace FastSerialization.BinaryFormatterImport;

/// <summary>
/// Reads payloads written by BinaryFormatter into the types registered with a <see cref="CustomBinaryFormatter"/>,
/// without BinaryFormatter: the bytes are decoded by <c>System.Formats.Nrbf</c>'s <c>NrbfDecoder</c> into records,
/// and the importer builds objects of registered or mapped types from them. No type is ever loaded or created
/// from a name read in a payload.
/// </summary>
/// <remarks>
/// <para>An object of the payload becomes an instance of the type its name maps to (see
/// <see cref="BinaryFormatterImportOptions.MapType{T}(string)"/>, <see cref="BinaryFormatterTypeAttribute"/> and
/// <see cref="BinaryFormatterImportOptions.MatchTypesByOwnName"/>) or of the declared type of the member it goes into
/// when that type answers to the name; anything else ends in a <see cref="FastSerializationException"/> naming the
/// type and the path to it, unless <see cref="BinaryFormatterImportOptions.UnmappedType"/> skips it.</para>
/// <para>Members are matched by BinaryFormatter's names (fields, auto-property backing fields, base classes' fields),
/// with aliases for renames; members the payload lacks keep their defaults. Members are found and set by reflection:
/// see docs/MIGRATION.md for what that means for trimming and NativeAOT.</para>
/// <para>Every failure on bad input (truncated, malformed, out-of-order records, over a limit, unmapped types,
/// narrowing conversions) is a <see cref="FastSerializationException"/>. An instance may be used from several
/// threads at once.</para>
/// </remarks>
[RequiresUnreferencedCode(TrimmingMessages.Reflection)]
[RequiresDynamicCode(TrimmingMessages.DynamicCode)]
public sealed class BinaryFormatterImporter
{
    private readonly ImportContext _context;
    private readonly PayloadOptions _payloadOptions = new();

    /// <summary>Creates an importer for the types registered with <paramref name="formatter"/>.</summary>
    /// <param name="formatter">The formatter whose registered types payload objects may become (and that the converter writes with).</param>
    /// <param name="options">Mappings and limits; null for the defaults. Read once, here.</param>
    /// <exception cref="ArgumentNullException"><paramref name="formatter"/> is null.</exception>
    public BinaryFormatterImporter(CustomBinaryFormatter formatter, BinaryFormatterImportOptions? options = null)
    {
        Formatter = formatter ?? throw new ArgumentNullException(nameof(formatter));
        _context = new ImportContext(formatter, options ?? new BinaryFormatterImportOptions());
    }

    /// <summary>The formatter whose registered types this importer creates.</summary>
    public CustomBinaryFormatter Formatter { get; }

    /// <summary>Reads one BinaryFormatter payload from <paramref name="payload"/> (which is left open, positioned after it).</summary>
    /// <param name="payload">A readable stream positioned at the start of a payload.</param>
    /// <returns>The payload's root object as a registered or mapped type (or a string, a primitive, an array).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="payload"/> is null.</exception>
    /// <exception cref="FastSerializationException">The payload is malformed, truncated, over a limit, or names a type no mapping covers.</exception>
    public object? Import(Stream payload)
    {
        if (payload is null)
        {
            throw new ArgumentNullException(nameof(payload));
        }

        return ImportOne(payload as PayloadStream ?? new PayloadStream(payload), typeof(object));
    }

    /// <summary>Reads one BinaryFormatter payload whose root must become a <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The type the root object is read into (its members' types decide the rest).</typeparam>
    /// <param name="payload">A readable stream positioned at the start of a payload; left open, positioned after it.</param>
    /// <returns>The root object.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="payload"/> is null.</exception>
    /// <exception cref="FastSerializationException">As for <see cref="Import(Stream)"/>, or the root does not fit <typeparamref name="T"/>.</exception>
    public T? Import<T>(Stream payload)
    {
        if (payload is null)
        {
            throw new ArgumentNullException(nameof(payload));
        }

        return (T?)ImportOne(payload as PayloadStream ?? new PayloadStream(payload), typeof(T));
    }

    /// <summary>Reads one BinaryFormatter payload held in <paramref name="payload"/>.</summary>
    /// <param name="payload">The payload's bytes.</param>
    /// <returns>The payload's root object.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="payload"/> is null.</exception>
    /// <exception cref="FastSerializationException">As for <see cref="Import(Stream)"/>, or bytes are left after the payload.</exception>
    public object? Import(byte[] payload)
    {
        if (payload is null)
        {
            throw new ArgumentNullException(nameof(payload));
        }

        var stream = new PayloadStream(new MemoryStream(payload, writable: false));
        object? result = ImportOne(stream, typeof(object));
        if (!stream.AtEnd())
        {
            throw new FastSerializationException($"{payload.Length - stream.BytesRead} bytes follow the BinaryFormatter payload's end.", stream.BytesRead, null);
        }

        return result;
    }

    /// <summary>Reads payloads written one after another into <paramref name="stream"/>, until its end.</summary>
    /// <param name="stream">A readable stream of zero or more payloads; left open.</param>
    /// <returns>Each payload's root object, read as the sequence is enumerated.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    /// <exception cref="FastSerializationException">During enumeration, as for <see cref="Import(Stream)"/>.</exception>
    public IEnumerable<object?> ImportAll(Stream stream)
    {
        if (stream is null)
        {
            throw new ArgumentNullException(nameof(stream));
        }

        return ImportAllCore(stream as PayloadStream ?? new PayloadStream(stream));
    }

    internal object? ImportOne(PayloadStream stream, Type target)
    {
        long start = stream.BytesRead;
        SerializationRecord root;
        try
        {
            root = NrbfDecoder.Decode(stream, _payloadOptions, leaveOpen: true);
        }
        catch (Exception e) when (IsBadInput(e, stream))
        {
            throw new FastSerializationException(
                $"The BinaryFormatter payload at offset {start} is malformed or truncated (NrbfDecoder: {e.Message}).", start, null, e);
        }

        var session = new ImportSession(_context);
        try
        {
            return session.ImportRoot(root, target, stream.BytesRead - start);
        }
        catch (FastSerializationException)
        {
            throw;
        }
        catch (Exception e) when (IsBadInput(e, stream))
        {
            throw new FastSerializationException(
                $"Cannot import the BinaryFormatter payload at offset {start}, at {session.Path}: {e.Message}", start, null, e);
        }
    }

    private IEnumerable<object?> ImportAllCore(PayloadStream stream)
    {
        while (!stream.AtEnd())
        {
            yield return ImportOne(stream, typeof(object));
        }
    }

    /// <summary>
    /// What bad input can make the decoder or the record tree throw, an <see cref="IOException"/> among them
    /// (its <see cref="BinaryReader"/> throws one for a negative string length). A failure of the stream itself
    /// (whatever the stream threw, caught by <see cref="PayloadStream.Faulted"/>), running out of memory or a
    /// cancellation are not about the payload and pass through.
    /// </summary>
    private static bool IsBadInput(Exception e, PayloadStream stream)
        => e is not (OutOfMemoryException or OperationCanceledException) && !stream.Faulted;
}
