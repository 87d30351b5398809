using System;
using System.Collections.Generic;
using FastSerialization;
using FastSerialization.BinaryFormatterImport;

// The types of the documentation's examples that are complete code, as the documents declare them (docs are not
// compiled, so they are written out here once; each namespace names its document). Their 0.1.0 bytes are in the
// compatibility corpus: a reader who copied an example has data in exactly these layouts.

namespace Docs.Generator
{
    /// <summary>docs/GENERATOR.md, the first example (also the README's): the seed article's customer.</summary>
    [BinarySerializable]
    public partial class Customer
    {
        public string? LastName { get; set; }
        public string? FirstName { get; set; }
        public string? Address { get; set; }
        public int Age { get; set; }
        public int Code { get; set; }
    }

    /// <summary>docs/GENERATOR.md, "Comparers": the comparer a collection member is rebuilt with.</summary>
    public static class Comparers
    {
        public static IComparer<int> Descending { get; } = Comparer<int>.Create((x, y) => y.CompareTo(x));
    }

    /// <summary>docs/GENERATOR.md, "Comparers".</summary>
    [BinarySerializable]
    public partial class Board
    {
        [BinaryComparer(typeof(StringComparer), nameof(StringComparer.OrdinalIgnoreCase))]
        public Dictionary<string, int> Scores { get; set; } = new(StringComparer.OrdinalIgnoreCase);

        [BinaryComparer(typeof(Comparers), nameof(Comparers.Descending))]
        public SortedSet<int> Ranks { get; set; } = new(Comparers.Descending);
    }

    /// <summary>docs/GENERATOR.md, "Fixed-layout structs": 32 bytes on the wire.</summary>
    [BinarySerializable(FixedLayout = true)]
    public partial struct Tick
    {
        public long Time;
        public double Bid;
        public double Ask;
        public int BidSize;
        public int AskSize;
    }

    /// <summary>docs/GENERATOR.md, "Fixed-layout structs": an array of them, copied as one block.</summary>
    [BinarySerializable]
    public sealed partial class TickBatch
    {
        public Tick[]? Ticks { get; set; }
    }

    /// <summary>docs/GENERATOR.md, "Object graphs" (the example names a Manager it does not declare: a tracked one here).</summary>
    [BinarySerializable(TrackReferences = true)]
    public partial class Department { public List<Employee> Employees { get; set; } = new(); }

    /// <summary>docs/GENERATOR.md, "Object graphs".</summary>
    [BinarySerializable(TrackReferences = true)]
    public partial class Employee { public Manager? Manager { get; set; } public Department? Department { get; set; } }

    /// <summary>The manager docs/GENERATOR.md's graph example refers to.</summary>
    [BinarySerializable(TrackReferences = true)]
    public partial class Manager { public string? Name { get; set; } }
}

namespace Docs.Migration
{
    /// <summary>docs/MIGRATION.md, step 1 after both fixes: a type still [Serializable], now generated.</summary>
    [Serializable, BinarySerializable]
    public partial class Customer
    {
        public string? Name { get; set; }
#pragma warning disable CS0169 // As in the document: state the type keeps for itself, never written.
        [BinaryIgnore] private int _cacheHits;
#pragma warning restore CS0169
    }

    /// <summary>docs/MIGRATION.md, step 4: the new type of a BinaryFormatter import, with a renamed member.</summary>
    [BinarySerializable, BinaryFormatterType("MyApp.Customer")]
    public sealed partial class ImportedCustomer
    {
        public string? Name { get; set; }

        [BinaryFormatterMember("_since")]
        public DateTime CustomerSince { get; set; }
    }
}

namespace Docs.Analyzers
{
    /// <summary>docs/ANALYZERS.md, FSA002 after the fix.</summary>
    [Serializable]
    [BinarySerializable]
    public partial class Customer
    {
        public string? Name { get; set; }
        public Address? Home { get; set; }

        [BinaryIgnore]
        public object? Cache;
    }

    /// <summary>docs/ANALYZERS.md, FSA002 after the fix.</summary>
    [Serializable]
    [BinarySerializable]
    public partial class Address
    {
        public string? City { get; set; }
    }
}

namespace Docs.Readme
{
    /// <summary>README.md, "write the two methods yourself": the seed article's customer written by hand (fixed-width integers).</summary>
    public sealed class Customer : ICustomBinarySerializable
    {
        public string? LastName { get; set; }
        public string? FirstName { get; set; }
        public string? Address { get; set; }
        public int Age { get; set; }
        public int Code { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(LastName);
            writer.Write(FirstName);
            writer.Write(Address);
            writer.Write(Age);
            writer.Write(Code);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            LastName = reader.ReadString();
            FirstName = reader.ReadString();
            Address = reader.ReadString();
            Age = reader.ReadInt32();
            Code = reader.ReadInt32();
        }
    }
}
