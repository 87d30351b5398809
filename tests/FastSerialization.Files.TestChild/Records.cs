using System;
using FastSerialization;

namespace FastSerialization.Files.TestChild;

/// <summary>A packed trade: 32 bytes, fixed layout, members from the largest to the smallest (no padding), so it can be viewed in place.</summary>
[BinarySerializable(FixedLayout = true)]
public partial struct Trade
{
    public long Number;
    public double Price;
    public long Quantity;
    public int Symbol;
    public int Flags;

    /// <summary>The trade the tests and the helper write as record <paramref name="number"/>: every field follows from the number.</summary>
    public static Trade Make(long number) => new()
    {
        Number = number,
        Price = 100 + ((number % 1000) * 0.25),
        Quantity = 1 + (number % 97),
        Symbol = (int)(number % 5),
        Flags = (int)(number * 7 % 13),
    };
}

/// <summary>A record of varying size, so that blocks end at irregular offsets.</summary>
[BinarySerializable]
public sealed partial class Note
{
    public long Number { get; set; }

    public string? Text { get; set; }

    public static Note Make(long number) => new()
    {
        Number = number,
        Text = new string((char)('a' + (number % 26)), (int)(number * 31 % 200)),
    };

    public bool IsExpected(long number) => Number == number && Text == Make(number).Text;
}

/// <summary>The records every test and the helper write: record <c>n</c> is a Note when <c>n % 3 == 0</c>, else a Trade.</summary>
public static class Records
{
    public const int TradeId = 1;
    public const int NoteId = 2;

    public static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Trade>(TradeId);
        formatter.Register<Note>(NoteId);
        return formatter;
    }

    public static object Make(long number) => number % 3 == 0 ? Note.Make(number) : Trade.Make(number);

    public static void Append(RecordFileWriter writer, long number)
    {
        if (number % 3 == 0)
        {
            writer.Append(Note.Make(number));
        }
        else
        {
            writer.Append(Trade.Make(number));
        }
    }

    /// <summary>True when <paramref name="record"/> is exactly what <see cref="Make"/> gives for <paramref name="number"/>.</summary>
    public static bool IsExpected(object record, long number) => record switch
    {
        Note note => number % 3 == 0 && note.IsExpected(number),
        Trade trade => number % 3 != 0 && trade.Equals(Trade.Make(number)),
        _ => false,
    };
}
