using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace FastSerialization.Fuzz.Models;

/// <summary>A fixed-layout struct whose memory layout is its wire layout: blocks copied at once.</summary>
[BinarySerializable(FixedLayout = true)]
public partial struct Quote
{
    public long Time;
    public double Bid;
    public double Ask;
    public int BidSize;
    public int AskSize;
}

/// <summary>A fixed-layout struct read element by element (a bool, a decimal, padding in memory).</summary>
[BinarySerializable(FixedLayout = true)]
public partial struct Flagged
{
    public bool Flag;
    public decimal Amount;
    public short Small;
}

public enum Side : short
{
    Buy = 1,
    Sell = -1,
}

/// <summary>A fixed-layout struct holding another, packed.</summary>
[BinarySerializable(FixedLayout = true)]
[StructLayout(LayoutKind.Sequential, Pack = 1)]
public partial struct Fill
{
    public Quote Quote;
    public Side Side;
    public byte Venue;
}

/// <summary>Every place a fixed-layout struct may stand.</summary>
[BinarySerializable]
public sealed partial class Book
{
    public Quote[]? Quotes { get; set; }

    public List<Quote>? QuoteList { get; set; }

    public ReadOnlyMemory<Quote> QuoteMemory { get; set; }

    public Quote Last { get; set; }

    public Flagged[]? Flags { get; set; }

    public List<Fill>? Fills { get; set; }

    [BinaryMember(FixedWidth = true)]
    public Side? FixedSide { get; set; }

    public Side CompactSide { get; set; }
}
