using System;

namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>
/// <see cref="TradeBatch"/> with its serializer written by the source generator: the same member, an
/// array of <see cref="GeneratedTrade"/>.
/// </summary>
/// <remarks>
/// <b>Not the same bytes</b>, for two reasons that add up per trade: each trade is a nested object with a
/// one-byte length (docs/FORMAT.md, section 3), and its two optional members are written as a bool and
/// the value (see <see cref="GeneratedTrade"/>). A trade costs 30 to 35 bytes instead of 32. The
/// collection header is the same and the values round-trip (checked in setup).
/// </remarks>
[BinarySerializable]
public sealed partial class GeneratedTradeBatch : IGeneratedVariant<GeneratedTradeBatch, TradeBatch>
{
    public static bool SameBytes => false;

    public GeneratedTrade[]? Trades { get; set; }

    public static GeneratedTradeBatch From(TradeBatch b) => new()
    {
        Trades = b.Trades is null ? null : Array.ConvertAll(b.Trades, t => GeneratedTrade.From(t)),
    };


    public TradeBatch ToHandWritten() => new()
    {
        Trades = Trades is null ? null : Array.ConvertAll(Trades, t => t.ToHandWritten()),
    };
}
