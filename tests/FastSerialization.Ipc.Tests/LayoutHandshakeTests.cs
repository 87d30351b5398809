using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading.Tasks;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// The member-layout part of the handshake (docs/FORMAT.md section 8), with two builds of one contract
/// type, compiled in memory and loaded side by side as two processes would have them.
/// </summary>
public class LayoutHandshakeTests
{
    private const string Contract = """
        namespace Contracts
        {
            [FastSerialization.BinaryLayout("LAYOUT")]
            public sealed class Quote : FastSerialization.ICustomBinarySerializable
            {
                public void WriteDataTo(ref FastSerialization.FastBinaryWriter writer) { }
                public void SetDataFrom(ref FastSerialization.FastBinaryReader reader) { }
            }
        }
        """;

    private static CustomBinaryFormatter FormatterWithQuote(string layout)
    {
        CSharpCompilation compilation = CSharpCompilation.Create(
            "Contracts" + Guid.NewGuid().ToString("N"),
            new[] { CSharpSyntaxTree.ParseText(Contract.Replace("LAYOUT", layout, StringComparison.Ordinal)) },
            new[]
            {
                MetadataReference.CreateFromFile(typeof(object).Assembly.Location),
                MetadataReference.CreateFromFile(Path.Combine(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "System.Runtime.dll")),
                // The netstandard2.0 build of the core (FastSerialization.Ipc.Tests.NetStandard) names its types through this facade.
                MetadataReference.CreateFromFile(Path.Combine(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "netstandard.dll")),
                MetadataReference.CreateFromFile(typeof(CustomBinaryFormatter).Assembly.Location),
            },
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        using var image = new MemoryStream();
        var emitted = compilation.Emit(image);
        emitted.Success.Should().BeTrue(string.Join("\n", emitted.Diagnostics));
        image.Position = 0;
        Assembly assembly = new AssemblyLoadContext(null, isCollectible: true).LoadFromStream(image);
        Type quote = assembly.GetType("Contracts.Quote")!;

        var formatter = new CustomBinaryFormatter();
        typeof(CustomBinaryFormatter).GetMethods()
            .Single(m => m.Name == nameof(CustomBinaryFormatter.Register) && m.GetParameters().Length == 1)
            .MakeGenericMethod(quote)
            .Invoke(formatter, new object[] { 1 });
        return formatter;
    }

    private static async Task<Exception?> HandshakeAsync(CustomBinaryFormatter a, CustomBinaryFormatter b)
    {
        var pipes = DuplexPipes.Create();
        Task<IpcChannel> openA = IpcChannel.CreateAsync(pipes.AReader, pipes.AWriter, a);
        Task<IpcChannel> openB = IpcChannel.CreateAsync(pipes.BReader, pipes.BWriter, b);
        try
        {
            await using IpcChannel channelA = await openA;
            await using IpcChannel channelB = await openB;
            return null;
        }
        catch (IpcHandshakeException ex)
        {
            try
            {
                await openB;
            }
            catch (IpcHandshakeException)
            {
                return ex; // both sides failed
            }

            throw new InvalidOperationException("only one side failed the handshake", ex);
        }
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AppendedMembers_AreCompatible()
    {
        (await HandshakeAsync(FormatterWithQuote("String;Int32"), FormatterWithQuote("String;Int32;Double"))).Should().BeNull();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AChangedMember_IsAMismatch_NamingTheIdTheTypeAndThePosition()
    {
        Exception? failure = await HandshakeAsync(FormatterWithQuote("String;Int32;Double"), FormatterWithQuote("String;Double"));
        failure.Should().BeOfType<IpcHandshakeException>().Which.TypeId.Should().Be(1);
        failure!.Message.Should().Contain("type id 1").And.Contain("Contracts.Quote").And.Contain("member 1").And.Contain("Int32").And.Contain("Double");
    }

    [Fact]
    public void GeneratedTypes_DescribeTheirLayout()
    {
        var layout = typeof(TestChild.Trade).GetCustomAttribute<BinaryLayoutAttribute>();
        layout.Should().NotBeNull();
        layout!.GetMembers().Should().Equal("VarInt64", "Double", "Double", "String", "VarInt32"); // the encoding is named (docs/FORMAT.md section 3a)
    }
}
