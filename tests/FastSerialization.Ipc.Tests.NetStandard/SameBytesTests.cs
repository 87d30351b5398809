using System;
using System.Reflection;
using System.Runtime.Versioning;
using FastSerialization.Tests.Shared;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// The netstandard2.0 build of the package (the one .NET Framework and Mono use) writes the same bytes as the .NET 10
/// build for the base-library types both have (contract section 2b): the record the record-file tests pin on .NET 10.
/// </summary>
public class SameBytesTests
{
    [Fact]
    public void TheTypesEveryBuildHas_WriteThePinnedBytes_OnTheNetStandardBuild()
    {
        typeof(CustomBinaryFormatter).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()!.FrameworkName
            .Should().Be(".NETStandard,Version=v2.0", "this project tests the netstandard2.0 build");
        var formatter = new CustomBinaryFormatter();
        formatter.Register<SameBytesOnEveryBuild>(1);

        byte[] record = formatter.SerializeToArray(SameBytesOnEveryBuild.Sample());

        Convert.ToHexString(record).Should().Be(SameBytesOnEveryBuild.ExpectedRecord);
        formatter.Deserialize<SameBytesOnEveryBuild>(record).Should().BeEquivalentTo(SameBytesOnEveryBuild.Sample());
    }
}
