using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

/// <summary>
/// The path every record takes besides its payload (benchmarks/results/per-record-cost.md): the registration found by
/// the value's runtime type in the formatter's own registry, the record read through the registration's kept plan.
/// </summary>
public class PerRecordPathTests
{
    private static readonly int Threads = Math.Max(4, Environment.ProcessorCount * 2);

    /// <summary>Two formatters give Customer and Tick different ids; Quote is registered in the first only.</summary>
    private static (CustomBinaryFormatter First, CustomBinaryFormatter Second) TwoFormatters()
    {
        var first = new CustomBinaryFormatter();
        first.Register<Customer>(1);
        first.Register<Tick>(2);
        first.Register<Quote>(3, () => new Quote("from the factory"));
        var second = new CustomBinaryFormatter();
        second.Register<Tick>(7);
        second.Register<Customer>(9);
        return (first, second);
    }

    /// <summary>
    /// Writes through every overload that looks a registration up by the value (typed, as object, as an interface) with each
    /// formatter in turn and checks the id each record carries: its own formatter's.
    /// </summary>
    private static void WriteEveryWay(CustomBinaryFormatter formatter, int customerId, int tickId, int round, ArrayBufferWriter<byte> output, Span<byte> span)
    {
        var customer = new Customer("Last", "First", "Street", round, 7);
        var tick = new Tick { Time = round, Price = 1.5, Size = 3 };

        output.Clear();
        formatter.Serialize(output, customer);
        output.WrittenSpan[4].Should().Be((byte)customerId);
        formatter.Deserialize<Customer>(output.WrittenSpan).Age.Should().Be(round);

        output.Clear();
        formatter.Serialize<object>(output, customer);
        output.WrittenSpan[4].Should().Be((byte)customerId);
        ((Customer)formatter.Deserialize(output.WrittenSpan)).Age.Should().Be(round);

        output.Clear();
        formatter.Serialize<ICustomBinarySerializable>(output, tick);
        output.WrittenSpan[4].Should().Be((byte)tickId);
        formatter.Deserialize<Tick>(output.WrittenSpan).Time.Should().Be(round);

        formatter.TrySerialize(tick, span, out int written).Should().BeTrue();
        span[4].Should().Be((byte)tickId);
        ((Tick)formatter.Deserialize(span.Slice(0, written))).Time.Should().Be(round);

        byte[] array = formatter.SerializeToArray(customer);
        array[4].Should().Be((byte)customerId);
    }

    [Fact]
    public void TwoFormattersGivingATypeDifferentIds_UsedInTurnOnOneThread_EachWritesAndReadsItsOwn()
    {
        (CustomBinaryFormatter first, CustomBinaryFormatter second) = TwoFormatters();
        var output = new ArrayBufferWriter<byte>();
        byte[] span = new byte[256];
        for (int round = 0; round < 50; round++)
        {
            WriteEveryWay(first, 1, 2, round, output, span);
            WriteEveryWay(second, 9, 7, round, output, span);
        }

        // A type registered in one formatter only: the other refuses to write it and does not know its id.
        var quote = new Quote("Q") { Bid = 2.5m };
        byte[] quoteRecord = first.SerializeToArray(quote);
        first.Deserialize<Quote>(quoteRecord).Symbol.Should().Be("Q");
        FluentActions.Invoking(() => second.SerializeToArray(quote)).Should().Throw<FastSerializationException>().WithMessage("*Quote*not registered*");
        FluentActions.Invoking(() => second.Serialize<object>(new ArrayBufferWriter<byte>(), quote)).Should().Throw<FastSerializationException>().WithMessage("*Quote*not registered*");
        FluentActions.Invoking(() => second.Deserialize(quoteRecord)).Should().Throw<FastSerializationException>().WithMessage("*type id 3*not registered*");
        first.TryGetTypeId(typeof(Quote), out int id).Should().BeTrue();
        id.Should().Be(3);
        second.TryGetTypeId(typeof(Quote), out _).Should().BeFalse();
        second.TryGetTypeId(typeof(Customer), out id).Should().BeTrue();
        id.Should().Be(9);
    }

