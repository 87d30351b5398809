using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Files;
using FastSerialization.Fuzz.Models;
using FastSerialization.Ipc;

namespace FastSerialization.Fuzz;

/// <summary>
/// The seed corpus: valid inputs for every target, made by the libraries themselves from sample values of
/// every fuzz model, plus the golden record of docs/FORMAT.md section 1 (tests/FastSerialization.Tests'
/// RecordFormatTests) and, for the importer, the golden BinaryFormatter payloads of
/// tests/FastSerialization.BinaryFormatterImport.Tests/Golden (embedded). Each file starts with its target's selector byte.
/// </summary>
public static class Seeds
{
    /// <summary>Sample values of every registered model.</summary>
    public static IReadOnlyList<object> Samples()
    {
        var link = new Link { Value = 1, Next = new Link { Value = -2, Next = new Link { Value = int.MaxValue } } };
        return new object[]
        {
            link,
            new Disc { Radius = 2.5 },
            new Tile { Label = "tile", Inner = new Tile { Label = "\u00e9\U0001F600", Inner = new Disc { Radius = -0.0 } } },
            new Scalars
            {
                Flag = true, Byte = 200, SByte = -3, Short = -300, UShort = 60000, Char = 'x', Int = -70000, UInt = 3_000_000_000,
                Long = long.MinValue, ULong = ulong.MaxValue, FixedLong = 42, Float = float.NaN, Double = double.Epsilon,
                Decimal = -1.10m, When = new DateTime(2024, 2, 29, 12, 0, 0, DateTimeKind.Utc), Span = TimeSpan.FromMinutes(-5),
                Offset = new DateTimeOffset(2020, 1, 1, 0, 0, 0, TimeSpan.FromHours(5.5)), Id = new Guid("00112233-4455-6677-8899-aabbccddeeff"),
                Tone = Tone.High, Wide = Wide.Max, MaybeInt = 7, MaybeTone = Tone.Low, Text = "text", Bytes = new byte[] { 1, 2, 3 },
                Memory = new byte[] { 9, 8 }, Extent = new Extent { Width = 3, Height = -4 }, MaybeExtent = new Extent { Width = 1 },
            },
            new Collections
            {
                Ints = new[] { 1, -1, int.MinValue }, Doubles = new[] { 0.5 }, Strings = new[] { "a", null, "" },
                Jagged = new[] { new[] { 1 }, Array.Empty<int>() }, List = new List<string> { "x", "yz" }, Longs = new List<long> { 5, -5 },
                Links = new List<Link> { link, new Link() }, Set = new HashSet<int> { 7, 8 }, Names = new HashSet<string> { "n" },
                Map = new Dictionary<string, int> { ["k"] = 1, ["l"] = 2 },
                Nested = new Dictionary<int, List<string>?> { [1] = new List<string> { "v" }, [2] = null },
                Figures = new List<IFigure> { new Disc { Radius = 1 }, new Tile { Label = "t" } }, Figure = new Disc(),
                Sets = new List<HashSet<int>> { new() { 1 }, new() }, Extents = new[] { new Extent { Width = 9 } },
            },
            new Book
            {
                Quotes = new[] { new Quote { Time = 1, Bid = 1.5, Ask = 1.6, BidSize = 10, AskSize = 20 } },
                QuoteList = new List<Quote> { new Quote { Time = 2 } },
                QuoteMemory = new[] { new Quote { Time = 3 } },
                Last = new Quote { Time = 4 },
                Flags = new[] { new Flagged { Flag = true, Amount = 2.5m, Small = -1 } },
                Fills = new List<Fill> { new Fill { Quote = new Quote { Time = 5 }, Side = Side.Sell, Venue = 3 } },
                FixedSide = Side.Buy, CompactSide = Side.Sell,
            },
            new Manual { Name = "manual", Values = new[] { 1, 2 }, Head = new Link { Value = 3 }, Big = ulong.MaxValue },
            new Quote { Time = 6, Bid = 1, Ask = 2, BidSize = 3, AskSize = 4 },
            new Amplifiers
            {
                Bulky = new List<Bulky> { new Bulky { S00 = "s", Numbers = { 1 }, Named = { ["a"] = 1 } }, new Bulky() },
                Octets = new[] { new Octet { A = 1m, H = -2m } },
                Sets = new List<HashSet<int>> { new() { 1, 2 }, new() },
                Maps = new Dictionary<int, Dictionary<int, int>> { [1] = new() { [2] = 3 } },
            },
        };
    }

