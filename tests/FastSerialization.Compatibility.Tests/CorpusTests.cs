using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Caching;
using FastSerialization.Files;
using FastSerialization.Ipc;
using FastSerialization.Tests.Shared;
using FluentAssertions;
using Microsoft.Extensions.Caching.Hybrid;
using Xunit;

namespace FastSerialization.Compatibility.Tests;

/// <summary>
/// Every release's committed bytes (tests/CompatibilityCorpus/{version}/), read by this build and compared with the
/// values that release was given: a change that can no longer read one of them, or reads another value, fails here.
/// </summary>
public sealed class CorpusTests : IDisposable
{
    /// <summary>The first release, whose corpus must always be there (RELEASING.md adds the later ones).</summary>
    private const string FirstRelease = "0.1.0";

    private static readonly TimeSpan Budget = TimeSpan.FromMinutes(2);

    private readonly string _scratch = Directory.CreateTempSubdirectory("fs-compat-").FullName;

    public static TheoryData<string> Versions() => new(Corpus.Versions());

    public static TheoryData<string, string> Records()
    {
        var data = new TheoryData<string, string>();
        foreach (string version in Corpus.Versions())
        {
            foreach (string file in Directory.GetFiles(Path.Combine(Corpus.Root, version, "records"), "*.bin").Order(StringComparer.Ordinal))
            {
                data.Add(version, Path.GetFileNameWithoutExtension(file));
            }
        }

        return data;
    }

    public void Dispose() => Directory.Delete(_scratch, recursive: true);

    [Fact]
    public void The_first_release_has_a_record_of_every_value_declared_then()
    {
        Corpus.Versions().Should().Contain(FirstRelease);
        string[] names = Directory.GetFiles(Path.Combine(Corpus.Root, FirstRelease, "records"), "*.bin").Select(Path.GetFileNameWithoutExtension).ToArray()!;

        // 0.1.0's corpus holds exactly these entries, all written by 0.1.0's code (aotdemo.invoice to recordfiles.trade, the
        // README's hand-written customer, the zlib and LZ4 files and the file of trades were added later, written by
        // f46ed953's libraries and generator: RELEASING.md); entries added for later releases are in their folders only.
        // The manifest test keeps the files, the record test their entries.
        names.Should().BeEquivalentTo([
            "quickstart.customer", "quickstart.order", "quickstart.shipping-label",
            "ipcdemo.trade", "ipcdemo.trade-without-side", "ipcdemo.customer", "ipcdemo.stream-end", "ipcdemo.receive-mode", "ipcdemo.ping", "ipcdemo.pong",
            "grpcdemo.trade-request", "grpcdemo.trade", "migration.customer", "migration.invoice", "aotdemo.address",
            "aotdemo.invoice", "aotdemo.stamp", "aotdemo.note", "aotdemo.fill", "recordfiles.trade",
            "shared.every-base-library-type", "shared.same-bytes-on-every-build", "shared.tracked-department",
            "docs.readme.hand-written-customer", "docs.generator.customer", "docs.generator.board", "docs.generator.tick-batch", "docs.generator.department",
            "docs.migration.customer", "docs.migration.imported-customer", "docs.analyzers.customer"]);
        foreach (string artifact in new[] { Corpus.RecordFileOfQuickstart, Corpus.RecordFileOfModels, Corpus.RecordFileOfModelsZLib, Corpus.RecordFileOfModelsLz4, Corpus.RecordFileOfTrades, Corpus.IpcClient, Corpus.IpcServer, Corpus.CacheEntry, Corpus.HybridCacheEntry })
        {
            new FileInfo(Path.Combine(Corpus.Root, FirstRelease, artifact)).Length.Should().BePositive("{0} is part of the first release's corpus", artifact);
        }
    }

    [Theory]
    [MemberData(nameof(Versions))]
    public void A_releases_files_are_the_bytes_it_wrote(string version)
    {
        // A corpus is written once: rewriting it with a later build would hide exactly the change it is there to catch.
        string directory = Path.Combine(Corpus.Root, version);
        string[] manifest = File.ReadAllLines(Path.Combine(directory, Corpus.Manifest));
        manifest.Should().Equal(Corpus.HashesOf(directory).Select(h => $"{h.Hash}  {h.File}"),
            "the files of {0} must be the ones its manifest lists, unchanged (RELEASING.md: a release's corpus is never rewritten)", version);
    }

