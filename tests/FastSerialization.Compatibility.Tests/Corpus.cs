using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Caching;
using FastSerialization.Files;
using FastSerialization.Tests.Shared;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Options;

namespace FastSerialization.Compatibility.Tests;

/// <summary>
/// Where the corpus lives (tests/CompatibilityCorpus/{version}/) and how a release writes its part of it. RELEASING.md
/// says when: once per release, never again for that version.
/// </summary>
public static class Corpus
{
    public const string Manifest = "MANIFEST.sha256";
    public const string RecordFileOfQuickstart = "record-files/quickstart.fsr";
    public const string RecordFileOfModels = "record-files/every-base-library-type.brotli.fsr";
    public const string RecordFileOfModelsZLib = "record-files/every-base-library-type.zlib.fsr";
    public const string RecordFileOfModelsLz4 = "record-files/every-base-library-type.lz4.fsr";
    public const string RecordFileOfTrades = "record-files/recordfiles.trades.fsr";
    public const string IpcClient = "ipc/client-to-server.bin";
    public const string IpcServer = "ipc/server-to-client.bin";
    public const string CacheEntry = "cache/quickstart.order.entry";
    public const string HybridCacheEntry = "cache/quickstart.customer.hybrid";
    public const string CacheKey = "orders:0b5c3a52";

