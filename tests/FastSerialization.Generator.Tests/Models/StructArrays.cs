using System.Collections.Generic;

namespace FastSerialization.Generator.Tests.Models;

/// <summary>Arrays of [BinarySerializable] structs: the generated reader fills each element in place (ReadObjectInto).</summary>
[BinarySerializable]
public sealed partial class StructArrays
{
    /// <summary>A plain record struct: its default value, then its members.</summary>
    public PointRecordStruct[]? Points { get; set; }

    /// <summary>A readonly record struct: built through its constructor (IBinaryConstructible).</summary>
    public Money[]? Amounts { get; set; }

    /// <summary>A struct with a parameterless constructor of its own: each element starts from what it makes.</summary>
    public StructWithConstructor[]? Scaled { get; set; }

    public PointRecordStruct[][]? Jagged { get; set; }
}

/// <summary>The same members as <see cref="StructArrays"/>, as lists: the elements are read through ReadObject. The same bytes.</summary>
[BinarySerializable]
public sealed partial class StructLists
{
    public List<PointRecordStruct>? Points { get; set; }

    public List<Money>? Amounts { get; set; }

    public List<StructWithConstructor>? Scaled { get; set; }

    public List<List<PointRecordStruct>>? Jagged { get; set; }
}

/// <summary>An array of a type parameter constrained to struct: read in place too.</summary>
[BinarySerializable]
public sealed partial class StructArrayOf<T>
    where T : struct, ICustomBinarySerializable
{
    public T[]? Items { get; set; }
}
