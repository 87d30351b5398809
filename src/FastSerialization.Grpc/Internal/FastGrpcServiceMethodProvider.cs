using Grpc.AspNetCore.Server.Model;

namespace FastSerialization.Grpc.Internal;

/// <summary>Tells Grpc.AspNetCore the methods of <typeparamref name="TService"/> when <c>MapGrpcService</c> maps it.</summary>
internal sealed class FastGrpcServiceMethodProvider<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(FastSerialization.Grpc.Internal.ServiceMembers.Required)] TService> : IServiceMethodProvider<TService>
    where TService : class
{
    private readonly FastGrpcServiceBinder<TService> _binder;
    private readonly CustomBinaryFormatter _formatter;

    public FastGrpcServiceMethodProvider(FastGrpcServiceBinder<TService> binder, CustomBinaryFormatter formatter)
    {
        _binder = binder;
        _formatter = formatter;
    }

    public void OnServiceMethodDiscovery(ServiceMethodProviderContext<TService> context) => _binder.Bind(context, _formatter);
}
