using System;
using System.IO;
using System.Linq;
using System.Reflection;

namespace FastSerialization.BinaryFormatterImport.Tests.Corpus;

/// <summary>
/// The committed payloads in Golden/: written once by the real BinaryFormatter, read back by the import
/// tests without it. Set FS_REWRITE_GOLDEN=1 to rewrite them from the corpus (GoldenPayloadTests).
/// </summary>
internal static class GoldenFiles
{
    public static bool Rewrite => Environment.GetEnvironmentVariable("FS_REWRITE_GOLDEN") == "1";

    /// <summary>The copy next to the test assembly (copied from the source folder at build).</summary>
    public static string OutputPath(string name) => Path.Combine(AppContext.BaseDirectory, "Golden", name + ".bin");

    /// <summary>
    /// The committed copy in the source folder, found through the folder the build recorded in the assembly
    /// (a caller-file path would not do: CI builds map source paths to <c>/_/</c>).
    /// </summary>
    public static string SourcePath(string name)
        => Path.Combine(SourceDirectory, "Golden", name + ".bin");

    /// <summary>A file of the repository (this project's folder is tests/FastSerialization.BinaryFormatterImport.Tests).</summary>
    public static string RepositoryFile(string folder, string name)
        => Path.GetFullPath(Path.Combine(SourceDirectory, "..", "..", folder, name));

    private static string SourceDirectory =>
        typeof(GoldenFiles).Assembly.GetCustomAttributes(typeof(AssemblyMetadataAttribute), false)
            .Cast<AssemblyMetadataAttribute>().Single(a => a.Key == "TestSourceDirectory").Value!;
}
