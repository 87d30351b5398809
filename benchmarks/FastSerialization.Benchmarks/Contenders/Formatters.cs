using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>The registries every contender that needs one shares: the same ids for the same types.</summary>
public static class Formatters
{
    public const int CustomerId = 1;
    public const int TradeId = 2;
    public const int MarketUpdateId = 3;
    public const int TradeBatchId = 4;
    public const int TradeBatchBulkId = 5;
    public const int OrderId = 6;
    public const int TickArrayId = 7;
    public const int PaymentId = 8;

    // The source generator's counterparts (Payloads/Generated/): ids of their own, below 128 so that the
    // record header is as long as the hand-written payloads' (4-byte length, one-byte id).
    public const int GeneratedCustomerId = 11;
    public const int GeneratedTradeId = 12;
    public const int GeneratedMarketUpdateId = 13;
    public const int GeneratedTradeBatchId = 14;
    public const int GeneratedOrderId = 15;
    public const int GeneratedTickArrayId = 16;
    public const int GeneratedPaymentId = 17;
    public const int FixedTradeBatchId = 18;
    public const int FixedMarketUpdateId = 19;

    // Issue 45's invoice (generated only) and issue 46's reference-tracked graph (its three classes).
    public const int GeneratedInvoiceId = 20;
    public const int GeneratedDepartmentId = 21;
    public const int GeneratedEmployeeId = 22;
    public const int GeneratedManagerId = 23;

    /// <summary>One FastSerialization formatter for the whole process (it is thread-safe once frozen).</summary>
    public static CustomBinaryFormatter Fast { get; } = CreateFast();

    /// <summary>
    /// The fixed-layout batch alone, with records up to 64 MiB (the default limit is 16 MiB): for the
    /// 32 MB batch of LargeTradeBatchBenchmarks.
    /// </summary>
    public static CustomBinaryFormatter Large { get; } = CreateLarge();

    private static CustomBinaryFormatter CreateLarge()
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxRecordLength = 64 * 1024 * 1024 });
        formatter.Register<FixedTradeBatch>(FixedTradeBatchId);
        formatter.Freeze();
        return formatter;
    }

    /// <summary>A new seed formatter: it is not thread-safe, so each user gets its own.</summary>
    public static SeedCustomBinaryFormatter CreateSeed()
    {
        var seed = new SeedCustomBinaryFormatter();
        seed.Register<Customer>(CustomerId);
        seed.Register<Trade>(TradeId);
        seed.Register<MarketUpdate>(MarketUpdateId);
        seed.Register<TradeBatch>(TradeBatchId);
        seed.Register<Order>(OrderId);
        seed.Register<TickArray>(TickArrayId);
        seed.Register<Payment>(PaymentId);
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
        formatter.Register<Order>(OrderId);
        formatter.Register<TickArray>(TickArrayId);
        formatter.Register<Payment>(PaymentId);
        formatter.Register<GeneratedCustomer>(GeneratedCustomerId);
        formatter.Register<GeneratedTrade>(GeneratedTradeId);
        formatter.Register<GeneratedMarketUpdate>(GeneratedMarketUpdateId);
        formatter.Register<GeneratedTradeBatch>(GeneratedTradeBatchId);
        formatter.Register<GeneratedOrder>(GeneratedOrderId);
        formatter.Register<GeneratedTickArray>(GeneratedTickArrayId);
        formatter.Register<GeneratedPayment>(GeneratedPaymentId);
        formatter.Register<FixedTradeBatch>(FixedTradeBatchId);
        formatter.Register<FixedMarketUpdate>(FixedMarketUpdateId);
        formatter.Register<GeneratedInvoice>(GeneratedInvoiceId);
        formatter.Register<GeneratedDepartment>(GeneratedDepartmentId);
        formatter.Register<GeneratedEmployee>(GeneratedEmployeeId);
        formatter.Register<GeneratedManager>(GeneratedManagerId);
        formatter.Freeze();
        return formatter;
    }
}
