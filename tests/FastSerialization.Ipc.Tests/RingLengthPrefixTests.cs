using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.IO.MemoryMappedFiles;
using System.Runtime.Versioning;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.SharedMemory;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// docs/FORMAT.md 8.1: a receiver that finds a length prefix longer than the ring (or over its MaxRecordLength) ends the
/// channel with a <see cref="FastSerializationException"/> instead of waiting for bytes that cannot come (issue 43, item 2).
/// A third party with write access to a live channel's memory file maps it on its own, through the server's
/// /proc/&lt;pid&gt;/fd path (or its file elsewhere), writes records and a forged length prefix into the server-to-client
/// ring and publishes them, as a producer would; the client must end its reads with the documented exception and its
/// Completion must complete, for every receive strategy the shared-memory transport offers, whether the forged record
/// comes alone (read one record at a time) or after a run of good ones (read as a run, with ReceiveBatchAsync).
/// </summary>
// Shared memory: not on Windows.
[UnsupportedOSPlatform("windows")]
public class RingLengthPrefixTests
{
    private const int Capacity = 128 * 1024;
    private const int SmallMaxRecordLength = 1024;
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    public static IEnumerable<object[]> Cases()
    {
        foreach (bool callingThread in new[] { false, true })
        {
            foreach (bool run in new[] { false, true })
            {
                yield return new object[] { callingThread, run, 16 * 1024 * 1024, CustomBinaryFormatterOptions.DefaultMaxRecordLength, "waiting: the issue's 16 MiB" };
                // The receiver's MaxRecordLength is the default (16 MiB) for the first two: only the ring's size refuses them.
                yield return new object[] { callingThread, run, 16 * 1024 * 1024, CustomBinaryFormatterOptions.DefaultMaxRecordLength, "the issue's 16 MiB" };
                yield return new object[] { callingThread, run, Capacity - 3, CustomBinaryFormatterOptions.DefaultMaxRecordLength, "one byte over the ring with its prefix" };
                yield return new object[] { callingThread, run, 4 * SmallMaxRecordLength, SmallMaxRecordLength, "fits the ring, over MaxRecordLength" };
            }
        }
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [MemberData(nameof(Cases))]
    public async Task AForgedLengthPrefixInTheRing_EndsTheReadersChannel_WithTheDocumentedException(bool callingThread, bool run, int length, int maxRecordLength, string what)
    {
        string name = Names.Unique("prefix");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory, new IpcChannelOptions { SharedMemoryRingCapacity = Capacity });
        Task<IpcChannel> accept = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, RegistryWithMaxRecordLength(maxRecordLength), IpcTransport.SharedMemory, new IpcChannelOptions { ReceiveOnCallingThread = callingThread }).WaitAsync(Timeout);
        await using IpcChannel serverSide = await accept.WaitAsync(Timeout);
        await serverSide.SendAsync(new Ping { Id = 1 });
        ((Ping)(await client.ReceiveAsync().AsTask().WaitAsync(Timeout))!).Id.Should().Be(1, "the channel works before the tampering");

        int good = run ? 20 : 0;
        int delivered = 0;
        bool waiting = what.StartsWith("waiting", StringComparison.Ordinal);
        var started = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        Func<Task> read = async () =>
        {
            using var cts = new CancellationTokenSource(Timeout);
            await started.Task;
            if (run)
            {
                var batch = new object[64];
                int got;
                while ((got = await client.ReceiveBatchAsync(batch, cts.Token)) > 0)
                {
                    delivered += got;
                }
            }
            else
            {
                await foreach (object _ in client.ReadAllAsync(cts.Token))
                {
                    delivered++;
                }
            }
        };
        Task reading = Task.Run(read);
        if (waiting)
        {
            // The reader waits for the peer (a caller polls, then leaves it to the background reader, which sleeps) before
            // anything is published; the producer's doorbell then wakes it, as the server's next send would.
            started.SetResult();
            await Task.Delay(500);
        }

        using (var third = new RingTamperer(serverSide.SharedMemoryRings!.FilePath, Capacity))
        {
            third.PublishIntoServerToClient(good, length);
        }

        serverSide.SharedMemoryRings!.Doorbell.Ring(Doorbell.DataByte);
        started.TrySetResult();
        (await FluentActions.Awaiting(() => reading).Should().ThrowAsync<FastSerializationException>($"a record of {length} bytes ({what}) can never arrive whole")).Which.Message.Should().NotBeEmpty();
        delivered.Should().Be(good, "the records before the forged one are delivered");
        Func<Task> completion = () => client.Completion.WaitAsync(Timeout);
        await completion.Should().ThrowAsync<FastSerializationException>("Completion completes, with the failure");
    }

    private static CustomBinaryFormatter RegistryWithMaxRecordLength(int maxRecordLength)
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxRecordLength = maxRecordLength });
        formatter.Register<Trade>(1);
        formatter.Register<Summary>(2);
        formatter.Register<Ping>(3);
        formatter.Register<Pong>(4);
        return formatter;
    }

    /// <summary>
    /// A party that is neither end of the channel: it maps the rings' memory file on its own (the path a client is
    /// given, /proc/&lt;server pid&gt;/fd/&lt;n&gt; on Linux) and writes into the server-to-client ring at the
    /// offsets docs/FORMAT.md 8.1 gives.
    /// </summary>
    private sealed class RingTamperer : IDisposable
    {
        private const long RingHeader = SharedMemoryFile.FileHeaderSize;
        private const long Data = RingHeader + SharedMemoryFile.RingHeaderSize;
        private readonly FileStream _file;
        private readonly MemoryMappedFile _map;
        private readonly MemoryMappedViewAccessor _view;
        private readonly int _capacity;

        public RingTamperer(string path, int capacity)
        {
            _capacity = capacity;
            _file = new FileStream(path, FileMode.Open, FileAccess.ReadWrite, FileShare.ReadWrite);
            _map = MemoryMappedFile.CreateFromFile(_file, null, 0, MemoryMappedFileAccess.ReadWrite, HandleInheritability.None, leaveOpen: true);
            _view = _map.CreateViewAccessor();
        }

        /// <summary>Writes <paramref name="good"/> Pings and then the start of a record declaring <paramref name="length"/> bytes after the server's tail, and publishes them.</summary>
        public void PublishIntoServerToClient(int good, int length)
        {
            CustomBinaryFormatter formatter = Registry.Create();
            var bytes = new List<byte>();
            for (int i = 0; i < good; i++)
            {
                bytes.AddRange(formatter.SerializeToArray(new Ping { Id = 100 + i }));
            }

            byte[] forged = new byte[16];
            BinaryPrimitives.WriteUInt32LittleEndian(forged, (uint)length);
            forged[4] = 3; // type id 3 (Ping): an application record, not a control record
            bytes.AddRange(forged);

            long tail = _view.ReadInt64(RingHeader); // the producer's tail, at +0 of the ring's header
            for (int i = 0; i < bytes.Count; i++)
            {
                _view.Write(Data + ((tail + i) & (_capacity - 1)), bytes[i]);
            }

            Interlocked.MemoryBarrier();
            _view.Write(RingHeader, tail + bytes.Count);
            Interlocked.MemoryBarrier();
        }

        public void Dispose()
        {
            _view.Dispose();
            _map.Dispose();
            _file.Dispose();
        }
    }
}
