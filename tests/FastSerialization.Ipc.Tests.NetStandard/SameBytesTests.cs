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

    [Fact]
    public void AnEvolvableFixedLayoutStruct_WritesTheVectorOfTheFormat_OnTheNetStandardBuild()
    {
        typeof(CustomBinaryFormatter).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()!.FrameworkName
            .Should().Be(".NETStandard,Version=v2.0", "this project tests the netstandard2.0 build");
        var formatter = new CustomBinaryFormatter();
        formatter.Register<ReadingLog>(1);

        byte[] record = formatter.SerializeToArray(ReadingLog.Sample());

        Convert.ToHexString(record).Should().Be(ReadingLog.ExpectedRecord, "docs/FORMAT.md section 3c, as the .NET 10 build writes it");
        formatter.Deserialize<ReadingLog>(record).Should().BeEquivalentTo(ReadingLog.Sample());

        // An older writer's elements (16 bytes: Time and Value) read with the appended members at their defaults, here too.
        byte[] older = Convert.FromHexString("2C000000" + "01" + "0210" + "0100000000000000" + "000000000000E03F" + "10" + "0300000000000000" + "0000000000000440");
        older[0] = (byte)(older.Length - 4);
        ReadingLog read = formatter.Deserialize<ReadingLog>(older);
        read.Readings.Should().Equal(new Reading { Time = 1, Value = 0.5 });
        read.Last.Should().Be(new Reading { Time = 3, Value = 2.5 });
    }
}
