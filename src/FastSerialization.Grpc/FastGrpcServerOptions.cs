using System.Collections.Generic;

namespace FastSerialization.Grpc;

/// <summary>How a server checks the registry of the clients calling its FastSerialization methods.</summary>
public sealed class FastGrpcServerOptions
{
    /// <summary>
    /// When true (the default), a call to a FastSerialization method without the <see cref="RegistryHeaders.Fingerprint"/>
    /// header is refused with <see cref="global::Grpc.Core.StatusCode.FailedPrecondition"/>, as a call with a different
    /// fingerprint is. When false, such calls are served unchecked (clients that do not use <see cref="FastGrpcClient"/>).
    /// </summary>
    public bool RequireRegistryFingerprint { get; set; } = true;

    /// <summary>
    /// Client fingerprints accepted besides the server's own: for a rolling upgrade in which the two registries
    /// differ only as docs/FORMAT.md section 8 allows (members appended, ids one side lacks).
    /// </summary>
    public ISet<string> AcceptedClientFingerprints { get; } = new HashSet<string>();
}
