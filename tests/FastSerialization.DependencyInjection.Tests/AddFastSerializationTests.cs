using System;
using System.Collections.Generic;
using FluentAssertions;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace FastSerialization.DependencyInjection.Tests;

[BinarySerializable]
public sealed partial class Customer
{
    public string? Name { get; set; }

    public int Age { get; set; }
}

[BinarySerializable]
public sealed partial class Order
{
    public long Id { get; set; }
}

public sealed class AddFastSerializationTests
{
    private static IConfiguration Config(params (string Key, string Value)[] values)
    {
        var dict = new Dictionary<string, string?>();
        foreach ((string key, string value) in values)
        {
            dict["FastSerialization:" + key] = value;
        }

        return new ConfigurationBuilder().AddInMemoryCollection(dict).Build().GetSection("FastSerialization");
    }

    [Fact]
    public void TheContainerHasOneFrozenFormatter_WithTheRegisteredTypes()
    {
        using ServiceProvider sp = new ServiceCollection()
            .AddFastSerialization(b => b.Register<Customer>(1).Register<Order>(7))
            .BuildServiceProvider();

        var formatter = sp.GetRequiredService<CustomBinaryFormatter>();

        formatter.Should().BeSameAs(sp.GetRequiredService<CustomBinaryFormatter>());
        formatter.IsFrozen.Should().BeTrue();
        formatter.RegisteredTypes.Should().BeEquivalentTo(new Dictionary<int, Type> { [1] = typeof(Customer), [7] = typeof(Order) });
        formatter.Deserialize<Customer>(formatter.SerializeToArray(new Customer { Name = "Ann", Age = 40 })).Name.Should().Be("Ann");
    }

    [Fact]
    public void OptionsComeFromConfiguration_ThenFromConfigure()
    {
        IConfiguration config = Config(("MaxRecordLength", "4096"), ("MaxDepth", "9"), ("RejectUnreadBytes", "true"));
        using ServiceProvider sp = new ServiceCollection()
            .AddFastSerialization(config, b => b.Register<Customer>(1).Configure(o => o.MaxDepth = 12))
            .BuildServiceProvider();

        CustomBinaryFormatterOptions options = sp.GetRequiredService<CustomBinaryFormatter>().Options;

        options.MaxRecordLength.Should().Be(4096);
        options.MaxDepth.Should().Be(12);
        options.RejectUnreadBytes.Should().BeTrue();
    }

    [Fact]
    public void TheConfiguredLimit_IsTheOneTheFormatterEnforces()
    {
        using ServiceProvider sp = new ServiceCollection()
            .AddFastSerialization(Config(("MaxRecordLength", "64")), b => b.Register<Customer>(1))
            .BuildServiceProvider();

        Action act = () => sp.GetRequiredService<CustomBinaryFormatter>().SerializeToArray(new Customer { Name = new string('x', 100) });

        act.Should().Throw<FastSerializationException>();
    }

    [Fact]
    public void AbsentKeys_KeepTheDefaults()
    {
        using ServiceProvider sp = new ServiceCollection()
            .AddFastSerialization(Config(), b => b.Register<Customer>(1))
            .BuildServiceProvider();

        CustomBinaryFormatterOptions options = sp.GetRequiredService<CustomBinaryFormatter>().Options;

        options.MaxRecordLength.Should().Be(CustomBinaryFormatterOptions.DefaultMaxRecordLength);
        options.MaxDepth.Should().Be(CustomBinaryFormatterOptions.DefaultMaxDepth);
        options.RejectUnreadBytes.Should().BeFalse();
    }

    [Theory]
    [InlineData("MaxDepth", "deep", "MaxDepth is 'deep', not an integer")]
    [InlineData("RejectUnreadBytes", "yes", "RejectUnreadBytes is 'yes', not true or false")]
    public void ABadValue_FailsWhenResolved_NamingTheKey(string key, string value, string message)
    {
        using ServiceProvider sp = new ServiceCollection()
            .AddFastSerialization(Config((key, value)), b => b.Register<Customer>(1))
            .BuildServiceProvider();

        Action act = () => sp.GetRequiredService<CustomBinaryFormatter>();

        act.Should().Throw<InvalidOperationException>().WithMessage("*" + message + "*");
    }

    [Fact]
    public void ASecondCall_IsRefused()
    {
        var services = new ServiceCollection().AddFastSerialization(b => b.Register<Customer>(1));

        Action act = () => services.AddFastSerialization(b => b.Register<Order>(2));

        act.Should().Throw<InvalidOperationException>().WithMessage("*already called*");
    }

    [Fact]
    public void ADuplicateId_FailsWhenResolved()
    {
        using ServiceProvider sp = new ServiceCollection()
            .AddFastSerialization(b => b.Register<Customer>(1).Register<Order>(1))
            .BuildServiceProvider();

        Action act = () => sp.GetRequiredService<CustomBinaryFormatter>();

        act.Should().Throw<Exception>();
    }
}