    /// <summary>
    /// The public lookup keeps comparing types as a dictionary of types does: a type that only stands for a registered one
    /// (a TypeDelegator, whose handle is the wrapped type's) is not it. The records' own lookups use the table by handle.
    /// </summary>
    [Fact]
    public void TryGetTypeId_OfATypeThatOnlyWrapsARegisteredOne_IsFalse()
    {
        (CustomBinaryFormatter first, _) = TwoFormatters();
        first.TryGetTypeId(new System.Reflection.TypeDelegator(typeof(Customer)), out int id).Should().BeFalse();
        id.Should().Be(0);
        first.TryGetTypeId(typeof(Customer), out id).Should().BeTrue();
        id.Should().Be(1);
    }

    [Fact]
    public void TwoFormattersGivingATypeDifferentIds_UsedInTurnFromManyThreads_EachWritesAndReadsItsOwn()
    {
        (CustomBinaryFormatter first, CustomBinaryFormatter second) = TwoFormatters();
        var failures = new ConcurrentQueue<string>();
        Parallel.For(0, Threads, new ParallelOptions { MaxDegreeOfParallelism = Threads }, t =>
        {
            var output = new ArrayBufferWriter<byte>();
            byte[] span = new byte[256];
            try
            {
                for (int round = 0; round < 300; round++)
                {
                    if ((round + t) % 2 == 0)
                    {
                        WriteEveryWay(first, 1, 2, round, output, span);
                    }
                    else
                    {
                        WriteEveryWay(second, 9, 7, round, output, span);
                    }
                }
            }
            catch (Exception ex)
            {
                failures.Enqueue(ex.Message);
            }
        });
        failures.Should().BeEmpty();
    }

    /// <summary>
    /// The class remarks promise that steady use allocates nothing but the objects read; with two formatters that share a
    /// type used in turn, the per-type cache of the last registry used was replaced, with a new entry, at every switch.
    /// </summary>
    [Fact]
    public void TwoFormattersUsedInTurn_WriteWithoutAllocating()
    {
        (CustomBinaryFormatter first, CustomBinaryFormatter second) = TwoFormatters();
        var customer = new Customer("Last", "First", "Street", 1, 2);
        var tick = new Tick { Time = 1, Price = 2, Size = 3 };
        var output = new ArrayBufferWriter<byte>(4096);
        byte[] span = new byte[256];
        void Round()
        {
            output.Clear();
            first.Serialize(output, customer);
            second.Serialize(output, customer);
            first.Serialize(output, tick);
            second.Serialize(output, tick);
            first.Serialize<object>(output, customer);
            second.Serialize<object>(output, customer);
            first.TrySerialize(tick, span, out _);
            second.TrySerialize(tick, span, out _);
        }

        for (int i = 0; i < 100; i++)
        {
            Round(); // past the first uses and the JIT's tiers
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1_000; i++)
        {
            Round();
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0);
    }

    /// <summary>
    /// Every kind of registration read through the untyped API, in one mixed stream of records: a plain class, a struct, a class
    /// made by its registered factory, a tracked class, a tracked class built through its constructor. Each one comes back as
    /// its own type with its values, whichever came before it.
    /// </summary>
    [Fact]
    public void UntypedReads_OfEveryKindOfRegistration_InAMixedStream_DispatchToEachType()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        formatter.Register<Tick>(2);
        formatter.Register<Quote>(3, () => new Quote("from the factory"));
        formatter.Register<GraphPerson>(4);
        formatter.Register<FrozenLink>(5);
        formatter.Register<TickHolder>(200); // a two-byte type id

        var ann = new GraphPerson { Name = "Ann" };
        ann.Friend = ann;
        object[] values =
        {
            new Customer("L", "F", "A", 41, 7),
            new Tick { Time = 5, Price = 1.25, Size = 9 },
            new Quote("Q") { Bid = 3.5m },
            ann,
            new FrozenLink("a", new FrozenLink("b", null)),
            new TickHolder { Tick = new Tick { Time = 8 } },
        };
        var stream = new ArrayBufferWriter<byte>();
        for (int round = 0; round < 20; round++)
        {
            foreach (object value in values.Skip(round % values.Length).Concat(values.Take(round % values.Length)))
            {
                formatter.Serialize(stream, value);
            }
        }

