using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Ipc;

namespace FastSerialization.Interop;

/// <summary>
/// Usage: <c>write &lt;path&gt; &lt;count&gt;</c> writes records 0..count-1 (<see cref="InteropValues.Make"/>) to a file;
/// <c>check &lt;path&gt; &lt;count&gt;</c> reads a file written by the other runtime and checks that each record is the expected
/// one, byte for byte once written again. <c>ipc-listen &lt;name&gt; &lt;count&gt;</c> listens as an IPC server under the name
/// (printing "listening" when it does) and plays <see cref="IpcExchange.ServeAsync"/> with the one client that connects;
/// <c>ipc-connect &lt;name&gt; &lt;count&gt;</c> connects to that server and plays <see cref="IpcExchange.ConnectAsync"/>;
/// <c>ipc-shared-memory &lt;name&gt; 1</c> checks that listening with shared memory, which this build lacks, is refused;
/// <c>import &lt;path&gt; 1</c> imports the BinaryFormatter payload of an order with generated binders only (<see cref="ImportedOrder"/>).
/// Prints the runtime first, and "net48 interop: OK" at the end.
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        Console.WriteLine("runtime: " + System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription);
        string[] commands = { "write", "check", "ipc-listen", "ipc-connect", "ipc-shared-memory", "import" };
        if (args.Length != 3 || !commands.Contains(args[0]))
        {
            Console.Error.WriteLine("usage: write|check|import <path> <count>, or ipc-listen|ipc-connect|ipc-shared-memory <name> <count>");
            return 2;
        }

        if (args[0] == "import")
        {
            string? wrong = ImportedOrder.Check(File.ReadAllBytes(args[1]));
            if (wrong is not null)
            {
                Console.Error.WriteLine(wrong);
                return 1;
            }

            Console.WriteLine("imported the BinaryFormatter order with generated binders");
            Console.WriteLine("net48 interop: OK");
            return 0;
        }

        int count = int.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture);
        CustomBinaryFormatter formatter = InteropValues.NewFormatter();
        if (args[0] == "ipc-shared-memory")
        {
            // This build has no shared-memory transport: listening with it must say so.
            try
            {
                IpcServer.Listen(args[1], formatter, IpcTransport.SharedMemory);
                Console.Error.WriteLine("listening with shared memory did not fail");
                return 1;
            }
            catch (PlatformNotSupportedException ex)
            {
                Console.WriteLine("PlatformNotSupportedException: " + ex.Message);
            }
        }
        else if (args[0].StartsWith("ipc-", StringComparison.Ordinal))
        {
            string? problem = ExchangeAsync(args[0] == "ipc-listen", args[1], formatter, count).GetAwaiter().GetResult();
            if (problem is not null)
            {
                Console.Error.WriteLine(problem);
                return 1;
            }

            Console.WriteLine($"exchanged {count} records each way over IPC");
        }
        else if (args[0] == "write")
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

    private static async Task<string?> ExchangeAsync(bool listen, string name, CustomBinaryFormatter formatter, int count)
    {
        if (listen)
        {
            IpcServer server = IpcServer.Listen(name, formatter);
            await using (server.ConfigureAwait(false))
            {
                Console.WriteLine("listening");
                IpcChannel channel = await server.AcceptAsync().ConfigureAwait(false);
                await using (channel.ConfigureAwait(false))
                {
                    return await IpcExchange.ServeAsync(channel, formatter, count).ConfigureAwait(false);
                }
            }
        }

        IpcChannel client = await IpcChannel.ConnectAsync(name, formatter).ConfigureAwait(false);
        await using (client.ConfigureAwait(false))
        {
            return await IpcExchange.ConnectAsync(client, formatter, count).ConfigureAwait(false);
        }
    }
}
