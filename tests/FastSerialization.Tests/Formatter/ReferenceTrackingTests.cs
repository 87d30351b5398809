using System;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;
using static FastSerialization.Tests.Support.Bytes;

namespace FastSerialization.Tests.Formatter;

/// <summary>
/// docs/FORMAT.md section 8: reference-tracked types written and read by hand-written code through
/// <see cref="FastBinaryWriter.WriteTrackedObject{T}"/> and <see cref="FastBinaryReader.ReadTrackedObject{T}"/>, through
/// the formatter; byte vectors built by hand.
/// </summary>
public class ReferenceTrackingTests
{
    private static CustomBinaryFormatter NewFormatter(CustomBinaryFormatterOptions? options = null)
    {
        var formatter = new CustomBinaryFormatter(options ?? new CustomBinaryFormatterOptions());
        formatter.Register<GraphPerson>(1);
        formatter.Register<TreeNode>(2);
        formatter.Register<PersonPair>(3);
        formatter.Register<UntrackedPair>(4);
        formatter.Register<Dog>(5);
        formatter.Register<Cat>(6);
        formatter.Register<PetShelter>(7);
        formatter.Register<FrozenLink>(8);
        formatter.Register<FrozenPair>(9);
        formatter.Register<NullMakerPair>(10);
        return formatter;
    }

    private static T RoundTrip<T>(T value)
        where T : notnull => NewFormatter().Deserialize<T>(NewFormatter().SerializeToArray(value));

    [Fact]
    public void SharedObject_ComesBackAsOneInstance()
    {
        var customer = new GraphPerson { Name = "Ada" };
        PersonPair read = RoundTrip(new PersonPair { First = customer, Second = customer });

        read.First!.Name.Should().Be("Ada");
        read.Second.Should().BeSameAs(read.First);
    }

    [Fact]
    public void EqualButDistinctObjects_StayDistinct()
    {
        PersonPair read = RoundTrip(new PersonPair { First = new GraphPerson { Name = "Ada" }, Second = new GraphPerson { Name = "Ada" } });

        read.Second.Should().NotBeSameAs(read.First);
        read.Second!.Name.Should().Be("Ada");
    }

    [Fact]
    public void ParentAndChildren_PointingBack_CloseTheCycle()
    {
        var root = new TreeNode { Name = "root" };
        foreach (string name in new[] { "a", "b", "c" })
        {
            var child = new TreeNode { Name = name, Parent = root };
            child.Children.Add(new TreeNode { Name = name + "1", Parent = child });
            root.Children.Add(child);
        }

        TreeNode read = RoundTrip(root);

        read.Parent.Should().BeNull();
        read.Children.Should().HaveCount(3);
        foreach (TreeNode child in read.Children)
        {
            child.Parent.Should().BeSameAs(read, "the record itself is object 0, which its children refer to");
            child.Children.Should().ContainSingle().Which.Parent.Should().BeSameAs(child);
        }

        read.Children[1].Name.Should().Be("b");
        read.Children[1].Children[0].Name.Should().Be("b1");
    }

    [Fact]
    public void CycleOfThree_Closes()
    {
        var a = new GraphPerson { Name = "a" };
        var b = new GraphPerson { Name = "b" };
        var c = new GraphPerson { Name = "c", Friend = a };
        a.Friend = b;
        b.Friend = c;

        GraphPerson read = RoundTrip(a);

        read.Friend!.Name.Should().Be("b");
        read.Friend.Friend!.Name.Should().Be("c");
        read.Friend.Friend.Friend.Should().BeSameAs(read);
    }

    [Fact]
    public void ObjectThatIsItsOwnFriend_IsOneObject()
    {
        var narcissus = new GraphPerson { Name = "n" };
        narcissus.Friend = narcissus;

        GraphPerson read = RoundTrip(narcissus);

        read.Friend.Should().BeSameAs(read);
    }

    [Fact]
    public void PolymorphicTrackedMembers_KeepTheirRuntimeTypes_AndTheirIdentity()
    {
        var rex = new Dog { Name = "Rex", Barks = 3 };
        var tom = new Cat { Name = "Tom", Rival = rex };
        var felix = new Cat { Name = "Felix" };
        felix.Rival = felix;
        var shelter = new PetShelter { Favourite = tom };
        shelter.All.Add(rex);
        shelter.All.Add(tom);
        shelter.All.Add(null);
        shelter.All.Add(felix);

        PetShelter read = RoundTrip(shelter);

        read.Favourite.Should().BeOfType<Cat>().Which.Name.Should().Be("Tom");
        read.All[1].Should().BeSameAs(read.Favourite);
        read.All[0].Should().BeOfType<Dog>().Which.Barks.Should().Be(3);
        ((Cat)read.Favourite!).Rival.Should().BeSameAs(read.All[0]);
        read.All[2].Should().BeNull();
        ((Cat)read.All[3]!).Rival.Should().BeSameAs(read.All[3]);
    }

