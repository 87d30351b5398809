using FastSerialization;

namespace GrpcDemo;

/// <summary>Asks for one trade (unary) or a stream of <see cref="Count"/> trades.</summary>
[BinarySerializable]
public sealed partial class TradeRequest
{
    public string? Symbol { get; set; }

    public int Count { get; set; }
}

/// <summary>A trade: the same fields as the protobuf message in Protos/trades.proto.</summary>
[BinarySerializable]
public sealed partial class Trade
{
    public long Id { get; set; }

    public string? Symbol { get; set; }

    public double Price { get; set; }

    public int Quantity { get; set; }

    public long TimeUnixMs { get; set; }

    public bool Buy { get; set; }
}

// The registry of the messages, here beside them (the rest of the contract, gRPC's part, is in TradeContract.cs): this
// file needs FastSerialization alone, so tests/FastSerialization.Compatibility.Tests compiles it as it is and reads the
// compatibility corpus's messages with these declarations and ids.
public static partial class TradeContract
{
    public static CustomBinaryFormatter NewFormatter()
    {
        var f = new CustomBinaryFormatter();
        f.Register<TradeRequest>(1);
        f.Register<Trade>(2);
        return f;
    }
}
