using System;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// A channel whose receive side fails while a send is between the pipe's GetSpan and Advance (the goodbye of a
/// channel being disposed, here) completes its writer only after that send: before, the writer was completed
/// under the sender, whose Advance then threw the pipe's ArgumentOutOfRangeException (found by the fuzzer's
/// replay in CI, corpus/queue/queue-001552).
/// </summary>
public class CompletionRaceTests
{
    [Fact]
    public async Task AReceiveFailureDuringASend_CompletesTheWriterOnlyAfterTheSend()
    {
        var aToB = new Pipe();
        var bToA = new Pipe();
        var gated = new GatedWriter(aToB.Writer);
        Task<IpcChannel> openA = IpcChannel.CreateAsync(bToA.Reader, gated, Registry.Create());
        Task<IpcChannel> openB = IpcChannel.CreateAsync(aToB.Reader, bToA.Writer, Registry.Create());
        IpcChannel a = await openA;
        IpcChannel b = await openB;

        gated.BlockNextGetSpan();
        Task disposing = Task.Run(async () => await a.DisposeAsync());
        await gated.InGetSpan.WaitAsync(TimeSpan.FromSeconds(10));

        // The peer's bytes now hold a record of an unknown type id: A's receive side fails and ends the channel.
        byte[] unknown = { 2, 0, 0, 0, 0x63, 0x00 };
        await bToA.Writer.WriteAsync(unknown);
        Task completed = await Task.WhenAny(gated.Completed, Task.Delay(TimeSpan.FromMilliseconds(500)));

        completed.Should().NotBeSameAs(gated.Completed, "the writer must not be completed while a send is between GetSpan and Advance");
        gated.Release();
        await disposing.WaitAsync(TimeSpan.FromSeconds(10));
        await gated.Completed.WaitAsync(TimeSpan.FromSeconds(10));
        gated.AdvancedAfterCompletion.Should().BeFalse();
        await b.DisposeAsync();
    }

    /// <summary>A pipe writer that can hold one GetSpan until released, and tells when it is completed.</summary>
    private sealed class GatedWriter(PipeWriter inner) : PipeWriter
    {
        private readonly TaskCompletionSource _inGetSpan = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private readonly TaskCompletionSource _completed = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private readonly ManualResetEventSlim _release = new(true);
        private int _block;

        public Task InGetSpan => _inGetSpan.Task;

        public Task Completed => _completed.Task;

        public bool AdvancedAfterCompletion { get; private set; }

        public void BlockNextGetSpan()
        {
            _release.Reset();
            Volatile.Write(ref _block, 1);
        }

        public void Release() => _release.Set();

        public override Span<byte> GetSpan(int sizeHint = 0)
        {
            Hold();
            return inner.GetSpan(sizeHint);
        }

        public override Memory<byte> GetMemory(int sizeHint = 0)
        {
            Hold();
            return inner.GetMemory(sizeHint);
        }

        public override void Advance(int bytes)
        {
            if (_completed.Task.IsCompleted)
            {
                AdvancedAfterCompletion = true;
            }

            inner.Advance(bytes);
        }

        public override void CancelPendingFlush() => inner.CancelPendingFlush();

        public override void Complete(Exception? exception = null)
        {
            _completed.TrySetResult();
            inner.Complete(exception);
        }

        public override ValueTask CompleteAsync(Exception? exception = null)
        {
            _completed.TrySetResult();
            return inner.CompleteAsync(exception);
        }

        public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default) => inner.FlushAsync(cancellationToken);

        private void Hold()
        {
            if (Interlocked.Exchange(ref _block, 0) == 1)
            {
                _inGetSpan.TrySetResult();
                _release.Wait(TimeSpan.FromSeconds(20));
            }
        }
    }
}
