using System.Collections.Generic;

namespace FastSerialization.Tests.Support;

// Hand-written reference-tracked types (docs/FORMAT.md section 8), written and read with the writer's and reader's
// reference calls.

/// <summary>A tracked person whose friend is tracked: chains, shared friends and cycles.</summary>
[BinaryReferenceTracked]
public sealed class GraphPerson : ICustomBinarySerializable
{
    public string? Name { get; set; }

    public GraphPerson? Friend { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Name);
        writer.WriteTrackedObject(Friend);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Name = reader.ReadString();
        Friend = reader.ReadTrackedObject<GraphPerson>();
    }
}

/// <summary>A tracked tree node whose children point back to it.</summary>
[BinaryReferenceTracked]
public sealed class TreeNode : ICustomBinarySerializable
{
    public string? Name { get; set; }

    public TreeNode? Parent { get; set; }

    public List<TreeNode> Children { get; } = new();

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Name);
        writer.WriteTrackedObject(Parent);
        writer.WriteCollectionHeader(Children.Count);
        foreach (TreeNode child in Children)
        {
            writer.WriteTrackedObject(child);
        }
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Name = reader.ReadString();
        Parent = reader.ReadTrackedObject<TreeNode>();
        int count = reader.ReadCollectionHeader();
        for (int i = 0; i < count; i++)
        {
            Children.Add(reader.ReadTrackedObject<TreeNode>()!);
        }
    }
}

/// <summary>An untracked record holding two tracked people and a tracked node: sharing between members, and wrong types.</summary>
public sealed class PersonPair : ICustomBinarySerializable
{
    public GraphPerson? First { get; set; }

    public GraphPerson? Second { get; set; }

    public TreeNode? Node { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.WriteTrackedObject(First);
        writer.WriteTrackedObject(Second);
        writer.WriteTrackedObject(Node);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        First = reader.ReadTrackedObject<GraphPerson>();
        Second = reader.ReadTrackedObject<GraphPerson>();
        Node = reader.ReadTrackedObject<TreeNode>();
    }
}

/// <summary>The same shape as <see cref="PersonPair"/>'s first two members, untracked: what a program that tracks nothing writes.</summary>
public sealed class UntrackedPair : ICustomBinarySerializable
{
    public PersonV1? First { get; set; }

    public PersonV1? Second { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.WriteObject(First);
        writer.WriteObject(Second);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        First = reader.ReadObject<PersonV1>();
        Second = reader.ReadObject<PersonV1>();
    }
}

/// <summary>A tracked, polymorphic base: members declared as it carry the runtime type's id.</summary>
[BinaryReferenceTracked]
public abstract class Pet : ICustomBinarySerializable
{
    public string? Name { get; set; }

    public virtual void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Name);

    public virtual void SetDataFrom(ref FastBinaryReader reader) => Name = reader.ReadString();
}

public sealed class Dog : Pet
{
    public int Barks { get; set; }

    public override void WriteDataTo(ref FastBinaryWriter writer)
    {
        base.WriteDataTo(ref writer);
        writer.Write(Barks);
    }

    public override void SetDataFrom(ref FastBinaryReader reader)
    {
        base.SetDataFrom(ref reader);
        Barks = reader.ReadInt32();
    }
}

public sealed class Cat : Pet
{
    /// <summary>Tracked, declared as the base: a cycle through a polymorphic member.</summary>
    public Pet? Rival { get; set; }

    public override void WriteDataTo(ref FastBinaryWriter writer)
    {
        base.WriteDataTo(ref writer);
        writer.WriteTrackedObject(Rival);
    }

    public override void SetDataFrom(ref FastBinaryReader reader)
    {
        base.SetDataFrom(ref reader);
        Rival = reader.ReadTrackedObject<Pet>();
    }
}

/// <summary>An untracked record of pets: a favourite and a list, sharing instances.</summary>
public sealed class PetShelter : ICustomBinarySerializable
{
    public Pet? Favourite { get; set; }

    public List<Pet?> All { get; } = new();

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.WriteTrackedObject(Favourite);
        writer.WriteCollectionHeader(All.Count);
        foreach (Pet? pet in All)
        {
            writer.WriteTrackedObject(pet);
        }
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Favourite = reader.ReadTrackedObject<Pet>();
        int count = reader.ReadCollectionHeader();
        for (int i = 0; i < count; i++)
        {
            All.Add(reader.ReadTrackedObject<Pet>());
        }
    }
}

/// <summary>A tracked type built through its constructor: it can be shared, but a cycle through it cannot be read.</summary>
[BinaryReferenceTracked]
public sealed class FrozenLink : ICustomBinarySerializable, IBinaryConstructible<FrozenLink>
{
    public FrozenLink(string? name, FrozenLink? next)
    {
        Name = name;
        Next = next;
    }

    public string? Name { get; }

    /// <summary>Settable here only so that a test can close a cycle the reader must refuse.</summary>
    public FrozenLink? Next { get; internal set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Name);
        writer.WriteTrackedObject(Next);
    }

    public void SetDataFrom(ref FastBinaryReader reader) =>
        throw new System.InvalidOperationException("FrozenLink is read through ReadNew.");

    public FrozenLink ReadNew(ref FastBinaryReader reader)
    {
        string? name = reader.ReadString();
        return new FrozenLink(name, reader.ReadTrackedObject<FrozenLink>());
    }
}

/// <summary>An untracked record holding two constructor-built links.</summary>
public sealed class FrozenPair : ICustomBinarySerializable
{
    public FrozenLink? First { get; set; }

    public FrozenLink? Second { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.WriteTrackedObject(First);
        writer.WriteTrackedObject(Second);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        First = reader.ReadTrackedObject<FrozenLink>();
        Second = reader.ReadTrackedObject<FrozenLink>();
    }
}

/// <summary>A tracked, constructor-built type whose ReadNew returns null (a faulty hand-written reader).</summary>
[BinaryReferenceTracked]
public sealed class NullMaker : ICustomBinarySerializable, IBinaryConstructible<NullMaker>
{
    public void WriteDataTo(ref FastBinaryWriter writer)
    {
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
    }

    public NullMaker ReadNew(ref FastBinaryReader reader) => null!;
}

/// <summary>Two tracked <see cref="NullMaker"/> members.</summary>
public sealed class NullMakerPair : ICustomBinarySerializable
{
    public NullMaker? First { get; set; }

    public NullMaker? Second { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.WriteTrackedObject(First);
        writer.WriteTrackedObject(Second);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        First = reader.ReadTrackedObject<NullMaker>();
        Second = reader.ReadTrackedObject<NullMaker>();
    }
}
