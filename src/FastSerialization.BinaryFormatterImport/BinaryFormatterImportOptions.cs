using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;

namespace FastSerialization.BinaryFormatterImport;

/// <summary>
/// How a <see cref="BinaryFormatterImporter"/> maps the types and members named in BinaryFormatter
/// payloads to today's types, and the limits it keeps while reading them.
/// </summary>
/// <remarks>
/// The options are read when the importer is created; changing them afterwards does not affect it.
/// </remarks>
public sealed class BinaryFormatterImportOptions
{
    /// <summary>The default of <see cref="MaxDepth"/>: 64 nested objects, as the formatter's own default.</summary>
    public const int DefaultMaxDepth = 64;

    /// <summary>The default of <see cref="MaxElementsPerPayloadByte"/>.</summary>
    public const int DefaultMaxElementsPerPayloadByte = 64;

    private readonly List<KeyValuePair<string, Type>> _typeMaps = new();
    private readonly List<MemberAlias> _memberAliases = new();
    private int _maxDepth = DefaultMaxDepth;
    private int _maxElementsPerPayloadByte = DefaultMaxElementsPerPayloadByte;

    /// <summary>
    /// Maps an old type name to <typeparamref name="T"/>: payload objects of that type are read into a new
    /// <typeparamref name="T"/>. <typeparamref name="T"/> need not be registered with the formatter (a nested
    /// member's type, for example), but only registered or mapped types are ever created.
    /// </summary>
    /// <typeparam name="T">The new type.</typeparam>
    /// <param name="oldTypeName">The old type's full name (<c>Legacy.Customer</c>), optionally followed by a
    /// comma and its assembly's simple name (<c>Legacy.Customer, LegacyApp</c>).</param>
    /// <returns>These options, for chaining.</returns>
    public BinaryFormatterImportOptions MapType<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.All)] T>(string oldTypeName)
    {
        if (string.IsNullOrWhiteSpace(oldTypeName))
        {
            throw new ArgumentException("The old type name is empty.", nameof(oldTypeName));
        }

        _typeMaps.Add(new KeyValuePair<string, Type>(oldTypeName, typeof(T)));
        return this;
    }

    /// <summary>
    /// Declares a renamed member: the payload's member <paramref name="oldMemberName"/> of an object read into
    /// <typeparamref name="T"/> goes into <typeparamref name="T"/>'s field or property <paramref name="newMemberName"/>.
    /// The same as <see cref="BinaryFormatterMemberAttribute"/> on that member.
    /// </summary>
    /// <typeparam name="T">The new type that has the member.</typeparam>
    /// <param name="oldMemberName">BinaryFormatter's name of the member (a field name, <c>&lt;Name&gt;k__BackingField</c>, or <c>Base+field</c>).</param>
    /// <param name="newMemberName">The name of the field or property in <typeparamref name="T"/> (or one of its base classes).</param>
    /// <returns>These options, for chaining.</returns>
    public BinaryFormatterImportOptions MapMember<T>(string oldMemberName, string newMemberName)
    {
        if (string.IsNullOrEmpty(oldMemberName))
        {
            throw new ArgumentException("The old member name is empty.", nameof(oldMemberName));
        }

        if (string.IsNullOrEmpty(newMemberName))
        {
            throw new ArgumentException("The new member name is empty.", nameof(newMemberName));
        }

        _memberAliases.Add(new MemberAlias(typeof(T), oldMemberName, newMemberName));
        return this;
    }

    /// <summary>
    /// Also map each type registered with the formatter by its own full name (and each explicitly mapped or
    /// member type likewise), so that types whose names did not change need no mapping. Default <see langword="true"/>.
    /// </summary>
    public bool MatchTypesByOwnName { get; set; } = true;

    /// <summary>
    /// Called for an object whose type no mapping covers; returning <see langword="true"/> skips it (the member
    /// keeps its default, the element is null), returning <see langword="false"/> (or no callback) ends the
    /// import with a <see cref="FastSerializationException"/> naming the type and the path to it.
    /// </summary>
    public Func<BinaryFormatterUnmappedType, bool>? UnmappedType { get; set; }

    /// <summary>How deeply objects may nest in one payload before the import fails. Default <see cref="DefaultMaxDepth"/>.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is below 1.</exception>
    public int MaxDepth
    {
        get => _maxDepth;
        set => _maxDepth = value >= 1 ? value : throw new ArgumentOutOfRangeException(nameof(value), value, "MaxDepth must be at least 1.");
    }

    /// <summary>
    /// The array elements one payload may make the importer allocate, per byte of the payload (plus 1,024), checked
    /// before each allocation. BinaryFormatter can write a run of nulls in five bytes, so a short payload may declare
    /// an array of two billion elements; this bound keeps the memory an import uses proportional to its input.
    /// Default <see cref="DefaultMaxElementsPerPayloadByte"/>.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is below 1.</exception>
    public int MaxElementsPerPayloadByte
    {
        get => _maxElementsPerPayloadByte;
        set => _maxElementsPerPayloadByte = value >= 1 ? value : throw new ArgumentOutOfRangeException(nameof(value), value, "MaxElementsPerPayloadByte must be at least 1.");
    }

    internal IReadOnlyList<KeyValuePair<string, Type>> TypeMaps => _typeMaps;

    internal IReadOnlyList<MemberAlias> MemberAliases => _memberAliases;

    internal readonly struct MemberAlias
    {
        public MemberAlias(Type type, string oldName, string newName)
        {
            Type = type;
            OldName = oldName;
            NewName = newName;
        }

        public Type Type { get; }

        public string OldName { get; }

        public string NewName { get; }
    }
}
