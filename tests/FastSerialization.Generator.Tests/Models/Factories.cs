using System;
using FastSerialization;

namespace FastSerialization.Generator.Tests.Models;

/// <summary>A class whose only constructor is private: its generated factory calls it from inside the type.</summary>
[BinarySerializable]
public sealed partial class PrivatelyConstructed
{
    private PrivatelyConstructed()
    {
        Trace = "private constructor";
    }

    public int Value { get; set; }

    [BinaryIgnore]
    public string Trace { get; set; }

    public static PrivatelyConstructed WithValue(int value) => new() { Value = value };
}

/// <summary>A struct that declares its parameterless constructor: the generated factory runs it.</summary>
[BinarySerializable]
public partial struct StructWithConstructor
{
    public StructWithConstructor()
    {
        Scale = 100;
    }

    public int Value { get; set; }

    [BinaryIgnore]
    public int Scale { get; set; }
}

/// <summary>A class whose parameterless constructor is obsolete: no factory is generated (it would warn).</summary>
[BinarySerializable]
public sealed partial class ObsoleteConstructor
{
    [Obsolete("Use the factory.")]
    public ObsoleteConstructor()
    {
    }

    public int Value { get; set; }
}
