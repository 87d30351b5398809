using System;
using System.IO;
using System.Linq;

namespace FastSerialization.Interop;

/// <summary>
/// Usage: <c>write &lt;path&gt; &lt;count&gt;</c> writes records 0..count-1 (<see cref="InteropValues.Make"/>) to a file;
/// <c>check &lt;path&gt; &lt;count&gt;</c> reads a file written by the other runtime and checks that each record is the expected
/// one, byte for byte once written again. Prints the runtime first, and "net48 interop: OK" at the end.
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        Console.WriteLine("runtime: " + System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription);
        if (args.Length != 3 || (args[0] != "write" && args[0] != "check"))
        {
            Console.Error.WriteLine("usage: write|check <path> <count>");
            return 2;
        }

        int count = int.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture);
        CustomBinaryFormatter formatter = InteropValues.NewFormatter();
        if (args[0] == "write")
        {
            using (var file = File.Create(args[1]))
            {
                for (int i = 0; i < count; i++)
                {
                    formatter.Serialize(file, InteropValues.Make(i));
                }
            }

            Console.WriteLine($"wrote {count} records");
        }
        else
        {
            using (var file = File.OpenRead(args[1]))
            {
                for (int i = 0; i < count; i++)
                {
                    object read = formatter.Deserialize(file);
                    byte[] again = formatter.SerializeToArray(read);
                    byte[] expected = formatter.SerializeToArray(InteropValues.Make(i));
                    if (!again.SequenceEqual(expected))
                    {
                        Console.Error.WriteLine($"record {i} ({read.GetType().Name}) differs from the expected one");
                        return 1;
                    }
                }

                if (file.Position != file.Length)
                {
                    Console.Error.WriteLine($"{file.Length - file.Position} bytes after record {count - 1}");
                    return 1;
                }
            }

            Console.WriteLine($"checked {count} records");
        }

        Console.WriteLine("net48 interop: OK");
        return 0;
    }
}
