using FastSerialization.DependencyInjection;
using FastSerialization.Grpc;

namespace GrpcDemo;

/// <summary>The code-first service both processes declare: no .proto file for the FastSerialization side.</summary>
public static partial class TradeContract
{
    public const string Service = "demo.fast.Trades";

    public static readonly FastMethod<TradeRequest, Trade> GetTrade = FastMethod.Unary<TradeRequest, Trade>(Service, "GetTrade");
    public static readonly FastMethod<TradeRequest, Trade> StreamTrades = FastMethod.ServerStreaming<TradeRequest, Trade>(Service, "StreamTrades");

    public static FastSerializationBuilder Register(FastSerializationBuilder b) => b.Register<TradeRequest>(1).Register<Trade>(2);

    /// <summary>The i-th trade of a symbol, the same on both sides and for both contenders.</summary>
    public static Trade TradeFor(string? symbol, long i) => new()
    {
        Id = 1_000_000 + i,
        Symbol = symbol,
        Price = 412.37 + (i % 100) * 0.01,
        Quantity = 100 + (int)(i % 900),
        TimeUnixMs = 1_795_000_000_000 + i,
        Buy = (i & 1) == 0,
    };

    public static Proto.Trade ProtoTradeFor(string? symbol, long i)
    {
        Trade t = TradeFor(symbol, i);
        return new Proto.Trade { Id = t.Id, Symbol = t.Symbol ?? string.Empty, Price = t.Price, Quantity = t.Quantity, TimeUnixMs = t.TimeUnixMs, Buy = t.Buy };
    }
}
