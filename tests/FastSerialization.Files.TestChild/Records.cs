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

/// <summary>A record that carries bytes of its own: in the tests, block images of its own file or of another.</summary>
[BinarySerializable]
public sealed partial class Blob
{
    public long Number { get; set; }

    public byte[]? Data { get; set; }
}

/// <summary>The records every test and the helper write: record <c>n</c> is a Note when <c>n % 3 == 0</c>, else a Trade.</summary>
public static class Records
{
    public const int TradeId = 1;
    public const int NoteId = 2;
    public const int BlobId = 3;

    public static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Trade>(TradeId);
        formatter.Register<Note>(NoteId);
        return formatter;
    }

    /// <summary><see cref="NewFormatter"/> with <see cref="Blob"/> registered too, for files whose records carry block images.</summary>
    public static CustomBinaryFormatter NewFormatterWithBlobs()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        formatter.Register<Blob>(BlobId);
        return formatter;
    }

    /// <summary>
    /// True for the record numbers that <see cref="AppendWithImages"/> writes as a <see cref="Blob"/> carrying block images
    /// (three in ten).
    /// </summary>
    public static bool CarriesImages(long number) => number % 10 is 1 or 4 or 7;

    /// <summary>
    /// Appends record <paramref name="number"/>: as <see cref="Append"/>, except that three in ten are a <see cref="Blob"/>
    /// holding a block image of the same file (<paramref name="ownBlock"/>, when it has one yet), of another file
    /// (<paramref name="otherBlock"/>), or both one after the other.
    /// </summary>
    public static void AppendWithImages(RecordFileWriter writer, long number, byte[]? ownBlock, byte[] otherBlock)
    {
        if (!CarriesImages(number))
        {
            Append(writer, number);
            return;
        }

        byte[] own = ownBlock ?? otherBlock;
        byte[] data = (number % 10) switch
        {
            1 => own,
            4 => otherBlock,
            _ => [.. own, .. otherBlock],
        };
        writer.Append(new Blob { Number = number, Data = data });
    }

    /// <summary>
    /// The bytes of each whole block of the record file at <paramref name="path"/> (header and body), found by the lengths
    /// in their headers from the end of the file header; read while a writer may be appending (a block cut short is left out).
    /// </summary>
    public static System.Collections.Generic.List<byte[]> BlocksOf(string path)
    {
        byte[] bytes;
        using (var stream = new System.IO.FileStream(path, System.IO.FileMode.Open, System.IO.FileAccess.Read, System.IO.FileShare.ReadWrite | System.IO.FileShare.Delete))
        {
            bytes = new byte[stream.Length];
            stream.ReadExactly(bytes);
        }

        var blocks = new System.Collections.Generic.List<byte[]>();
        long offset = System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(8));
        while (offset + 32 <= bytes.Length)
        {
            long end = offset + 32 + System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan((int)offset + 4));
            if (end > bytes.Length)
            {
                break;
            }

            blocks.Add(bytes.AsSpan((int)offset, (int)(end - offset)).ToArray());
            offset = end;
        }

        return blocks;
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
        Blob blob => CarriesImages(number) && blob.Number == number && blob.Data is [0x46, 0x53, 0x42, 0x4B, ..],
        _ => false,
    };
}
