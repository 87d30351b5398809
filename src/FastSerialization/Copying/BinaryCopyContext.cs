using System;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// One <see cref="CustomBinaryFormatter.DeepClone{T}"/> through generated copiers (<see cref="IBinaryDeepCopyable"/>): the
/// copies of the reference-tracked objects met so far, by identity, and the nesting depth. For generated code only.
/// </summary>
/// <remarks>
/// Every check a write and a read back would make is made here or in the generated code; where one would refuse (a type
/// not registered, nesting past <see cref="CustomBinaryFormatterOptions.MaxDepth"/>, a cycle through a constructor-built
/// type), or where a value has no copier of its own runtime type, the copy is abandoned and <c>DeepClone</c> writes and
/// reads the value instead, which gives the same copy or the documented exception.
/// </remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class BinaryCopyContext
{
    /// <summary>The most tracked objects a context may have held and still be kept as its formatter's spare.</summary>
    private const int MaxKeptCount = 4096;

    /// <summary>The entries a new context has room for; the table doubles from there.</summary>
    private const int InitialCapacity = 32;

    // The identity table: the tracked objects met so far and their copies. A table of its own rather than a Dictionary
    // with an identity comparer: one hash and one probe per object met (found, or entered where the probe ended), no
    // comparer called through an interface, and entries that keep their index when the table grows, so that an object
    // being copied is given its copy by index (Created, or when its copier returns) without a second lookup. An entry's
    // copy is null while it is being built (before its copier's Created, or all along for a type built through its
    // constructor): no marker object is stored, since each reference stored in the table costs a write barrier.
    private int[] _buckets = new int[InitialCapacity]; // 1 + the index of the bucket's first entry; 0 when empty
    private Entry[] _entries = new Entry[InitialCapacity];
    private int _count;

    private TypeRegistry _registry = null!;
    private int _maxDepth;
    private int _depth;

    // The entry of the tracked object whose copier runs next (its copier's Created gives it its copy); -1 when none.
    private int _enteringIndex = -1;

    // The entries of the two objects found last (by index: an index costs no write barrier; a cleared entry matches nothing).
    private int _recentFirst;
    private int _recentSecond;

    /// <summary>A new, empty context; <see cref="Begin"/> sets it for a copy.</summary>
    internal BinaryCopyContext()
    {
    }

    /// <summary>Sets the context, empty, for one copy.</summary>
    internal void Begin(TypeRegistry registry, int maxDepth)
    {
        _registry = registry;
        _maxDepth = maxDepth;
        _depth = 0;
        _enteringIndex = -1;
    }

    /// <summary>Empties the context after a copy: it holds no object afterwards. False when its table grew large, and it is better dropped than kept.</summary>
    internal bool End()
    {
        _registry = null!;
        if (_count > MaxKeptCount)
        {
            return false;
        }

        if (_count > 0)
        {
            Array.Clear(_buckets, 0, _buckets.Length);
            Array.Clear(_entries, 0, _count);
            _count = 0;
        }

        return true;
    }

    /// <summary>Copies the value of a record: object 0 of its reference table when its type is tracked, as a write numbers it.</summary>
    internal object CopyRecord(IBinaryDeepCopyable value, bool tracked)
    {
        _enteringIndex = -1;
        if (!tracked)
        {
            return value.DeepCopy(this);
        }

        int index = Enter(value);
        object copy = value.DeepCopy(this);
        _entries[index].Value = copy;
        return copy;
    }

    /// <summary>
    /// Makes a new instance of <typeparamref name="T"/> to copy members into, as the reader makes one to read into: with
    /// the registered factory, or the type's own way (its parameterless constructor and initializers).
    /// </summary>
    /// <typeparam name="T">The type being copied, exactly.</typeparam>
    /// <returns>The new instance.</returns>
    public T Create<[DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>()
        where T : ICustomBinarySerializable
    {
        T value = default!;
        ObjectReader<T>.Create(_registry, ref value);
        return value;
    }

    /// <summary>
    /// The instance the registered factory of <typeparamref name="T"/> makes, when one is registered; null otherwise, and
    /// the caller makes one with <c>new T()</c>, as a generated reader does (<see cref="FastBinaryReader.NewRegisteredObject{T}"/>).
    /// </summary>
    /// <typeparam name="T">The class being copied, exactly; one the generated code can make with <c>new T()</c>.</typeparam>
    /// <returns>The factory's new instance, or null.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T? NewRegistered<[DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>()
        where T : class, ICustomBinarySerializable =>
        _registry.HasFactories && _registry.TryGetRegistration(out TypeRegistration<T>? registration) ? registration.Create() : null;

    /// <summary>
    /// Enters <paramref name="copy"/> as the copy of <paramref name="source"/> before its members are copied, when
    /// <paramref name="source"/> is a reference-tracked object: its members may then point back to it, and a cycle closes
    /// on the copy.
    /// </summary>
    /// <param name="source">The object being copied.</param>
    /// <param name="copy">Its new, still empty copy.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Created(object source, object copy)
    {
        int index = _enteringIndex;
        if (index >= 0)
        {
            ref Entry entry = ref _entries[index];
            if (ReferenceEquals(entry.Key, source))
            {
                entry.Value = copy;
            }

            _enteringIndex = -1;
        }
    }

    /// <summary>Copies a nested object, as <see cref="FastBinaryWriter.WriteObject{T}"/> and <see cref="FastBinaryReader.ReadObject{T}"/> would: a new copy each time.</summary>
    /// <typeparam name="T">The member's declared type.</typeparam>
    /// <param name="value">The object, or null.</param>
    /// <returns>The copy, or null.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T? CopyObject<T>(T? value)
        where T : ICustomBinarySerializable
    {
        if (typeof(T).IsValueType)
        {
            // A generated struct: copied as a value (the JIT calls its copier directly on the value, with no box).
            if (value is IBinaryValueCopyable<T>)
            {
                EnterNested();
                _enteringIndex = -1;
                T copy = ((IBinaryValueCopyable<T>)value).DeepCopyValue(this);
                _depth--;
                return copy;
            }
        }
        else
        {
            if (value is null)
            {
                return value;
            }

            // A sealed class with a copier: no type test, nor a registry check (the write makes none).
            if (ObjectShape<T>.IsSealedCopyable)
            {
                EnterNested();
                _enteringIndex = -1;
                object copy = Unsafe.As<IBinaryDeepCopyable>(value).DeepCopy(this);
                _depth--;
                return (T)copy;
            }
        }

        _enteringIndex = -1;
        return (T)CopyNested(value!, typeof(T), ObjectShape<T>.IsSealed);
    }

    /// <summary>
    /// Copies a reference-tracked object, as <see cref="FastBinaryWriter.WriteTrackedObject{T}"/> and
    /// <see cref="FastBinaryReader.ReadTrackedObject{T}"/> would: the one copy of it when it was met before in this copy.
    /// </summary>
    /// <typeparam name="T">The member's declared type.</typeparam>
    /// <param name="value">The object, or null.</param>
    /// <returns>The copy, or null.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T? CopyTracked<T>(T? value)
        where T : class, ICustomBinarySerializable
    {
        if (value is null)
        {
            return null;
        }

        // A sealed class with a copier: no type test, nor a registry check (the write makes none).
        if (ObjectShape<T>.IsSealedCopyable)
        {
            int index = EnterTracked(value);
            if (index < 0)
            {
                return (T)Known(~index);
            }

            object copy = Unsafe.As<IBinaryDeepCopyable>(value).DeepCopy(this);
            Built(index, copy);
            _depth--;
            return (T)copy;
        }

        return (T)CopyTrackedSlow(value, typeof(T), ObjectShape<T>.IsSealed);
    }

    /// <summary>Abandons the copy: the value has no copier of its own runtime type (a derived type's is inherited).</summary>
    /// <param name="value">The value.</param>
    /// <returns>Never returns.</returns>
    [DoesNotReturn]
    public object NoCopier(object value) => throw new CopyAbandonedException(value.GetType());

    /// <summary>Abandons the copy where a read back would refuse the value (a duplicate key of a dictionary's copy): writing and reading it gives the exception.</summary>
    [DoesNotReturn]
    public void Abandon() => throw new CopyAbandonedException(null);

    /// <summary>
    /// For a tracked object of a sealed class about to be copied: the index of its new entry, its copier next to run and
    /// one level deeper; or, when it was met before, the complement of its entry's index.
    /// </summary>
    private int EnterTracked(object value)
    {
        int index = Enter(value);
        if (index >= 0)
        {
            EnterNested();
        }

        return index;
    }

    /// <summary>One level deeper, or the copy abandoned where the write refuses the depth (MaxDepth, most likely an untracked cycle).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void EnterNested()
    {
        if (_depth >= _maxDepth || (_depth >= StackGuard.CheckFromDepth && !StackGuard.HasRoom()))
        {
            Abandon();
        }

        _depth++;
    }

    /// <summary>The copy of a tracked object met before; the copy abandoned when it is still being built through its constructor (a cycle the write refuses).</summary>
    private object Known(int index)
    {
        object? known = _entries[index].Value;
        if (known is null)
        {
            Abandon();
        }

        return known;
    }

    /// <summary>Gives entry <paramref name="index"/> its copy once built, unless its copier's <see cref="Created"/> did (one write barrier fewer).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Built(int index, object copy)
    {
        ref Entry entry = ref _entries[index];
        if (entry.Value is null)
        {
            entry.Value = copy;
        }
    }

    private object CopyTrackedSlow(object value, Type declared, bool isSealed)
    {
        int index = Enter(value);
        if (index < 0)
        {
            return Known(~index);
        }

        object copy = CopyNested(value, declared, isSealed);
        Built(index, copy);
        return copy;
    }

    private object CopyNested(object value, Type declared, bool isSealed)
    {
        if (!isSealed)
        {
            _registry.GetTypeIdForWrite(value.GetType(), declared); // the write refuses a runtime type not registered
        }

        if (value is not IBinaryDeepCopyable copyable)
        {
            throw new CopyAbandonedException(value.GetType());
        }

        EnterNested();
        object copy = copyable.DeepCopy(this);
        _depth--;
        return copy;
    }

    /// <summary>
    /// Looks <paramref name="key"/> up by identity: when found, the complement of its entry's index; otherwise it is
    /// entered (its copy still being built) as the object whose copier runs next, and the new entry's index is returned.
    /// </summary>
    private int Enter(object key)
    {
        // The two objects found last, checked before hashing: a graph's back-pointers (to a parent, an owner, a shared
        // object) meet the same few objects again and again, and two loads cost less than a hash and a probe.
        Entry[] recent = _entries;
        int first = _recentFirst;
        if (ReferenceEquals(recent[first].Key, key))
        {
            return ~first;
        }

        int second = _recentSecond;
        if (ReferenceEquals(recent[second].Key, key))
        {
            _recentFirst = second;
            _recentSecond = first;
            return ~second;
        }

        int hash = RuntimeHelpers.GetHashCode(key);
        int[] buckets = _buckets;
        Entry[] entries = _entries;
        int bucket = hash & (buckets.Length - 1);
        for (int i = buckets[bucket] - 1; (uint)i < (uint)entries.Length; i = entries[i].Next)
        {
            if (ReferenceEquals(entries[i].Key, key))
            {
                _recentSecond = first;
                _recentFirst = i;
                return ~i;
            }
        }

        int index = _count;
        if (index == entries.Length)
        {
            Grow();
            buckets = _buckets;
            entries = _entries;
            bucket = hash & (buckets.Length - 1);
        }

        ref Entry entry = ref entries[index];
        entry.Key = key;
        entry.Hash = hash;
        entry.Next = buckets[bucket] - 1;
        buckets[bucket] = index + 1;
        _count = index + 1;
        _enteringIndex = index;
        return index;
    }

    /// <summary>Doubles the table; the entries keep their indexes.</summary>
    private void Grow()
    {
        var entries = new Entry[_entries.Length * 2];
        Array.Copy(_entries, entries, _count);
        var buckets = new int[entries.Length];
        int mask = buckets.Length - 1;
        for (int i = 0; i < _count; i++)
        {
            int bucket = entries[i].Hash & mask;
            entries[i].Next = buckets[bucket] - 1;
            buckets[bucket] = i + 1;
        }

        _entries = entries;
        _buckets = buckets;
    }

    /// <summary>A tracked object met in this copy, and its copy (null while it is being built).</summary>
    private struct Entry
    {
        public object? Key;
        public object? Value;
        public int Hash;
        public int Next; // the index of the next entry of the bucket; -1 at its end
    }
}

/// <summary>Thrown inside a copy through generated copiers that cannot go on; <c>DeepClone</c> then writes and reads the value.</summary>
internal sealed class CopyAbandonedException : Exception
{
    public CopyAbandonedException(Type? withoutCopier)
        : base("The deep copy through generated copiers was abandoned; the value is copied by writing and reading it.")
    {
        WithoutCopier = withoutCopier;
    }

    /// <summary>The runtime type that has no copier of its own, when that is the reason.</summary>
    public Type? WithoutCopier { get; }
}
