using FastSerialization;

namespace RecordFiles;

// Apart from the program so that other projects can compile this file as it is: tests/FastSerialization.Compatibility.Tests
// reads the compatibility corpus's trades (a record, and a record file viewed in place) with this declaration.

/// <summary>A packed trade: 32 bytes, fixed layout, members from the largest to the smallest (no padding).</summary>
[BinarySerializable(FixedLayout = true)]
public partial struct Trade
{
    public long Time;
    public double Price;
    public long Quantity;
    public int Symbol;
    public int Flags;

    public static Trade Make(long n) => new()
    {
        Time = 638_000_000_000_000_000 + (n * 1_000),
        Price = 100 + ((n % 1000) * 0.25),
        Quantity = 1 + (n % 97),
        Symbol = (int)(n % 50),
        Flags = 0,
    };
}
