using System;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using FluentAssertions.Execution;
using System.Diagnostics;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// Canceled sends end canceled and send nothing; a request's timeout holds even when the transport's read cannot
/// be canceled or the calling thread spins; in both receive modes.
/// </summary>
public class SendCancellationAndRequestTimeoutTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(10);

    /// <summary>A stream over another whose connection can be made to break (reads and writes then fail with IOException), as a socket's does when the peer resets it.</summary>
    private sealed class BreakableStream : Stream
    {
        private readonly Stream _inner;
        private readonly CancellationTokenSource _broken = new();

        public BreakableStream(Stream inner) => _inner = inner;

        public bool IgnoreReadCancellation { get; set; }

        public void Break() => _broken.Cancel();

        public override bool CanRead => true;

        public override bool CanWrite => true;

        public override bool CanSeek => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (IgnoreReadCancellation)
            {
                cancellationToken = CancellationToken.None; // a transport whose reads cannot be canceled once started
            }

            using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _broken.Token);
            try
            {
                return await _inner.ReadAsync(buffer, stop.Token);
            }
            catch (OperationCanceledException) when (_broken.IsCancellationRequested && !cancellationToken.IsCancellationRequested)
            {
                throw new IOException("Connection reset by peer");
            }
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default) =>
            _broken.IsCancellationRequested ? throw new IOException("Broken pipe") : _inner.WriteAsync(buffer, cancellationToken);

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override Task FlushAsync(CancellationToken cancellationToken) => Task.CompletedTask;

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                _inner.Dispose();
            }

            base.Dispose(disposing);
        }
    }

    private static async Task<(IpcChannel Channel, IpcChannel Peer, BreakableStream Stream)> OpenAsync(IpcChannelOptions channelOptions)
    {
        (LoopbackStream a, LoopbackStream b) = LoopbackStream.CreatePair();
        var breakable = new BreakableStream(b);
        Task<IpcChannel> peer = IpcChannel.CreateAsync(a, Registry.Create(), new IpcChannelOptions());
        Task<IpcChannel> channel = IpcChannel.CreateAsync(breakable, Registry.Create(), channelOptions);
        return (await channel.WaitAsync(Timeout), await peer.WaitAsync(Timeout), breakable);
    }

    // A token canceled before the call: the send ends canceled and writes nothing (the send lock is free, so
    // nothing else would stop it).
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(false)]
    [InlineData(true)]
    public async Task SendAsync_WithAnAlreadyCanceledToken_IsCanceled_AndSendsNothing(bool receiveOnCallingThread)
    {
        (IpcChannel channel, IpcChannel peer, BreakableStream _) = await OpenAsync(new IpcChannelOptions { ReceiveOnCallingThread = receiveOnCallingThread });
        await using IpcChannel c = channel;
        await using IpcChannel p = peer;

        Task sending = channel.SendAsync(Trade.Make(1), new CancellationToken(canceled: true));
        Func<Task> send = () => sending.WaitAsync(Timeout);
        await send.Should().ThrowAsync<OperationCanceledException>("the caller's token was canceled before the call");

        await channel.SendAsync(Trade.Make(2));
        await channel.FlushAsync();
        object? first = await peer.ReceiveAsync().AsTask().WaitAsync(Timeout);
        first.Should().BeOfType<Trade>().Which.Sequence.Should().Be(2, "the canceled send must not have sent trade 1");
    }

    // RespondAsync with a canceled token: the task is Canceled (not Faulted), and the response never reaches the peer.
    [Fact(Timeout = TestTimeouts.Test)]
    public async Task RespondAsync_WithACanceledToken_ReturnsACanceledTask_NotAFaultedOne()
    {
        (IpcChannel channel, IpcChannel peer, BreakableStream _) = await OpenAsync(new IpcChannelOptions());
        await using IpcChannel c = channel;
        await using IpcChannel p = peer;

        Task<Pong> requesting = peer.RequestAsync<Pong>(new Ping { Id = 9 }, TimeSpan.FromSeconds(2));
        var request = (IpcRequest)(await channel.ReceiveAsync().AsTask().WaitAsync(Timeout))!;
        Task responding = request.RespondAsync(new Pong { Id = 9 }, new CancellationToken(canceled: true));
        try
        {
            await responding.WaitAsync(Timeout);
        }
        catch (OperationCanceledException)
        {
        }

        using (new AssertionScope())
        {
            responding.Status.Should().Be(TaskStatus.Canceled, "a send canceled by the caller's token ends Canceled, as an async method's task did");
            await channel.FlushAsync(); // before the change nothing was written, so nothing goes out here
            Func<Task> answered = () => requesting;
            await answered.Should().ThrowAsync<TimeoutException>("the response was canceled: it must not reach the peer later");
        }
    }

    // A request times out over a stream whose reads cannot be canceled once started, in both receive modes (on
    // the calling thread the caller waits for the response's task, not for the transport's read).
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(false)]
    [InlineData(true)]
    public async Task RequestAsync_TimesOut_EvenWhenTheTransportReadCannotBeCanceled(bool receiveOnCallingThread)
    {
        (IpcChannel channel, IpcChannel peer, BreakableStream stream) = await OpenAsync(new IpcChannelOptions { ReceiveOnCallingThread = receiveOnCallingThread });
        await using IpcChannel p = peer;
        stream.IgnoreReadCancellation = true;

        Task<Pong> requesting = channel.RequestAsync<Pong>(new Ping { Id = 1 }, TimeSpan.FromMilliseconds(200));
        (await Task.WhenAny(requesting, Task.Delay(TimeSpan.FromSeconds(5)))).Should().BeSameAs(requesting, "a 200 ms timeout must fire while the peer is silent");
        Func<Task> wait = () => requesting;
        await wait.Should().ThrowAsync<TimeoutException>();
        stream.Break();
        await channel.DisposeAsync();
    }

    // With ReceiveOnCallingThread over shared memory the ring reader's spin runs on the calling thread, inside
    // RequestAsync, as the option's documentation says: the call comes back once the spin is over, and the
    // request's timeout still holds.
    [Fact(Timeout = TestTimeouts.Test)]
    public async Task RequestAsync_SpinningOnTheCallingThread_StillTimesOut_AfterAtMostTheSpin()
    {
        var spin = TimeSpan.FromMilliseconds(800);
        var options = new IpcChannelOptions { ReceiveOnCallingThread = true, SharedMemorySpinTime = spin };
        string name = Names.Unique("spin-timeout");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory, new IpcChannelOptions());
        Task<IpcChannel> accept = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), IpcTransport.SharedMemory, options).WaitAsync(Timeout);
        await using IpcChannel peer = await accept.WaitAsync(Timeout);

        var clock = Stopwatch.StartNew();
        Task<Pong> first = client.RequestAsync<Pong>(new Ping { Id = 1 }, TimeSpan.FromMilliseconds(100));
        TimeSpan returnedAfter = clock.Elapsed;
        Func<Task> wait = () => first.WaitAsync(Timeout);
        await wait.Should().ThrowAsync<TimeoutException>();

        returnedAfter.Should().BeLessThan(spin + TimeSpan.FromSeconds(5), "the spin ends after the spin time, then the call returns its task");
        (await client.RequestAsync<Pong>(new Ping { Id = 2 }, TimeSpan.FromMilliseconds(100)).ContinueWith(t => t.Exception?.InnerException))
            .Should().BeOfType<TimeoutException>("the peer never answers; the channel is still usable");
    }
}
