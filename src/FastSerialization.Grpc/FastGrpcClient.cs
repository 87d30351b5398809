using System;
using System.Collections.Concurrent;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.DependencyInjection;
using Grpc.Core;

namespace FastSerialization.Grpc;

/// <summary>
/// Calls code-first methods declared with <see cref="FastMethod"/> over any gRPC channel (a <c>GrpcChannel</c>),
/// sending this registry's fingerprint with every call. When the server refuses the registry, the call ends with
/// <see cref="StatusCode.FailedPrecondition"/> and a message naming the first type id that differs and both types.
/// Safe to share between threads; one per channel and formatter.
/// </summary>
public sealed class FastGrpcClient
{
    private readonly CallInvoker _invoker;
    private readonly CustomBinaryFormatter _formatter;
    private readonly RegistryDescription _description;
    private readonly ConcurrentDictionary<object, object> _methods = new();

    /// <summary>A client over <paramref name="channel"/>.</summary>
    /// <param name="channel">The channel, for example <c>GrpcChannel.ForAddress(...)</c>.</param>
    /// <param name="formatter">The formatter the messages' types are registered with; its registry is closed here.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    public FastGrpcClient(ChannelBase channel, CustomBinaryFormatter formatter)
        : this(InvokerOf(channel), formatter)
    {
    }

    /// <summary>A client over <paramref name="invoker"/> (a channel with interceptors, for example).</summary>
    /// <param name="invoker">The call invoker.</param>
    /// <param name="formatter">The formatter the messages' types are registered with; its registry is closed here.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    public FastGrpcClient(CallInvoker invoker, CustomBinaryFormatter formatter)
    {
        ArgumentNullException.ThrowIfNull(invoker);
        _invoker = invoker;
        ArgumentNullException.ThrowIfNull(formatter);
        _formatter = formatter;
        _description = RegistryDescription.Of(formatter);
    }

    /// <summary>The registry this client sends the fingerprint of.</summary>
    public RegistryDescription Registry => _description;

    /// <summary>Starts a unary call.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="method">A unary method.</param>
    /// <param name="request">The request.</param>
    /// <param name="options">Headers, deadline, cancellation.</param>
    /// <returns>The call; await it (or its <c>ResponseAsync</c>) for the response.</returns>
    public AsyncUnaryCall<TResponse> UnaryAsync<TRequest, TResponse>(FastMethod<TRequest, TResponse> method, TRequest request, CallOptions options = default)
        where TRequest : class
        where TResponse : class
    {
        AsyncUnaryCall<TResponse> call = _invoker.AsyncUnaryCall(GetMethod(method, MethodType.Unary), null, WithRegistry(options), request);
        return new AsyncUnaryCall<TResponse>(Explain(call.ResponseAsync), call.ResponseHeadersAsync, call.GetStatus, call.GetTrailers, call.Dispose);
    }

    /// <summary>Makes a unary call and waits for its response on the calling thread.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="method">A unary method.</param>
    /// <param name="request">The request.</param>
    /// <param name="options">Headers, deadline, cancellation.</param>
    /// <returns>The response.</returns>
    /// <exception cref="RpcException">The call failed.</exception>
    public TResponse Unary<TRequest, TResponse>(FastMethod<TRequest, TResponse> method, TRequest request, CallOptions options = default)
        where TRequest : class
        where TResponse : class
    {
        try
        {
            return _invoker.BlockingUnaryCall(GetMethod(method, MethodType.Unary), null, WithRegistry(options), request);
        }
        catch (RpcException ex)
        {
            throw RegistryHeaders.Explain(ex, _description);
        }
    }

    /// <summary>Starts a server-streaming call.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="method">A server-streaming method.</param>
    /// <param name="request">The request.</param>
    /// <param name="options">Headers, deadline, cancellation.</param>
    /// <returns>The call; read its <c>ResponseStream</c>.</returns>
    public AsyncServerStreamingCall<TResponse> ServerStreaming<TRequest, TResponse>(FastMethod<TRequest, TResponse> method, TRequest request, CallOptions options = default)
        where TRequest : class
        where TResponse : class
    {
        AsyncServerStreamingCall<TResponse> call = _invoker.AsyncServerStreamingCall(GetMethod(method, MethodType.ServerStreaming), null, WithRegistry(options), request);
        return new AsyncServerStreamingCall<TResponse>(new ExplainingReader<TResponse>(call.ResponseStream, _description), call.ResponseHeadersAsync, call.GetStatus, call.GetTrailers, call.Dispose);
    }

    /// <summary>Starts a client-streaming call.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="method">A client-streaming method.</param>
    /// <param name="options">Headers, deadline, cancellation.</param>
    /// <returns>The call; write to its <c>RequestStream</c>, complete it, then await <c>ResponseAsync</c>.</returns>
    public AsyncClientStreamingCall<TRequest, TResponse> ClientStreaming<TRequest, TResponse>(FastMethod<TRequest, TResponse> method, CallOptions options = default)
        where TRequest : class
        where TResponse : class
    {
        AsyncClientStreamingCall<TRequest, TResponse> call = _invoker.AsyncClientStreamingCall(GetMethod(method, MethodType.ClientStreaming), null, WithRegistry(options));
        return new AsyncClientStreamingCall<TRequest, TResponse>(
            new ExplainingWriter<TRequest>(call.RequestStream, _description), Explain(call.ResponseAsync), call.ResponseHeadersAsync, call.GetStatus, call.GetTrailers, call.Dispose);
    }

