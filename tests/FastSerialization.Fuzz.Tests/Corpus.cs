using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;

namespace FastSerialization.Fuzz.Tests;

/// <summary>The committed corpus folders under fuzz/corpus, and a replay of a whole folder that collects every finding.</summary>
internal static class Corpus
{
    public static string FuzzDirectory { get; } =
        typeof(Corpus).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "FuzzDirectory").Value!;

    public static string Folder(string name) => Path.Combine(FuzzDirectory, "corpus", name);

    /// <summary>The files of a corpus folder, as paths relative to it (sorted); throws when the folder is missing or empty.</summary>
    public static IReadOnlyList<string> Files(string folder)
    {
        string root = Folder(folder);
        if (!Directory.Exists(root))
        {
            throw new DirectoryNotFoundException($"{root} is missing: the fuzz corpus is committed under fuzz/corpus");
        }

        IReadOnlyList<string> files = Replay.Files(new[] { root }).Select(f => Path.GetRelativePath(root, f)).ToList();
        if (files.Count == 0)
        {
            throw new InvalidDataException($"{root} holds no input: the fuzz corpus is committed under fuzz/corpus");
        }

        return files;
    }

    /// <summary>
    /// Runs every file of a corpus folder through the fuzz targets, one after another in this process, and returns
    /// one line per input that went wrong: an exception escaped the targets (a finding), or <paramref name="check"/>
    /// (given the file's relative name and whether it was read to its end) returned what is wrong with it.
    /// No input stops the others: the caller reports them all.
    /// </summary>
    public static ReplayResult ReplayAll(string folder, Func<string, bool, string?>? check = null)
    {
        IReadOnlyList<string> files = Files(folder);
        var failures = new List<string>();
        var details = new StringBuilder();
        int readWhole = 0;
        foreach (string name in files)
        {
            string path = Path.Combine(Folder(folder), name);
            string target = Targets.NameOf(File.ReadAllBytes(path));
            Exception? finding = Replay.RunFile(path, out bool read);
            readWhole += read ? 1 : 0;
            string? problem = finding is not null
                ? $"{finding.GetType().FullName}: {finding.Message}{FirstFrame(finding)}"
                : check?.Invoke(name, read);
            if (problem is not null)
            {
                failures.Add($"{name} (target {target}): {problem}");
                details.AppendLine($"{name} (target {target}): {(object?)finding ?? problem}");
            }
        }

        return new ReplayResult(files.Count, readWhole, failures, details.ToString());
    }

    private static string FirstFrame(Exception ex)
    {
        string? frame = ex.StackTrace?.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).FirstOrDefault();
        return frame is null ? string.Empty : $" ({frame})";
    }
}

/// <summary>What <see cref="Corpus.ReplayAll"/> saw: how many inputs ran, how many were read whole, and one line per input that went wrong.</summary>
internal sealed record ReplayResult(int Count, int ReadWhole, IReadOnlyList<string> Failures, string Details)
{
    /// <summary>The failure message: every input that went wrong, one per line.</summary>
    public string Report(string folder) =>
        $"{Failures.Count} of {Count} inputs of fuzz/corpus/{folder} went wrong (replay one with `dotnet fuzz/out/short/plain/FastSerialization.Fuzz.dll replay FILE`, FUZZ_VERBOSE=1 shows the documented exceptions):"
        + Environment.NewLine + string.Join(Environment.NewLine, Failures);
}
