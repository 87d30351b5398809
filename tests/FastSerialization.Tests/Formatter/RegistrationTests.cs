using System;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

public class RegistrationTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    [InlineData(int.MinValue)]
    public void Register_IdOutOfRange_Throws(int id)
    {
        var formatter = new CustomBinaryFormatter();
        Action act = () => formatter.Register<Customer>(id);
        act.Should().Throw<ArgumentOutOfRangeException>().WithMessage($"*{id}*Customer*");
    }

    [Fact]
    public void Register_LargestId_Works()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(int.MaxValue);
        formatter.Deserialize<Customer>(formatter.SerializeToArray(new Customer("a", "b", "c", 1, 2))).LastName.Should().Be("a");
    }

    [Fact]
    public void Register_DuplicateId_ThrowsNamingBothTypes()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        Action act = () => formatter.Register<PersonV1>(1);
        act.Should().Throw<ArgumentException>().WithMessage("*id 1*Customer*PersonV1*");
    }

    [Fact]
    public void Register_SameTypeTwice_ThrowsNamingBothIds()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        Action act = () => formatter.Register<Customer>(2);
        act.Should().Throw<ArgumentException>().WithMessage("*Customer*id 1*id 2*");
    }

    [Fact]
    public void Register_AbstractType_Throws()
    {
        var formatter = new CustomBinaryFormatter();
        Action act = () => formatter.Register<Shape>(1);
        act.Should().Throw<ArgumentException>().WithMessage("*abstract*");
    }

    [Fact]
    public void Register_NullFactory_Throws()
    {
        var formatter = new CustomBinaryFormatter();
        Action act = () => formatter.Register<Quote>(1, null!);
        act.Should().Throw<ArgumentNullException>().WithParameterName("factory");
    }

    [Fact]
    public void Register_AfterFirstUse_Throws()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        formatter.SerializeToArray(new Customer());
        formatter.IsFrozen.Should().BeTrue();
        Action act = () => formatter.Register<PersonV1>(2);
        act.Should().Throw<InvalidOperationException>().WithMessage("*PersonV1*already been used or frozen*");
    }

    [Fact]
    public void Register_AfterFirstRead_Throws()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        Action read = () => formatter.Deserialize(new byte[] { 1, 0, 0, 0, 1 });
        read.Should().Throw<FastSerializationException>();
        Action act = () => formatter.Register<PersonV1>(2);
        act.Should().Throw<InvalidOperationException>();
    }

    [Fact]
    public void Register_AfterFreeze_Throws()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Freeze();
        formatter.Freeze();
        Action act = () => formatter.Register<Customer>(1);
        act.Should().Throw<InvalidOperationException>();
    }

    [Fact]
    public void Serialize_UnregisteredType_Throws()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        Action act = () => formatter.SerializeToArray(new PersonV1());
        act.Should().Throw<FastSerializationException>().WithMessage("*PersonV1 is not registered*call Register<PersonV1>(id)*");
    }

    [Fact]
    public void NestedTypes_AreNamedAsCSharpWritesThem()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);

        Action nested = () => formatter.SerializeToArray(new Outer.Inner());
        nested.Should().Throw<FastSerializationException>().WithMessage("*Formatter.RegistrationTests.Outer.Inner is not registered*call Register<RegistrationTests.Outer.Inner>(id)*");

        Action inGeneric = () => formatter.SerializeToArray(new Outer<int>.Item<string>());
        inGeneric.Should().Throw<FastSerializationException>().WithMessage("*RegistrationTests.Outer<Int32>.Item<String> cannot be written as a record*");
    }

    public static class Outer
    {
        public sealed class Inner : ICustomBinarySerializable
        {
            public void WriteDataTo(ref FastBinaryWriter writer)
            {
            }

            public void SetDataFrom(ref FastBinaryReader reader)
            {
            }
        }
    }

    public static class Outer<T>
    {
        public sealed class Item<TValue>
        {
        }
    }

    [Fact]
    public void Register_TheSameTypeWithTheSameIdTwice_SaysSo()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        Action again = () => formatter.Register<Customer>(1);
        again.Should().Throw<ArgumentException>().WithMessage("*Customer is already registered with type id 1; register each type once.*");
    }

    /// <summary>
    /// A type that cannot be registered at all (a list, a string, an array) is told so, in C#'s spelling of its name,
    /// rather than advised to call a Register&lt;T&gt; that would not compile.
    /// </summary>
    [Theory]
    [InlineData(typeof(System.Collections.Generic.List<Customer>), "System.Collections.Generic.List<Customer>")]
    [InlineData(typeof(System.Collections.Generic.Dictionary<string, int[]>), "System.Collections.Generic.Dictionary<String, Int32[]>")]
    [InlineData(typeof(Customer[]), "Customer[]")]
    [InlineData(typeof(string), "System.String")]
    public void Serialize_ATypeThatCannotBeARecord_SaysWhatCanBe(Type type, string name)
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        object value = type == typeof(string) ? "text" : Activator.CreateInstance(type, type.IsArray ? new object[] { 1 } : Array.Empty<object>())!;
        Action act = () => formatter.SerializeToArray(value);
        var message = act.Should().Throw<FastSerializationException>().Which.Message;
        message.Should().Contain(name + " cannot be written as a record").And.Contain("ICustomBinarySerializable").And.Contain("[BinarySerializable]");
        message.Should().NotContain("`").And.NotContain("Register<");
    }

    [Fact]
    public void Serialize_Null_Throws()
    {
        var formatter = new CustomBinaryFormatter();
        Action act = () => formatter.SerializeToArray(null!);
        act.Should().Throw<ArgumentNullException>();
    }

    [Fact]
    public void Deserialize_UsesTheFactory()
    {
        var formatter = new CustomBinaryFormatter();
        int calls = 0;
        formatter.Register(1, () =>
        {
            calls++;
            return new Quote("placeholder");
        });
        byte[] record = formatter.SerializeToArray(new Quote("MSFT") { Bid = 1.5m });
        Quote quote = formatter.Deserialize<Quote>(record);
        calls.Should().Be(1);
        quote.CreatedByConstructor.Should().BeTrue();
        quote.Symbol.Should().Be("MSFT");
        quote.Bid.Should().Be(1.5m);
    }

    [Fact]
    public void Deserialize_TypeWithoutParameterlessConstructor_IsCreatedUninitialized()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Quote>(1);
        Quote quote = formatter.Deserialize<Quote>(formatter.SerializeToArray(new Quote("MSFT") { Bid = 2m }));
        quote.CreatedByConstructor.Should().BeFalse("no constructor runs for a type without a parameterless one");
        quote.Symbol.Should().Be("MSFT");
    }

    [Fact]
    public void Deserialize_TypeWithParameterlessConstructor_RunsIt()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<PersonV2>(1);
        byte[] v1Payload = { 2, 0, 0, 0, 1, 0 }; // a PersonV2 record whose name is null and has no Age
        formatter.Deserialize<PersonV2>(v1Payload).Age.Should().Be(-1, "the constructor's initializer ran");
    }

    [Fact]
    public void Deserialize_FactoryReturningNull_Throws()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Quote>(1, () => null!);
        Action act = () => formatter.Deserialize(new byte[] { 3, 0, 0, 0, 1, 0, 0 });
        act.Should().Throw<FastSerializationException>().WithInnerException<InvalidOperationException>().WithMessage("*returned null*");
    }

    [Fact]
    public void Deserialize_GenericOfTheWrongType_Throws()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        byte[] record = formatter.SerializeToArray(new Customer());
        Action act = () => formatter.Deserialize<PersonV1>(record);
        act.Should().Throw<FastSerializationException>().WithMessage("*holds an instance of*Customer, not of*PersonV1, the type asked for*");
    }

    [Fact]
    public void RegisteredTypes_AndTryGetTypeId_DescribeTheRegistry()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(7);
        formatter.Register<Tick>(3);
        formatter.RegisteredTypes.Should().Equal(new System.Collections.Generic.KeyValuePair<int, Type>[] { new(3, typeof(Tick)), new(7, typeof(Customer)) });
        formatter.TryGetTypeId(typeof(Customer), out int id).Should().BeTrue();
        id.Should().Be(7);
        formatter.TryGetTypeId(typeof(PersonV1), out _).Should().BeFalse();
    }

    [Fact]
    public void Options_AreCopied_AndValidated()
    {
        var options = new CustomBinaryFormatterOptions { MaxRecordLength = 100 };
        var formatter = new CustomBinaryFormatter(options);
        options.MaxRecordLength = 5;
        formatter.Options.MaxRecordLength.Should().Be(100);
        formatter.Options.MaxRecordLength = 7;
        formatter.Options.MaxRecordLength.Should().Be(100, "Options hands out copies: the formatter's limits never change");
        Action zero = () => options.MaxRecordLength = 0;
        zero.Should().Throw<ArgumentOutOfRangeException>();
        Action tooBig = () => options.MaxRecordLength = int.MaxValue;
        tooBig.Should().Throw<ArgumentOutOfRangeException>();
        Action depth = () => options.MaxDepth = 0;
        depth.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Fact]
    public void Serialize_RecordOverTheLimit_ThrowsAndWritesNothing()
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxRecordLength = 10 });
        formatter.Register<Blob>(1);
        var output = new System.Buffers.ArrayBufferWriter<byte>();
        Action act = () => formatter.Serialize(output, new Blob { Data = new byte[20] });
        act.Should().Throw<FastSerializationException>().WithMessage("*limit of 10*");
        output.WrittenCount.Should().Be(0);
    }

    [Fact]
    public void NestedObjects_AreMadeByTheirRegisteredFactory_AndStructConstructorsStillRun()
    {
        var formatter = new CustomBinaryFormatter();
        int calls = 0;
        formatter.Register<QuoteHolder>(1);
        formatter.Register(2, () =>
        {
            calls++;
            return new Quote("placeholder");
        });
        var holder = new QuoteHolder { Quote = new Quote("MSFT") { Bid = 3m }, Counter = new Counted { Value = 5 } };

        QuoteHolder read = formatter.Deserialize<QuoteHolder>(formatter.SerializeToArray(holder));

        calls.Should().Be(1, "the nested Quote is made by the factory registered for its type");
        read.Quote!.CreatedByConstructor.Should().BeTrue();
        read.Quote.Symbol.Should().Be("MSFT");
        read.Counter.Value.Should().Be(5);
        read.Counter.Marker.Should().Be(7, "a struct's own parameterless constructor runs before its payload is read");
    }

    /// <summary>A struct with a parameterless constructor of its own: not a plain default value.</summary>
    private struct Counted : ICustomBinarySerializable
    {
        public Counted()
        {
            Marker = 7;
        }

        public int Marker { get; private set; }

        public int Value { get; set; }

        public readonly void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Value);

        public void SetDataFrom(ref FastBinaryReader reader) => Value = reader.ReadInt32();
    }

    private sealed class QuoteHolder : ICustomBinarySerializable
    {
        public Quote? Quote { get; set; }

        public Counted Counter { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteObject(Quote);
            writer.WriteObject(Counter);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            Quote = reader.ReadObject<Quote>();
            Counter = reader.ReadObject<Counted>();
        }
    }
}
