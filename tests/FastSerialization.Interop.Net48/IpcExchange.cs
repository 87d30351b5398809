using System;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Ipc;

namespace FastSerialization.Interop;

/// <summary>
/// The two roles of the IPC exchange between the net48 program and the .NET 10 tests, compiled into both: the
/// listening side sends records 0..count-1 (<see cref="InteropValues.Make"/>), the connecting side checks them and
/// sends the same records back, then asks one request, which the listening side answers with record count.
/// Every received message is checked byte for byte: written again here, it must be the record this side writes.
/// </summary>
public static class IpcExchange
{
    /// <summary>The listening side's part, over an open channel. Returns null when all went as expected, else what did not.</summary>
    public static async Task<string?> ServeAsync(IpcChannel channel, CustomBinaryFormatter formatter, int count)
    {
        for (int i = 0; i < count; i++)
        {
            await channel.SendAsync(InteropValues.Make(i)).ConfigureAwait(false);
        }

        await channel.FlushAsync().ConfigureAwait(false);
        string? problem = await CheckReceivedAsync(channel, formatter, count).ConfigureAwait(false);
        if (problem is not null)
        {
            return problem;
        }

        object? next = await channel.ReceiveAsync().ConfigureAwait(false);
        if (next is not IpcRequest request)
        {
            return $"expected a request after record {count - 1}, got {next?.GetType().Name ?? "the end"}";
        }

        problem = Differs(formatter, request.Message, count + 1, "the request");
        await request.RespondAsync(InteropValues.Make(count)).ConfigureAwait(false);
        return problem;
    }

    /// <summary>The connecting side's part, over an open channel. Returns null when all went as expected, else what did not.</summary>
    public static async Task<string?> ConnectAsync(IpcChannel channel, CustomBinaryFormatter formatter, int count)
    {
        string? problem = await CheckReceivedAsync(channel, formatter, count).ConfigureAwait(false);
        if (problem is not null)
        {
            return problem;
        }

        for (int i = 0; i < count; i++)
        {
            await channel.SendAsync(InteropValues.Make(i)).ConfigureAwait(false);
        }

        await channel.FlushAsync().ConfigureAwait(false);
        object response = await channel.RequestAsync<object>(InteropValues.Make(count + 1), TimeSpan.FromSeconds(30)).ConfigureAwait(false);
        return Differs(formatter, response, count, "the response");
    }

    private static async Task<string?> CheckReceivedAsync(IpcChannel channel, CustomBinaryFormatter formatter, int count)
    {
        for (int i = 0; i < count; i++)
        {
            object? message = await channel.ReceiveAsync().ConfigureAwait(false);
            if (message is null)
            {
                return $"the channel ended after {i} of {count} records";
            }

            string? problem = Differs(formatter, message, i, "record " + i);
            if (problem is not null)
            {
                return problem;
            }
        }

        return null;
    }

    private static string? Differs(CustomBinaryFormatter formatter, object received, int expected, string what)
    {
        byte[] again = formatter.SerializeToArray(received);
        byte[] mine = formatter.SerializeToArray(InteropValues.Make(expected));
        return again.SequenceEqual(mine) ? null : $"{what} ({received.GetType().Name}) is not record {expected}: written again it is {again.Length} bytes that differ from this side's {mine.Length}";
    }
}
