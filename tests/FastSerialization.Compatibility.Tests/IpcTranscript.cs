using System;
using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc;
using FluentAssertions;

namespace FastSerialization.Compatibility.Tests;

/// <summary>
/// The IPC exchange of the corpus, with the IpcDemo sample's registry: what each side of a channel sends over a byte
/// stream (a Unix socket or a pipe carries exactly these bytes), its handshake included.
/// </summary>
/// <remarks>
/// The client opens, asks Ping 7 and gets Pong 7, then sends three trades, a customer and the end of its stream, and
/// closes. The server answers, sends a trade, a customer and the end of its stream, and closes once the client has.
/// Each side's bytes depend only on what that side does, not on when the other's arrive, so the transcript is the
/// same on every run.
/// </remarks>
public static class IpcTranscript
{
    public const int PingId = 7;

    public static IpcDemo.Customer Customer() => new() { LastName = "Hopper", FirstName = "Grace", Address = "Arlington", Age = 85, Code = 1906 };

    public static IpcDemo.StreamEnd ClientEnd() => new() { Trades = 3, Customers = 1, PriceSum = 310.5 };

    public static IpcDemo.StreamEnd ServerEnd() => new() { Trades = 1, Customers = 1, PriceSum = 102.5 };

    /// <summary>The server's replies and messages: what the client side must read from the server's bytes.</summary>
    public static object[] ServerMessages() => [CorpusEntries.TranscriptTrade(1), Customer(), ServerEnd()];

    /// <summary>The client's messages after its request: what the server side must read from the client's bytes.</summary>
    public static object[] ClientMessages() => [CorpusEntries.TranscriptTrade(1), CorpusEntries.TranscriptTrade(2), CorpusEntries.TranscriptTrade(3), Customer(), ClientEnd()];

    /// <summary>Runs the exchange between two real channels and returns the bytes each side sent.</summary>
    public static async Task<(byte[] Client, byte[] Server)> RecordAsync(CancellationToken cancellationToken)
    {
        var clientOut = new Pipe();
        var serverIn = new Pipe();
        var serverOut = new Pipe();
        var clientIn = new Pipe();
        var clientBytes = new MemoryStream();
        var serverBytes = new MemoryStream();
        Task clientRelay = RelayAsync(clientOut.Reader, serverIn.Writer, clientBytes, cancellationToken);
        Task serverRelay = RelayAsync(serverOut.Reader, clientIn.Writer, serverBytes, cancellationToken);

        Task<IpcChannel> opening = IpcChannel.CreateAsync(serverIn.Reader, serverOut.Writer, IpcDemo.Registry.Create(), cancellationToken: cancellationToken);
        IpcChannel client = await IpcChannel.CreateAsync(clientIn.Reader, clientOut.Writer, IpcDemo.Registry.Create(), cancellationToken: cancellationToken);
        IpcChannel server = await opening;

        Task<IpcDemo.Pong> pong = client.RequestAsync<IpcDemo.Pong>(new IpcDemo.Ping { Id = PingId }, cancellationToken);
        await ServeAsync(server, cancellationToken);
        (await pong).Id.Should().Be(PingId);

        foreach (object message in ClientMessages())
        {
            await client.SendAsync(message, cancellationToken);
        }

        await client.FlushAsync(cancellationToken);
        for (int i = 0; i < ServerMessages().Length; i++)
        {
            (await client.ReceiveAsync(cancellationToken)).Should().NotBeNull();
        }

        await client.DisposeAsync();
        for (int i = 0; i < ClientMessages().Length; i++)
        {
            (await server.ReceiveAsync(cancellationToken)).Should().NotBeNull();
        }

        (await server.ReceiveAsync(cancellationToken)).Should().BeNull("the client closed the channel");
        await server.DisposeAsync();
        await Task.WhenAll(clientRelay, serverRelay);
        return (clientBytes.ToArray(), serverBytes.ToArray());
    }

    /// <summary>The server's part after the handshake: answer the request, then send its messages.</summary>
    public static async Task ServeAsync(IpcChannel server, CancellationToken cancellationToken)
    {
        object? first = await server.ReceiveAsync(cancellationToken);
        var request = first.Should().BeOfType<IpcRequest>().Subject;
        long id = request.Message.Should().BeOfType<IpcDemo.Ping>().Subject.Id;
        id.Should().Be(PingId);
        await request.RespondAsync(new IpcDemo.Pong { Id = id }, cancellationToken);
        foreach (object message in ServerMessages())
        {
            await server.SendAsync(message, cancellationToken);
        }

        await server.FlushAsync(cancellationToken);
    }

    /// <summary>
    /// The length of the first <paramref name="records"/> records of <paramref name="bytes"/>, length prefixes included
    /// (FORMAT.md section 1): 1 is a side's handshake; 3 is the client's handshake and its request (a Request control
    /// record, then the message).
    /// </summary>
    public static int LengthOfRecords(byte[] bytes, int records)
    {
        int offset = 0;
        for (int i = 0; i < records; i++)
        {
            offset += RecordFrame.LengthPrefixSize + (int)System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(offset));
        }

        return offset;
    }

    /// <summary>Copies what one side writes to the other side's input (if any), keeping a copy.</summary>
    public static async Task RelayAsync(PipeReader from, PipeWriter? to, Stream copy, CancellationToken cancellationToken)
    {
        while (true)
        {
            ReadResult result = await from.ReadAsync(cancellationToken);
            foreach (ReadOnlyMemory<byte> segment in result.Buffer)
            {
                copy.Write(segment.Span);
                if (to is not null)
                {
                    await to.WriteAsync(segment, cancellationToken);
                }
            }

            from.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                break;
            }
        }

        await from.CompleteAsync();
        if (to is not null)
        {
            await to.CompleteAsync();
        }
    }
}
