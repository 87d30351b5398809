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
    private readonly ConcurrentDictionary<Type, SequenceTarget?> _sequences = new();
    private readonly ConcurrentDictionary<(Type, bool), DictionaryTarget?> _dictionaries = new();

    public ImportContext(CustomBinaryFormatter formatter, BinaryFormatterImportOptions options)
    {
        Options = options;
        Types = new TypeMap(formatter, options);
    }

    public BinaryFormatterImportOptions Options { get; }

    public TypeMap Types { get; }

    public TypeShape GetShape(Type type) => _shapes.GetOrAdd(type, t => new TypeShape(t, Options.MemberAliases));

    public SequenceTarget? GetSequence(Type target) => _sequences.GetOrAdd(target, SequenceTarget.For);

    public DictionaryTarget? GetDictionary(Type target, bool allowObject) => _dictionaries.GetOrAdd((target, allowObject), key => DictionaryTarget.For(key.Item1, key.Item2));
}