    /// <summary>Starts a duplex-streaming call.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="method">A duplex-streaming method.</param>
    /// <param name="options">Headers, deadline, cancellation.</param>
    /// <returns>The call; write to its <c>RequestStream</c> and read its <c>ResponseStream</c>.</returns>
    public AsyncDuplexStreamingCall<TRequest, TResponse> DuplexStreaming<TRequest, TResponse>(FastMethod<TRequest, TResponse> method, CallOptions options = default)
        where TRequest : class
        where TResponse : class
    {
        AsyncDuplexStreamingCall<TRequest, TResponse> call = _invoker.AsyncDuplexStreamingCall(GetMethod(method, MethodType.DuplexStreaming), null, WithRegistry(options));
        return new AsyncDuplexStreamingCall<TRequest, TResponse>(
            new ExplainingWriter<TRequest>(call.RequestStream, _description),
            new ExplainingReader<TResponse>(call.ResponseStream, _description),
            call.ResponseHeadersAsync,
            call.GetStatus,
            call.GetTrailers,
            call.Dispose);
    }

    private Method<TRequest, TResponse> GetMethod<TRequest, TResponse>(FastMethod<TRequest, TResponse> method, MethodType expected)
        where TRequest : class
        where TResponse : class
    {
        ArgumentNullException.ThrowIfNull(method);

        if (method.Type != expected)
        {
            throw new ArgumentException($"{method} is declared {method.Type}, not {expected}.", nameof(method));
        }

        if (_methods.TryGetValue(method, out object? cached))
        {
            return (Method<TRequest, TResponse>)cached;
        }

        return (Method<TRequest, TResponse>)_methods.GetOrAdd(method, method.ToMethod(_formatter));
    }

    private CallOptions WithRegistry(CallOptions options)
    {
        if (options.Headers is null)
        {
            // A collection of this call's own: interceptors may add to the headers they find (a shared one would
            // collect every call's additions, from several threads at once).
            return options.WithHeaders(new Metadata { { RegistryHeaders.Fingerprint, _description.Fingerprint } });
        }

        var headers = new Metadata();
        foreach (Metadata.Entry entry in options.Headers)
        {
            if (!string.Equals(entry.Key, RegistryHeaders.Fingerprint, StringComparison.OrdinalIgnoreCase))
            {
                headers.Add(entry);
            }
        }

        headers.Add(RegistryHeaders.Fingerprint, _description.Fingerprint);
        return options.WithHeaders(headers);
    }

    private async Task<T> Explain<T>(Task<T> response)
    {
        try
        {
            return await response.ConfigureAwait(false);
        }
        catch (RpcException ex)
        {
            throw RegistryHeaders.Explain(ex, _description);
        }
    }

    private sealed class ExplainingReader<T> : IAsyncStreamReader<T>
    {
        private readonly IAsyncStreamReader<T> _inner;
        private readonly RegistryDescription _description;

        public ExplainingReader(IAsyncStreamReader<T> inner, RegistryDescription description)
        {
            _inner = inner;
            _description = description;
        }

        public T Current => _inner.Current;

        public async Task<bool> MoveNext(CancellationToken cancellationToken)
        {
            try
            {
                return await _inner.MoveNext(cancellationToken).ConfigureAwait(false);
            }
            catch (RpcException ex)
            {
                throw RegistryHeaders.Explain(ex, _description);
            }
        }
    }

    private sealed class ExplainingWriter<T> : IClientStreamWriter<T>
    {
        private readonly IClientStreamWriter<T> _inner;
        private readonly RegistryDescription _description;

        public ExplainingWriter(IClientStreamWriter<T> inner, RegistryDescription description)
        {
            _inner = inner;
            _description = description;
        }

        public WriteOptions? WriteOptions
        {
            get => _inner.WriteOptions;
            set => _inner.WriteOptions = value;
        }

        public Task WriteAsync(T message) => Wrap(_inner.WriteAsync(message));

        public Task WriteAsync(T message, CancellationToken cancellationToken) => Wrap(_inner.WriteAsync(message, cancellationToken));

        public Task CompleteAsync() => Wrap(_inner.CompleteAsync());

        private async Task Wrap(Task task)
        {
            try
            {
                await task.ConfigureAwait(false);
            }
            catch (RpcException ex)
            {
                throw RegistryHeaders.Explain(ex, _description);
            }
        }
    }

    private static CallInvoker InvokerOf(ChannelBase channel)
    {
        ArgumentNullException.ThrowIfNull(channel);
        return channel.CreateCallInvoker();
    }
}