    /// <summary>
    /// Sample graphs of the graph target's types: a web whose knots share badges and point back to it, a cycle of
    /// three, a polymorphic knot with children; a small web (within <see cref="Formatters.SmallMaxTrackedObjects"/>);
    /// a pin sharing a note through its per-member overrides.
    /// </summary>
    public static IReadOnlyList<object> GraphSamples()
    {
        var web = new Web { Name = "web" };
        var shared = new Badge("shared", null);
        var a = new Knot { Value = 1, Web = web, Badge = shared };
        var b = new Knot { Value = 2, Web = web, Badge = shared };
        var c = new HeavyKnot { Value = 3, Web = web, Note = "heavy", Children = new Knot[] { a, new Knot { Value = 4 }, null! } };
        a.Next = b;
        b.Next = c;
        c.Next = a;
        var owned = new Badge("owned", a);
        web.Knots.AddRange(new Knot[] { a, b, c });
        web.Entry = c;
        web.ByName = new Dictionary<string, Knot> { ["a"] = a, ["c"] = c };
        web.Badges = new List<Badge> { shared, owned, shared };

        var small = new Web { Name = "small" };
        var only = new Knot { Value = -1, Web = small };
        only.Next = only;
        small.Knots.Add(only);
        small.Entry = only;

        var note = new Note { Text = "note" };
        var pin = new Pin { First = note, Notes = new List<Note> { note, new Note(), note }, Copy = note, Knot = c, Web = web };
        return new object[] { web, small, pin };
    }

    /// <summary>The record of docs/FORMAT.md section 1 (a Customer written by hand in the tests); type id 1 here is Link, so it reads as malformed.</summary>
    private static readonly byte[] GoldenCustomer =
    {
        0x22, 0x00, 0x00, 0x00, 0x01,
        0x06, (byte)'S', (byte)'m', (byte)'i', (byte)'t', (byte)'h',
        0x05, (byte)'J', (byte)'o', (byte)'h', (byte)'n',
        0x0E, (byte)'1', (byte)' ', (byte)'M', (byte)'a', (byte)'i', (byte)'n', (byte)' ', (byte)'S', (byte)'t', (byte)'r', (byte)'e', (byte)'e', (byte)'t',
        0x23, 0x00, 0x00, 0x00,
        0x07, 0x00, 0x00, 0x00,
    };

