using FastSerialization.Benchmarks.Payloads;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>The registries every contender that needs one shares: the same ids for the same types.</summary>
public static class Formatters
{
    public const int CustomerId = 1;
    public const int TradeId = 2;
    public const int MarketUpdateId = 3;
    public const int TradeBatchId = 4;
    public const int TradeBatchBulkId = 5;

    /// <summary>One FastSerialization formatter for the whole process (it is thread-safe once frozen).</summary>
    public static CustomBinaryFormatter Fast { get; } = CreateFast();

    /// <summary>A new seed formatter: it is not thread-safe, so each user gets its own.</summary>
    public static SeedCustomBinaryFormatter CreateSeed()
    {
        var seed = new SeedCustomBinaryFormatter();
        seed.Register<Customer>(CustomerId);
        seed.Register<Trade>(TradeId);
        seed.Register<MarketUpdate>(MarketUpdateId);
        seed.Register<TradeBatch>(TradeBatchId);
        return seed;
    }

    private static CustomBinaryFormatter CreateFast()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(CustomerId);
        formatter.Register<Trade>(TradeId);
        formatter.Register<MarketUpdate>(MarketUpdateId);
        formatter.Register<TradeBatch>(TradeBatchId);
        formatter.Register<TradeBatchBulk>(TradeBatchBulkId);
        formatter.Freeze();
        return formatter;
    }
}
