using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Tests;

/// <summary>Starts the test helper program (FastSerialization.Ipc.TestChild) as a real second process.</summary>
public sealed class ChildProcess : IDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output = new();

    private ChildProcess(Process process)
    {
        _process = process;
    }

    public int Id => _process.Id;

    public bool HasExited => _process.HasExited;

    public string Output
    {
        get
        {
            lock (_output)
            {
                return _output.ToString();
            }
        }
    }

    public static ChildProcess Start(params string[] args) => Start(args, Array.Empty<(string, string)>());

    /// <summary>
    /// Starts the helper with <paramref name="args"/> in a process that may open at most <paramref name="openFiles"/> file
    /// descriptors (bash's <c>ulimit -n</c>, then <c>exec</c>: the child is the process whose limit is lowered).
    /// </summary>
    public static ChildProcess StartWithFileLimit(int openFiles, params string[] args) =>
        Start(new[] { "-c", $"ulimit -n {openFiles} && exec dotnet \"$@\"", "bash", HelperPath() }.Concat(args).ToArray(), "bash", Array.Empty<(string, string)>());

    /// <summary>Starts the helper with <paramref name="args"/> and the given environment variables set.</summary>
    public static ChildProcess Start(string[] args, params (string Name, string Value)[] environment) =>
        Start(new[] { HelperPath() }.Concat(args).ToArray(), "dotnet", environment);

    private static string HelperPath()
    {
        string path = typeof(ChildProcess).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .Single(a => a.Key == "TestChildPath").Value!;
        if (!File.Exists(path))
        {
            throw new FileNotFoundException("The test helper program was not built", path);
        }

        return path;
    }

    private static ChildProcess Start(string[] arguments, string program, (string Name, string Value)[] environment)
    {
        var info = new ProcessStartInfo(program)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string arg in arguments)
        {
            info.ArgumentList.Add(arg);
        }

        foreach ((string variable, string value) in environment)
        {
            info.Environment[variable] = value;
        }

        var process = new Process { StartInfo = info };
        var child = new ChildProcess(process);
        process.OutputDataReceived += (_, e) => child.Append(e.Data);
        process.ErrorDataReceived += (_, e) => child.Append(e.Data);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return child;
    }

    public async Task<int> WaitForExitAsync(TimeSpan timeout)
    {
        using var cts = new System.Threading.CancellationTokenSource(timeout);
        await _process.WaitForExitAsync(cts.Token);
        _process.WaitForExit(); // drains the redirected output
        return _process.ExitCode;
    }

    public void Kill() => _process.Kill(entireProcessTree: true);

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        _process.Dispose();
    }

    private void Append(string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (_output)
        {
            _output.AppendLine(line);
        }
    }
}
