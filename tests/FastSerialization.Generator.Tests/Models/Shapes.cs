using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;

namespace FastSerialization.Generator.Tests.Models;

/// <summary>A positional record: its members are init-only and set by the primary constructor.</summary>
[BinarySerializable]
public sealed partial record PersonRecord(string Name, int Age);

/// <summary>A positional record struct (its members are settable).</summary>
[BinarySerializable]
public partial record struct PointRecordStruct(int X, int Y);

/// <summary>A readonly record struct: built through its constructor.</summary>
[BinarySerializable]
public readonly partial record struct Money(decimal Amount, string Currency);

/// <summary>An immutable class: get-only properties filled by a constructor, plus an init-only one.</summary>
[BinarySerializable]
public sealed partial class ImmutableOrder
{
    public ImmutableOrder(int id, string? customer, IReadOnlyList<string>? lines)
    {
        Id = id;
        Customer = customer;
        Lines = lines;
    }

    public int Id { get; }

    public string? Customer { get; }

    public IReadOnlyList<string>? Lines { get; }

    public string? Note { get; init; }
}

/// <summary>Required members, set in the object initializer.</summary>
[BinarySerializable]
public sealed partial class WithRequired
{
    public required string Name { get; init; }

    public required int Count { get; set; }
}

/// <summary>A constructor with [SetsRequiredMembers].</summary>
[BinarySerializable]
public sealed partial class WithSetsRequired
{
    [SetsRequiredMembers]
    public WithSetsRequired(string name)
    {
        Name = name;
    }

    public required string Name { get; init; }
}

/// <summary>Explicit orders that differ from declaration order.</summary>
[BinarySerializable]
public partial class Ordered
{
    [BinaryMember(2)]
    public int Third { get; set; }

    [BinaryMember(0)]
    public int First { get; set; }

    [BinaryMember(1)]
    public string? Second { get; set; }

    [BinaryMember(3)]
    internal int Internal { get; set; }
}

/// <summary>A hand-written type used as a member, and one with its own WriteDataTo.</summary>
[BinarySerializable]
public partial class UserWritten
{
    public int Value { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer) => writer.WriteVarInt32(Value * 10); // what the generated reader of an int reads
}

public static partial class Outer
{
    public partial class Middle
    {
        /// <summary>A type nested two deep.</summary>
        [BinarySerializable]
        public partial struct Inner
        {
            public int A { get; set; }

            public string? B { get; set; }
        }
    }
}

/// <summary>A generic type, used closed.</summary>
[BinarySerializable]
public sealed partial class Box<T>
    where T : ICustomBinarySerializable
{
    public T? Item { get; set; }

    public int Tag { get; set; }
}

[BinarySerializable]
public partial class HasClosedGeneric
{
    public Box<Point>? PointBox { get; set; }

    public List<Box<Point>>? Boxes { get; set; }
}

/// <summary>Inheritance: a non-sealed base, read polymorphically.</summary>
[BinarySerializable]
public partial class Animal
{
    public string? Name { get; set; }
}

[BinarySerializable]
public partial class Dog : Animal
{
    public int Barks { get; set; }
}

[BinarySerializable]
public partial class Zoo
{
    public Animal? Star { get; set; }

    public List<Animal>? All { get; set; }
}

/// <summary>A virtual member of a base and its override: an override does not hide (no FSG013).</summary>
[BinarySerializable]
public partial class VirtualBase
{
    public virtual int Level { get; set; }

    public string? Label { get; set; }
}

[BinarySerializable]
public sealed partial class OverridingDerived : VirtualBase
{
    private int _level;

    /// <summary>Stores the level doubled, to show that the override is what is written and read.</summary>
    public override int Level { get => _level / 2; set => _level = value * 2; }

    public int Extra { get; set; }
}

/// <summary>A self-referencing type, for the depth limit.</summary>
[BinarySerializable]
public sealed partial class Node
{
    public int Value { get; set; }

    public Node? Next { get; set; }
}

/// <summary>Immutable types as nested members, in a list and as a struct.</summary>
[BinarySerializable]
public sealed partial class People
{
    public List<PersonRecord>? All { get; set; }

    public Money Cash { get; set; }

    public ImmutableOrder? Order { get; set; }
}
