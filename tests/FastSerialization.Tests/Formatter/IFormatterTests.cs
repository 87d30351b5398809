#pragma warning disable SYSLIB0011 // IFormatter is obsolete: these tests prove old code that holds one keeps working.
#pragma warning disable SYSLIB0050
using System;
using System.IO;
using System.Runtime.Serialization;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

public class IFormatterTests
{
    private static IFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        return formatter;
    }

    [Fact]
    public void IFormatter_SerializeAndDeserialize_RoundTrip()
    {
        IFormatter formatter = NewFormatter();
        var stream = new MemoryStream();
        formatter.Serialize(stream, new Customer("Smith", "John", "1 Main Street", 35, 7));
        formatter.Serialize(stream, new Customer("Doe", "Jane", "2 Side Road", 41, 8));
        stream.Position = 0;
        ((Customer)formatter.Deserialize(stream)).LastName.Should().Be("Smith");
        ((Customer)formatter.Deserialize(stream)).LastName.Should().Be("Doe");
        Action end = () => formatter.Deserialize(stream);
        end.Should().Throw<SerializationException>().WithMessage("End of stream*");
    }

    [Fact]
    public void Binder_CannotBeSet()
    {
        IFormatter formatter = NewFormatter();
        formatter.Binder.Should().BeNull();
        formatter.Binder = null;
        Action act = () => formatter.Binder = new AnyBinder();
        act.Should().Throw<NotSupportedException>().WithMessage("*Register*");
    }

    [Fact]
    public void SurrogateSelector_CannotBeSet()
    {
        IFormatter formatter = NewFormatter();
        formatter.SurrogateSelector.Should().BeNull();
        Action act = () => formatter.SurrogateSelector = new SurrogateSelector();
        act.Should().Throw<NotSupportedException>();
    }

    [Fact]
    public void Context_KeepsStates_ButRefusesAnObject()
    {
        IFormatter formatter = NewFormatter();
        formatter.Context = new StreamingContext(StreamingContextStates.CrossProcess);
        formatter.Context.State.Should().Be(StreamingContextStates.CrossProcess);
        Action act = () => formatter.Context = new StreamingContext(StreamingContextStates.All, "state");
        act.Should().Throw<NotSupportedException>();
    }

    private sealed class AnyBinder : SerializationBinder
    {
        public override Type? BindToType(string assemblyName, string typeName) => typeof(object);
    }
}
