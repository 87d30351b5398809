using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using FluentAssertions.Equivalency;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// <see cref="CustomBinaryFormatter.DeepClone{T}"/> through the generated copiers (docs/GENERATOR.md, "Deep copies"): the
/// same copy as a write and a read back, with no bytes in between. The models count the reads of one member: a clone
/// through the copier reads it once, one that falls back to the write and read reads it twice (the copier's try, then the write).
/// </summary>
public class DeepCopyTests
{
    private static CustomBinaryFormatter NewFormatter(CustomBinaryFormatterOptions? options = null)
    {
        var formatter = new CustomBinaryFormatter(options ?? new CustomBinaryFormatterOptions());
        formatter.Register<CopyAllKinds>(1);
        formatter.Register<CopyLeaf>(2);
        formatter.Register<CopyPoint>(3);
        formatter.Register<CopyPerson>(4);
        formatter.Register<CopyKnot>(5);
        formatter.Register<HoldsHandWritten>(6);
        formatter.Register<HoldsTuple>(7);
        formatter.Register<CopyChain>(8);
        formatter.Register<CopyNode>(9);
        formatter.Register<CopyDerivedNode>(10);
        formatter.Register<HandDerivedNode>(11);
        formatter.Register<Department>(12);
        formatter.Register<Employee>(13);
        formatter.Register<Manager>(14);
        formatter.Register<GraphCircle>(15);
        formatter.Register<GraphSquare>(16);
        formatter.Register<GraphCanvas>(17);
        formatter.Register<NoteBoard>(18);
        formatter.Register<UntrackedNoteBoard>(19);
        formatter.Register<TaggedItems>(20);
        formatter.Register<Customer>(21);
        return formatter;
    }

    /// <summary>What a write and a read back give: what DeepClone gave before the copiers.</summary>
    private static T RoundTrip<T>(CustomBinaryFormatter formatter, T value)
        where T : notnull => formatter.Deserialize<T>(formatter.SerializeToArray(value));

    private static EquivalencyAssertionOptions<T> Exactly<T>(EquivalencyAssertionOptions<T> options) =>
        options.RespectingRuntimeTypes().WithStrictOrdering().IgnoringCyclicReferences();

