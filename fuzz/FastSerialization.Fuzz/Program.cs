using System;
using SharpFuzz;

namespace FastSerialization.Fuzz;

/// <summary>
/// The harness. With no arguments it is AFL++'s target (persistent mode, through SharpFuzz); with
/// "replay FILE-OR-DIR..." it runs every file through the same targets without AFL, with "targets FILE-OR-DIR..."
/// it prints the target each file goes to, and with "seeds DIR" it writes the seed corpus.
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Length > 0 && args[0] == "replay")
        {
            return Replay.Run(args.AsSpan(1).ToArray(), Console.Out);
        }

        if (args.Length == 2 && args[0] == "selector")
        {
            int index = Array.IndexOf(Targets.Names, args[1]);
            if (index < 0)
            {
                Console.Error.WriteLine($"no target {args[1]}; the targets are {string.Join(", ", Targets.Names)}");
                return 2;
            }

            Console.WriteLine(index);
            return 0;
        }

        if (args.Length > 1 && args[0] == "targets")
        {
            foreach (string file in Replay.Files(args.AsSpan(1).ToArray()))
            {
                Console.WriteLine($"{Targets.NameOf(System.IO.File.ReadAllBytes(file))} {file}");
            }

            return 0;
        }

        if (args.Length == 2 && args[0] == "seeds")
        {
            int written = Seeds.WriteTo(args[1]);
            Console.WriteLine($"{written} seeds written to {args[1]}");
            return 0;
        }

        if (args.Length > 0)
        {
            Console.Error.WriteLine("usage: FastSerialization.Fuzz                 (under afl-fuzz)");
            Console.Error.WriteLine("       FastSerialization.Fuzz replay PATH...  (every file of each PATH through the targets)");
            Console.Error.WriteLine("       FastSerialization.Fuzz targets PATH... (print the target of every file of each PATH, then its path)");
            Console.Error.WriteLine("       FastSerialization.Fuzz seeds DIR       (write the seed corpus)");
            Console.Error.WriteLine("       FastSerialization.Fuzz selector NAME   (print the first input byte that picks target NAME)");
            return 2;
        }

        // Persistent mode: one process runs input after input; an exception that escapes Targets.Run is a crash.
        Fuzzer.Run(stream =>
        {
            using var copy = new System.IO.MemoryStream();
            stream.CopyTo(copy);
            Targets.Run(copy.GetBuffer().AsSpan(0, (int)copy.Length));
        });
        return 0;
    }
}