    /// <summary>Writes the seeds into <paramref name="directory"/> (created if needed); returns how many.</summary>
    public static int WriteTo(string directory)
    {
        Directory.CreateDirectory(directory);
        int count = 0;
        void Write(int target, string name, byte[] data)
        {
            byte[] input = new byte[data.Length + 1];
            input[0] = (byte)target;
            data.CopyTo(input, 1);
            File.WriteAllBytes(Path.Combine(directory, $"{Targets.Names[target]}-{name}"), input);
            count++;
        }

        CustomBinaryFormatter formatter = Formatters.Tolerant;
        IReadOnlyList<object> samples = Samples();
        byte[] all = samples.SelectMany(formatter.SerializeToArray).ToArray();
        foreach (object sample in samples)
        {
            string name = sample.GetType().Name.ToLowerInvariant();
            byte[] record = formatter.SerializeToArray(sample);
            Write(0, name, new byte[] { 0 }.Concat(record).ToArray());
            Write(1, name, record);
            Write(2, name, new byte[] { 2, 3, (byte)(record.Length / 2) }.Concat(record).ToArray());
            formatter.TryGetTypeId(sample.GetType(), out int id);
            int header = 4 + (id < 128 ? 1 : 2);
            Write(3, name, new byte[] { (byte)(id - 1) }.Concat(record.Skip(header)).ToArray());
        }

        Write(0, "all", new byte[] { 0 }.Concat(all).ToArray());
        Write(0, "golden-customer", new byte[] { 0 }.Concat(GoldenCustomer).ToArray());
        Write(1, "all", all);
        Write(2, "all", new byte[] { 3, 1, 40, 200 }.Concat(all).ToArray());
        IReadOnlyList<object> graphs = GraphSamples();
        Write(7, "all", new byte[] { 0 }.Concat(graphs.SelectMany(Formatters.Graphs.SerializeToArray)).ToArray());
        Write(7, "small-strict", new byte[] { 1 }.Concat(Formatters.GraphsSmall.SerializeToArray(graphs[1])).ToArray());
        foreach (object graph in graphs)
        {
            byte[] record = Formatters.Graphs.SerializeToArray(graph);
            Formatters.Graphs.TryGetTypeId(graph.GetType(), out int id);
            int header = 4 + (id < 128 ? 1 : 2);
            string name = graph is Web named ? "web-" + named.Name : graph.GetType().Name.ToLowerInvariant();
            Write(7, "payload-" + name, new byte[] { 2, (byte)(id - 1) }.Concat(record.Skip(header)).ToArray());
        }

        Write(4, "session", IpcSession(samples).GetAwaiter().GetResult());
        Write(5, "plain", RecordFile(samples, RecordFileCompression.None));
        Write(5, "zlib", RecordFile(samples, RecordFileCompression.ZLib));
        Write(5, "quotes", RecordFile(Enumerable.Range(0, 50).Select(i => (object)new Quote { Time = i, Bid = i }).ToList(), RecordFileCompression.None));
        foreach (string resource in typeof(Seeds).Assembly.GetManifestResourceNames().Where(r => r.StartsWith("golden/", StringComparison.Ordinal)).Order(StringComparer.Ordinal))
        {
            using Stream stream = typeof(Seeds).Assembly.GetManifestResourceStream(resource)!;
            using var payload = new MemoryStream();
            stream.CopyTo(payload);
            Write(6, "legacy-" + Path.GetFileNameWithoutExtension(resource.Substring("golden/".Length)), payload.ToArray());
        }

        return count;
    }

    /// <summary>Everything one side of a real channel sends: its handshake, the samples, and its close.</summary>
    private static async Task<byte[]> IpcSession(IReadOnlyList<object> samples)
    {
        var toB = new Pipe();
        var toA = new Pipe();
        var recorded = new MemoryStream();
        PipeWriter aWriter = PipeWriter.Create(new TeeStream(toB.Writer.AsStream(), recorded));
        Task<IpcChannel> a = IpcChannel.CreateAsync(toA.Reader, aWriter, Formatters.Tolerant);
        Task<IpcChannel> b = IpcChannel.CreateAsync(toB.Reader, toA.Writer, Formatters.Tolerant);
        IpcChannel channelA = await a.ConfigureAwait(false);
        IpcChannel channelB = await b.ConfigureAwait(false);
        foreach (object sample in samples)
        {
            await channelA.SendAsync(sample).ConfigureAwait(false);
        }

        await channelA.FlushAsync().ConfigureAwait(false);
        for (int i = 0; i < samples.Count; i++)
        {
            await channelB.ReceiveAsync().ConfigureAwait(false);
        }

        await channelA.DisposeAsync().ConfigureAwait(false);
        await channelB.DisposeAsync().ConfigureAwait(false);
        return recorded.ToArray();
    }

