using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>
/// The same damaged files through every path that checks a block: <see cref="RecordFileReader"/> reading records,
/// <see cref="RecordFileReader.ReadFixedBlock{T}"/>, <see cref="MappedRecordFile.GetFixedBlock{T}"/> (all three behind
/// the walk of block headers that opening does) and <see cref="RecordFileReader.Salvage"/>. Each path's verdict on each
/// block of the undamaged file is one word: <c>ok</c> (its records, every one as written), <c>corrupted</c>
/// (<see cref="RecordFileCorruptedException"/>, or Salvage's report of its records as lost), <c>dropped</c> (a torn tail:
/// not in the file, or Salvage's lost stretch that runs to the end, its record count unknown), <c>limit</c> (the
/// formatter's <see cref="CustomBinaryFormatterOptions.MaxRecordLength"/> refused a record, with the message saying how to
/// raise it), or <c>not-T</c> (a <see cref="FastSerializationException"/> saying the records are not all of the type).
/// A damage that opening already finds is <c>refused k</c> for the three readers.
/// </summary>
public class FourPathsTests
{
    private const int Total = 555; // five blocks of 111 trades (37 bytes each, 4096-byte blocks)

    public static TheoryData<string, string, string> Damages() => new()
    {
        // damage kind,                      readers' verdict,                          Salvage's verdict
        { "none",                            "ok ok ok ok ok",                          "ok ok ok ok ok" },
        { "body of block 1",                 "ok corrupted ok ok ok",                   "ok corrupted ok ok ok" },
        { "record count of block 1",         "refused 1",                               "ok corrupted ok ok ok" },
        { "block 1 tied to another file",    "ok corrupted ok ok ok",                   "ok corrupted ok ok ok" },
        { "earlier layout (flags 0)",        "ok ok ok ok ok",                          "ok ok ok ok ok" },
        { "earlier layout, body of block 1", "ok corrupted ok ok ok",                   "ok corrupted ok ok ok" },
        { "framing of block 1, CRC right",   "ok corrupted ok ok ok",                   "ok corrupted ok ok ok" },
        { "record over MaxRecordLength",     "limit limit limit limit limit",           "limit limit limit limit limit" },
        { "block 1 is block 0 again",        "refused 1",                               "ok corrupted ok ok ok" },
        { "block 3 is block 2 again",        "refused 3",                               "ok ok ok corrupted ok" },
        { "wrong index entry",               "ok ok ok ok ok",                          "ok ok ok ok ok" },
        { "last block cut",                  "ok ok ok ok dropped",                     "ok ok ok ok dropped" },
        { "body of last block",              "ok ok ok ok dropped",                     "ok ok ok ok dropped" },
        { "body of block 3, last block cut", "refused 3",                               "ok ok ok dropped dropped" },
    };

