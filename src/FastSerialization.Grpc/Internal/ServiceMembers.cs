using System.Diagnostics.CodeAnalysis;

namespace FastSerialization.Grpc.Internal;

/// <summary>
/// What Grpc.AspNetCore needs kept of a service type under trimming (the annotation on its
/// <c>IServiceMethodProvider&lt;TService&gt;</c>): the constructors it activates the service with, and its methods.
/// </summary>
internal static class ServiceMembers
{
    public const DynamicallyAccessedMemberTypes Required =
        DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicMethods | DynamicallyAccessedMemberTypes.NonPublicMethods;
}
