using System;
using System.Collections.Generic;
using FastSerialization.BinaryFormatterImport.Internal;

namespace FastSerialization.BinaryFormatterImport;

/// <summary>
/// The declared type of a member the importer fills, and how to make the collection it asks for. Generated
/// binders (<see cref="BinaryFormatterBinder"/>) describe each member with one, built from these factories with
/// the member's types spelled out, so that no collection type is made at run time.
/// </summary>
/// <remarks>
/// <see cref="Value{T}"/> covers every type that is not a generic collection: primitives, strings, enums,
/// nullables, <see cref="Guid"/>, <see cref="DateTime"/>, objects, and the non-generic collections (object,
/// <see cref="System.Collections.ArrayList"/>, <see cref="System.Collections.Hashtable"/> and their interfaces).
/// Instances are immutable and may be shared.
/// </remarks>
public abstract class BinaryFormatterTarget
{
    private protected BinaryFormatterTarget(Type type, object? defaultValue)
    {
        Type = type;
        Default = defaultValue;
    }

    /// <summary>The member's declared type.</summary>
    public Type Type { get; }

    /// <summary>The target for an <see cref="object"/> member or element.</summary>
    internal static BinaryFormatterTarget Object => ValueTarget<object>.Instance;

    /// <summary><c>default</c> of <see cref="Type"/>, boxed: what a skipped unmapped value leaves.</summary>
    internal object? Default { get; }

    /// <summary>How to make and fill the sequence this type asks for; null when an array cannot go into it.</summary>
    internal abstract SequenceTarget? Sequence { get; }

    /// <summary>How to make the dictionary this type asks for (with <c>object</c> as a Hashtable); null when a dictionary cannot go into it.</summary>
    internal abstract DictionaryTarget? Map { get; }

    /// <summary>A member of type <typeparamref name="T"/> that is not a generic collection.</summary>
    /// <typeparam name="T">The member's declared type.</typeparam>
    /// <returns>The target, shared by every caller.</returns>
    public static BinaryFormatterTarget Value<T>() => ValueTarget<T>.Instance;

    /// <summary>A member of type <typeparamref name="TElement"/>[].</summary>
    /// <typeparam name="TElement">The array's element type.</typeparam>
    /// <param name="element">The target of the elements.</param>
    /// <returns>The target.</returns>
    /// <exception cref="ArgumentException"><paramref name="element"/> is not a target of <typeparamref name="TElement"/>.</exception>
    public static BinaryFormatterTarget Array<TElement>(BinaryFormatterTarget element)
        => new CollectionTarget(typeof(TElement[]), new ArraySequence<TElement>(Check<TElement>(element)), null);

    /// <summary>
    /// A member whose declared type <typeparamref name="TDeclared"/> is <see cref="List{T}"/> or an interface it
    /// implements (<see cref="IList{T}"/>, <see cref="IReadOnlyList{T}"/>, <see cref="IEnumerable{T}"/>, ...): a
    /// <see cref="List{T}"/> goes into it.
    /// </summary>
    /// <typeparam name="TDeclared">The member's declared type.</typeparam>
    /// <typeparam name="TElement">The element type.</typeparam>
    /// <param name="element">The target of the elements.</param>
    /// <returns>The target.</returns>
    /// <exception cref="ArgumentException">A <see cref="List{T}"/> cannot go into <typeparamref name="TDeclared"/>, or <paramref name="element"/> is not a target of <typeparamref name="TElement"/>.</exception>
    public static BinaryFormatterTarget List<TDeclared, TElement>(BinaryFormatterTarget element)
        where TDeclared : IEnumerable<TElement>
        => new CollectionTarget(Assignable<TDeclared, List<TElement>>(), new ListSequence<TElement>(Check<TElement>(element)), null);

    /// <summary>A member whose declared type <typeparamref name="TDeclared"/> is <see cref="HashSet{T}"/> or <see cref="ISet{T}"/>: a <see cref="HashSet{T}"/> goes into it.</summary>
    /// <typeparam name="TDeclared">The member's declared type.</typeparam>
    /// <typeparam name="TElement">The element type.</typeparam>
    /// <param name="element">The target of the elements.</param>
    /// <returns>The target.</returns>
    /// <exception cref="ArgumentException">A <see cref="HashSet{T}"/> cannot go into <typeparamref name="TDeclared"/>, or <paramref name="element"/> is not a target of <typeparamref name="TElement"/>.</exception>
    public static BinaryFormatterTarget HashSet<TDeclared, TElement>(BinaryFormatterTarget element)
        where TDeclared : IEnumerable<TElement>
        => new CollectionTarget(Assignable<TDeclared, HashSet<TElement>>(), new SetSequence<TElement>(Check<TElement>(element)), null);

    /// <summary>
    /// A member whose declared type <typeparamref name="TDeclared"/> is <see cref="Dictionary{TKey, TValue}"/>,
    /// <see cref="IDictionary{TKey, TValue}"/> or <see cref="IReadOnlyDictionary{TKey, TValue}"/>: a
    /// <see cref="Dictionary{TKey, TValue}"/> goes into it.
    /// </summary>
    /// <typeparam name="TDeclared">The member's declared type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <param name="key">The target of the keys.</param>
    /// <param name="value">The target of the values.</param>
    /// <returns>The target.</returns>
    /// <exception cref="ArgumentException">A <see cref="Dictionary{TKey, TValue}"/> cannot go into <typeparamref name="TDeclared"/>, or a target does not match its type argument.</exception>
    public static BinaryFormatterTarget Dictionary<TDeclared, TKey, TValue>(BinaryFormatterTarget key, BinaryFormatterTarget value)
        where TDeclared : IEnumerable<KeyValuePair<TKey, TValue>>
        where TKey : notnull
        => new CollectionTarget(Assignable<TDeclared, Dictionary<TKey, TValue>>(), null, new DictionaryTarget<TKey, TValue>(Check<TKey>(key), Check<TValue>(value)));

    /// <inheritdoc />
    public override string ToString() => Type.ToString();

    private static Type Assignable<TDeclared, TCreated>()
        => typeof(TDeclared).IsAssignableFrom(typeof(TCreated))
            ? typeof(TDeclared)
            : throw new ArgumentException($"A {typeof(TCreated)} cannot go into a member of type {typeof(TDeclared)}.", nameof(TDeclared));

    private static BinaryFormatterTarget Check<T>(BinaryFormatterTarget target)
    {
        ArgumentNullException.ThrowIfNull(target);

        return target.Type == typeof(T) ? target : throw new ArgumentException($"The target of {target.Type} was given for {typeof(T)}.", nameof(target));
    }

    /// <summary>A type that is not a generic collection: the non-generic collections are known without any type made at run time.</summary>
    private sealed class ValueTarget<T> : BinaryFormatterTarget
    {
        public static readonly ValueTarget<T> Instance = new();

        public ValueTarget()
            : base(typeof(T), default(T))
        {
            Sequence = NonGenericSequence.For(typeof(T));
            Map = HashtableTarget.For(typeof(T));
        }

        internal override SequenceTarget? Sequence { get; }

        internal override DictionaryTarget? Map { get; }
    }

    /// <summary>A generic collection, its element (or key and value) targets given.</summary>
    private sealed class CollectionTarget : BinaryFormatterTarget
    {
        public CollectionTarget(Type declared, SequenceTarget? sequence, DictionaryTarget? dictionary)
            : base(declared, null)
        {
            Sequence = sequence;
            Map = dictionary;
        }

        internal override SequenceTarget? Sequence { get; }

        internal override DictionaryTarget? Map { get; }
    }
}