    [Theory]
    [MemberData(nameof(Damages))]
    public void EveryPath_GivesTheSameVerdict_OnTheSameDamagedFile(string damage, string readers, string salvage)
    {
        using var dir = new TempDirectory();
        string path = dir.File("damaged.fsr");
        bool index = damage == "wrong index entry";
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), new RecordFileWriterOptions { BlockSize = 4096, WriteIndex = index }))
        {
            for (long n = 0; n < Total; n++)
            {
                writer.Append(Trade.Make(n));
            }
        }

        List<long> firsts = TestFiles.FirstRecords(path);
        firsts.Should().Equal(0, 111, 222, 333, 444, 555);
        Damage(path, damage, dir);
        CustomBinaryFormatter Formatter() => damage == "record over MaxRecordLength" ? SmallLimit() : Records.NewFormatter();

        var verdicts = new Dictionary<string, string>
        {
            ["records"] = ByRecords(path, firsts, Formatter()),
            ["ReadFixedBlock"] = ByReadFixedBlock(path, firsts, Formatter()),
            ["MappedRecordFile"] = ByMapping(path, firsts, Formatter()),
            ["Salvage"] = BySalvage(path, dir.File("salvaged.fsr"), firsts, Formatter()),
        };

        verdicts.Should().Equal(
            new Dictionary<string, string>
            {
                ["records"] = readers,
                ["ReadFixedBlock"] = readers,
                ["MappedRecordFile"] = readers,
                ["Salvage"] = salvage,
            },
            $"every path checks a block alike ({damage})");
    }

    private static void Damage(string path, string damage, TempDirectory dir)
    {
        byte[] bytes = File.ReadAllBytes(path);
        List<byte[]> blocks = Records.BlocksOf(path);
        List<long> offsets = TestFiles.BlockOffsets(path);
        int Body(int block) => (int)offsets[block] + 32 + 100;
        switch (damage)
        {
            case "none":
                break;
            case "body of block 1":
                bytes[Body(1)] ^= 0x04;
                break;
            case "record count of block 1":
                bytes[(int)offsets[1] + 8] ^= 0x04; // 111 records become 107: still a valid header
                break;
            case "block 1 tied to another file":
                BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan((int)offsets[1] + 28), HandBuilt.Checksum(blocks[1], Guid.NewGuid().ToByteArray()));
                break;
            case "earlier layout (flags 0)":
                File.WriteAllBytes(path, bytes);
                HandBuilt.ToEarlierLayout(path);
                return;
            case "earlier layout, body of block 1":
                File.WriteAllBytes(path, bytes);
                HandBuilt.ToEarlierLayout(path);
                bytes = File.ReadAllBytes(path);
                bytes[Body(1)] ^= 0x04;
                break;
            case "framing of block 1, CRC right":
                // The first record's length prefix says 34 bytes where it has 33; the checksum is made right again, as a
                // writer with a bug would have made it: the records no longer fill the block.
                int record = (int)offsets[1] + 32;
                BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(record), 34);
                BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan((int)offsets[1] + 28), HandBuilt.Checksum(bytes.AsSpan((int)offsets[1], blocks[1].Length), HandBuilt.FileIdOf(path)));
                break;
            case "record over MaxRecordLength":
                break; // read with a formatter whose limit is below a trade's 33 bytes
            case "block 1 is block 0 again":
                blocks[0].CopyTo(bytes, offsets[1]); // its checksum is right (the same file) but its records go back
                break;
            case "block 3 is block 2 again":
                blocks[2].CopyTo(bytes, offsets[3]);
                break;
            case "wrong index entry":
                byte[] indexBytes = File.ReadAllBytes(path + ".fsidx");
                int at = 48 + (16 * 2) + 8; // block 2's first record number
                BinaryPrimitives.WriteInt64LittleEndian(indexBytes.AsSpan(at), BinaryPrimitives.ReadInt64LittleEndian(indexBytes.AsSpan(at)) + 1);
                BinaryPrimitives.WriteUInt32LittleEndian(indexBytes.AsSpan(indexBytes.Length - 4), Crc32C.Compute(indexBytes.AsSpan(0, indexBytes.Length - 4)));
                File.WriteAllBytes(path + ".fsidx", indexBytes);
                break;
            case "last block cut":
                bytes = bytes.AsSpan(0, Body(4)).ToArray();
                break;
            case "body of last block":
                bytes[Body(4)] ^= 0x04;
                break;
            case "body of block 3, last block cut":
                bytes[Body(3)] ^= 0x04;
                bytes = bytes.AsSpan(0, Body(4)).ToArray();
                break;
            default:
                throw new ArgumentException(damage, nameof(damage));
        }

        _ = dir;
        File.WriteAllBytes(path, bytes);
    }

    /// <summary>Reads each block's records with <see cref="RecordFileReader.ReadRange"/>, and checks each is the one written.</summary>
    private static string ByRecords(string path, List<long> firsts, CustomBinaryFormatter formatter) =>
        ByBlocks(firsts, () => RecordFileReader.Open(path, formatter), (reader, block) =>
        {
            if (firsts[block + 1] > reader.RecordCount)
            {
                return "dropped";
            }

            long n = firsts[block];
            foreach (object record in reader.ReadRange(firsts[block], firsts[block + 1] - firsts[block]))
            {
                record.Should().Be(Trade.Make(n));
                n++;
            }

            return "ok";
        });

    private static string ByReadFixedBlock(string path, List<long> firsts, CustomBinaryFormatter formatter) =>
        ByBlocks(firsts, () => RecordFileReader.Open(path, formatter), (reader, block) =>
            block >= reader.BlockCount ? "dropped" : Checked(reader.ReadFixedBlock<Trade>(block), firsts, block));

    private static string ByMapping(string path, List<long> firsts, CustomBinaryFormatter formatter) =>
        ByBlocks(firsts, () => MappedRecordFile.Open(path, formatter), (mapped, block) =>
            block >= mapped.BlockCount ? "dropped" : Checked(mapped.GetFixedBlock<Trade>(block), firsts, block));

    private static string Checked(FixedRecordBlock<Trade> view, List<long> firsts, int block)
    {
        view.FirstRecordNumber.Should().Be(firsts[block]);
        view.Count.Should().Be((int)(firsts[block + 1] - firsts[block]));
        for (int i = 0; i < view.Count; i++)
        {
            view[i].Should().Be(Trade.Make(firsts[block] + i));
        }

        return "ok";
    }

    /// <summary>Opens with <paramref name="open"/> ("refused k" when that throws for block k), then asks each block's verdict.</summary>
    private static string ByBlocks<TFile>(List<long> firsts, Func<TFile> open, Func<TFile, int, string> read)
        where TFile : IDisposable
    {
        TFile file;
        try
        {
            file = open();
        }
        catch (RecordFileCorruptedException e)
        {
            return $"refused {e.BlockIndex}";
        }

        using (file)
        {
            var words = new List<string>();
            for (int block = 0; block < firsts.Count - 1; block++)
            {
                try
                {
                    words.Add(read(file, block));
                }
                catch (Exception e) when (e is FastSerializationException)
                {
                    words.Add(Word(e, block));
                }
            }

            return string.Join(' ', words);
        }
    }

    private static string Word(Exception e, int block)
    {
        switch (e)
        {
            case RecordFileCorruptedException corrupted:
                corrupted.BlockIndex.Should().Be(block, "the exception names the damaged block");
                corrupted.Message.Should().Contain("RecordFileReader.Salvage", "the message says what to do");
                return "corrupted";
            case FastSerializationException when e.Message.Contains("MaxRecordLength = ", StringComparison.Ordinal):
                e.Message.Should().Contain("not damaged");
                return "limit";
            default:
                return "not-T";
        }
    }

    /// <summary>Salvages the file and says of each block whether its records were copied, reported lost, or lost in a stretch that runs to the end.</summary>
    private static string BySalvage(string path, string copy, List<long> firsts, CustomBinaryFormatter formatter)
    {
        RecordFileSalvage salvage;
        try
        {
            salvage = RecordFileReader.Salvage(path, copy, formatter);
        }
        catch (FastSerializationException e) when (e is not RecordFileCorruptedException)
        {
            File.Exists(copy).Should().BeFalse("a refused salvage leaves no copy");
            return string.Join(' ', Enumerable.Repeat(Word(e, -1), firsts.Count - 1));
        }

        var copied = new HashSet<long>();
        using (RecordFileReader reader = RecordFileReader.Open(copy, formatter))
        {
            foreach (Trade trade in reader.ReadAll().Cast<Trade>())
            {
                trade.Should().Be(Trade.Make(trade.Number), "a record is copied exactly as written");
                copied.Add(trade.Number).Should().BeTrue("no record is copied twice");
            }
        }

        var words = new List<string>();
        for (int block = 0; block < firsts.Count - 1; block++)
        {
            long first = firsts[block];
            long end = firsts[block + 1];
            RecordFileDamage? lost = salvage.Damage.FirstOrDefault(d => d.FirstRecord <= first && (d.RecordCount is not { } count || first < d.FirstRecord + count));
            bool all = Enumerable.Range(0, (int)(end - first)).All(i => copied.Contains(first + i));
            bool none = Enumerable.Range(0, (int)(end - first)).All(i => !copied.Contains(first + i));
            words.Add(all && lost is null ? "ok"
                : none && lost is { RecordCount: null } ? "dropped"
                : none && lost is not null ? "corrupted"
                : $"mixed({copied.Count(n => n >= first && n < end)} copied)");
        }

        return string.Join(' ', words);
    }

    /// <summary>A formatter whose MaxRecordLength (20 bytes) is below a trade record's 33.</summary>
    private static CustomBinaryFormatter SmallLimit()
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxRecordLength = 20 });
        formatter.Register<Trade>(Records.TradeId);
        formatter.Register<Note>(Records.NoteId);
        return formatter;
    }
}
