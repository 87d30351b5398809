using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;

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
    /// <summary>The most tracked objects a context may have held and still be kept as the thread's spare.</summary>
    private const int MaxKeptCount = 4096;

    /// <summary>What the table holds for a tracked object whose copy is being built through its constructor.</summary>
    private static readonly object s_constructing = new();

    [ThreadStatic]
    private static BinaryCopyContext? t_spare;

    private readonly Dictionary<object, object> _copies = new(IdentityComparer.Instance);
    private TypeRegistry _registry = null!;
    private int _maxDepth;
    private int _depth;
    private object? _entering;

    private BinaryCopyContext()
    {
    }

    /// <summary>This thread's spare context, or a new one, set for one copy.</summary>
    internal static BinaryCopyContext Take(TypeRegistry registry, int maxDepth)
    {
        BinaryCopyContext context = t_spare ?? new BinaryCopyContext();
        t_spare = null; // a DeepClone inside a copy (a factory that clones) takes its own
        context._registry = registry;
        context._maxDepth = maxDepth;
        context._depth = 0;
        context._entering = null;
        return context;
    }

    /// <summary>Empties the context and keeps it as this thread's spare, unless its table grew large; it holds no object afterwards.</summary>
    internal void GiveBack()
    {
        _entering = null;
        _registry = null!;
        if (_copies.Count > MaxKeptCount)
        {
            return;
        }

        _copies.Clear();
        t_spare = this;
    }

    /// <summary>Copies the value of a record: object 0 of its reference table when its type is tracked, as a write numbers it.</summary>
    internal object CopyRecord(IBinaryDeepCopyable value, bool tracked)
    {
        if (!tracked)
        {
            _entering = null;
            return value.DeepCopy(this);
        }

        _copies.Add(value, s_constructing);
        _entering = value;
        object copy = value.DeepCopy(this);
        _copies[value] = copy;
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
    /// Enters <paramref name="copy"/> as the copy of <paramref name="source"/> before its members are copied, when
    /// <paramref name="source"/> is a reference-tracked object: its members may then point back to it, and a cycle closes
    /// on the copy.
    /// </summary>
    /// <param name="source">The object being copied.</param>
    /// <param name="copy">Its new, still empty copy.</param>
    public void Created(object source, object copy)
    {
        if (ReferenceEquals(_entering, source))
        {
            _copies[source] = copy;
        }

        _entering = null;
    }

    /// <summary>Copies a nested object, as <see cref="FastBinaryWriter.WriteObject{T}"/> and <see cref="FastBinaryReader.ReadObject{T}"/> would: a new copy each time.</summary>
    /// <typeparam name="T">The member's declared type.</typeparam>
    /// <param name="value">The object, or null.</param>
    /// <returns>The copy, or null.</returns>
    public T? CopyObject<T>(T? value)
        where T : ICustomBinarySerializable
    {
        if (!typeof(T).IsValueType && value is null)
        {
            return value;
        }

        _entering = null;
        return (T)CopyNested(value!, typeof(T), ObjectShape<T>.IsSealed);
    }

    /// <summary>
    /// Copies a reference-tracked object, as <see cref="FastBinaryWriter.WriteTrackedObject{T}"/> and
    /// <see cref="FastBinaryReader.ReadTrackedObject{T}"/> would: the one copy of it when it was met before in this copy.
    /// </summary>
    /// <typeparam name="T">The member's declared type.</typeparam>
    /// <param name="value">The object, or null.</param>
    /// <returns>The copy, or null.</returns>
    public T? CopyTracked<T>(T? value)
        where T : class, ICustomBinarySerializable
    {
        if (value is null)
        {
            return null;
        }

        if (_copies.TryGetValue(value, out object? known))
        {
            if (ReferenceEquals(known, s_constructing))
            {
                Abandon(); // a cycle through a constructor-built type: the write refuses it
            }

            return (T)known;
        }

        _copies.Add(value, s_constructing);
        _entering = value;
        object copy = CopyNested(value, typeof(T), ObjectShape<T>.IsSealed);
        _copies[value] = copy;
        return (T)copy;
    }

    /// <summary>Abandons the copy: the value has no copier of its own runtime type (a derived type's is inherited).</summary>
    /// <param name="value">The value.</param>
    /// <returns>Never returns.</returns>
    [DoesNotReturn]
    public object NoCopier(object value) => throw new CopyAbandonedException(value.GetType());

    /// <summary>Abandons the copy where a read back would refuse the value (a duplicate key of a dictionary's copy): writing and reading it gives the exception.</summary>
    [DoesNotReturn]
    public void Abandon() => throw new CopyAbandonedException(null);

    private object CopyNested(object value, Type declared, bool isSealed)
    {
        if (_depth >= _maxDepth || (_depth >= StackGuard.CheckFromDepth && !StackGuard.HasRoom()))
        {
            Abandon(); // the write refuses it (MaxDepth, most likely an untracked cycle)
        }

        if (!isSealed)
        {
            _registry.GetTypeIdForWrite(value.GetType(), declared); // the write refuses a runtime type not registered
        }

        if (value is not IBinaryDeepCopyable copyable)
        {
            throw new CopyAbandonedException(value.GetType());
        }

        _depth++;
        object copy = copyable.DeepCopy(this);
        _depth--;
        return copy;
    }

    /// <summary>Equality by identity: two equal but distinct objects are two objects.</summary>
    private sealed class IdentityComparer : IEqualityComparer<object>
    {
        public static readonly IdentityComparer Instance = new();

        public new bool Equals(object? x, object? y) => ReferenceEquals(x, y);

        public int GetHashCode(object obj) => System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(obj);
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
