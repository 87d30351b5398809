using System.Linq;
using System.Runtime.Versioning;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests;

/// <summary>Proves which build of the library this test assembly runs against.</summary>
public class BuildUnderTestTests
{
    [Fact]
    public void TheLibraryUnderTest_IsTheExpectedBuild()
    {
        string? framework = typeof(CustomBinaryFormatter).Assembly
            .GetCustomAttributes(typeof(TargetFrameworkAttribute), inherit: false)
            .OfType<TargetFrameworkAttribute>()
            .Single()
            .FrameworkName;
#if FS_NETSTANDARD_BUILD
        framework.Should().Be(".NETStandard,Version=v2.0");
#else
        framework.Should().Be(".NETCoreApp,Version=v10.0");
#endif
    }
}
