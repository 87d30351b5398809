using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using System.Threading.Tasks;
using FastSerialization.DependencyInjection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace FastSerialization.Grpc.Internal;

/// <summary>The paths of every bound FastSerialization method (all services of the container).</summary>
internal sealed class FastGrpcPaths
{
    public HashSet<string> Paths { get; } = new(StringComparer.Ordinal);
}

/// <summary>
/// Checks the registry fingerprint of calls to FastSerialization methods before gRPC reads a message: a request
/// from a client whose registry differs is answered with a trailers-only FailedPrecondition response carrying the
/// server's registry description, so no message of it is ever deserialized.
/// </summary>
internal sealed class RegistryCheckMiddleware
{
    private readonly RequestDelegate _next;
    private readonly HashSet<string> _paths;
    private readonly FastGrpcServerOptions _options;
    private readonly RegistryDescription _description;
    private readonly string _descriptionBase64;
    private readonly ILogger _logger;

    public RegistryCheckMiddleware(RequestDelegate next, FastGrpcPaths paths, IOptions<FastGrpcServerOptions> options, CustomBinaryFormatter formatter, ILoggerFactory loggerFactory)
    {
        _next = next;
        _paths = paths.Paths;
        _options = options.Value;
        _description = RegistryDescription.Of(formatter);
        _descriptionBase64 = Convert.ToBase64String(Encoding.UTF8.GetBytes(_description.Text));
        _logger = loggerFactory.CreateLogger("FastSerialization.Grpc.RegistryCheck");
    }

    public Task InvokeAsync(HttpContext context)
    {
        if (!_paths.Contains(context.Request.Path.Value ?? string.Empty))
        {
            return _next(context);
        }

        string? fingerprint = context.Request.Headers[RegistryHeaders.Fingerprint];
        if (string.IsNullOrEmpty(fingerprint))
        {
            return _options.RequireRegistryFingerprint
                ? Refuse(context, $"The call to {context.Request.Path} carries no '{RegistryHeaders.Fingerprint}' header: call FastSerialization methods through FastGrpcClient (or send the header), or set FastGrpcServerOptions.RequireRegistryFingerprint to false.")
                : _next(context);
        }

        if (_description.IsFingerprintOf(fingerprint) || _options.AcceptedClientFingerprints.Contains(fingerprint!))
        {
            return _next(context);
        }

        return Refuse(
            context,
            $"The client's type registry (fingerprint {fingerprint}) differs from the server's ({_description.Fingerprint}); the server's registry is in the '{RegistryHeaders.ServerDescription}' trailer, and FastGrpcClient names the first type id that differs.");
    }

    private Task Refuse(HttpContext context, string message)
    {
        _logger.LogWarning("Refused {Path}: {Message}", context.Request.Path.Value, message);

        // A trailers-only gRPC response: HTTP 200, the status in the headers, no body.
        HttpResponse response = context.Response;
        response.StatusCode = StatusCodes.Status200OK;
        response.ContentType = "application/grpc";
        response.Headers["grpc-status"] = ((int)global::Grpc.Core.StatusCode.FailedPrecondition).ToString(CultureInfo.InvariantCulture);
        response.Headers["grpc-message"] = PercentEncode(message);
        response.Headers[RegistryHeaders.ServerDescription] = _descriptionBase64;
        return Task.CompletedTask;
    }

    /// <summary>grpc-message is percent-encoded UTF-8 (the gRPC HTTP/2 protocol): bytes outside 0x20..0x7E, and '%'.</summary>
    private static string PercentEncode(string message)
    {
        var sb = new StringBuilder(message.Length);
        foreach (byte b in Encoding.UTF8.GetBytes(message))
        {
            if (b >= 0x20 && b <= 0x7E && b != (byte)'%')
            {
                sb.Append((char)b);
            }
            else
            {
                sb.Append('%').Append(b.ToString("X2", CultureInfo.InvariantCulture));
            }
        }

        return sb.ToString();
    }
}

/// <summary>Puts <see cref="RegistryCheckMiddleware"/> first in the application's pipeline.</summary>
internal sealed class RegistryCheckStartupFilter : IStartupFilter
{
    public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
    {
        app.UseMiddleware<RegistryCheckMiddleware>();
        next(app);
    };
}
