using System;
using System.Collections.Generic;
using Grpc.AspNetCore.Server.Model;
using Grpc.Core;

namespace FastSerialization.Grpc;

/// <summary>
/// Binds the methods of a code-first service (declared with <see cref="FastMethod"/>) to the service's handlers:
/// the callback of <c>services.AddFastGrpcService&lt;TService&gt;(...)</c>. The handler
/// delegates are gRPC's own, so a handler looks like one written for a generated base class.
/// </summary>
/// <typeparam name="TService">The service class, resolved per call as <c>MapGrpcService</c> does.</typeparam>
public sealed class FastGrpcServiceBinder<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(FastSerialization.Grpc.Internal.ServiceMembers.Required)] TService>
    where TService : class
{
    private readonly List<Action<ServiceMethodProviderContext<TService>, CustomBinaryFormatter>> _bindings = new();
    private readonly HashSet<string> _paths = new(StringComparer.Ordinal);

    internal FastGrpcServiceBinder()
    {
    }

    internal IReadOnlyCollection<string> Paths => _paths;

    /// <summary>Binds a unary method.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="method">The declaration; must be unary.</param>
    /// <param name="handler">The handler.</param>
    /// <returns>This binder.</returns>
    /// <exception cref="ArgumentException">The method is of another kind or bound twice.</exception>
    public FastGrpcServiceBinder<TService> Unary<TRequest, TResponse>(FastMethod<TRequest, TResponse> method, UnaryServerMethod<TService, TRequest, TResponse> handler)
        where TRequest : class
        where TResponse : class
    {
        Check(method, handler, MethodType.Unary);
        _bindings.Add((context, formatter) => context.AddUnaryMethod(method.ToMethod(formatter), Array.Empty<object>(), handler));
        return this;
    }

    /// <summary>Binds a server-streaming method.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="method">The declaration; must be server streaming.</param>
    /// <param name="handler">The handler.</param>
    /// <returns>This binder.</returns>
    /// <exception cref="ArgumentException">The method is of another kind or bound twice.</exception>
    public FastGrpcServiceBinder<TService> ServerStreaming<TRequest, TResponse>(FastMethod<TRequest, TResponse> method, ServerStreamingServerMethod<TService, TRequest, TResponse> handler)
        where TRequest : class
        where TResponse : class
    {
        Check(method, handler, MethodType.ServerStreaming);
        _bindings.Add((context, formatter) => context.AddServerStreamingMethod(method.ToMethod(formatter), Array.Empty<object>(), handler));
        return this;
    }

    /// <summary>Binds a client-streaming method.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="method">The declaration; must be client streaming.</param>
    /// <param name="handler">The handler.</param>
    /// <returns>This binder.</returns>
    /// <exception cref="ArgumentException">The method is of another kind or bound twice.</exception>
    public FastGrpcServiceBinder<TService> ClientStreaming<TRequest, TResponse>(FastMethod<TRequest, TResponse> method, ClientStreamingServerMethod<TService, TRequest, TResponse> handler)
        where TRequest : class
        where TResponse : class
    {
        Check(method, handler, MethodType.ClientStreaming);
        _bindings.Add((context, formatter) => context.AddClientStreamingMethod(method.ToMethod(formatter), Array.Empty<object>(), handler));
        return this;
    }

    /// <summary>Binds a duplex-streaming method.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="method">The declaration; must be duplex streaming.</param>
    /// <param name="handler">The handler.</param>
    /// <returns>This binder.</returns>
    /// <exception cref="ArgumentException">The method is of another kind or bound twice.</exception>
    public FastGrpcServiceBinder<TService> DuplexStreaming<TRequest, TResponse>(FastMethod<TRequest, TResponse> method, DuplexStreamingServerMethod<TService, TRequest, TResponse> handler)
        where TRequest : class
        where TResponse : class
    {
        Check(method, handler, MethodType.DuplexStreaming);
        _bindings.Add((context, formatter) => context.AddDuplexStreamingMethod(method.ToMethod(formatter), Array.Empty<object>(), handler));
        return this;
    }

    internal void Bind(ServiceMethodProviderContext<TService> context, CustomBinaryFormatter formatter)
    {
        foreach (Action<ServiceMethodProviderContext<TService>, CustomBinaryFormatter> binding in _bindings)
        {
            binding(context, formatter);
        }
    }

    private void Check<TRequest, TResponse>(FastMethod<TRequest, TResponse> method, Delegate handler, MethodType expected)
        where TRequest : class
        where TResponse : class
    {
        ArgumentNullException.ThrowIfNull(method);

        ArgumentNullException.ThrowIfNull(handler);

        if (method.Type != expected)
        {
            throw new ArgumentException($"{method} is declared {method.Type}, not {expected}.", nameof(method));
        }

        if (!_paths.Add(method.FullName))
        {
            throw new ArgumentException($"{method.FullName} is bound twice.", nameof(method));
        }
    }
}
