using System;
using System.IO;
using System.Linq;
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
        using var program = new Net48Program(command, path, count);
        return program.WaitForSuccessAsync().GetAwaiter().GetResult();
    }
}
