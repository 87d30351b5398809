using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests;

public class SmokeTests
{
    [Fact]
    public void Customer_RoundTrips_In38Bytes()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        byte[] bytes = formatter.SerializeToArray(new Customer("Smith", "John", "1 Main Street", 35, 7));
        bytes.Should().HaveCount(38);
        var back = formatter.Deserialize<Customer>(bytes);
        back.Should().BeEquivalentTo(new Customer("Smith", "John", "1 Main Street", 35, 7));
    }
}
