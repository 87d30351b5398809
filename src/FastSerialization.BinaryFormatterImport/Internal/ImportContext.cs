using System;
using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>What every import of one importer shares: the type map, the options, the shapes found so far.</summary>
[RequiresUnreferencedCode(TrimmingMessages.Reflection)]
[RequiresDynamicCode(TrimmingMessages.DynamicCode)]
internal sealed class ImportContext
{
    private readonly ConcurrentDictionary<Type, TypeShape> _shapes = new();

    public ImportContext(CustomBinaryFormatter formatter, BinaryFormatterImportOptions options)
    {
        Options = options;
        Types = new TypeMap(formatter, options);
    }

    public BinaryFormatterImportOptions Options { get; }

    public TypeMap Types { get; }

    public TypeShape GetShape(Type type) => _shapes.GetOrAdd(type, t => new TypeShape(t, Options.MemberAliases));
}
