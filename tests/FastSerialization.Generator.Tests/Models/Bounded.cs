using System.Collections.Generic;

namespace FastSerialization.Generator.Tests.Models.Bounded;

/// <summary>
/// A struct of every member kind with a bounded size (fixed-width primitives, compact integers, enums and
/// nullables of them, 93 bytes at most): the types that hold it write it with BeginBoundedObject /
/// EndBoundedObject, the same bytes as WriteObject.
/// </summary>
[BinarySerializable]
public partial struct EveryBoundedKind
{
    public bool Flag { get; set; }

    public byte U8 { get; set; }

    public sbyte S8 { get; set; }

    public short S16 { get; set; }

    public ushort U16 { get; set; }

    public char Letter { get; set; }

    public int S32 { get; set; }

    public uint U32 { get; set; }

    public long S64 { get; set; }

    public ulong U64 { get; set; }

    public float Single { get; set; }

    public double Double { get; set; }

    [BinaryMember(FixedWidth = true)]
    public long Fixed64 { get; set; }

    public Tint Small { get; set; }

    public Weight Compact { get; set; }

    [BinaryMember(FixedWidth = true)]
    public Weight Wide { get; set; }

    public int? MaybeInt { get; set; }

    public byte? MaybeByte { get; set; }

    public Weight? MaybeWeight { get; set; }
}

/// <summary>An enum over a byte: written as its byte.</summary>
public enum Tint : byte
{
    None,
    Red = 0xFE,
}

/// <summary>An enum over a long: a varint, or 8 bytes when marked fixed-width.</summary>
public enum Weight : long
{
    Light = long.MinValue,
    Heavy = long.MaxValue,
}

/// <summary>A bounded struct held every way a member can hold it: alone, nullable, in an array, in a list, in an array of arrays.</summary>
[BinarySerializable]
public sealed partial class BoundedHolder
{
    public EveryBoundedKind One { get; set; }

    public EveryBoundedKind? Maybe { get; set; }

    public EveryBoundedKind[]? Array { get; set; }

    public List<EveryBoundedKind>? List { get; set; }

    public EveryBoundedKind[][]? Jagged { get; set; }
}

/// <summary>A bounded struct whose parameterless constructor sets a member: a reader must start from it, as ReadObject does.</summary>
[BinarySerializable]
public partial struct LevelWithDefaults
{
    public LevelWithDefaults()
    {
        Count = -1;
    }

    public double Price { get; set; }

    public long Size { get; set; }

    public int Count { get; set; }
}

/// <summary>Holds bounded structs as an array and as a member, read through BeginBoundedObject.</summary>
[BinarySerializable]
public sealed partial class LevelBook
{
    public LevelWithDefaults[]? Levels { get; set; }

    public LevelWithDefaults Best { get; set; }

    public int After { get; set; }
}

/// <summary>
/// A bounded struct with a member that is not written (<see cref="BinaryIgnoreAttribute"/>): an array of it read back must
/// hold the default there, whatever memory the array was given (the reader does not clear a new array of bounded structs
/// first: each element is set before its members are read).
/// </summary>
[BinarySerializable]
public partial struct TapeTick
{
    [BinaryMember(FixedWidth = true)]
    public long Time { get; set; }

    public double Bid { get; set; }

    public int Size { get; set; }

    public long Delta { get; set; }

    [BinaryIgnore]
    public long Scratch { get; set; }
}

/// <summary>An array of <see cref="TapeTick"/>: the generated array of bounded structs.</summary>
[BinarySerializable]
public sealed partial class TickTape
{
    public TapeTick[]? Ticks { get; set; }
}

/// <summary>
/// A bounded struct whose second member's setter refuses a negative value: its setter does more than store, so the
/// generated element loop must not set it with a value read before the element is known to be whole.
/// </summary>
[BinarySerializable]
public partial struct GuardedPair
{
    private int _count;

    public int First { get; set; }

    public int Count
    {
        get => _count;
        set => _count = value >= 0 ? value : throw new System.InvalidOperationException("a negative count was set: " + value);
    }
}

/// <summary>Holds an array and a list of <see cref="GuardedPair"/>.</summary>
[BinarySerializable]
public sealed partial class GuardedPairs
{
    public GuardedPair[]? Array { get; set; }

    public System.Collections.Generic.List<GuardedPair>? List { get; set; }
}
