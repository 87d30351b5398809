using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace FastSerialization.Fuzz.Tests;

/// <summary>The committed corpus folders under fuzz/corpus.</summary>
internal static class Corpus
{
    public static string FuzzDirectory { get; } =
        typeof(Corpus).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "FuzzDirectory").Value!;

    public static string Folder(string name) => Path.Combine(FuzzDirectory, "corpus", name);

    /// <summary>The files of a corpus folder, as xunit theory data (relative names, so test names stay short).</summary>
    public static IEnumerable<object[]> Files(string folder)
    {
        string root = Folder(folder);
        if (!Directory.Exists(root))
        {
            throw new DirectoryNotFoundException($"{root} is missing: the fuzz corpus is committed under fuzz/corpus");
        }

        return Replay.Files(new[] { root }).Select(f => new object[] { Path.GetRelativePath(root, f) });
    }
}
