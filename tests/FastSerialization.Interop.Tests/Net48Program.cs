using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Threading.Tasks;
using FluentAssertions;

namespace FastSerialization.Interop.Tests;

/// <summary>
/// The net48 program (tests/FastSerialization.Interop.Net48) running on Mono, the stand-in for .NET Framework here, with
/// its output collected as it comes: <c>command argument count</c> on its command line.
/// </summary>
internal sealed class Net48Program : IDisposable
{
    private static readonly string ProgramPath =
        typeof(Net48Program).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "Net48ProgramPath").Value!;

    private readonly Process _process;
    private readonly StringBuilder _output = new();
    private readonly Task _exited;

    public Net48Program(string command, string argument, int count)
    {
        string mono = new[] { "/usr/bin/mono", "/usr/local/bin/mono" }.FirstOrDefault(File.Exists)
            ?? throw new InvalidOperationException(
                "These tests run a .NET Framework 4.8 program on Mono: install it (Debian/Ubuntu: sudo apt-get install -y mono-devel); .ci/run installs it.");
        File.Exists(ProgramPath).Should().BeTrue($"the net48 program is built with the tests ({ProgramPath})");
        var info = new ProcessStartInfo(mono) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add(ProgramPath);
        info.ArgumentList.Add(command);
        info.ArgumentList.Add(argument);
        info.ArgumentList.Add(count.ToString(System.Globalization.CultureInfo.InvariantCulture));
        _process = new Process { StartInfo = info };
        _process.OutputDataReceived += (_, e) => Append(e.Data);
        _process.ErrorDataReceived += (_, e) => Append(e.Data);
        _process.Start();
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();
        _exited = _process.WaitForExitAsync(); // completes once the output has ended too
    }

    public Task Exited => _exited;

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

    /// <summary>Waits for a line of output, failing if the program exits or takes over a minute first.</summary>
    public async Task WaitForLineAsync(string line)
    {
        var deadline = DateTime.UtcNow.AddSeconds(60);
        while (!Output.Split('\n').Any(l => l.TrimEnd('\r') == line))
        {
            _exited.IsCompleted.Should().BeFalse($"the net48 program prints '{line}' before it exits; it said: {Output}");
            DateTime.UtcNow.Should().BeBefore(deadline, $"the net48 program prints '{line}' within a minute; it said: {Output}");
            await Task.Delay(20);
        }
    }

    /// <summary>Waits for the program to exit (at most two minutes) and checks that it succeeded; returns its output.</summary>
    public async Task<string> WaitForSuccessAsync()
    {
        (await Task.WhenAny(_exited, Task.Delay(TimeSpan.FromMinutes(2)))).Should().Be(_exited, $"the net48 program finishes; it said: {Output}");
        _process.ExitCode.Should().Be(0, $"the net48 program succeeds; it said: {Output}");
        return Output;
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            _process.Kill();
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
