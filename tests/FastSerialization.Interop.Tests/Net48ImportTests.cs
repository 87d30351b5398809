using System;
using System.IO;
using System.Threading.Tasks;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Interop.Tests;

/// <summary>
/// The importer of BinaryFormatter payloads on .NET Framework 4.8 (Mono): the net48 program imports the payload of an
/// order that the real BinaryFormatter wrote, with only the binders the generator wrote for that program.
/// </summary>
public sealed class Net48ImportTests
{
    [Fact]
    public async Task Net48Program_ImportsABinaryFormatterPayload_WithGeneratedBinders()
    {
        string payload = Path.Combine(AppContext.BaseDirectory, "Golden", "order.bin");
        File.Exists(payload).Should().BeTrue("the importer's golden file is copied with the tests");

        using var program = new Net48Program("import", payload, 1);
        string output = await program.WaitForSuccessAsync();

        output.Should().Contain("runtime: Mono").And.Contain("imported the BinaryFormatter order with generated binders");
    }
}
