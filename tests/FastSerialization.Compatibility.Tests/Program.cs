using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Compatibility.Tests;

/// <summary>
/// The corpus writer, run once per release (RELEASING.md):
/// <c>dotnet run --project tests/FastSerialization.Compatibility.Tests -- write 0.2.0</c> writes
/// tests/CompatibilityCorpus/0.2.0/ with this build. The test host does not use this entry point.
/// </summary>
public static class Program
{
    public static async Task<int> Main(string[] args)
    {
        if (args.Length != 2 || args[0] != "write")
        {
            Console.Error.WriteLine("usage: dotnet run --project tests/FastSerialization.Compatibility.Tests -- write <version>  (writes tests/CompatibilityCorpus/<version>/ once; RELEASING.md)");
            return 2;
        }

        string directory = Path.Combine(Corpus.Root, args[1]);
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        await Corpus.WriteAsync(directory, timeout.Token);
        Console.WriteLine($"wrote the corpus of {args[1]} to {directory}:");
        foreach ((string file, string hash) in Corpus.HashesOf(directory))
        {
            Console.WriteLine($"  {hash[..12]}  {file}");
        }

        return 0;
    }
}
