using System;
using System.Diagnostics;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Caching.TestChild;
using StackExchange.Redis;
using Xunit;

namespace FastSerialization.Caching.Tests;

/// <summary>
/// A real redis-server process, started for the test class on a Unix socket in a new temporary directory, with no
/// persistence (--save '' --appendonly no) and no TCP port; stopped and its directory removed afterwards. Without
/// redis-server on the machine every test of the class fails with the command that installs it.
/// </summary>
public sealed class RedisServerFixture : IAsyncLifetime
{
    public const string InstallHint = "redis-server was not found on PATH, in /usr/bin or in /usr/sbin: install it with `sudo apt-get install -y redis-server` (Debian/Ubuntu; `bash .ci/run` does this when it runs as root), then run the tests again.";

    private Process? _process;
    private string? _directory;

    public string SocketPath { get; private set; } = null!;

    /// <summary>A direct connection, for reading and corrupting the raw bytes of entries.</summary>
    public ConnectionMultiplexer Connection { get; private set; } = null!;

    public IDatabase Database => Connection.GetDatabase();

    public static string? FindRedisServer()
    {
        foreach (string dir in (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(Path.PathSeparator))
        {
            if (dir.Length > 0 && File.Exists(Path.Combine(dir, "redis-server")))
            {
                return Path.Combine(dir, "redis-server");
            }
        }

        foreach (string candidate in new[] { "/usr/bin/redis-server", "/usr/sbin/redis-server", "/usr/local/bin/redis-server" })
        {
            if (File.Exists(candidate))
            {
                return candidate;
            }
        }

        return null;
    }

    public async Task InitializeAsync()
    {
        string server = FindRedisServer() ?? throw new InvalidOperationException(InstallHint);
        _directory = Directory.CreateTempSubdirectory("fs-redis-").FullName;
        SocketPath = Path.Combine(_directory, "redis.sock");
        var start = new ProcessStartInfo(server)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            WorkingDirectory = _directory,
        };
        foreach (string arg in new[]
        {
            "--port", "0", "--unixsocket", SocketPath, "--unixsocketperm", "700", "--save", string.Empty, "--appendonly", "no",
            "--dir", _directory, "--daemonize", "no", "--loglevel", "warning",
        })
        {
            start.ArgumentList.Add(arg);
        }

        _process = Process.Start(start) ?? throw new InvalidOperationException("redis-server did not start.");
        _process.OutputDataReceived += (_, _) => { };
        _process.ErrorDataReceived += (_, _) => { };
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();

        var deadline = DateTime.UtcNow.AddSeconds(15);
        while (!File.Exists(SocketPath))
        {
            if (_process.HasExited)
            {
                throw new InvalidOperationException($"redis-server exited with {_process.ExitCode} before opening {SocketPath}.");
            }

            if (DateTime.UtcNow > deadline)
            {
                throw new TimeoutException($"redis-server did not open {SocketPath} within 15 s.");
            }

            await Task.Delay(20);
        }

        Connection = await ConnectionMultiplexer.ConnectAsync(CacheContract.Redis(SocketPath));
        await Database.PingAsync();
    }

    public async Task DisposeAsync()
    {
        if (Connection is not null)
        {
            await Connection.DisposeAsync();
        }

        if (_process is { HasExited: false })
        {
            _process.Kill();
            _process.WaitForExit(10_000);
        }

        _process?.Dispose();
        if (_directory is not null)
        {
            try
            {
                Directory.Delete(_directory, recursive: true);
            }
            catch (IOException)
            {
                // A socket file still held: the temporary directory is cleaned by the system.
            }
        }
    }
}
