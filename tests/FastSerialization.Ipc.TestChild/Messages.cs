using FastSerialization;

namespace FastSerialization.Ipc.TestChild;

/// <summary>A market trade, the bulk message of the tests.</summary>
[BinarySerializable]
public sealed partial class Trade
{
    public long Sequence { get; set; }

    public double Price { get; set; }

    public double Amount { get; set; }

    public string? Symbol { get; set; }

    public int Sender { get; set; }

    /// <summary>Folds this trade into a running checksum; both processes compute it the same way.</summary>
    public ulong Fold(ulong checksum)
    {
        unchecked
        {
            ulong h = checksum ^ (ulong)Sequence;
            h = (h * 0x100000001B3UL) ^ (ulong)System.BitConverter.DoubleToInt64Bits(Price);
            h = (h * 0x100000001B3UL) ^ (ulong)System.BitConverter.DoubleToInt64Bits(Amount);
            h = (h * 0x100000001B3UL) ^ (ulong)(Symbol?.Length ?? -1);
            h = (h * 0x100000001B3UL) ^ (ulong)Sender;
            return h * 0x100000001B3UL;
        }
    }

    public static Trade Make(long sequence, int sender = 0) => new()
    {
        Sequence = sequence,
        Price = 100 + (sequence % 1000) * 0.25,
        Amount = 1 + (sequence % 7),
        Symbol = (sequence % 3) switch { 0 => "BTC-USD", 1 => "ETH-USD", _ => "SOL-EUR" },
        Sender = sender,
    };
}

/// <summary>The end of a stream of trades: how many, and their checksum.</summary>
[BinarySerializable]
public sealed partial class Summary
{
    public long Count { get; set; }

    public ulong Checksum { get; set; }
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

    public int ProcessId { get; set; }
}

/// <summary>The registry both sides use, and a different one for the mismatch test.</summary>
public static class Registry
{
    public static CustomBinaryFormatter Create()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Trade>(1);
        formatter.Register<Summary>(2);
        formatter.Register<Ping>(3);
        formatter.Register<Pong>(4);
        return formatter;
    }

    /// <summary>Ids 3 and 4 swapped: the handshake must refuse it, naming id 3.</summary>
    public static CustomBinaryFormatter CreateMismatched()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Trade>(1);
        formatter.Register<Summary>(2);
        formatter.Register<Pong>(3);
        formatter.Register<Ping>(4);
        return formatter;
    }
}
