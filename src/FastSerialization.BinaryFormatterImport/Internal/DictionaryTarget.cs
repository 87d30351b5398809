using System;
using System.Collections;
using System.Collections.Generic;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>The dictionary a member's declared type asks for: Dictionary&lt;TKey, TValue&gt; (or one of its interfaces) or Hashtable.</summary>
internal abstract class DictionaryTarget
{
    public abstract BinaryFormatterTarget Key { get; }

    public abstract BinaryFormatterTarget Value { get; }

    public abstract IDictionary Create(int count);
}

/// <summary>A <see cref="Dictionary{TKey, TValue}"/>, its keys compared as generated readers compare them (hash flooding, SECURITY.md).</summary>
internal sealed class DictionaryTarget<TKey, TValue> : DictionaryTarget
    where TKey : notnull
{
    public DictionaryTarget(BinaryFormatterTarget key, BinaryFormatterTarget value)
    {
        Key = key;
        Value = value;
    }

    public override BinaryFormatterTarget Key { get; }

    public override BinaryFormatterTarget Value { get; }

    public override IDictionary Create(int count) => new Dictionary<TKey, TValue>(count, KeyComparers.ForUntrustedKeys<TKey>());
}

/// <summary>A <see cref="Hashtable"/>, for members declared as Hashtable, IDictionary or object.</summary>
internal sealed class HashtableTarget : DictionaryTarget
{
    private static readonly HashtableTarget Instance = new();

    public override BinaryFormatterTarget Key => BinaryFormatterTarget.Object;

    public override BinaryFormatterTarget Value => BinaryFormatterTarget.Object;

    /// <summary>The Hashtable target for <paramref name="target"/>, or null. A member declared as object takes a Hashtable only from a payload's Hashtable.</summary>
    public static DictionaryTarget? For(Type target)
        => target == typeof(Hashtable) || target == typeof(IDictionary) || target == typeof(object) ? Instance : null;

    public override IDictionary Create(int count) => new Hashtable(count);
}