    private static byte[] RecordFile(IReadOnlyList<object> values, RecordFileCompression compression)
    {
        string path = Path.Combine(Path.GetTempPath(), $"fastserialization-seed-{Guid.NewGuid():N}.fsr");
        try
        {
            using (RecordFileWriter writer = RecordFileWriter.Create(path, Formatters.Tolerant, new RecordFileWriterOptions { Compression = compression, BlockSize = 4096, WriteIndex = false }))
            {
                foreach (object value in values)
                {
                    writer.Append(value);
                }
            }

            return WithFileId(File.ReadAllBytes(path), SeedFileId);
        }
        finally
        {
            File.Delete(path);
        }
    }

    /// <summary>
    /// The file id of every record-file seed. A writer draws 16 random bytes for each file (docs/FORMAT.md 9.1), so that
    /// a block of another file fails this one's CRCs; a seed has no other file to be told from, and a fixed id makes the
    /// same samples give the same seed bytes on every run.
    /// </summary>
    private static readonly byte[] SeedFileId = "FastSerializSeed"u8.ToArray();

    /// <summary>
    /// A record file written by <see cref="RecordFileWriter"/> (no index beside it) with its file id replaced: the header's
    /// 16 bytes at offset 12 and its CRC, and, when its flag bit 0 ties the blocks to the file, each block's CRC, which
    /// starts from the file id (docs/FORMAT.md 9.1 and 9.2). Every other byte stays as the writer wrote it.
    /// </summary>
    private static byte[] WithFileId(byte[] file, byte[] fileId)
    {
        byte[] result = (byte[])file.Clone();
        int headerLength = BinaryPrimitives.ReadInt32LittleEndian(result.AsSpan(8));
        fileId.CopyTo(result.AsSpan(12, 16));
        BinaryPrimitives.WriteUInt32LittleEndian(result.AsSpan(headerLength - 4), Crc32C(0xFFFFFFFFu, result.AsSpan(0, headerLength - 4)) ^ 0xFFFFFFFFu);
        bool tied = (BinaryPrimitives.ReadUInt16LittleEndian(result.AsSpan(6)) & 1) != 0;
        uint seed = tied ? Crc32C(0xFFFFFFFFu, fileId) : 0xFFFFFFFFu;
        const int BlockHeader = 32;
        for (int at = headerLength; at < result.Length;)
        {
            int stored = BinaryPrimitives.ReadInt32LittleEndian(result.AsSpan(at + 4));
            uint crc = Crc32C(Crc32C(seed, result.AsSpan(at, 28)), result.AsSpan(at + BlockHeader, stored)) ^ 0xFFFFFFFFu;
            BinaryPrimitives.WriteUInt32LittleEndian(result.AsSpan(at + 28), crc);
            at += BlockHeader + stored;
        }

        return result;
    }

    /// <summary>CRC-32C (Castagnoli, reflected polynomial 0x82F63B78) of <paramref name="bytes"/> continued from <paramref name="crc"/>, before the final XOR.</summary>
    private static uint Crc32C(uint crc, ReadOnlySpan<byte> bytes)
    {
        foreach (byte b in bytes)
        {
            crc ^= b;
            for (int bit = 0; bit < 8; bit++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
            }
        }

        return crc;
    }

    /// <summary>Writes to two streams: the peer's pipe and a recording.</summary>
    private sealed class TeeStream : Stream
    {
        private readonly Stream _first;
        private readonly Stream _second;

        public TeeStream(Stream first, Stream second)
        {
            _first = first;
            _second = second;
        }

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position
        {
            get => throw new NotSupportedException();
            set => throw new NotSupportedException();
        }

        public override void Flush() => _first.Flush();

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count)
        {
            _second.Write(buffer, offset, count);
            _first.Write(buffer, offset, count);
        }

        public override async System.Threading.Tasks.ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, System.Threading.CancellationToken cancellationToken = default)
        {
            _second.Write(buffer.Span);
            await _first.WriteAsync(buffer, cancellationToken).ConfigureAwait(false);
        }

        public override async Task FlushAsync(System.Threading.CancellationToken cancellationToken) =>
            await _first.FlushAsync(cancellationToken).ConfigureAwait(false);

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                _first.Dispose();
            }

            base.Dispose(disposing);
        }
    }
}
