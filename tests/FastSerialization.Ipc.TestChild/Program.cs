using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization;
using FastSerialization.Ipc;
using FastSerialization.Ipc.TestChild;

// Roles (args[0]) for the two-process tests. Exit code 0 = done as planned.
// A "--shm" argument anywhere selects the shared-memory transport for the roles that connect by name;
// "--calling-thread" makes the channel receive on the calling thread (IpcChannelOptions.ReceiveOnCallingThread).
IpcTransport transport = args.Contains("--shm") ? IpcTransport.SharedMemory : IpcTransport.UnixSocket;
IpcChannelOptions? options = args.Contains("--calling-thread") ? new IpcChannelOptions { ReceiveOnCallingThread = true } : null;
args = args.Where(a => a is not ("--shm" or "--calling-thread")).ToArray();
string role = args.Length > 0 ? args[0] : "help";
try
{
    switch (role)
    {
        case "echo": // connect to server args[1]; answer requests with Pong, send other messages back
        {
            await using IpcChannel channel = await IpcChannel.ConnectAsync(args[1], Registry.Create(), transport, options);
            await EchoAsync(channel);
            return 0;
        }

        case "echo-parent": // the same over the anonymous pipes of args[1]
        {
            await using IpcChannel channel = await IpcChannel.ConnectToParentAsync(args[1], Registry.Create(), options);
            await EchoAsync(channel);
            return 0;
        }

        case "sink": // receive trades until a Summary; check count and checksum; answer with our own Summary
        {
            await using IpcChannel channel = await IpcChannel.ConnectAsync(args[1], Registry.Create(), transport, options);
            long count = 0;
            ulong checksum = 0;
            await foreach (object message in channel.ReadAllAsync())
            {
                if (message is Trade trade)
                {
                    if (trade.Sequence != count)
                    {
                        throw new InvalidOperationException($"trade {trade.Sequence} arrived where {count} was expected");
                    }

                    checksum = trade.Fold(checksum);
                    count++;
                }
                else if (message is Summary)
                {
                    await channel.SendAsync(new Summary { Count = count, Checksum = checksum });
                    break;
                }
            }

            return 0;
        }

        case "source": // send args[2] trades, then their Summary; wait for the peer to close
        {
            await using IpcChannel channel = await IpcChannel.ConnectAsync(args[1], Registry.Create(), transport, options);
            long total = long.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture);
            ulong checksum = 0;
            for (long i = 0; i < total; i++)
            {
                Trade trade = Trade.Make(i);
                checksum = trade.Fold(checksum);
                await channel.SendAsync(trade);
            }

            await channel.SendAsync(new Summary { Count = total, Checksum = checksum });
            await foreach (object _ in channel.ReadAllAsync())
            {
            }

            return 0;
        }

        case "batch-sink": // as "sink", receiving with ReceiveBatchAsync
        {
            await using IpcChannel channel = await IpcChannel.ConnectAsync(args[1], Registry.Create(), transport, options);
            long count = 0;
            ulong checksum = 0;
            var batch = new object[700];
            bool done = false;
            while (!done)
            {
                int got = await channel.ReceiveBatchAsync(batch);
                if (got == 0)
                {
                    throw new InvalidOperationException("the channel ended before the Summary");
                }

                for (int i = 0; i < got && !done; i++)
                {
                    if (batch[i] is Trade trade)
                    {
                        if (trade.Sequence != count)
                        {
                            throw new InvalidOperationException($"trade {trade.Sequence} arrived where {count} was expected");
                        }

                        checksum = trade.Fold(checksum);
                        count++;
                    }
                    else if (batch[i] is Summary)
                    {
                        await channel.SendAsync(new Summary { Count = count, Checksum = checksum });
                        done = true;
                    }
                }
            }

            return 0;
        }

        case "batch-source": // as "source", sending with SendBatchAsync in batches of 1 to 1,000 (arrays, lists and memory in turn)
        {
            await using IpcChannel channel = await IpcChannel.ConnectAsync(args[1], Registry.Create(), transport, options);
            long total = long.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture);
            ulong checksum = 0;
            long sent = 0;
            int round = 0;
            while (sent < total)
            {
                int size = (int)Math.Min(total - sent, 1 + (round * 397 % 1000));
                var trades = new Trade[size];
                for (int i = 0; i < size; i++)
                {
                    trades[i] = Trade.Make(sent + i);
                    checksum = trades[i].Fold(checksum);
                }

                Task send = (round % 3) switch
                {
                    0 => channel.SendBatchAsync(trades),
                    1 => channel.SendBatchAsync(trades.ToList()),
                    _ => channel.SendBatchAsync(new ReadOnlyMemory<Trade>(trades)),
                };
                await send;
                sent += size;
                round++;
            }

            await channel.SendAsync(new Summary { Count = total, Checksum = checksum });
            await foreach (object _ in channel.ReadAllAsync())
            {
            }

            return 0;
        }

        case "burst": // args[2] senders, each sending args[3] trades at once on one channel
        {
            await using IpcChannel channel = await IpcChannel.ConnectAsync(args[1], Registry.Create(), transport, options);
            int senders = int.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture);
            int each = int.Parse(args[3], System.Globalization.CultureInfo.InvariantCulture);
            await Task.WhenAll(Enumerable.Range(0, senders).Select(sender => Task.Run(async () =>
            {
                for (int i = 0; i < each; i++)
                {
                    await channel.SendAsync(Trade.Make(i, sender));
                }
            })));
            await channel.SendAsync(new Summary { Count = (long)senders * each });
            await foreach (object _ in channel.ReadAllAsync())
            {
            }

            return 0;
        }

        case "mismatch": // connect with a different registry: the handshake must fail here too
        {
            try
            {
                await using IpcChannel channel = await IpcChannel.ConnectAsync(args[1], Registry.CreateMismatched(), transport, options);
                Console.WriteLine("handshake unexpectedly succeeded");
                return 1;
            }
            catch (IpcHandshakeException ex)
            {
                Console.WriteLine($"HANDSHAKE-FAILED id={ex.TypeId}: {ex.Message}");
                return 3;
            }
        }

        case "reconnect": // ping the server args[2] times, reconnecting whenever the server goes away
        {
            int total = int.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture);
            int done = 0;
            int reconnects = 0;
            while (done < total)
            {
                IpcChannel channel;
                try
                {
                    channel = await IpcChannel.ConnectAsync(args[1], Registry.Create(), transport, options);
                }
                catch (IpcException)
                {
                    await Task.Delay(50);
                    continue;
                }

                await using (channel)
                {
                    try
                    {
                        while (done < total)
                        {
                            Pong pong = await channel.RequestAsync<Pong>(new Ping { Id = done }, TimeSpan.FromSeconds(10));
                            if (pong.Id != done)
                            {
                                throw new InvalidOperationException($"pong {pong.Id} for ping {done}");
                            }

                            done++;
                        }
                    }
                    catch (Exception ex) when (ex is IpcException or TimeoutException)
                    {
                        reconnects++;
                    }
                }
            }

            Console.WriteLine($"RECONNECT-DONE pings={done} reconnects={reconnects}");
            return 0;
        }

        case "listen": // listen under args[1] and wait to be killed, leaving the socket file behind
        {
            IpcServer server = IpcServer.Listen(args[1], Registry.Create(), transport);
            Console.WriteLine($"LISTENING {server.Address}");
            await Task.Delay(Timeout.Infinite);
            return 0;
        }

        case "die-unpublished": // shared memory: send args[2] trades, write one more into the ring without publishing it, and die
        {
            IpcChannel channel = await IpcChannel.ConnectAsync(args[1], Registry.Create(), IpcTransport.SharedMemory);
            long total = long.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture);
            // SendManyAsync flushes before it returns and schedules no later flush that could publish the last record.
            await channel.SendManyAsync(Enumerable.Range(0, (int)total).Select(i => Trade.Make(i)));
            var ring = (FastSerialization.Ipc.SharedMemory.RingPipeWriter)channel.Writer;
            Registry.Create().Serialize(ring, Trade.Make(total));
            Console.WriteLine($"UNPUBLISHED {ring.UnpublishedInRing}");
            Console.Out.Flush();
            System.Diagnostics.Process.GetCurrentProcess().Kill(); // SIGKILL: no Goodbye, no flush
            return 1;
        }

        case "shm-producer": // shared memory: send trades in bursts until sending fails (the peer tampers with the ring's head)
        {
            await using IpcChannel channel = await IpcChannel.ConnectAsync(args[1], Registry.Create(), IpcTransport.SharedMemory, options);
            Console.WriteLine("CONNECTED");
            using var deadline = new CancellationTokenSource(TimeSpan.FromSeconds(60));
            long sent = 0;
            try
            {
                while (!deadline.IsCancellationRequested)
                {
                    await channel.SendManyAsync(Enumerable.Range(0, 2000).Select(i => Trade.Make(sent + i)), deadline.Token);
                    sent += 2000;
                }
            }
            catch (IpcException ex)
            {
                Console.WriteLine($"SEND-FAILED after {sent} trades: {ex.Message}");
                return 0;
            }
            catch (OperationCanceledException)
            {
            }

            Console.WriteLine($"NO-FAILURE after {sent} trades");
            return 4;
        }

        case "shm-tamper": // shared memory: connect, then write a hostile value into the ring this side produces (args[2] says which), and wait
        {
            if (OperatingSystem.IsWindows())
            {
                throw new PlatformNotSupportedException("shared memory");
            }

            IpcChannel channel = await IpcChannel.ConnectAsync(args[1], Registry.Create(), IpcTransport.SharedMemory, options);
            await channel.ReceiveAsync(); // the server's go-ahead: its handshake is done
            FastSerialization.Ipc.SharedMemory.SharedMemoryTransport shm = channel.SharedMemoryRings!;
            Tamper.Ring(shm.File.ClientToServer, args[2]);
            shm.Doorbell.Ring(FastSerialization.Ipc.SharedMemory.Doorbell.DataByte);
            Console.WriteLine("TAMPERED");
            Console.Out.Flush();
            await Task.Delay(TimeSpan.FromMinutes(3));
            return 0;
        }

        case "exhaust-fds": // listen under args[1], use up this process's file descriptors, give them back once an accept failed; echo for every client
        {
            await using IpcServer server = IpcServer.Listen(args[1], Registry.Create(), transport, options);
            var hoard = new System.Collections.Generic.List<Microsoft.Win32.SafeHandles.SafeFileHandle>();
            server.AcceptFailed += ex =>
            {
                lock (hoard)
                {
                    Console.WriteLine($"ACCEPT-FAILED {ex.GetType().Name}: {ex.Message}");
                    foreach (var handle in hoard)
                    {
                        handle.Dispose();
                    }

                    hoard.Clear();
                }
            };
            Console.WriteLine($"LISTENING {server.Address}"); // the console is set up before the descriptors run out
            Console.Out.Flush();
            using var stop = new CancellationTokenSource(TimeSpan.FromMinutes(3));
            Task serving = Task.Run(async () =>
            {
                await foreach (IpcChannel channel in server.AcceptAllAsync(stop.Token))
                {
                    _ = Task.Run(async () =>
                    {
                        await using (channel)
                        {
                            await EchoAsync(channel);
                        }
                    });
                }
            });

            // The accept is under way (the runtime's socket engine, which needs descriptors of its own, is set
            // up): now use up every descriptor this process may open.
            await Task.Delay(500);
            Tamper.LowerFileLimit(4096);
            lock (hoard)
            {
                try
                {
                    while (true)
                    {
                        hoard.Add(System.IO.File.OpenHandle("/dev/null"));
                    }
                }
                catch (System.IO.IOException)
                {
                }
            }

            Console.WriteLine($"EXHAUSTED {hoard.Count}");
            Console.Out.Flush();
            await serving;
            return 0;
        }

        case "serve": // listen under args[1] with the server's defaults and echo for every client, until killed (the test limits this process's descriptors)
        {
            await using IpcServer server = IpcServer.Listen(args[1], Registry.Create(), transport, options);
            server.AcceptFailed += ex => Console.WriteLine($"ACCEPT-FAILED {ex.GetType().Name}: {ex.Message}");
            Console.WriteLine($"LISTENING {server.Address}");
            Console.Out.Flush();
            using var stop = new CancellationTokenSource(TimeSpan.FromMinutes(3));
            await foreach (IpcChannel channel in server.AcceptAllAsync(stop.Token))
            {
                _ = Task.Run(async () =>
                {
                    await using (channel)
                    {
                        try
                        {
                            await EchoAsync(channel);
                        }
                        catch (IpcException)
                        {
                            // The client went away without closing its channel.
                        }
                    }
                });
            }

            return 0;
        }

        case "listen-once": // listen under args[1] and report whether that worked (XDG_RUNTIME_DIR chosen by the test)
        {
            try
            {
                await using IpcServer server = IpcServer.Listen(args[1], Registry.Create(), transport);
                Console.WriteLine($"LISTENING {server.Address}");
                return 0;
            }
            catch (IpcException ex)
            {
                Console.WriteLine($"LISTEN-REFUSED {ex.Message}");
                return 5;
            }
        }

        default:
            Console.Error.WriteLine("roles: echo NAME | echo-parent ARG | sink NAME | source NAME COUNT | burst NAME SENDERS COUNT | mismatch NAME | reconnect NAME COUNT | listen NAME | die-unpublished NAME COUNT | shm-producer NAME | shm-tamper NAME tail-2c|tail-2g|tail-max|huge-length | exhaust-fds NAME | serve NAME | listen-once NAME; add --shm for shared memory, --calling-thread to receive on the calling thread");
            return 2;
    }
}
catch (Exception ex)
{
    Console.Error.WriteLine($"CHILD-FAILED {ex.GetType().Name}: {ex.Message}");
    return 1;
}

static async Task EchoAsync(IpcChannel channel)
{
    await foreach (object message in channel.ReadAllAsync())
    {
        if (message is IpcRequest request)
        {
            if (request.Message is Ping ping)
            {
                await request.RespondAsync(new Pong { Id = ping.Id, ProcessId = Environment.ProcessId });
            }
            else
            {
                await request.FailAsync($"cannot answer a {request.Message.GetType().Name}");
            }
        }
        else
        {
            await channel.SendAsync(message);
        }
    }
}
