using System;
using System.Threading.Tasks;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;

namespace FastSerialization.Caching.TestChild;

/// <summary>
/// write SOCKET PREFIX COUNT: writes COUNT customers under PREFIX:distributed:i (FastDistributedCache) and PREFIX:hybrid:i
/// (HybridCache), prints "written COUNT", exits. read SOCKET KEY: prints the customer under KEY, or "miss".
/// </summary>
public static class Program
{
    public static async Task<int> Main(string[] args)
    {
        if (args.Length < 3)
        {
            Console.Error.WriteLine("usage: write SOCKET PREFIX COUNT | read SOCKET KEY");
            return 2;
        }

        await using ServiceProvider services = CacheContract.Services(args[1]);
        var cache = services.GetRequiredService<FastDistributedCache>();
        switch (args[0])
        {
            case "write":
                int count = int.Parse(args[3], System.Globalization.CultureInfo.InvariantCulture);
                HybridCache hybrid = services.GetRequiredService<HybridCache>();
                for (int i = 0; i < count; i++)
                {
                    await cache.SetAsync($"{args[2]}:distributed:{i}", CacheContract.CustomerFor(i));
                    await hybrid.SetAsync($"{args[2]}:hybrid:{i}", CacheContract.CustomerFor(i));
                }

                Console.WriteLine($"written {count} pid {Environment.ProcessId}");
                return 0;
            case "read":
                Customer? customer = await cache.GetAsync<Customer>(args[2]);
                Console.WriteLine(customer is null ? "miss" : $"{customer.FirstName} {customer.LastName}, {customer.Address}, {customer.Age}, {customer.Code}, {string.Join("|", customer.Tags ?? new())}");
                return 0;
            default:
                Console.Error.WriteLine("unknown command " + args[0]);
                return 2;
        }
    }
}
