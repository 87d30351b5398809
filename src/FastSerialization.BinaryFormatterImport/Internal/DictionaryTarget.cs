using System;
using System.Collections;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>The dictionary a member's declared type asks for: Dictionary&lt;TKey, TValue&gt; (or one of its interfaces) or Hashtable.</summary>
[RequiresUnreferencedCode(TrimmingMessages.Reflection)]
[RequiresDynamicCode(TrimmingMessages.DynamicCode)]
internal sealed class DictionaryTarget
{
    private readonly ConstructorInfo _withCapacity;
    private readonly ConstructorInfo? _withCapacityAndComparer;
    private readonly object? _comparer;

    private DictionaryTarget(Type created, Type key, Type value)
    {
        _withCapacity = created.GetConstructor(new[] { typeof(int) })!;
        if (created.IsGenericType)
        {
            // Keys from the payload: compared as generated readers compare them (hash flooding, SECURITY.md).
            _comparer = UntrustedKeys.ComparerFor(key);
            _withCapacityAndComparer = created.GetConstructor(new[] { typeof(int), typeof(IEqualityComparer<>).MakeGenericType(key) });
        }

        Key = key;
        Value = value;
    }

    public Type Key { get; }

    public Type Value { get; }

    public static DictionaryTarget? For(Type target, bool allowObject)
    {
        if (target.IsGenericType)
        {
            Type definition = target.GetGenericTypeDefinition();
            if (definition == typeof(Dictionary<,>) || definition == typeof(IDictionary<,>) || definition == typeof(IReadOnlyDictionary<,>))
            {
                Type[] arguments = target.GetGenericArguments();
                return new DictionaryTarget(typeof(Dictionary<,>).MakeGenericType(arguments), arguments[0], arguments[1]);
            }

            return null;
        }

        if (target == typeof(Hashtable) || target == typeof(IDictionary) || (allowObject && target == typeof(object)))
        {
            return new DictionaryTarget(typeof(Hashtable), typeof(object), typeof(object));
        }

        return null;
    }

    public IDictionary Create(int count) => (IDictionary)(_comparer is not null
        ? _withCapacityAndComparer!.Invoke(new[] { count, _comparer })
        : _withCapacity.Invoke(new object[] { count }));
}