    private static CopyAllKinds BuildAllKinds()
    {
        var shared = new CopyLeaf { Name = "shared", Values = new List<int> { 1, 2 } };
        return new CopyAllKinds
        {
            Ignored = "changed after construction",
            Text = "text",
            Flag = true,
            Number = -42,
            Big = long.MaxValue,
            Ratio = 0.25,
            Price = 12.5m,
            Id = Guid.NewGuid(),
            When = new DateTime(2026, 11, 28, 5, 0, 0, DateTimeKind.Utc),
            Link = new Uri("https://example.org/a"),
            Color = CopyColor.Blue,
            Small = CopySmall.Some,
            MaybeNumber = 7,
            MaybePoint = new CopyPoint { X = 1, Y = 2, Label = "maybe" },
            Point = new CopyPoint { X = 3, Y = 4, Label = "point" },
            Leaf = shared,
            Words = new List<string?> { "a", null, "c" },
            Leaves = new List<CopyLeaf> { shared, new CopyLeaf { Name = "second" } },
            ReadOnlyNumbers = new[] { 5, 6, 7 },
            Numbers = new[] { 1, 2, 3 },
            Bytes = new byte[] { 9, 8, 7 },
            Names = new[] { "x", "y" },
            LeafArray = new[] { shared, new CopyLeaf { Name = "third", Values = new List<int>() } },
            Jagged = new[] { new[] { 1 }, new[] { 2, 3 } },
            Points = new[] { new CopyPoint { X = 5 }, new CopyPoint { Y = 6, Label = "p" } },
            LeavesByName = new Dictionary<string, CopyLeaf> { ["s"] = shared, ["n"] = new CopyLeaf { Name = "n" } },
            Groups = new Dictionary<int, List<string>> { [1] = new List<string> { "one" }, [2] = new List<string>() },
            ReadOnlyMap = new Dictionary<string, int> { ["k"] = 1 },
            Tags = new HashSet<string> { "t1", "t2" },
            Caseless = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase) { ["Key"] = 1 },
            CaselessTags = new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "Tag" },
            Person = new CopyPerson("Ada", 36, new List<string> { "A" }),
            People = new List<CopyPerson> { new CopyPerson("Bob", 40, null) },
        };
    }

    /// <summary>Every reference-typed mutable object reachable from <paramref name="root"/> (strings and other immutable values left out).</summary>
    private static HashSet<object> MutableObjects(object? root)
    {
        var found = new HashSet<object>(ReferenceEqualityComparer.Instance);
        var pending = new Stack<object?>();
        pending.Push(root);
        while (pending.Count > 0)
        {
            object? value = pending.Pop();
            if (value is null || value is string || value is Uri || (value.GetType().IsValueType && value.GetType().Namespace != typeof(CopyPoint).Namespace) || !found.Add(value))
            {
                continue;
            }

            if (value is System.Collections.IDictionary dictionary)
            {
                foreach (System.Collections.DictionaryEntry entry in dictionary)
                {
                    pending.Push(entry.Key);
                    pending.Push(entry.Value);
                }

                continue;
            }

            if (value is System.Collections.IEnumerable sequence)
            {
                foreach (object? item in sequence)
                {
                    pending.Push(item);
                }

                continue;
            }

            foreach (var property in value.GetType().GetProperties().Where(p => p.GetIndexParameters().Length == 0 && p.CanRead))
            {
                if (!property.PropertyType.IsValueType || Nullable.GetUnderlyingType(property.PropertyType) is null)
                {
                    pending.Push(property.GetValue(value));
                }
            }
        }

        found.RemoveWhere(o => o.GetType().IsValueType); // boxed structs are copies by nature
        return found;
    }

    private static void ShouldShareNothingMutable(object copy, object original) =>
        MutableObjects(copy).Intersect(MutableObjects(original), ReferenceEqualityComparer.Instance).Should().BeEmpty("a deep copy shares no mutable object with its original");

    [Fact]
    public void EveryCoveredKind_IsCopiedByTheCopier_EqualToTheRoundTrip_AndSharingNothingMutable()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        CopyAllKinds original = BuildAllKinds();

        CopyAllKinds copy = formatter.DeepClone(original);

        original.TextReads.Should().Be(1, "the copier read the member once, and nothing fell back to a write and a read");
        copy.Should().NotBeSameAs(original);
        copy.Should().BeEquivalentTo(RoundTrip(formatter, original), options => Exactly(options).Excluding(c => c.TextReads));
        copy.Text.Should().Be("text");
        copy.Ignored.Should().Be("initial", "a [BinaryIgnore] member gets what a read gives it (its initializer), not the original's value");
        ShouldShareNothingMutable(copy, original);
        copy.Leaf.Should().NotBeSameAs(copy.Leaves![0], "an untracked object reached twice becomes two copies, as a write and a read give");
        copy.Caseless!.Comparer.Should().BeSameAs(StringComparer.OrdinalIgnoreCase, "a collection is rebuilt with its [BinaryComparer]");
        copy.CaselessTags!.Comparer.Should().BeSameAs(StringComparer.OrdinalIgnoreCase);
        copy.Caseless.ContainsKey("KEY").Should().BeTrue();
        copy.Tags!.Comparer.Should().BeSameAs(RoundTrip(formatter, original).Tags!.Comparer, "the default comparer is the one the reader builds sets with");
        copy.Person.Should().Be(original.Person! with { Nicknames = copy.Person!.Nicknames }).And.NotBeSameAs(original.Person);
        copy.Person!.Nicknames.Should().Equal("A");
    }

    [Fact]
    public void NullMembersAndEmptyCollections_AreCopiedAsTheyAre()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var original = new CopyAllKinds { Words = new List<string?>(), Numbers = Array.Empty<int>(), Tags = new HashSet<string>() };

        CopyAllKinds copy = formatter.DeepClone(original);

        original.TextReads.Should().Be(1);
        copy.Should().BeEquivalentTo(RoundTrip(formatter, original), options => Exactly(options).Excluding(c => c.TextReads));
        copy.Leaf.Should().BeNull();
        copy.Words.Should().BeEmpty().And.NotBeSameAs(original.Words);
    }

    [Fact]
    public void HashedCollectionWithAnotherComparer_IsRefusedAsTheWriteRefusesIt()
    {
        var original = new CopyAllKinds { Tags = new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "a" } };

        Action clone = () => NewFormatter().DeepClone(original);

        clone.Should().Throw<FastSerializationException>().WithMessage("*comparer*");
    }

    [Fact]
    public void SharedTrackedObjectsAndCycles_AreKeptOnTheCopysOwnObjects()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var root = new CopyNode { Name = "root" };
        var shared = new CopyNode { Name = "shared", Next = root };
        root.Children = new List<CopyNode> { shared, new CopyNode { Name = "other", Next = shared }, shared };
        root.Next = root;

        CopyNode copy = formatter.DeepClone(root);

        root.NameReads.Should().Be(1, "the copier, not a write and a read, made the copy");
        copy.Should().NotBeSameAs(root);
        copy.Next.Should().BeSameAs(copy, "the cycle closes on the copy");
        copy.Children!.Should().HaveCount(3);
        copy.Children![0].Should().BeSameAs(copy.Children[2], "a tracked object shared in the original is one object in the copy");
        copy.Children[1].Next.Should().BeSameAs(copy.Children[0]);
        copy.Children[0].Next.Should().BeSameAs(copy);
        copy.Children[0].Should().NotBeSameAs(shared);
        copy.Children[0].Name.Should().Be("shared");
        ShouldShareNothingMutable(copy, root);
    }

    /// <summary>Without the copy context's identity table (each tracked object copied anew where it is met), this fails: no cycle hides it by falling back.</summary>
    [Fact]
    public void TrackedMemberSharedWithoutACycle_IsOneObjectInTheCopy()
    {
        var note = new PlainNote { Text = "pinned" };
        var board = new NoteBoard { Pinned = note, Notes = new List<PlainNote> { note, new PlainNote { Text = "other" } }, Copy = note };

        NoteBoard copy = NewFormatter().DeepClone(board);

        copy.Pinned.Should().NotBeSameAs(note);
        copy.Notes![0].Should().BeSameAs(copy.Pinned, "the tracked members share one copy");
        copy.Copy.Should().NotBeSameAs(copy.Pinned, "the untracked member is written in full, so it is its own copy").And.BeEquivalentTo(note);
    }

    [Fact]
    public void UntrackedObjectReachedTwice_BecomesTwoCopies_AsTheRoundTripGives()
    {
        var note = new PlainNote { Text = "n" };
        var board = new UntrackedNoteBoard { Pinned = note, Copy = note, Notes = new List<PlainNote> { note } };

        UntrackedNoteBoard copy = NewFormatter().DeepClone(board);

        copy.Pinned.Should().NotBeSameAs(copy.Copy);
        copy.Notes![0].Should().NotBeSameAs(copy.Pinned);
        new[] { copy.Pinned, copy.Copy, copy.Notes[0] }.Should().OnlyContain(n => n!.Text == "n" && !ReferenceEquals(n, note));
    }

    [Fact]
    public void DepartmentGraph_KeepsSharedManagersAndBackPointers()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var department = new Department { Name = "R&D" };
        department.Managers = Enumerable.Range(0, 3).Select(i => new Manager { Name = "m" + i, Department = department }).ToArray();
        department.ManagersByName = department.Managers.ToDictionary(m => m.Name!);
        for (int i = 0; i < 20; i++)
        {
            department.Employees.Add(new Employee { Name = "e" + i, Manager = department.Managers[i % 3], Department = department });
        }

        Department copy = formatter.DeepClone(department);

        copy.Employees.Should().HaveCount(20);
        for (int i = 0; i < 20; i++)
        {
            copy.Employees[i].Manager.Should().BeSameAs(copy.Managers![i % 3]);
            copy.Employees[i].Department.Should().BeSameAs(copy);
        }

        copy.Managers!.Should().OnlyContain(m => ReferenceEquals(m.Department, copy));
        copy.ManagersByName!.Values.Should().Equal(copy.Managers);
        ShouldShareNothingMutable(copy, department);
    }

    [Fact]
    public void SharedConstructorBuiltTrackedObject_IsOneObjectInTheCopy()
    {
        var tag = new GraphTag("hot");
        var items = new TaggedItems { Tags = new List<GraphTag> { tag, tag }, Main = tag };

        TaggedItems copy = NewFormatter().DeepClone(items);

        copy.Main.Should().Be(tag);
        copy.Tags![0].Should().BeSameAs(copy.Main).And.BeSameAs(copy.Tags[1]);
        copy.Main.Should().NotBeSameAs(tag, "the copy is built through the record's constructor, as a read builds it");
    }

    [Fact]
    public void CycleThroughAConstructorBuiltType_IsRefused_AsBefore()
    {
        var knot = new CopyKnot("loop");
        knot.Next = knot;
        var chain = new CopyKnot("a") { Next = new CopyKnot("b") };

        Action clone = () => NewFormatter().DeepClone(knot);

        clone.Should().Throw<FastSerializationException>().WithMessage($"*{typeof(CopyKnot).FullName}*built through its constructor*");
        CopyKnot copied = NewFormatter().DeepClone(chain);
        copied.Should().Be(chain).And.NotBeSameAs(chain);
        copied.Next.Should().NotBeSameAs(chain.Next);
    }

    [Fact]
    public void PolymorphicMembers_KeepTheirRuntimeTypes_AndSharing()
    {
        var square = new GraphSquare { Label = "sq", Side = 2 };
        var circle = new GraphCircle { Label = "c", Radius = 1.5, Neighbour = square };
        var loop = new GraphCircle { Label = "loop", Radius = 3 };
        loop.Neighbour = loop;
        var canvas = new GraphCanvas { Selected = square, Shapes = new List<GraphShape?> { circle, square, null, loop } };

        GraphCanvas copy = NewFormatter().DeepClone(canvas);

        copy.Selected.Should().BeOfType<GraphSquare>().And.NotBeSameAs(square);
        copy.Shapes[0].Should().BeOfType<GraphCircle>().Which.Neighbour.Should().BeSameAs(copy.Selected);
        copy.Shapes[1].Should().BeSameAs(copy.Selected);
        copy.Shapes[2].Should().BeNull();
        copy.Shapes[3].Should().BeOfType<GraphCircle>().Which.Neighbour.Should().BeSameAs(copy.Shapes[3]);
        copy.Should().BeEquivalentTo(canvas, options => Exactly(options));
    }

    [Fact]
    public void DerivedTypes_AreCopiedAsTheirOwnType_GeneratedOrHandWritten()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var derived = new CopyDerivedNode { Name = "derived", Extra = 5 };
        var byHand = new HandDerivedNode { Name = "by hand" };
        var root = new CopyNode { Name = "root", Children = new List<CopyNode> { derived, byHand, derived } };

        CopyNode copy = formatter.DeepClone(root);

        copy.Children![0].Should().BeOfType<CopyDerivedNode>().Which.Extra.Should().Be(5);
        copy.Children[0].Should().BeSameAs(copy.Children[2]);
        copy.Children[1].Should().BeOfType<HandDerivedNode>("a type that inherits a generated copier is not copied as its base").Which.Name.Should().Be("by hand");
        copy.Children[1].Should().NotBeSameAs(byHand);
        int reads = derived.NameReads;
        formatter.DeepClone<CopyNode>(derived).Should().BeOfType<CopyDerivedNode>().Which.Extra.Should().Be(5);
        (derived.NameReads - reads).Should().Be(1, "the derived type's own copier read its name once");
    }

    [Fact]
    public void TypeHoldingAHandWrittenType_FallsBackToTheWriteAndRead_AndIsCopiedAllTheSame()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var original = new HoldsHandWritten { Text = "t", Leaf = new HandWrittenLeaf { Name = "leaf" } };

        HoldsHandWritten first = formatter.DeepClone(original);
        int afterFirst = original.TextReads;
        HoldsHandWritten second = formatter.DeepClone(original);

        afterFirst.Should().Be(2, "the copier's try read the member, then the write that replaced it");
        (original.TextReads - afterFirst).Should().Be(1, "the next clone of the type goes straight to the write and read");
        foreach (HoldsHandWritten copy in new[] { first, second })
        {
            copy.Text.Should().Be("t");
            copy.Leaf.Should().NotBeSameAs(original.Leaf).And.BeEquivalentTo(original.Leaf);
        }
    }

    [Fact]
    public void TypeWithATupleMember_GetsACopier()
    {
        var original = new HoldsTuple { Pair = (1, "one"), Words = new List<string> { "w" } };

        HoldsTuple copy = NewFormatter().DeepClone(original);

        typeof(IBinaryDeepCopyable).IsAssignableFrom(typeof(HoldsTuple)).Should().BeTrue("tuples have a copy form (a type with a kind that has none: DeepCopyKindTests)");
        typeof(IBinaryDeepCopyable).IsAssignableFrom(typeof(CopyAllKinds)).Should().BeTrue();
        copy.Pair.Should().Be((1, "one"));
        copy.Words.Should().Equal("w").And.NotBeSameAs(original.Words);
    }

    [Fact]
    public void ChainWithinMaxDepth_IsCopied_AndOnePastIt_IsRefusedAsTheWriteRefusesIt()
    {
        CustomBinaryFormatter formatter = NewFormatter(new CustomBinaryFormatterOptions { MaxDepth = 16 });
        CopyChain Build(int length)
        {
            CopyChain? head = null;
            for (int i = length - 1; i >= 0; i--)
            {
                head = new CopyChain { Value = i, Next = head };
            }

            return head!;
        }

        CopyChain copy = formatter.DeepClone(Build(17)); // the root and 16 nested objects
        Action tooDeep = () => formatter.DeepClone(Build(18));
        Action serializeTooDeep = () => formatter.SerializeToArray(Build(18));

        int count = 0;
        for (CopyChain? link = copy; link is not null; link = link.Next)
        {
            link.Value.Should().Be(count++);
        }

        count.Should().Be(17);
        serializeTooDeep.Should().Throw<FastSerializationException>();
        tooDeep.Should().Throw<FastSerializationException>().WithMessage("*MaxDepth*");
    }

    [Fact]
    public void UntrackedCycle_IsRefused_NotAStackOverflow()
    {
        var chain = new CopyChain { Value = 1 };
        chain.Next = chain;

        Action clone = () => NewFormatter().DeepClone(chain);

        clone.Should().Throw<FastSerializationException>();
    }

    [Fact]
    public void Differential_CopiesEqualTheRoundTrip_OverSeveralModels()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var note = new PlainNote { Text = "p" };
        var department = new Department { Name = "D", Managers = new[] { new Manager { Name = "m" } } };
        department.Employees.Add(new Employee { Name = "e", Manager = department.Managers[0], Department = department });
        object[] models =
        {
            BuildAllKinds(),
            new CopyAllKinds(),
            new Customer { FirstName = "F", LastName = "L", Address = "A", Age = 3, Code = 4 },
            new NoteBoard { Pinned = note, Notes = new List<PlainNote> { note }, Copy = note },
            new TaggedItems { Tags = new List<GraphTag> { new GraphTag("x") } },
            new CopyPerson("P", 1, new List<string> { "n" }),
            new CopyPoint { X = 1, Label = "s" },
            department,
            new HoldsHandWritten { Text = "h", Leaf = new HandWrittenLeaf { Name = "l" } },
        };

        foreach (object model in models)
        {
            object copy = formatter.DeepClone(model);
            object read = formatter.Deserialize<object>(formatter.SerializeToArray(model));

            copy.Should().BeOfType(model.GetType());
            copy.Should().BeEquivalentTo(read, options => Exactly(options).Excluding(m => m.Path.EndsWith("Reads", StringComparison.Ordinal)), model.GetType().Name);
        }
    }

    [Fact]
    public void StructRecord_IsCopiedByTheCopier()
    {
        var point = new CopyPoint { X = 1, Y = 2, Label = "l" };

        CopyPoint copy = NewFormatter().DeepClone(point);

        copy.Should().Be(point);
        typeof(IBinaryDeepCopyable).IsAssignableFrom(typeof(CopyPoint)).Should().BeTrue();
    }

    [Fact]
    public async Task ConcurrentClones_FromFourThreads_AreEachWhole()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var root = new CopyNode { Name = "root" };
        root.Children = Enumerable.Range(0, 50).Select(i => new CopyNode { Name = "c" + i, Next = root }).ToList();
        root.Next = root.Children[0];

        await Task.WhenAll(Enumerable.Range(0, 4).Select(_ => Task.Run(() =>
        {
            for (int round = 0; round < 200; round++)
            {
                CopyNode copy = formatter.DeepClone(root);
                copy.Next.Should().BeSameAs(copy.Children![0]);
                copy.Children.Should().HaveCount(50).And.OnlyContain(c => ReferenceEquals(c.Next, copy));
                copy.Children.Select(c => c.Name).Should().Equal(root.Children.Select(c => c.Name));
            }
        })));

        root.NameReads.Should().Be(4 * 200, "every clone went through the copier");
    }
}

/// <summary>
/// A tracked type built through its constructor whose members can reach it (FSG016 says a cycle cannot be written). Kept out
/// of Models/, whose files CompilationTests compiles expecting no such warning.
/// </summary>
#pragma warning disable FSG016 // the cycle is the point: DeepClone refuses it as the write does
[BinarySerializable(TrackReferences = true)]
public sealed partial record CopyKnot(string Name)
{
    public CopyKnot? Next { get; set; }
}
#pragma warning restore FSG016
