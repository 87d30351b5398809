using System;
using System.Collections.Generic;
using System.Numerics;
using System.Text;
using FastSerialization;

namespace FastSerialization.Generator.Tests.Models;

/// <summary>One member of each value type of contract section 2b, as single values (section 3a's compact forms where they apply).</summary>
[BinarySerializable]
public sealed partial class ValueTypeMembers
{
    public DateOnly Day { get; set; }

    public TimeOnly Time { get; set; }

    public Int128 Signed { get; set; }

    public UInt128 Unsigned { get; set; }

    public BigInteger Big { get; set; }

    public Complex Point { get; set; }

    public Rune Letter { get; set; }

    public Uri? Link { get; set; }

    public Version? Release { get; set; }

    [BinaryMember(FixedWidth = true)]
    public DateOnly FixedDay { get; set; }

    [BinaryMember(FixedWidth = true)]
    public Int128 FixedSigned { get; set; }
}

/// <summary>Nullables of the value types of contract section 2b.</summary>
[BinarySerializable]
public sealed partial class ValueTypeNullables
{
    public DateOnly? Day { get; set; }

    public TimeOnly? Time { get; set; }

    public Int128? Signed { get; set; }

    public UInt128? Unsigned { get; set; }

    public BigInteger? Big { get; set; }

    public Complex? Point { get; set; }

    public Rune? Letter { get; set; }
}

/// <summary>Arrays, lists and dictionary keys and values of the types of contract section 2b.</summary>
[BinarySerializable]
public sealed partial class ValueTypeCollections
{
    public DateOnly[]? Days { get; set; }

    public Int128[]? Signed { get; set; }

    public BigInteger[]? Bigs { get; set; }

    public Uri?[]? Links { get; set; }

    public List<TimeOnly>? Times { get; set; }

    public List<UInt128>? Unsigned { get; set; }

    public List<Complex>? Points { get; set; }

    public List<Rune>? Letters { get; set; }

    public List<Version?>? Releases { get; set; }

    public Dictionary<DateOnly, Int128>? ByDay { get; set; }

    public Dictionary<Uri, Version?>? ByLink { get; set; }

    public Dictionary<Rune, BigInteger>? ByLetter { get; set; }

    public Dictionary<Version, UInt128?>? ByRelease { get; set; }
}
