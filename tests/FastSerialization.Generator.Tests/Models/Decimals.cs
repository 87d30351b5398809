using System.Collections.Generic;
using FastSerialization;

namespace FastSerialization.Generator.Tests.Models;

/// <summary>Every place a decimal can stand in a generated type: compact where it is a single value (docs/FORMAT.md section 3a).</summary>
[BinarySerializable]
public sealed partial class Decimals
{
    public decimal Single { get; set; }

    public decimal? Maybe { get; set; }

    [BinaryMember(FixedWidth = true)]
    public decimal Fixed { get; set; }

    public decimal[]? Array { get; set; }

    public Dictionary<decimal, decimal>? Map { get; set; }
}
