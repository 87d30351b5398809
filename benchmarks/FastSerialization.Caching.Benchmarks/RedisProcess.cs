using System;
using System.Diagnostics;
using System.IO;
using System.Net.Sockets;
using System.Threading;
using StackExchange.Redis;

namespace FastSerialization.Caching.Benchmarks;

/// <summary>A redis-server of this benchmark process's own, on a Unix socket in a temporary directory, no persistence.</summary>
public sealed class RedisProcess : IDisposable
{
    private readonly Process _process;
    private readonly string _directory;

    public RedisProcess()
    {
        string server = new[] { "/usr/bin/redis-server", "/usr/sbin/redis-server", "/usr/local/bin/redis-server" }.FirstOrDefaultExisting()
            ?? throw new InvalidOperationException("redis-server not found: install it with `sudo apt-get install -y redis-server`.");
        _directory = Directory.CreateTempSubdirectory("fs-bench-redis-").FullName;
        SocketPath = Path.Combine(_directory, "redis.sock");
        var start = new ProcessStartInfo(server) { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string arg in new[] { "--port", "0", "--unixsocket", SocketPath, "--unixsocketperm", "700", "--save", string.Empty, "--appendonly", "no", "--dir", _directory, "--loglevel", "warning" })
        {
            start.ArgumentList.Add(arg);
        }

        _process = Process.Start(start)!;
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();
        var deadline = DateTime.UtcNow.AddSeconds(15);
        while (!File.Exists(SocketPath))
        {
            if (_process.HasExited || DateTime.UtcNow > deadline)
            {
                throw new InvalidOperationException("redis-server did not open its socket.");
            }

            Thread.Sleep(20);
        }

        Connection = ConnectionMultiplexer.Connect(Options(SocketPath));
    }

    public string SocketPath { get; }

    public ConnectionMultiplexer Connection { get; }

    public static ConfigurationOptions Options(string socketPath)
    {
        var options = new ConfigurationOptions { AbortOnConnectFail = true };
        options.EndPoints.Add(new UnixDomainSocketEndPoint(socketPath));
        return options;
    }

    public void Dispose()
    {
        Connection.Dispose();
        if (!_process.HasExited)
        {
            _process.Kill();
            _process.WaitForExit(10_000);
        }

        _process.Dispose();
        try
        {
            Directory.Delete(_directory, recursive: true);
        }
        catch (IOException)
        {
        }
    }
}

internal static class PathExtensions
{
    public static string? FirstOrDefaultExisting(this string[] paths)
    {
        foreach (string p in paths)
        {
            if (File.Exists(p))
            {
                return p;
            }
        }

        return null;
    }
}