    [Theory]
    [MemberData(nameof(Records))]
    public void A_record_of_an_earlier_release_reads_as_the_value_it_was_given(string version, string name)
    {
        CorpusEntry entry = CorpusEntries.Named(name);
        byte[] bytes = File.ReadAllBytes(Path.Combine(Corpus.Root, version, "records", name + ".bin"));

        object read = entry.NewFormatter().Deserialize(bytes);

        read.Should().BeOfType(entry.Value().GetType());
        entry.Check(read, entry.Value());
    }

    [Theory]
    [MemberData(nameof(Versions))]
    public void An_unframed_message_of_an_earlier_release_reads_as_the_value_it_was_given(string version)
    {
        string[] files = Directory.GetFiles(Path.Combine(Corpus.Root, version, "unframed"), "*.bin");
        files.Should().NotBeEmpty();
        foreach (string file in files)
        {
            CorpusEntry entry = CorpusEntries.Named(Path.GetFileNameWithoutExtension(file));
            entry.ReadUnframed.Should().NotBeNull("{0} was written unframed", entry.Name);

            object read = entry.ReadUnframed!(entry.NewFormatter(), File.ReadAllBytes(file));

            entry.Check(read, entry.Value());
        }
    }

    [Theory]
    [MemberData(nameof(Versions))]
    public void A_record_file_of_an_earlier_release_reads_record_by_record_and_by_number(string version)
    {
        string path = CopyRecordFile(version, Corpus.RecordFileOfQuickstart);
        object[] expected = Corpus.QuickstartRecords();

        using RecordFileReader reader = RecordFileReader.Open(path, CorpusEntries.QuickstartFormatter());

        reader.RecordCount.Should().Be(expected.Length);
        reader.Recovery.DroppedTail.Should().BeFalse();
        reader.Recovery.DroppedBytes.Should().Be(0);
        reader.ReadAll().Should().BeEquivalentTo(expected, o => o.RespectingRuntimeTypes().WithStrictOrdering());
        reader.ReadRecord<Quickstart.Order>(3).Should().BeEquivalentTo((Quickstart.Order)expected[3]);
        reader.ReadRecord<Quickstart.ShippingLabel>(2).Should().BeEquivalentTo((Quickstart.ShippingLabel)expected[2]);
    }

    public static TheoryData<string, string> CompressedRecordFiles()
    {
        var data = new TheoryData<string, string>();
        foreach (string version in Corpus.Versions())
        {
            foreach (string file in new[] { Corpus.RecordFileOfModels, Corpus.RecordFileOfModelsZLib, Corpus.RecordFileOfModelsLz4 })
            {
                data.Add(version, file);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CompressedRecordFiles))]
    public void A_compressed_record_file_of_an_earlier_release_reads_every_record(string version, string file)
    {
        string path = CopyRecordFile(version, file);

        using RecordFileReader reader = RecordFileReader.Open(path, EveryBaseLibraryType.NewFormatter());

        reader.RecordCount.Should().Be(Corpus.ModelRecords);
        reader.Recovery.DroppedTail.Should().BeFalse();
        reader.Recovery.DroppedBytes.Should().Be(0);
        for (int i = 0; i < Corpus.ModelRecords; i++)
        {
            reader.ReadRecord<EveryBaseLibraryType>(i).ShouldEqualWhatWasWritten(EveryBaseLibraryType.Sample(i));
        }
    }

