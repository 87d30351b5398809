using System;
using System.Collections;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Formats.Nrbf;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// The sequence a member's declared type asks for (an array, a list, a set, or one of their interfaces),
/// and how to make and fill it. The payload's collection only decides how the elements are read. Each kind is
/// generic over its element type, so nothing is made at run time.
/// </summary>
internal abstract class SequenceTarget
{
    /// <summary>The elements' target.</summary>
    public abstract BinaryFormatterTarget Element { get; }

    /// <summary>The element type's array: what NrbfDecoder is asked for when the payload's array is jagged.</summary>
    public abstract Type ElementArray { get; }

    /// <summary>The elements of a payload's array whose elements are arrays (a jagged array), as <see cref="ElementArray"/>.</summary>
    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode",
        Justification = "ElementArray is the type of an array every generic sequence target makes itself (an empty one, in ElementArray), so its code exists ahead of time.")]
    public Array ReadJagged(ArrayRecord array) => array.GetArray(ElementArray, allowNulls: true);

    public abstract object Create(int count);

    public abstract void Set(object sequence, int index, object? value);
}

/// <summary>An array of <typeparamref name="T"/>.</summary>
internal sealed class ArraySequence<T> : SequenceTarget
{
    public ArraySequence(BinaryFormatterTarget element)
    {
        Element = element;
    }

    public override BinaryFormatterTarget Element { get; }

    public override Type ElementArray => Array.Empty<T>().GetType();

    public override object Create(int count) => new T[count];

    public override void Set(object sequence, int index, object? value) => ((T[])sequence)[index] = (T)value!;
}

/// <summary>A <see cref="List{T}"/>.</summary>
internal sealed class ListSequence<T> : SequenceTarget
{
    public ListSequence(BinaryFormatterTarget element)
    {
        Element = element;
    }

    public override BinaryFormatterTarget Element { get; }

    public override Type ElementArray => Array.Empty<T>().GetType();

    public override object Create(int count) => new List<T>(count);

    public override void Set(object sequence, int index, object? value) => ((List<T>)sequence).Add((T)value!);
}

/// <summary>A <see cref="HashSet{T}"/>, its elements compared as generated readers compare them (hash flooding, SECURITY.md).</summary>
internal sealed class SetSequence<T> : SequenceTarget
{
    public SetSequence(BinaryFormatterTarget element)
    {
        Element = element;
    }

    public override BinaryFormatterTarget Element { get; }

    public override Type ElementArray => Array.Empty<T>().GetType();

    public override object Create(int count) => new HashSet<T>(KeyComparers.ForUntrustedKeys<T>());

    public override void Set(object sequence, int index, object? value) => ((HashSet<T>)sequence).Add((T)value!);
}

/// <summary>An <see cref="ArrayList"/>, for members declared as ArrayList, IList, ICollection, IEnumerable or object.</summary>
internal sealed class NonGenericSequence : SequenceTarget
{
    private static readonly NonGenericSequence Instance = new();

    public override BinaryFormatterTarget Element => BinaryFormatterTarget.Object;

    public override Type ElementArray => typeof(object[]);

    public static SequenceTarget? For(Type target)
        => target == typeof(ArrayList) || target == typeof(IList) || target == typeof(ICollection) || target == typeof(IEnumerable) || target == typeof(object)
            ? Instance
            : null;

    public override object Create(int count) => new ArrayList(count);

    public override void Set(object sequence, int index, object? value) => ((ArrayList)sequence).Add(value);
}
