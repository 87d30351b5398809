using System;
using Grpc.Core;

namespace FastSerialization.Grpc;

/// <summary>
/// Declares one method of a code-first gRPC service whose messages are FastSerialization records: its kind,
/// service and name, and its request and response types. Declare them once in a contract both sides share
/// (<c>static readonly</c> fields); a server binds them with <see cref="FastGrpcServiceBinder{TService}"/> and a
/// client calls them with <see cref="FastGrpcClient"/>. No <c>.proto</c> file is needed.
/// </summary>
/// <typeparam name="TRequest">The request message type.</typeparam>
/// <typeparam name="TResponse">The response message type.</typeparam>
public sealed class FastMethod<TRequest, TResponse>
    where TRequest : class
    where TResponse : class
{
    internal FastMethod(MethodType type, string serviceName, string name)
    {
        if (string.IsNullOrWhiteSpace(serviceName))
        {
            throw new ArgumentException("The service name is empty.", nameof(serviceName));
        }

        if (string.IsNullOrWhiteSpace(name))
        {
            throw new ArgumentException("The method name is empty.", nameof(name));
        }

        Type = type;
        ServiceName = serviceName;
        Name = name;
    }

    /// <summary>Unary, server streaming, client streaming or duplex streaming.</summary>
    public MethodType Type { get; }

    /// <summary>The service's full name, for example <c>demo.Trades</c>.</summary>
    public string ServiceName { get; }

    /// <summary>The method's name within the service.</summary>
    public string Name { get; }

    /// <summary>The path gRPC routes by: <c>/ServiceName/Name</c>.</summary>
    public string FullName => "/" + ServiceName + "/" + Name;

    /// <summary>
    /// The gRPC method over <paramref name="formatter"/>. Only a server reads requests and only a client reads
    /// responses, so a bad request ends the call with <see cref="StatusCode.InvalidArgument"/> and a bad response with
    /// <see cref="StatusCode.Internal"/>.
    /// </summary>
    /// <param name="formatter">The formatter both message types are registered with.</param>
    /// <returns>A new <see cref="Method{TRequest, TResponse}"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="formatter"/> is null.</exception>
    public Method<TRequest, TResponse> ToMethod(CustomBinaryFormatter formatter) =>
        new(
            Type,
            ServiceName,
            Name,
            FastGrpcMarshaller.Create<TRequest>(formatter, StatusCode.InvalidArgument),
            FastGrpcMarshaller.Create<TResponse>(formatter, StatusCode.Internal));

    /// <inheritdoc />
    public override string ToString() => $"{Type} {FullName} ({typeof(TRequest).Name} -> {typeof(TResponse).Name})";
}

/// <summary>Declares the methods of code-first services: <c>FastMethod.Unary&lt;Quote, Trade&gt;("demo.Trades", "GetTrade")</c>.</summary>
public static class FastMethod
{
    /// <summary>A call with one request and one response.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="serviceName">The service's full name.</param>
    /// <param name="name">The method's name.</param>
    /// <returns>The declaration.</returns>
    /// <exception cref="ArgumentException">A name is empty.</exception>
    public static FastMethod<TRequest, TResponse> Unary<TRequest, TResponse>(string serviceName, string name)
        where TRequest : class
        where TResponse : class => new(MethodType.Unary, serviceName, name);

    /// <summary>A call with one request and a stream of responses.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="serviceName">The service's full name.</param>
    /// <param name="name">The method's name.</param>
    /// <returns>The declaration.</returns>
    /// <exception cref="ArgumentException">A name is empty.</exception>
    public static FastMethod<TRequest, TResponse> ServerStreaming<TRequest, TResponse>(string serviceName, string name)
        where TRequest : class
        where TResponse : class => new(MethodType.ServerStreaming, serviceName, name);

    /// <summary>A call with a stream of requests and one response.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="serviceName">The service's full name.</param>
    /// <param name="name">The method's name.</param>
    /// <returns>The declaration.</returns>
    /// <exception cref="ArgumentException">A name is empty.</exception>
    public static FastMethod<TRequest, TResponse> ClientStreaming<TRequest, TResponse>(string serviceName, string name)
        where TRequest : class
        where TResponse : class => new(MethodType.ClientStreaming, serviceName, name);

    /// <summary>A call with a stream each way.</summary>
    /// <typeparam name="TRequest">The request type.</typeparam>
    /// <typeparam name="TResponse">The response type.</typeparam>
    /// <param name="serviceName">The service's full name.</param>
    /// <param name="name">The method's name.</param>
    /// <returns>The declaration.</returns>
    /// <exception cref="ArgumentException">A name is empty.</exception>
    public static FastMethod<TRequest, TResponse> DuplexStreaming<TRequest, TResponse>(string serviceName, string name)
        where TRequest : class
        where TResponse : class => new(MethodType.DuplexStreaming, serviceName, name);
}
