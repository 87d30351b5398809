using System;
using System.Text;
using FastSerialization.DependencyInjection;
using Grpc.Core;

namespace FastSerialization.Grpc;

/// <summary>The metadata that carries the registry check, and the client's reading of a refused call.</summary>
public static class RegistryHeaders
{
    /// <summary>Request header: the client registry's <see cref="RegistryDescription.Fingerprint"/> (16 hex digits).</summary>
    public const string Fingerprint = "fs-registry";

    /// <summary>Header of a refused call (trailers-only response): the server registry's <see cref="RegistryDescription.Text"/> as UTF-8.</summary>
    public const string ServerDescription = "fs-registry-bin";

    /// <summary>
    /// When <paramref name="exception"/> is the server's refusal of a registry it does not accept and carries the
    /// server's description, a new exception whose message names the first id that differs and both types;
    /// otherwise <paramref name="exception"/> itself.
    /// </summary>
    /// <param name="exception">What a call ended with.</param>
    /// <param name="ours">The client's registry.</param>
    /// <returns>The exception to throw.</returns>
    public static RpcException Explain(RpcException exception, RegistryDescription ours)
    {
        ArgumentNullException.ThrowIfNull(exception);

        ArgumentNullException.ThrowIfNull(ours);

        if (exception.StatusCode != StatusCode.FailedPrecondition)
        {
            return exception;
        }

        Metadata.Entry? entry = exception.Trailers.Get(ServerDescription);
        if (entry is null || !entry.IsBinary)
        {
            return exception;
        }

        string text;
        try
        {
            text = new UTF8Encoding(false, true).GetString(entry.ValueBytes);
        }
        catch (ArgumentException)
        {
            return exception;
        }

        if (!RegistryDescription.TryParse(text, out RegistryDescription? theirs) || theirs is null)
        {
            return exception;
        }

        string message = ours.FindMismatch(theirs, "client", "server")
            ?? $"The client's registry ({ours.Fingerprint}) differs from the server's ({theirs.Fingerprint}) only in ids one side lacks or members appended on one side, "
               + "which the contract's section 6 (docs/FORMAT.md section 8) allows; the server refuses it because it accepts only its own fingerprint and those in FastGrpcServerOptions.AcceptedClientFingerprints.";
        return new RpcException(new Status(StatusCode.FailedPrecondition, message), exception.Trailers, message);
    }
}