        ReadOnlySpan<byte> data = stream.WrittenSpan;
        int count = 0;
        while (!data.IsEmpty)
        {
            object read = formatter.Deserialize(data, out int consumed);
            data = data.Slice(consumed);
            count++;
            switch (read)
            {
                case Customer c:
                    c.Age.Should().Be(41);
                    break;
                case Tick t:
                    t.Size.Should().Be(9);
                    break;
                case Quote q:
                    q.Symbol.Should().Be("Q");
                    q.Bid.Should().Be(3.5m);
                    q.CreatedByConstructor.Should().BeTrue("the registered factory made it");
                    break;
                case GraphPerson p:
                    p.Name.Should().Be("Ann");
                    p.Friend.Should().BeSameAs(p);
                    break;
                case FrozenLink l:
                    l.Name.Should().Be("a");
                    l.Next!.Name.Should().Be("b");
                    break;
                case TickHolder h:
                    h.Tick.Time.Should().Be(8);
                    break;
                default:
                    throw new InvalidOperationException($"unexpected {read.GetType()}");
            }
        }

        count.Should().Be(20 * values.Length);
    }

    /// <summary>Records that lie about themselves still get the documented exception after the first good records made the path hot.</summary>
    [Fact]
    public void HostileRecords_AfterGoodOnes_StillGetTheDocumentedExceptions()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        formatter.Register<Tick>(2);
        byte[] good = formatter.SerializeToArray(new Customer("L", "F", "A", 1, 2));
        for (int i = 0; i < 100; i++)
        {
            formatter.Deserialize<Customer>(good).Age.Should().Be(1);
        }

        byte[] wrongId = (byte[])good.Clone();
        wrongId[4] = 99;
        FluentActions.Invoking(() => formatter.Deserialize(wrongId)).Should().Throw<FastSerializationException>().WithMessage("*type id 99*not registered*");

        byte[] otherType = (byte[])good.Clone();
        otherType[4] = 2; // a Tick's id over a Customer's payload: read as a Tick, it leaves bytes or runs short
        FluentActions.Invoking(() => formatter.Deserialize<Customer>(otherType)).Should().Throw<FastSerializationException>();

        FluentActions.Invoking(() => formatter.Deserialize(good.AsSpan(0, good.Length - 1))).Should().Throw<FastSerializationException>().WithMessage("*Truncated*");

        byte[] longer = (byte[])good.Clone();
        longer[0] = (byte)(longer[0] + 1); // the length says one byte more than the data holds
        FluentActions.Invoking(() => formatter.Deserialize(longer)).Should().Throw<FastSerializationException>();

        byte[] tick = formatter.SerializeToArray(new Tick { Time = 1 });
        FluentActions.Invoking(() => formatter.Deserialize<Customer>(tick)).Should().Throw<FastSerializationException>().WithMessage("*Tick*not of*Customer*");
    }

    /// <summary>Nested objects made by a registered factory: each formatter's own factory, used in turn (the registry's lookup by type of the nested object).</summary>
    [Fact]
    public void NestedObjects_MadeByEachFormattersOwnFactory_WhenUsedInTurn()
    {
        var marked = new CustomBinaryFormatter();
        marked.Register<FactoryMadeHolder>(1);
        marked.Register<FactoryMade>(2, () => new FactoryMade { FromFactory = true });
        var plain = new CustomBinaryFormatter();
        plain.Register<FactoryMadeHolder>(1);
        plain.Register<FactoryMade>(2);
        plain.Register<Customer>(3, () => new Customer()); // a factory for another type: the nested one is made the default way
        byte[] record = marked.SerializeToArray(new FactoryMadeHolder { Inner = new FactoryMade { Value = 4 } });
        for (int i = 0; i < 20; i++)
        {
            FactoryMadeHolder fromMarked = marked.Deserialize<FactoryMadeHolder>(record);
            fromMarked.Inner!.FromFactory.Should().BeTrue();
            fromMarked.Inner.Value.Should().Be(4);
            FactoryMadeHolder fromPlain = plain.Deserialize<FactoryMadeHolder>(record);
            fromPlain.Inner!.FromFactory.Should().BeFalse();
            fromPlain.Inner.Value.Should().Be(4);
        }
    }
}
