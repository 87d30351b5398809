using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace FastSerialization.Generator.Tests.Models;

/// <summary>A fixed-layout struct whose memory layout is its wire layout: 32 bytes, blocks copied at once.</summary>
[BinarySerializable(FixedLayout = true)]
public partial struct FixedTick
{
    public long Time;
    public double Bid;
    public double Ask;
    public int BidSize;
    public int AskSize;
}

/// <summary>A fixed-layout struct copied element by element (a bool, and padding in memory): FSG012 says so.</summary>
[BinarySerializable(FixedLayout = true)]
public partial struct FixedFlagged
{
    public bool Flag;
    public long Value;
    public short Small;
}

/// <summary>A fixed-layout struct that holds another, and enums, packed to one byte.</summary>
[BinarySerializable(FixedLayout = true)]
[StructLayout(LayoutKind.Sequential, Pack = 1)]
public partial struct FixedQuote
{
    public FixedTick Tick;
    public Side Side;
    public byte Venue;
}

/// <summary>
/// A fixed-layout struct of 20 bytes (8 + 8 + 4) that the runtime would pad to 24 in memory: <c>Pack = 4</c> keeps it
/// at 20, so blocks of it copy at once.
/// </summary>
[BinarySerializable(FixedLayout = true)]
[StructLayout(LayoutKind.Sequential, Pack = 4)]
public partial struct FixedLevel
{
    public double Price;
    public long Size;
    public int Orders;
}

public enum Side : short
{
    Buy = 1,
    Sell = -1,
}

/// <summary>Every place a fixed-layout struct may stand, and integers that opt out of varints.</summary>
[BinarySerializable]
public sealed partial class FixedHolder
{
    public FixedTick[]? Ticks { get; set; }

    public List<FixedTick>? TickList { get; set; }

    public ReadOnlyMemory<FixedTick> TickMemory { get; set; }

    public FixedTick Last { get; set; }

    public FixedFlagged[]? Flags { get; set; }

    public List<FixedQuote>? Quotes { get; set; }

    public IReadOnlyList<FixedTick>? ReadOnlyTicks { get; set; }

    [BinaryMember(FixedWidth = true)]
    public long TimestampTicks { get; set; }

    [BinaryMember(FixedWidth = true)]
    public Side? FixedSide { get; set; }

    public Side CompactSide { get; set; }

    public short Small { get; set; }
}
