using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// The writer's reference table of one record (docs/FORMAT.md section 8): each tracked object written so far and its
/// number, by identity. Taken on the first tracked write of a record, so that a record with nothing tracked pays nothing,
/// and given back when the record ends: each thread keeps one spare, cleared, so that writing graph after graph into a
/// reused buffer allocates nothing.
/// </summary>
internal sealed class WriteReferences
{
    /// <summary>The most objects a table may have held and still be kept as the spare (clearing a larger one costs more than it saves).</summary>
    private const int MaxKeptCount = 4096;

    [ThreadStatic]
    private static WriteReferences? t_spare;

    private readonly Dictionary<object, int> _numbers = new(IdentityComparer.Instance);
    private HashSet<object>? _constructing;

    /// <summary>This thread's spare table, or a new one: empty either way.</summary>
    public static WriteReferences Take()
    {
        WriteReferences? spare = t_spare;
        if (spare is null)
        {
            return new WriteReferences();
        }

        t_spare = null; // a record written inside this one (a hand-written WriteDataTo that serializes) takes its own
        return spare;
    }

    /// <summary>Empties the table and keeps it as this thread's spare, unless it grew large; it holds no object afterwards.</summary>
    public void GiveBack()
    {
        if (_numbers.Count > MaxKeptCount)
        {
            return; // dropped; a record abandoned half-way by an exception never gets here, and its table is dropped too
        }

        _numbers.Clear();
        _constructing?.Clear(); // a constructor-built record stays "being built" to its end
        t_spare = this;
    }

    /// <summary>The number of <paramref name="value"/> if it was written before in this record.</summary>
    public bool TryGetNumber(object value, out int number) => _numbers.TryGetValue(value, out number);

    /// <summary>Numbers <paramref name="value"/>, whose <c>R = 1</c> (or whose record) is being written.</summary>
    public void Add(object value) => _numbers.Add(value, _numbers.Count);

    /// <summary>Notes that <paramref name="value"/>, of a type built through its constructor when read, is having its members written.</summary>
    public void BeginConstructing(object value) => (_constructing ??= new HashSet<object>(IdentityComparer.Instance)).Add(value);

    /// <summary>Notes that the members of <paramref name="value"/> are written.</summary>
    public void EndConstructing(object value) => _constructing!.Remove(value);

    /// <summary>
    /// True while <paramref name="value"/> is having its members written and is of a type built through its constructor when
    /// read: a reference to it now could not be read back (docs/FORMAT.md section 3d).
    /// </summary>
    public bool IsConstructing(object value) => _constructing is not null && _constructing.Contains(value);

    /// <summary>Equality by identity: two equal but distinct objects are two objects.</summary>
    private sealed class IdentityComparer : IEqualityComparer<object>
    {
        public static readonly IdentityComparer Instance = new();

        public new bool Equals(object? x, object? y) => ReferenceEquals(x, y);

        public int GetHashCode(object obj) => RuntimeHelpers.GetHashCode(obj);
    }
}

/// <summary>
/// The reader's reference table of one record: the objects numbered so far, in order. An object built through its
/// constructor (<see cref="IBinaryConstructible{TSelf}"/>) holds its number before it exists: its slot then holds a
/// <see cref="Pending"/> naming its type until it is built.
/// </summary>
internal sealed class ReadReferences
{
    private object?[] _items = new object?[8];

    /// <summary>How many objects are numbered.</summary>
    public int Count { get; private set; }

    /// <summary>The storage the table takes once it has room for one more object: what growing it would allocate, or 0 when it has room.</summary>
    public long GrowthBytes => Count < _items.Length ? 0 : (long)_items.Length * 2 * IntPtr.Size;

    /// <summary>Numbers the next object; its slot holds <see cref="Pending.NotCreated"/> until <see cref="Fill"/>.</summary>
    public int Reserve()
    {
        if (Count == _items.Length)
        {
            Array.Resize(ref _items, _items.Length * 2);
        }

        _items[Count] = Pending.NotCreated;
        return Count++;
    }

    /// <summary>Puts the object numbered <paramref name="number"/> in its slot, once it exists.</summary>
    public void Fill(int number, object? value) => _items[number] = value;

    /// <summary>The object (or its <see cref="Pending"/>) numbered <paramref name="number"/>, below <see cref="Count"/>.</summary>
    public object? this[int number] => _items[number];
}

/// <summary>
/// What a slot of <see cref="ReadReferences"/> holds while its object does not exist yet: between its <c>R = 1</c> and the
/// object's creation (<see cref="NotCreated"/>: nothing can refer to it then), or, for a type built through its constructor,
/// while its members are read (a <see cref="Pending"/> naming that type: a reference to it then is a cycle that cannot be read).
/// </summary>
internal sealed class Pending
{
    /// <summary>The slot of an object not created yet.</summary>
    public static readonly Pending NotCreated = new(null);

    public Pending(Type? constructedType)
    {
        ConstructedType = constructedType;
    }

    /// <summary>The type being built through its constructor; null for <see cref="NotCreated"/>.</summary>
    public Type? ConstructedType { get; }
}