    [Fact]
    public void ConstructorBuiltTrackedObjects_CanBeShared()
    {
        var tail = new FrozenLink("tail", null);
        FrozenPair read = RoundTrip(new FrozenPair { First = new FrozenLink("head", tail), Second = tail });

        read.First!.Next.Should().BeSameAs(read.Second);
        read.Second!.Name.Should().Be("tail");
    }

    [Fact]
    public void IdentityIsPerRecord_TwoRecordsWriteTheSharedObjectEachInFull()
    {
        var shared = new GraphPerson { Name = "Ada" };
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] first = formatter.SerializeToArray(new PersonPair { First = shared });
        byte[] second = formatter.SerializeToArray(new PersonPair { First = shared });

        second.Should().Equal(first, "the table starts empty with each record");
        formatter.Deserialize<PersonPair>(second).First.Should().NotBeSameAs(formatter.Deserialize<PersonPair>(first).First);
    }

    [Fact]
    public void StreamOfRecords_EachRecordKeepsItsOwnGraph()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var stream = new System.IO.MemoryStream();
        var shared = new GraphPerson { Name = "shared" };
        for (int i = 0; i < 3; i++)
        {
            var a = new GraphPerson { Name = "a" + i, Friend = shared };
            shared.Friend = a;
            formatter.Serialize(stream, a);
        }

        stream.Position = 0;
        for (int i = 0; i < 3; i++)
        {
            GraphPerson read = formatter.Deserialize<GraphPerson>(stream);
            read.Name.Should().Be("a" + i);
            read.Friend!.Name.Should().Be("shared");
            read.Friend.Friend.Should().BeSameAs(read, "each record numbers its objects from 0");
        }
    }

    [Fact]
    public void UnframedRecord_KeepsTheGraph()
    {
        var a = new GraphPerson { Name = "a" };
        a.Friend = new GraphPerson { Name = "b", Friend = a };

        GraphPerson read = NewFormatter().DeserializeUnframed<GraphPerson>(NewFormatter().SerializeUnframedToArray(a));

        read.Friend!.Friend.Should().BeSameAs(read);
    }

    [Fact]
    public void WriterAndReaderMadeByHand_TrackWithoutAFormatter()
    {
        var ada = new GraphPerson { Name = "Ada" };
        ada.Friend = ada;
        byte[] data = Written((ref FastBinaryWriter w) =>
        {
            w.WriteTrackedObject(ada);
            w.WriteTrackedObject(ada);
            w.WriteTrackedObject<GraphPerson>(null);
        });

        // New object 0 (its friend is itself: R = 2), then object 0 again, then null.
        data.Should().Equal(Concat(NewObject(Concat(Str("Ada"), new byte[] { 2 })), new byte[] { 2, 0 }));
        (GraphPerson? First, GraphPerson? Second, GraphPerson? Third) read = Read(data, (ref FastBinaryReader r) =>
            (r.ReadTrackedObject<GraphPerson>(), r.ReadTrackedObject<GraphPerson>(), r.ReadTrackedObject<GraphPerson>()));
        read.First!.Friend.Should().BeSameAs(read.First);
        read.Second.Should().BeSameAs(read.First);
        read.Third.Should().BeNull();
    }

    // ---- Hand-built vectors ----

    /// <summary>A new tracked object: R = 1, then section 3's frame (L = payload + 1) and payload.</summary>
    private static byte[] NewObject(byte[] payload) => Concat(new byte[] { 1 }, VarUInt((ulong)payload.Length + 1), payload);

    [Fact]
    public void Vector_NullTrackedMember_IsR0()
    {
        // A GraphPerson record (tracked: object 0) with no friend.
        byte[] expected = Record(1, Concat(Str("a"), new byte[] { 0 }));

        NewFormatter().SerializeToArray(new GraphPerson { Name = "a" }).Should().Equal(expected);
        NewFormatter().Deserialize<GraphPerson>(expected).Friend.Should().BeNull();
    }

    [Fact]
    public void Vector_NewObjectIsR1_AndAReferenceIsR2PlusItsNumber()
    {
        // PersonPair (untracked record): First is new (R = 1: object 0), Second is object 0 again (R = 2), Node null (R = 0).
        var ada = new GraphPerson { Name = "Ada" };
        byte[] expected = Record(3, Concat(NewObject(Concat(Str("Ada"), new byte[] { 0 })), new byte[] { 2 }, new byte[] { 0 }));

        NewFormatter().SerializeToArray(new PersonPair { First = ada, Second = ada }).Should().Equal(expected);
        PersonPair read = NewFormatter().Deserialize<PersonPair>(expected);
        read.Second.Should().BeSameAs(read.First);
    }

    [Fact]
    public void Vector_TrackedRecordIsObject0_SoAFriendPointingBackIsR2()
    {
        // a -> b -> a: a is the record (object 0); b is new (R = 1: object 1) and its friend is object 0 (R = 2).
        var a = new GraphPerson { Name = "a" };
        a.Friend = new GraphPerson { Name = "b", Friend = a };
        byte[] expected = Record(1, Concat(Str("a"), NewObject(Concat(Str("b"), new byte[] { 2 }))));

        NewFormatter().SerializeToArray(a).Should().Equal(expected);
        GraphPerson read = NewFormatter().Deserialize<GraphPerson>(expected);
        read.Friend!.Friend.Should().BeSameAs(read);
    }

    [Fact]
    public void Vector_PolymorphicNewObject_CarriesItsTypeIdInsideTheFrame_AndNumbersFollowTheOrderOfR1()
    {
        // PetShelter: Favourite = new Dog (R = 1, frame: id 5, payload); All = [object 0, new Cat whose Rival is object 0].
        var rex = new Dog { Name = "R", Barks = 7 };
        var shelter = new PetShelter { Favourite = rex };
        shelter.All.Add(rex);
        shelter.All.Add(new Cat { Name = "C", Rival = rex });
        byte[] expected = Record(7, Concat(
            NewObject(Concat(VarUInt(5), Str("R"), I32(7))),
            VarUInt(3), // two elements
            new byte[] { 2 },
            NewObject(Concat(VarUInt(6), Str("C"), new byte[] { 2 }))));

        NewFormatter().SerializeToArray(shelter).Should().Equal(expected);
        PetShelter read = NewFormatter().Deserialize<PetShelter>(expected);
        read.All[0].Should().BeSameAs(read.Favourite);
        ((Cat)read.All[1]!).Rival.Should().BeSameAs(read.Favourite);
    }

    [Fact]
    public void Vector_NothingTracked_WritesSection3AsBefore_EachTimeAnObjectIsReached()
    {
        // Untracked nested objects: varuint L then the payload, the shared object written twice and read back as two.
        var ada = new PersonV1 { Name = "Ada" };
        byte[] payload = Str("Ada");
        byte[] expected = Record(4, Concat(VarUInt((ulong)payload.Length + 1), payload, VarUInt((ulong)payload.Length + 1), payload));

        NewFormatter().SerializeToArray(new UntrackedPair { First = ada, Second = ada }).Should().Equal(expected);
        UntrackedPair read = NewFormatter().Deserialize<UntrackedPair>(expected);
        read.Second.Should().NotBeSameAs(read.First);
        read.Second!.Name.Should().Be("Ada");
    }

    // ---- Hostile input: each is the documented exception ----

    private static FastSerializationException Refused<T>(byte[] record, CustomBinaryFormatterOptions? options = null)
    {
        Action read = () => NewFormatter(options).Deserialize<T>(record);
        return read.Should().Throw<FastSerializationException>().Which;
    }

    [Fact]
    public void ForwardReference_IsMalformed()
    {
        // First refers to object 1 (R = 3), which Second would number next.
        byte[] record = Record(3, Concat(new byte[] { 3 }, NewObject(Concat(Str("b"), new byte[] { 0 })), new byte[] { 0 }));

        Refused<PersonPair>(record).Message.Should().Contain("refers to object 1").And.Contain("forward reference").And.Contain("offset 5");
    }

    [Fact]
    public void NumberNeverAssigned_IsMalformed()
    {
        // A tracked record (object 0) whose friend is object 1000, which no R = 1 numbers.
        byte[] record = Record(1, Concat(Str("a"), VarUInt(1002)));

        Refused<GraphPerson>(record).Message.Should().Contain("refers to object 1000").And.Contain("numbered only 1");
    }

    [Fact]
    public void ReferenceToAnObjectOfAnotherType_IsMalformed()
    {
        // Node (declared TreeNode) refers to object 0, a GraphPerson.
        byte[] record = Record(3, Concat(NewObject(Concat(Str("a"), new byte[] { 0 })), new byte[] { 0 }, new byte[] { 2 }));

        Refused<PersonPair>(record).Message.Should().Contain(typeof(GraphPerson).FullName).And.Contain($"not a {typeof(TreeNode).FullName}");
    }

    [Fact]
    public void NewTrackedObjectThatIsNull_IsMalformed()
    {
        byte[] record = Record(3, new byte[] { 1, 0, 0, 0 });

        Refused<PersonPair>(record).Message.Should().Contain("R = 1").And.Contain("null");
    }

    [Fact]
    public void CycleThroughAConstructorBuiltType_IsMalformed_NamingTheType()
    {
        // The bytes of a record that refers back to itself, a FrozenLink, while its members are read: the reader cannot
        // enter an object built through its constructor before its members are read, so the reference is refused.
        byte[] record = Record(8, Concat(Str("loop"), new byte[] { 2 }));

        Refused<FrozenLink>(record).Message.Should().Contain(typeof(FrozenLink).FullName).And.Contain("built through its constructor");
    }

    [Fact]
    public void WritingACycleThroughAConstructorBuiltType_FailsNamingTheType_AndWritesNothing()
    {
        // A cycle the type's constructor could never make (Next is settable here for the test): refused when written, as
        // the record itself and as a nested object, rather than written as bytes that no reader can read.
        var loop = new FrozenLink("loop", null);
        loop.Next = loop;
        var a = new FrozenLink("a", null);
        a.Next = new FrozenLink("b", a);
        var output = new System.Buffers.ArrayBufferWriter<byte>();

        Action writeRecord = () => NewFormatter().Serialize(output, loop);
        Action writeNested = () => NewFormatter().Serialize(output, new FrozenPair { First = a });

        writeRecord.Should().Throw<FastSerializationException>().WithMessage($"*{typeof(FrozenLink).FullName}*built through its constructor*");
        writeNested.Should().Throw<FastSerializationException>().WithMessage($"*{typeof(FrozenLink).FullName}*built through its constructor*");
        output.WrittenCount.Should().Be(0);
    }

    [Fact]
    public void CycleThroughAConstructorBuiltNestedObject_IsMalformed()
    {
        // FrozenPair: First is a new FrozenLink (object 0) whose Next refers to object 0 while it is being read.
        byte[] record = Record(9, Concat(NewObject(Concat(Str("x"), new byte[] { 2 })), new byte[] { 0 }));

        Refused<FrozenPair>(record).Message.Should().Contain("built through its constructor").And.Contain(typeof(FrozenLink).FullName);
    }

    [Fact]
    public void MoreTrackedObjectsThanTheOption_IsMalformed_NamingTheOption()
    {
        var options = new CustomBinaryFormatterOptions { MaxTrackedObjects = 2 };
        var a = new GraphPerson { Name = "a", Friend = new GraphPerson { Name = "b" } };
        byte[] two = NewFormatter().SerializeToArray(a);
        a.Friend.Friend = new GraphPerson { Name = "c" };
        byte[] three = NewFormatter().SerializeToArray(a);

        NewFormatter(options).Deserialize<GraphPerson>(two).Friend!.Name.Should().Be("b");
        Refused<GraphPerson>(three, options).Message.Should().Contain("MaxTrackedObjects").And.Contain("more than 2");
    }

    [Fact]
    public void MaxTrackedObjects_RefusesValuesBelowOne()
    {
        Action set = () => _ = new CustomBinaryFormatterOptions { MaxTrackedObjects = 0 };
        set.Should().Throw<ArgumentOutOfRangeException>();
        new CustomBinaryFormatterOptions().MaxTrackedObjects.Should().Be(CustomBinaryFormatterOptions.DefaultMaxTrackedObjects);
    }

    [Fact]
    public void ManyTrackedObjectsFromFewBytes_AreBoundedByTheAllocationBudget()
    {
        // 200,000 new tracked children of 5 bytes each: the objects and the reference table grow far faster than the
        // input, and a budget of 1 byte per input byte (plus the 1 MiB allowance) stops them.
        const int count = 200_000;
        var list = new System.Collections.Generic.List<byte>();
        list.AddRange(Str("root"));
        list.Add(0); // parent
        list.AddRange(VarUInt(count + 1));
        for (int i = 0; i < count; i++)
        {
            list.AddRange(new byte[] { 1, 4, 1, 0 }); // R = 1, L = 4: empty name (1), parent R = 0, no children (1)
            list.Add(1);
        }

        byte[] record = Record(2, list.ToArray());
        var options = new CustomBinaryFormatterOptions { MaxAllocationPerInputByte = 1 };

        Refused<TreeNode>(record, options).Message.Should().Contain("MaxAllocationPerInputByte");
        NewFormatter().Deserialize<TreeNode>(record).Children.Should().HaveCount(count, "the default budget lets the same record through");
    }

    [Fact]
    public void ReferenceToAnObjectThatReadNewReturnedAsNull_IsMalformed_NotANullReference()
    {
        // First is new (R = 1, an empty payload) and its ReadNew returns null; Second refers to it (R = 2).
        byte[] record = Record(10, new byte[] { 1, 1, 2 });

        FastSerializationException error = Refused<NullMakerPair>(record);
        error.Message.Should().Contain("returned as null");
        error.InnerException.Should().BeNull();
    }
}
