// What modern .NET ships and netstandard2.0 lacks, for the package's netstandard2.0 build (.NET Framework 4.8 and
// Mono): the non-generic TaskCompletionSource, and the static helpers the code calls
// (ValueTask.CompletedTask, OperatingSystem.IsWindows and the like) as C# 14 static extension members, so that one
// source compiles for every target. The argument checks (ArgumentNullException.ThrowIfNull,
// ObjectDisposedException.ThrowIf) come from src/Shared/ArgumentChecks.cs, which every library with a netstandard2.0
// build links; the compiler's attributes come from PolySharp (src/Directory.Build.targets).
#if NETSTANDARD2_0
// Aliases, not types of the framework's names: the tests see this assembly's internals, and a second
// System.Threading.Tasks.TaskCompletionSource or System.Buffers.ArrayBufferWriter<T> would be ambiguous there.
global using TaskCompletionSource = FastSerialization.Ipc.Internal.VoidTaskCompletionSource;
global using ByteBufferWriter = FastSerialization.Ipc.Internal.ByteArrayBufferWriter;
#else
global using ByteBufferWriter = System.Buffers.ArrayBufferWriter<byte>;
#endif

#if NETSTANDARD2_0
namespace FastSerialization.Ipc.Internal
{
    using System;
    using System.Threading;
    using System.Threading.Tasks;

    /// <summary>The non-generic <c>TaskCompletionSource</c> of .NET 5 and later, over a <see cref="TaskCompletionSource{TResult}"/>.</summary>
    internal sealed class VoidTaskCompletionSource
    {
        private readonly TaskCompletionSource<bool> _inner;

        public VoidTaskCompletionSource() => _inner = new TaskCompletionSource<bool>();

        public VoidTaskCompletionSource(TaskCreationOptions creationOptions) => _inner = new TaskCompletionSource<bool>(creationOptions);

        public Task Task => _inner.Task;

        public void SetResult() => _inner.SetResult(true);

        public bool TrySetResult() => _inner.TrySetResult(true);

        public void SetException(Exception exception) => _inner.SetException(exception);

        public void SetException(System.Collections.Generic.IEnumerable<Exception> exceptions) => _inner.SetException(exceptions);

        public bool TrySetException(Exception exception) => _inner.TrySetException(exception);

        public void SetCanceled() => _inner.SetCanceled();

        public bool TrySetCanceled() => _inner.TrySetCanceled();

        public bool TrySetCanceled(CancellationToken cancellationToken) => _inner.TrySetCanceled(cancellationToken);
    }
}

namespace FastSerialization.Ipc.Internal
{
    using System;
    using System.Buffers;

    /// <summary>The <c>ArrayBufferWriter&lt;byte&gt;</c> of .NET Core 3.0 and later: an <see cref="IBufferWriter{T}"/> over a growing array.</summary>
    internal sealed class ByteArrayBufferWriter : IBufferWriter<byte>
    {
        private byte[] _buffer = new byte[256];
        private int _written;

        public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

        public ReadOnlyMemory<byte> WrittenMemory => _buffer.AsMemory(0, _written);

        public int WrittenCount => _written;

        public void Clear()
        {
            _buffer.AsSpan(0, _written).Clear();
            _written = 0;
        }

        public void Advance(int count)
        {
            if (count < 0 || _written > _buffer.Length - count)
            {
                throw new ArgumentOutOfRangeException(nameof(count), count, "Advanced past the end of the buffer.");
            }

            _written += count;
        }

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            Ensure(sizeHint);
            return _buffer.AsMemory(_written);
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            Ensure(sizeHint);
            return _buffer.AsSpan(_written);
        }

        private void Ensure(int sizeHint)
        {
            int needed = Math.Max(sizeHint, 1);
            if (_buffer.Length - _written >= needed)
            {
                return;
            }

            long size = Math.Max((long)_buffer.Length * 2, (long)_written + needed);
            Array.Resize(ref _buffer, (int)Math.Min(size, int.MaxValue));
        }
    }
}

namespace FastSerialization.Ipc
{
    using System;
    using System.Buffers;
    using System.Collections.Generic;
    using System.IO;
    using System.Threading;
    using System.Threading.Tasks;
    using System.Runtime.InteropServices;

    /// <summary>The static helpers of modern .NET that the package calls, for its netstandard2.0 build.</summary>
    internal static class Polyfills
    {
        extension(ValueTask)
        {
            public static ValueTask CompletedTask => default;

            public static ValueTask FromCanceled(CancellationToken cancellationToken) => new(Task.FromCanceled(cancellationToken));
        }

        extension(TimeSpan)
        {
            public static TimeSpan FromMicroseconds(long microseconds) => TimeSpan.FromTicks(microseconds * 10);
        }

        extension(Stream stream)
        {
            public ValueTask DisposeAsync()
            {
                stream.Dispose();
                return default;
            }
        }

        extension<T>(ReadOnlySequence<T> sequence)
        {
            public ReadOnlySpan<T> FirstSpan => sequence.First.Span;
        }

        extension<TKey, TValue>(Dictionary<TKey, TValue> dictionary)
            where TKey : notnull
        {
            public bool TryAdd(TKey key, TValue value)
            {
                if (dictionary.ContainsKey(key))
                {
                    return false;
                }

                dictionary.Add(key, value);
                return true;
            }
        }

        extension(Task task)
        {
            public Task WaitAsync(CancellationToken cancellationToken) => task.WaitAsync(Timeout.InfiniteTimeSpan, cancellationToken);

            public Task WaitAsync(TimeSpan timeout) => task.WaitAsync(timeout, CancellationToken.None);

            /// <summary>The task, or a <see cref="TimeoutException"/> or cancellation if it does not finish first (it goes on running).</summary>
            public Task WaitAsync(TimeSpan timeout, CancellationToken cancellationToken) =>
                task.IsCompleted || (timeout == Timeout.InfiniteTimeSpan && !cancellationToken.CanBeCanceled) ? task : task.WaitLimitedAsync(timeout, cancellationToken);

            private async Task WaitLimitedAsync(TimeSpan timeout, CancellationToken cancellationToken)
            {
                if (!task.IsCompleted)
                {
                    using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
                    Task delay = Task.Delay(timeout, stop.Token);
                    if (await Task.WhenAny(task, delay).ConfigureAwait(false) != task)
                    {
                        cancellationToken.ThrowIfCancellationRequested();
                        throw new TimeoutException();
                    }

                    stop.Cancel(); // the timer
                }

                await task.ConfigureAwait(false);
            }
        }

        extension<T>(Task<T> task)
        {
            public Task<T> WaitAsync(CancellationToken cancellationToken) => task.WaitAsync(Timeout.InfiniteTimeSpan, cancellationToken);

            public Task<T> WaitAsync(TimeSpan timeout) => task.WaitAsync(timeout, CancellationToken.None);

            /// <summary>The task's result, or a <see cref="TimeoutException"/> or cancellation if it does not finish first (it goes on running).</summary>
            public async Task<T> WaitAsync(TimeSpan timeout, CancellationToken cancellationToken)
            {
                await ((Task)task).WaitAsync(timeout, cancellationToken).ConfigureAwait(false);
                return await task.ConfigureAwait(false);
            }
        }

        extension(OperatingSystem)
        {
            public static bool IsWindows() => RuntimeInformation.IsOSPlatform(OSPlatform.Windows);

            public static bool IsLinux() => RuntimeInformation.IsOSPlatform(OSPlatform.Linux);

            public static bool IsMacOS() => RuntimeInformation.IsOSPlatform(OSPlatform.OSX);
        }
    }
}
#endif
