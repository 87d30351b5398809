using System;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Environments;

namespace FastSerialization.Benchmarks.Reporting;

/// <summary>BenchmarkDotNet's machine header, for the reports this program writes itself.</summary>
public static class MachineInfo
{
    public static IEnumerable<string> Lines()
    {
        List<string> lines = HostEnvironmentInfo.GetCurrent().ToFormattedString().ToList();
        lines.Add($"Processors available to the process: {Environment.ProcessorCount}; server GC: {System.Runtime.GCSettings.IsServerGC}; Stopwatch frequency: {System.Diagnostics.Stopwatch.Frequency:N0} Hz");
        return lines;
    }

    public static string Block() => "```\n" + string.Join("\n", Lines()) + "\n```\n";
}
