using System;
using System.Collections.Generic;
using FastSerialization;

namespace FastSerialization.Generator.Tests.Models;

/// <summary>Every place a <see cref="Half"/> can stand in a generated type: one row of the generator's primitive table (contract section 2b).</summary>
[BinarySerializable]
public sealed partial class Halves
{
    public Half Single { get; set; }

    public Half? Maybe { get; set; }

    public Half[]? Array { get; set; }

    public List<Half>? List { get; set; }

    public Dictionary<int, Half>? Map { get; set; }
}