    [Theory]
    [MemberData(nameof(Versions))]
    public void A_record_file_of_fixed_layout_trades_of_an_earlier_release_reads_and_is_viewed_in_place(string version)
    {
        // samples/RecordFiles' use of a file: records read through the index, and blocks of trades viewed where they lie,
        // read into the reader's buffer and mapped; each view is the struct's memory, so a changed layout shows here too.
        string path = CopyRecordFile(version, Corpus.RecordFileOfTrades);
        RecordFiles.Trade[] expected = Enumerable.Range(0, Corpus.TradeRecords).Select(CorpusEntries.RecordFilesTrade).ToArray();

        using (RecordFileReader reader = RecordFileReader.Open(path, CorpusEntries.RecordFilesFormatter()))
        {
            reader.RecordCount.Should().Be(Corpus.TradeRecords);
            reader.Recovery.DroppedTail.Should().BeFalse();
            reader.BlockCount.Should().BeGreaterThan(1, "the file was written in blocks of {0} bytes", Corpus.TradeBlockSize);
            reader.ReadAll().Should().Equal(expected.Cast<object>());
            reader.ReadRecord<RecordFiles.Trade>(Corpus.TradeRecords - 1).Should().Be(expected[^1]);
            var viewed = new List<RecordFiles.Trade>();
            for (int b = 0; b < reader.BlockCount; b++)
            {
                foreach (ref readonly RecordFiles.Trade trade in reader.ReadFixedBlock<RecordFiles.Trade>(b))
                {
                    viewed.Add(trade);
                }
            }

            viewed.Should().Equal(expected);
        }

        using MappedRecordFile mapped = MappedRecordFile.Open(path, CorpusEntries.RecordFilesFormatter());
        var mappedViews = new List<RecordFiles.Trade>();
        for (int b = 0; b < mapped.BlockCount; b++)
        {
            foreach (ref readonly RecordFiles.Trade trade in mapped.GetFixedBlock<RecordFiles.Trade>(b))
            {
                mappedViews.Add(trade);
            }
        }

        mappedViews.Should().Equal(expected);
    }

    [Theory]
    [MemberData(nameof(Versions))]
    public async Task A_server_reads_the_handshake_request_and_messages_of_an_earlier_releases_client(string version)
    {
        using var timeout = new CancellationTokenSource(Budget);
        byte[] client = File.ReadAllBytes(Path.Combine(Corpus.Root, version, Corpus.IpcClient));
        var input = new Pipe();
        var output = new Pipe();
        Task drain = IpcTranscript.RelayAsync(output.Reader, null, Stream.Null, timeout.Token);

        // The client's handshake and request first; the rest (its messages and goodbye) once the server has answered, as
        // on a real connection, where the client waits for the answer before it sends them.
        int handshakeAndRequest = IpcTranscript.LengthOfRecords(client, 3);
        await input.Writer.WriteAsync(client.AsMemory(0, handshakeAndRequest), timeout.Token);
        await using IpcChannel server = await IpcChannel.CreateAsync(input.Reader, output.Writer, IpcDemo.Registry.Create(), cancellationToken: timeout.Token);
        await IpcTranscript.ServeAsync(server, timeout.Token);
        await input.Writer.WriteAsync(client.AsMemory(handshakeAndRequest), timeout.Token);
        await input.Writer.CompleteAsync();
        var received = new List<object>();
        while (await server.ReceiveAsync(timeout.Token) is { } message)
        {
            received.Add(message);
        }

        received.Should().BeEquivalentTo(IpcTranscript.ClientMessages(), o => o.RespectingRuntimeTypes().WithStrictOrdering(),
            "the old client's messages, then its goodbye (the end of ReceiveAsync)");
        await server.DisposeAsync();
        await drain;
    }

