using System;
using System.Diagnostics;
using System.Linq;
using System.Reflection;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>
/// A writer in a second process that runs into a real file size limit (<c>ulimit -f</c>, as a full disk or a quota
/// would stop it): every failure reaches the program as the documented <see cref="System.IO.IOException"/>, and none is
/// lost, including one of the interval timer's writes that no call of the program's was there to see.
/// </summary>
public class SizeLimitTests
{
    [Fact]
    public void AnAppendPastTheSizeLimit_ThrowsIOException_AndTheFileKeepsEveryDurableRecord()
    {
        string[] lines = RunUnderSizeLimit("EveryBlock");
        lines.Should().Contain("append threw System.IO.IOException", "the runtime's ArgumentOutOfRangeException for EFBIG would read as a record too large");
        lines.Should().Contain("dispose ok", "the failure was reported by the append");
        (long durable, long read) = Counts(lines);
        durable.Should().BeGreaterThan(0, "some blocks fit under the limit");
        read.Should().Be(durable, "the file is cut back to its last whole block");
    }

    [Fact]
    public void AnIntervalSyncThatFailedUnseen_IsThrownByDispose_NotDropped()
    {
        string[] lines = RunUnderSizeLimit("Interval");
        lines.Should().Contain("append ok", "the appends only buffer; the interval timer's write is the one that fails");
        lines.Should().Contain(
            l => l.StartsWith("dispose threw System.IO.IOException: A write or sync of ", StringComparison.Ordinal) && l.Contains("the 5000 records appended after the last durable one may not be in the file", StringComparison.Ordinal),
            "records the program believes appended were lost; Dispose is its last chance to hear of it");
        Counts(lines).Should().Be((0L, 0L));
    }

    private static (long Durable, long Read) Counts(string[] lines)
    {
        string[] last = lines.Single(l => l.StartsWith("durable ", StringComparison.Ordinal)).Split(' ');
        return (long.Parse(last[1], System.Globalization.CultureInfo.InvariantCulture), long.Parse(last[3], System.Globalization.CultureInfo.InvariantCulture));
    }

    private static string[] RunUnderSizeLimit(string durability)
    {
        if (OperatingSystem.IsWindows())
        {
            throw new PlatformNotSupportedException("These tests set a file size limit with bash's ulimit -f: run them on Linux or macOS.");
        }

        using var directory = new TempDirectory();
        string child = typeof(SizeLimitTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "TestChildPath").Value!;

        // 64 KiB for every file the child writes. SIGXFSZ is ignored so that a write past the limit fails with EFBIG
        // instead of ending the process; the runtime's double mapping of its code (a memory file sized past the limit)
        // is turned off, or the runtime could not start.
        var info = new ProcessStartInfo("bash") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string arg in new[] { "-c", "trap '' XFSZ; ulimit -f 64; exec dotnet \"$@\"", "bash", child, "size-limit", directory.File("limited.fsr"), durability })
        {
            info.ArgumentList.Add(arg);
        }

        info.Environment["DOTNET_EnableWriteXorExecute"] = "0";
        using Process process = Process.Start(info)!;
        System.Threading.Tasks.Task<string> errors = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit(60_000).Should().BeTrue("the child ends on its own");
        process.ExitCode.Should().Be(0, $"the child prints what happened and exits 0; stdout: {output}; stderr: {errors.Result}");
        return output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
    }
}