    /// <summary>tests/CompatibilityCorpus, where it is committed (the build passes the path).</summary>
    public static string Root { get; } = typeof(Corpus).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "CorpusDirectory").Value!;

    /// <summary>Every release whose bytes are committed, oldest first.</summary>
    public static IReadOnlyList<string> Versions() =>
        Directory.Exists(Root)
            ? Directory.GetDirectories(Root).Select(Path.GetFileName).Select(v => v!).OrderBy(v => Version.Parse(v.Split('-')[0])).ToList()
            : [];

    /// <summary>The records of <see cref="RecordFileOfQuickstart"/>, in order.</summary>
    public static object[] QuickstartRecords() =>
        [CorpusEntries.QuickstartCustomer(), CorpusEntries.QuickstartOrder(), CorpusEntries.QuickstartLabel(), CorpusEntries.QuickstartOrder() with { Lines = [] , Buyer = null }];

    /// <summary>How many records <see cref="RecordFileOfModels"/> holds: EveryBaseLibraryType.Sample(0 .. n-1).</summary>
    public const int ModelRecords = 3;

    /// <summary>How many records <see cref="RecordFileOfTrades"/> holds: CorpusEntries.RecordFilesTrade(0 .. n-1), in blocks of <see cref="TradeBlockSize"/> bytes.</summary>
    public const int TradeRecords = 300;

    /// <summary>The block size of <see cref="RecordFileOfTrades"/>: small, so that its trades fill several blocks (37 bytes a record).</summary>
    public const int TradeBlockSize = 4096;

    /// <summary>A FastDistributedCache over a real in-memory store: the bytes it keeps are those Redis would keep.</summary>
    public static (FastDistributedCache Cache, IDistributedCache Store) NewCache()
    {
        var store = new MemoryDistributedCache(Options.Create(new MemoryDistributedCacheOptions()));
        return (new FastDistributedCache(store, CorpusEntries.QuickstartFormatter()), store);
    }

    /// <summary>Writes this build's corpus into <paramref name="directory"/> (which must not exist) and its manifest.</summary>
    public static async Task WriteAsync(string directory, CancellationToken cancellationToken)
    {
        if (Directory.Exists(directory))
        {
            throw new IOException($"{directory} exists: a release's corpus is written once and never rewritten (RELEASING.md). Write the next version's.");
        }

        Directory.CreateDirectory(Path.Combine(directory, "records"));
        Directory.CreateDirectory(Path.Combine(directory, "unframed"));
        Directory.CreateDirectory(Path.Combine(directory, "record-files"));
        Directory.CreateDirectory(Path.Combine(directory, "ipc"));
        Directory.CreateDirectory(Path.Combine(directory, "cache"));

        foreach (CorpusEntry entry in CorpusEntries.All)
        {
            CustomBinaryFormatter formatter = entry.NewFormatter();
            object value = entry.Value();
            await File.WriteAllBytesAsync(Path.Combine(directory, "records", entry.Name + ".bin"), formatter.SerializeToArray(value), cancellationToken);
            if (entry.ReadUnframed is not null)
            {
                await File.WriteAllBytesAsync(Path.Combine(directory, "unframed", entry.Name + ".bin"), formatter.SerializeUnframedToArray(value), cancellationToken);
            }
        }

        using (RecordFileWriter writer = RecordFileWriter.Create(Path.Combine(directory, RecordFileOfQuickstart), CorpusEntries.QuickstartFormatter()))
        {
            foreach (object record in QuickstartRecords())
            {
                writer.Append(record);
            }
        }

        foreach ((string file, RecordFileCompression codec) in new[] { (RecordFileOfModels, RecordFileCompression.Brotli), (RecordFileOfModelsZLib, RecordFileCompression.ZLib), (RecordFileOfModelsLz4, RecordFileCompression.Lz4) })
        {
            var compressed = new RecordFileWriterOptions { Compression = codec };
            using RecordFileWriter writer = RecordFileWriter.Create(Path.Combine(directory, file), EveryBaseLibraryType.NewFormatter(), compressed);
            for (int i = 0; i < ModelRecords; i++)
            {
                writer.Append(EveryBaseLibraryType.Sample(i));
            }
        }

        var trades = new RecordFileWriterOptions { BlockSize = TradeBlockSize };
        using (RecordFileWriter writer = RecordFileWriter.Create(Path.Combine(directory, RecordFileOfTrades), CorpusEntries.RecordFilesFormatter(), trades))
        {
            for (int i = 0; i < TradeRecords; i++)
            {
                writer.Append(CorpusEntries.RecordFilesTrade(i));
            }
        }

        (byte[] client, byte[] server) = await IpcTranscript.RecordAsync(cancellationToken);
        await File.WriteAllBytesAsync(Path.Combine(directory, IpcClient), client, cancellationToken);
        await File.WriteAllBytesAsync(Path.Combine(directory, IpcServer), server, cancellationToken);

        (FastDistributedCache cache, IDistributedCache store) = NewCache();
        await cache.SetAsync(CacheKey, CorpusEntries.QuickstartOrder(), cancellationToken: cancellationToken);
        await File.WriteAllBytesAsync(Path.Combine(directory, CacheEntry), (await store.GetAsync(CacheKey, cancellationToken))!, cancellationToken);

        new FastHybridCacheSerializerFactory(CorpusEntries.QuickstartFormatter()).TryCreateSerializer(out IHybridCacheSerializer<Quickstart.Customer>? serializer);
        var hybrid = new ArrayBufferWriter<byte>();
        serializer!.Serialize(CorpusEntries.QuickstartCustomer(), hybrid);
        await File.WriteAllBytesAsync(Path.Combine(directory, HybridCacheEntry), hybrid.WrittenSpan.ToArray(), cancellationToken);

        // Whatever the writers left beside their files (a record file's lock) is not part of the corpus.
        foreach (string stray in Directory.GetFiles(directory, "*.lock", SearchOption.AllDirectories))
        {
            File.Delete(stray);
        }

        await File.WriteAllLinesAsync(Path.Combine(directory, Manifest), HashesOf(directory).Select(h => $"{h.Hash}  {h.File}"), cancellationToken);
    }

    /// <summary>Every file of a release's corpus but its manifest, with its SHA-256, in ordinal order of the relative path.</summary>
    public static IEnumerable<(string File, string Hash)> HashesOf(string directory) =>
        Directory.GetFiles(directory, "*", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(directory, f).Replace('\\', '/'))
            .Where(f => f != Manifest)
            .OrderBy(f => f, StringComparer.Ordinal)
            .Select(f => (f, Convert.ToHexString(SHA256.HashData(File.ReadAllBytes(Path.Combine(directory, f)))).ToLowerInvariant()));
}
