using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Threading.Tasks;
using FastSerialization.Files;
using FastSerialization.Ipc;
using FluentAssertions;
using Xunit;

namespace FastSerialization.DependencyInjection.Tests;

/// <summary>
/// The three places that compare registries (the IPC handshake, record-file headers, the description the gRPC and
/// cache packages use) name a type alike, since they all take <see cref="RegistryEntry"/> from the core: once the
/// DI copy wrote <c>[]</c> for every array rank where the others wrote <c>[,]</c>.
/// </summary>
public partial class RegistryAgreementTests
{
    // C#'s int[,][] (a two-dimensional array of int[]) is named as the runtime names it: Int32[][,].
    private const string WideName =
        "FastSerialization.DependencyInjection.Tests.RegistryAgreementTests+Holder+Box<System.Collections.Generic.Dictionary<System.String,System.Int32[][,]>[,,]>";

    public static partial class Holder
    {
        [BinarySerializable]
        public sealed partial class Box<T>
        {
            public int A { get; set; }
        }
    }

    [BinarySerializable]
    public sealed partial class Other
    {
        public string? S { get; set; }
    }

    private static CustomBinaryFormatter Wide()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Holder.Box<Dictionary<string, int[,][]>[,,]>>(1);
        return formatter;
    }

    private static CustomBinaryFormatter OtherUnderTheSameId()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Other>(1);
        return formatter;
    }

    [Fact]
    public void TheStableName_NamesNestedTypes_GenericArguments_AndEveryArrayRank()
    {
        RegistryEntry.TypeNameOf(typeof(Holder.Box<Dictionary<string, int[,][]>[,,]>)).Should().Be(WideName);
        RegistryEntry.Describe(Wide().Registry).Should().ContainSingle().Which.TypeName.Should().Be(WideName);
        RegistryDescription.Of(Wide()).Entries.Should().ContainSingle().Which.TypeName.Should().Be(WideName);
    }

    [Fact(Timeout = 60_000)]
    public async Task TheHandshake_TheFileHeader_AndTheDescription_NameTheTypeAlike()
    {
        // IPC: two channels over in-memory pipes whose registries give id 1 to different types.
        var ab = new Pipe();
        var ba = new Pipe();
        Task<IpcChannel> wideSide = IpcChannel.CreateAsync(ba.Reader, ab.Writer, Wide());
        Task<IpcChannel> otherSide = IpcChannel.CreateAsync(ab.Reader, ba.Writer, OtherUnderTheSameId());
        Func<Task> open = () => wideSide.WaitAsync(TimeSpan.FromSeconds(30));
        string ipc = (await open.Should().ThrowAsync<IpcHandshakeException>()).Which.Message;
        await FluentActions.Awaiting(() => otherSide.WaitAsync(TimeSpan.FromSeconds(30))).Should().ThrowAsync<IpcHandshakeException>();

        // Record files: a file written by one registry, opened with the other.
        string path = Path.Combine(Path.GetTempPath(), $"agree-{Guid.NewGuid():N}.fsr");
        string file;
        try
        {
            using (RecordFileWriter writer = RecordFileWriter.Create(path, Wide()))
            {
                writer.Append(new Holder.Box<Dictionary<string, int[,][]>[,,]> { A = 1 });
            }

            Action read = () => RecordFileReader.Open(path, OtherUnderTheSameId()).Dispose();
            file = read.Should().Throw<RecordFileRegistryMismatchException>().Which.Message;
        }
        finally
        {
            foreach (string leftover in new[] { path, path + ".lock", path + ".fsidx" })
            {
                File.Delete(leftover);
            }
        }

        // The description the gRPC and cache packages compare.
        string description = RegistryDescription.Of(Wide()).FindMismatch(RegistryDescription.Of(OtherUnderTheSameId()), "client", "server")!;

        ipc.Should().Contain($"it stands for {WideName} on this side and for FastSerialization.DependencyInjection.Tests.RegistryAgreementTests+Other on the peer");
        file.Should().Contain($"type id 1 stands for {WideName} in the file");
        description.Should().Contain($"the client registers {WideName}, the server registers");
    }

    [Fact]
    public void ADescriptionWrittenByEarlierBuilds_WithEveryArrayAsBrackets_IsStillAccepted()
    {
        RegistryDescription ours = RegistryDescription.Of(Wide());
        string earlier = ours.Text.Replace("[,]", "[]", StringComparison.Ordinal).Replace("[,,]", "[]", StringComparison.Ordinal);
        earlier.Should().NotBe(ours.Text);

        RegistryDescription.TryParse(earlier, out RegistryDescription? theirs).Should().BeTrue();
        ours.FindMismatch(theirs!, "client", "server").Should().BeNull("an earlier build's name of the same type is accepted");
        ours.IsFingerprintOf(theirs!.Fingerprint).Should().BeTrue("an earlier build's cache entries and calls carry that fingerprint");
        ours.IsFingerprintOf(theirs.FingerprintBytes.Span).Should().BeTrue();
        ours.IsFingerprintOf(RegistryDescription.Of(OtherUnderTheSameId()).Fingerprint).Should().BeFalse();

        RegistryDescription.Of(OtherUnderTheSameId()).FindMismatch(theirs, "client", "server").Should().NotBeNull("another type under the same id is still a mismatch");
    }
}
