using System;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// What the defaults of <see cref="IpcChannelOptions"/> resolve to (IpcChannel.Options), as the XML docs of
/// <see cref="IpcChannelOptions.SharedMemorySpinTime"/> and <see cref="IpcChannelOptions.ReceiveOnCallingThread"/> say.
/// </summary>
public class DefaultOptionsTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    [Fact]
    public void SharedMemorySpinTime_IsLeftToTheMachineByDefault_AndCanBeLeftToItAgain()
    {
        var options = new IpcChannelOptions();
        options.SharedMemorySpinTime.Should().BeNull("null means: chosen for the machine when the channel opens");
        options.ReceiveOnCallingThread.Should().BeFalse("the receive loop is the safe default");

        options.SharedMemorySpinTime = TimeSpan.FromMicroseconds(7);
        options.SharedMemorySpinTime.Should().Be(TimeSpan.FromMicroseconds(7));
        options.SharedMemorySpinTime = null;
        options.SharedMemorySpinTime.Should().BeNull();

        Action negative = () => options.SharedMemorySpinTime = TimeSpan.FromTicks(-1);
        Action tooLong = () => options.SharedMemorySpinTime = TimeSpan.FromSeconds(2);
        negative.Should().Throw<ArgumentOutOfRangeException>();
        tooLong.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(false)]
    [InlineData(true)]
    public async Task SharedMemoryChannel_WithTheDefaultSpin_SpinsAsDocumentedForThisMachine(bool callingThread)
    {
        IpcChannelOptions? options = callingThread ? new IpcChannelOptions { ReceiveOnCallingThread = true } : null;
        (IpcChannel client, IpcChannel serverSide, IpcServer server) = await OpenAsync(IpcTransport.SharedMemory, options);
        await using (server)
        await using (client)
        await using (serverSide)
        {
            int cores = Environment.ProcessorCount;
            TimeSpan documented = cores >= 2 ? TimeSpan.FromMicroseconds(50) : TimeSpan.Zero; // the spinning thread is the waiting caller either way
            client.Options.SharedMemorySpinTime.Should().Be(documented, $"this machine has {cores} cores");
            serverSide.Options.SharedMemorySpinTime.Should().Be(documented);
            client.Options.ReceiveOnCallingThread.Should().Be(callingThread);

            // The channel works with it.
            await client.SendAsync(new Ping { Id = 3 });
            ((Ping)(await serverSide.ReceiveAsync().AsTask().WaitAsync(Timeout))!).Id.Should().Be(3);
        }
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task SharedMemoryChannel_KeepsASpinThatWasSet()
    {
        var options = new IpcChannelOptions { SharedMemorySpinTime = TimeSpan.FromMicroseconds(7) };
        (IpcChannel client, IpcChannel serverSide, IpcServer server) = await OpenAsync(IpcTransport.SharedMemory, options);
        await using (server)
        await using (client)
        await using (serverSide)
        {
            client.Options.SharedMemorySpinTime.Should().Be(TimeSpan.FromMicroseconds(7));
            client.Options.Should().NotBeSameAs(options, "the channel hands out a copy");
        }
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task SocketChannel_DoesNotSpin()
    {
        (IpcChannel client, IpcChannel serverSide, IpcServer server) = await OpenAsync(IpcTransport.UnixSocket, options: null);
        await using (server)
        await using (client)
        await using (serverSide)
        {
            client.Options.SharedMemorySpinTime.Should().Be(TimeSpan.Zero);
            client.Options.ReceiveOnCallingThread.Should().BeFalse();
        }
    }

    // The safe semantics of the default strategy: the end of the channel is seen although nobody reads
    // (receiving on the calling thread would see it only at the next read).
    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket)]
    [InlineData(IpcTransport.SharedMemory)]
    public async Task DefaultChannel_SeesThePeerClose_WithoutAnyoneReading(IpcTransport transport)
    {
        (IpcChannel client, IpcChannel serverSide, IpcServer server) = await OpenAsync(transport, options: null);
        await using (server)
        await using (serverSide)
        {
            await client.SendAsync(new Ping { Id = 1 });
            await client.DisposeAsync();
            await serverSide.Completion.WaitAsync(Timeout);
            serverSide.Completion.IsCompletedSuccessfully.Should().BeTrue("the peer closed the channel normally");
        }
    }

    [Theory]
    [InlineData(false, 1, 0)]
    [InlineData(false, 2, 50)]
    [InlineData(false, 3, 50)]
    [InlineData(false, 64, 50)]
    [InlineData(true, 1, 0)]
    [InlineData(true, 2, 50)]
    [InlineData(true, 16, 50)]
    public void AutomaticSpin_DependsOnTheCores_NotOnTheReceiveStrategy(bool callingThread, int cores, int microseconds)
    {
        var options = new IpcChannelOptions { ReceiveOnCallingThread = callingThread };
        options.Resolve(sharedMemory: true, cores).SharedMemorySpinTime.Should().Be(TimeSpan.FromMicroseconds(microseconds));
        options.Resolve(sharedMemory: false, cores).SharedMemorySpinTime.Should().Be(TimeSpan.Zero, "only shared memory spins");
        options.SharedMemorySpinTime.Should().BeNull("resolving makes a copy");
    }

    private static async Task<(IpcChannel Client, IpcChannel ServerSide, IpcServer Server)> OpenAsync(IpcTransport transport, IpcChannelOptions? options)
    {
        string name = Names.Unique("defaults");
        IpcServer server = IpcServer.Listen(name, Registry.Create(), transport, options);
        Task<IpcChannel> accept = server.AcceptAsync();
        IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), transport, options).WaitAsync(Timeout);
        return (client, await accept.WaitAsync(Timeout), server);
    }
}
