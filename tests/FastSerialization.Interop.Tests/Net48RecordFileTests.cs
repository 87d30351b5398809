using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Interop.Tests;

/// <summary>
/// A .NET Framework 4.8 program built against the netstandard2.0 build, run on Mono (the stand-in for .NET Framework
/// here), and this .NET 10 process write the same records to files; each reads the other's, and the bytes are the same.
/// </summary>
public sealed class Net48RecordFileTests : IDisposable
{
    private const int Count = 600;

    private static readonly string Net48Program =
        typeof(Net48RecordFileTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "Net48ProgramPath").Value!;

    private readonly string _directory = Path.Combine(Path.GetTempPath(), "fs-interop-tests", Guid.NewGuid().ToString("N"));

    public Net48RecordFileTests() => Directory.CreateDirectory(_directory);

    public void Dispose()
    {
        try
        {
            Directory.Delete(_directory, recursive: true);
        }
        catch (IOException)
        {
        }
    }

    [Fact]
    public void RecordsWrittenOnNet48_AreTheBytesNet10Writes_AndReadBackEqual()
    {
        string fromNet48 = Path.Combine(_directory, "net48.bin");
        string output = RunOnMono("write", fromNet48, Count);
        output.Should().Contain("runtime: Mono").And.Contain("net48 interop: OK");

        byte[] net10Bytes = WriteHere();
        File.ReadAllBytes(fromNet48).Should().Equal(net10Bytes, "both runtimes write the same bytes for the same values");

        CustomBinaryFormatter formatter = InteropValues.NewFormatter();
        using FileStream file = File.OpenRead(fromNet48);
        for (int i = 0; i < Count; i++)
        {
            object read = formatter.Deserialize(file);
            read.Should().BeEquivalentTo(InteropValues.Make(i), o => o.RespectingRuntimeTypes(), $"record {i} written on net48");
        }

        file.Position.Should().Be(file.Length);
    }

    [Fact]
    public void RecordsWrittenOnNet10_AreReadOnNet48_ByteForByte()
    {
        string fromNet10 = Path.Combine(_directory, "net10.bin");
        File.WriteAllBytes(fromNet10, WriteHere());

        string output = RunOnMono("check", fromNet10, Count);

        output.Should().Contain($"checked {Count} records").And.Contain("net48 interop: OK");
    }

    private static byte[] WriteHere()
    {
        CustomBinaryFormatter formatter = InteropValues.NewFormatter();
        using var stream = new MemoryStream();
        for (int i = 0; i < Count; i++)
        {
            formatter.Serialize(stream, InteropValues.Make(i));
        }

        return stream.ToArray();
    }

    private static string RunOnMono(string command, string path, int count)
    {
        string mono = new[] { "/usr/bin/mono", "/usr/local/bin/mono" }.FirstOrDefault(File.Exists)
            ?? throw new InvalidOperationException(
                "These tests run a .NET Framework 4.8 program on Mono: install it (Debian/Ubuntu: sudo apt-get install -y mono-devel); .ci/run installs it.");
        File.Exists(Net48Program).Should().BeTrue($"the net48 program is built with the tests ({Net48Program})");
        var info = new ProcessStartInfo(mono) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add(Net48Program);
        info.ArgumentList.Add(command);
        info.ArgumentList.Add(path);
        info.ArgumentList.Add(count.ToString(System.Globalization.CultureInfo.InvariantCulture));
        using Process process = Process.Start(info)!;
        System.Threading.Tasks.Task<string> errors = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit(120_000).Should().BeTrue("the net48 program finishes");
        process.ExitCode.Should().Be(0, $"the net48 program succeeds; it said: {output} {errors.Result}");
        return output;
    }
}
