using System;
using System.Collections;
using System.Collections.Generic;
using System.Collections.Immutable;

namespace FastSerialization.Generator;

/// <summary>An immutable array compared by its elements, so that models holding one are value-equatable.</summary>
internal readonly struct EquatableArray<T> : IEquatable<EquatableArray<T>>, IEnumerable<T>
    where T : IEquatable<T>
{
    private readonly T[]? _items;

    public EquatableArray(T[] items)
    {
        _items = items;
    }

    public static EquatableArray<T> Empty => new(Array.Empty<T>());

    public int Count => _items?.Length ?? 0;

    public T this[int index] => _items![index];

    public static EquatableArray<T> From(IEnumerable<T> items) => new(items is T[] array ? array : System.Linq.Enumerable.ToArray(items));

    public bool Equals(EquatableArray<T> other)
    {
        T[] left = _items ?? Array.Empty<T>();
        T[] right = other._items ?? Array.Empty<T>();
        if (left.Length != right.Length)
        {
            return false;
        }

        for (int i = 0; i < left.Length; i++)
        {
            if (!EqualityComparer<T>.Default.Equals(left[i], right[i]))
            {
                return false;
            }
        }

        return true;
    }

    public override bool Equals(object? obj) => obj is EquatableArray<T> other && Equals(other);

    public override int GetHashCode()
    {
        int hash = 17;
        foreach (T item in _items ?? Array.Empty<T>())
        {
            hash = unchecked((hash * 31) + (item?.GetHashCode() ?? 0));
        }

        return hash;
    }

    public IEnumerator<T> GetEnumerator() => ((IEnumerable<T>)(_items ?? Array.Empty<T>())).GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    public ImmutableArray<T> ToImmutableArray() => ImmutableArray.Create(_items ?? Array.Empty<T>());
}