    [Theory]
    [MemberData(nameof(Versions))]
    public async Task A_client_reads_the_handshake_response_and_messages_of_an_earlier_releases_server(string version)
    {
        using var timeout = new CancellationTokenSource(Budget);
        byte[] server = File.ReadAllBytes(Path.Combine(Corpus.Root, version, Corpus.IpcServer));
        int hello = IpcTranscript.LengthOfRecords(server, 1);
        var input = new Pipe();
        var output = new Pipe();
        var sent = new CountingStream();
        Task drain = IpcTranscript.RelayAsync(output.Reader, null, sent, timeout.Token);

        // The server's handshake first; its answer only once the request is out, as on a real connection.
        await input.Writer.WriteAsync(server.AsMemory(0, hello), timeout.Token);
        await using IpcChannel client = await IpcChannel.CreateAsync(input.Reader, output.Writer, IpcDemo.Registry.Create(), cancellationToken: timeout.Token);
        long handshake = await sent.WaitForMoreThanAsync(0, timeout.Token);
        Task<IpcDemo.Pong> pong = client.RequestAsync<IpcDemo.Pong>(new IpcDemo.Ping { Id = IpcTranscript.PingId }, timeout.Token);
        await sent.WaitForMoreThanAsync(handshake, timeout.Token);
        await input.Writer.WriteAsync(server.AsMemory(hello), timeout.Token);
        await input.Writer.CompleteAsync();

        (await pong).Id.Should().Be(IpcTranscript.PingId);
        var received = new List<object>();
        while (await client.ReceiveAsync(timeout.Token) is { } message)
        {
            received.Add(message);
        }

        received.Should().BeEquivalentTo(IpcTranscript.ServerMessages(), o => o.RespectingRuntimeTypes().WithStrictOrdering(),
            "the old server's messages, then its goodbye (the end of ReceiveAsync)");
        await client.DisposeAsync();
        await drain;
    }

    [Theory]
    [MemberData(nameof(Versions))]
    public async Task A_cache_entry_of_an_earlier_release_reads_as_the_value_it_was_given(string version)
    {
        (FastDistributedCache cache, Microsoft.Extensions.Caching.Distributed.IDistributedCache store) = Corpus.NewCache();
        await store.SetAsync(Corpus.CacheKey, File.ReadAllBytes(Path.Combine(Corpus.Root, version, Corpus.CacheEntry)), new());

        Quickstart.Order? read = await cache.GetAsync<Quickstart.Order>(Corpus.CacheKey);

        read.Should().NotBeNull("a miss means this build rejects the entry an earlier release stored (a changed registry fingerprint or format)");
        read.Should().BeEquivalentTo(CorpusEntries.QuickstartOrder());
    }

    [Theory]
    [MemberData(nameof(Versions))]
    public void A_hybrid_cache_payload_of_an_earlier_release_reads_as_the_value_it_was_given(string version)
    {
        new FastHybridCacheSerializerFactory(CorpusEntries.QuickstartFormatter()).TryCreateSerializer(out IHybridCacheSerializer<Quickstart.Customer>? serializer).Should().BeTrue();
        byte[] payload = File.ReadAllBytes(Path.Combine(Corpus.Root, version, Corpus.HybridCacheEntry));

        Quickstart.Customer read = serializer!.Deserialize(new ReadOnlySequence<byte>(payload));

        read.Should().BeEquivalentTo(CorpusEntries.QuickstartCustomer());
    }

    /// <summary>A copy of a committed record file (and its index) in a scratch folder: opening one may write beside it.</summary>
    private string CopyRecordFile(string version, string relative)
    {
        string source = Path.Combine(Corpus.Root, version, relative);
        string target = Path.Combine(_scratch, Path.GetFileName(source));
        foreach (string file in Directory.GetFiles(Path.GetDirectoryName(source)!, Path.GetFileName(source) + "*"))
        {
            File.Copy(file, Path.Combine(_scratch, Path.GetFileName(file)));
        }

        return target;
    }

    /// <summary>Counts what one side of a channel has sent, so that a test can wait for a record to be out.</summary>
    private sealed class CountingStream : Stream
    {
        private long _length;
        private readonly SemaphoreSlim _written = new(0);

        public override bool CanRead => false;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => Interlocked.Read(ref _length);
        public override long Position { get => Length; set => throw new NotSupportedException(); }

        public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

        public override void Write(ReadOnlySpan<byte> buffer)
        {
            Interlocked.Add(ref _length, buffer.Length);
            _written.Release();
        }

        /// <summary>Waits until more than <paramref name="length"/> bytes were sent; returns how many.</summary>
        public async Task<long> WaitForMoreThanAsync(long length, CancellationToken cancellationToken)
        {
            while (Length <= length)
            {
                await _written.WaitAsync(cancellationToken);
            }

            return Length;
        }

        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                _written.Dispose();
            }

            base.Dispose(disposing);
        }
    }
}
