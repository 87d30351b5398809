using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;

namespace FastSerialization.Fuzz;

/// <summary>Runs files through <see cref="Targets.Run"/> without AFL: the seed corpus, a campaign's queue, the regression inputs.</summary>
public static class Replay
{
    /// <summary>Every file under each path (a file or a directory, searched recursively), sorted by path.</summary>
    public static IReadOnlyList<string> Files(IEnumerable<string> paths) =>
        paths.SelectMany(p => Directory.Exists(p)
                ? Directory.EnumerateFiles(p, "*", SearchOption.AllDirectories).Where(f => !Path.GetFileName(f).StartsWith('.'))
                : File.Exists(p) ? new[] { p } : throw new FileNotFoundException($"no such file or directory: {p}", p))
            .OrderBy(f => f, StringComparer.Ordinal)
            .ToList();

    /// <summary>Runs one file; returns the exception that escaped (a finding), or null, and whether the input read to its end.</summary>
    public static Exception? RunFile(string path, out bool read)
    {
        byte[] input = File.ReadAllBytes(path);
        read = false;
        try
        {
            read = Targets.Run(input);
            return null;
        }
        catch (Exception ex)
        {
            return ex;
        }
    }

    /// <summary>Runs every file; prints each finding and a summary; returns 0 when there was none, 1 otherwise.</summary>
    public static int Run(string[] paths, TextWriter output)
    {
        IReadOnlyList<string> files = Files(paths);
        var clock = Stopwatch.StartNew();
        int findings = 0;
        int read = 0;
        foreach (string file in files)
        {
            Exception? failure = RunFile(file, out bool whole);
            read += whole ? 1 : 0;
            if (failure is not null)
            {
                findings++;
                output.WriteLine($"FINDING {file} (target {Targets.NameOf(File.ReadAllBytes(file))}): {failure}");
            }
        }

        output.WriteLine($"replayed {files.Count} inputs in {clock.Elapsed.TotalSeconds:F1} s: {read} read whole, {files.Count - read - findings} refused with a documented exception, {findings} finding(s)");
        return findings == 0 ? 0 : 1;
    }
}
