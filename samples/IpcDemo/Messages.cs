using FastSerialization;

namespace IpcDemo;

/// <summary>A market trade: the packed 32-byte trade of the seed articles, as a generated type.</summary>
[BinarySerializable]
public sealed partial class Trade
{
    public ulong TimeNs { get; set; }

    public double Price { get; set; }

    public double Amount { get; set; }

    public byte Exchange { get; set; }

    public byte BaseCurrency { get; set; }

    public byte QuoteCurrency { get; set; }

    public byte? Side { get; set; }
}

[BinarySerializable]
public sealed partial class Customer
{
    public string? LastName { get; set; }

    public string? FirstName { get; set; }

    public string? Address { get; set; }

    public int Age { get; set; }

    public int Code { get; set; }
}

/// <summary>Sent after a stream: how many messages, and a checksum of them.</summary>
[BinarySerializable]
public sealed partial class StreamEnd
{
    public long Trades { get; set; }

    public long Customers { get; set; }

    public double PriceSum { get; set; }
}

/// <summary>A request that makes the child receive in batches (ReceiveBatchAsync) or one message at a time.</summary>
[BinarySerializable]
public sealed partial class ReceiveMode
{
    public bool Batches { get; set; }
}

[BinarySerializable]
public sealed partial class Ping
{
    public long Id { get; set; }
}

[BinarySerializable]
public sealed partial class Pong
{
    public long Id { get; set; }
}

public static class Registry
{
    public static CustomBinaryFormatter Create()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Trade>(1);
        formatter.Register<Customer>(2);
        formatter.Register<StreamEnd>(3);
        formatter.Register<Ping>(4);
        formatter.Register<Pong>(5);
        formatter.Register<ReceiveMode>(6);
        return formatter;
    }
}
