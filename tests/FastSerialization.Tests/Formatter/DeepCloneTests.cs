using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

/// <summary>
/// <see cref="CustomBinaryFormatter.DeepClone{T}"/>: a copy made by a round trip through a pooled buffer, keeping the shared
/// objects and cycles of reference-tracked types (docs/FORMAT.md section 3d) and copying everything else as a tree.
/// </summary>
public class DeepCloneTests
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
        formatter.Register<PersonV1>(10);
        formatter.Register<Tick>(11);
        formatter.Register<FailingMidRecord>(12);
        return formatter;
    }

    /// <summary>A root with <paramref name="children"/> children, each pointing back to it, and one grandchild under the first.</summary>
    private static TreeNode Tree(int children)
    {
        var root = new TreeNode { Name = "root" };
        for (int i = 0; i < children; i++)
        {
            root.Children.Add(new TreeNode { Name = "child " + i, Parent = root });
        }

        if (children > 0)
        {
            root.Children[0].Children.Add(new TreeNode { Name = "grandchild", Parent = root.Children[0] });
        }

        return root;
    }

    /// <summary>Asserts that <paramref name="copy"/> is <see cref="Tree"/>'s shape and shares no node with <paramref name="original"/>.</summary>
    private static void ShouldBeACopyOf(TreeNode copy, TreeNode original, int children)
    {
        copy.Should().NotBeSameAs(original);
        copy.Name.Should().Be("root");
        copy.Parent.Should().BeNull();
        copy.Children.Should().HaveCount(children);
        for (int i = 0; i < children; i++)
        {
            copy.Children[i].Name.Should().Be("child " + i);
            copy.Children[i].Parent.Should().BeSameAs(copy, "each child's parent is the copy's root, not the original's");
            copy.Children[i].Should().NotBeSameAs(original.Children[i]);
        }

        if (children > 0)
        {
            TreeNode grandchild = copy.Children[0].Children.Single();
            grandchild.Parent.Should().BeSameAs(copy.Children[0]);
            grandchild.Should().NotBeSameAs(original.Children[0].Children[0]);
        }
    }

    [Fact]
    public void SharedTrackedObject_IsOneObjectInTheCopy_AndNotTheOriginal()
    {
        var ada = new GraphPerson { Name = "Ada" };
        var pair = new PersonPair { First = ada, Second = ada, Node = Tree(2) };

        PersonPair copy = NewFormatter().DeepClone(pair);

        copy.Should().NotBeSameAs(pair);
        copy.First.Should().BeSameAs(copy.Second, "the two members shared one person");
        copy.First.Should().NotBeSameAs(ada);
        copy.First!.Name.Should().Be("Ada");
        ShouldBeACopyOf(copy.Node!, pair.Node!, 2);
    }

    [Fact]
    public void Cycles_CloseOnTheCopysOwnObjects()
    {
        var a = new GraphPerson { Name = "a" };
        var b = new GraphPerson { Name = "b", Friend = new GraphPerson { Name = "c", Friend = a } };
        a.Friend = b;
        var self = new GraphPerson { Name = "self" };
        self.Friend = self;
        CustomBinaryFormatter formatter = NewFormatter();

        GraphPerson copy = formatter.DeepClone(a);
        GraphPerson selfCopy = formatter.DeepClone(self);

        copy.Friend!.Friend!.Friend.Should().BeSameAs(copy, "a -> b -> c -> a closes on the copy of a");
        new[] { copy, copy.Friend, copy.Friend.Friend }.Select(p => p.Name).Should().Equal("a", "b", "c");
        new[] { copy, copy.Friend, copy.Friend.Friend }.Should().NotContain(p => ReferenceEquals(p, a) || ReferenceEquals(p, b) || ReferenceEquals(p, b.Friend));
        selfCopy.Friend.Should().BeSameAs(selfCopy).And.NotBeSameAs(self);
        ShouldBeACopyOf(formatter.DeepClone(Tree(5)), Tree(5), 5);
    }

    [Fact]
    public void PolymorphicValue_CopyHasTheRuntimeType_AndPolymorphicMembersKeepTheirTypesAndSharing()
    {
        var dog = new Dog { Name = "Rex", Barks = 3 };
        var cat = new Cat { Name = "Tom", Rival = dog };
        var shelter = new PetShelter { Favourite = cat };
        shelter.All.Add(cat);
        shelter.All.Add(dog);
        shelter.All.Add(null);
        CustomBinaryFormatter formatter = NewFormatter();

        Pet pet = formatter.DeepClone<Pet>(cat);
        object boxed = formatter.DeepClone<object>(shelter);

        pet.Should().BeOfType<Cat>().Which.Rival.Should().BeOfType<Dog>().Which.Barks.Should().Be(3);
        pet.Should().NotBeSameAs(cat);
        PetShelter copy = boxed.Should().BeOfType<PetShelter>().Subject;
        copy.Favourite.Should().BeSameAs(copy.All[0]).And.BeOfType<Cat>().And.NotBeSameAs(cat);
        ((Cat)copy.Favourite!).Rival.Should().BeSameAs(copy.All[1], "the cat's rival and the shelter's dog are one dog");
        copy.All[1].Should().NotBeSameAs(dog);
        copy.All[2].Should().BeNull();
    }

    [Fact]
    public void UntrackedObjects_AreCopiedAsATree_EachReachBecomingItsOwnCopy()
    {
        var person = new PersonV1 { Name = "Bo" };
        var pair = new UntrackedPair { First = person, Second = person };

        UntrackedPair copy = NewFormatter().DeepClone(pair);

        copy.First!.Name.Should().Be("Bo");
        copy.Second!.Name.Should().Be("Bo");
        copy.First.Should().NotBeSameAs(person).And.NotBeSameAs(copy.Second, "an untracked object is a value: written, and so copied, each time it is reached");
        copy.Second.Should().NotBeSameAs(person);
    }

    [Fact]
    public void ConstructorBuiltTrackedObject_IsSharedInTheCopy()
    {
        var link = new FrozenLink("x", new FrozenLink("y", null));
        var pair = new FrozenPair { First = link, Second = link };

        FrozenPair copy = NewFormatter().DeepClone(pair);

        copy.First.Should().BeSameAs(copy.Second).And.NotBeSameAs(link);
        copy.First!.Next!.Name.Should().Be("y");
        copy.First.Next.Should().NotBeSameAs(link.Next);
    }

    [Fact]
    public void StructRecord_IsCopiedByValue()
    {
        var tick = new Tick { Time = 42, Price = 1.5, Size = 7 };

        NewFormatter().DeepClone(tick).Should().Be(tick);
    }

    [Fact]
    public void Null_GivesNull()
    {
        CustomBinaryFormatter formatter = NewFormatter();

        formatter.DeepClone<GraphPerson?>(null).Should().BeNull();
        formatter.DeepClone<object?>(null).Should().BeNull();
    }

    [Fact]
    public void UnregisteredType_IsRefused_TellingWhatToRegister()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<GraphPerson>(1);

        Action clone = () => formatter.DeepClone(new PersonV1 { Name = "x" });

        clone.Should().Throw<FastSerializationException>().WithMessage("*PersonV1 is not registered*Register<PersonV1>(id)*");
    }

    [Fact]
    public void CycleThroughAConstructorBuiltType_IsRefused_NamingTheType()
    {
        var loop = new FrozenLink("loop", null);
        loop.Next = loop;

        Action clone = () => NewFormatter().DeepClone(loop);

        clone.Should().Throw<FastSerializationException>().WithMessage($"*{typeof(FrozenLink).FullName}*built through its constructor*");
    }

    [Fact]
    public void ValueOfSeveralMegabytes_IsCopied()
    {
        // 5 MB: far beyond the first buffer the writer rents, and beyond the arrays ArrayPool keeps per thread.
        var big = new FailingMidRecord { Size = 5 * 1024 * 1024 };

        FailingMidRecord copy = NewFormatter().DeepClone(big);

        copy.Should().NotBeSameAs(big);
        copy.Size.Should().Be(big.Size, "SetDataFrom checked every one of the bytes");
    }

    [Fact]
    public void LimitsForBytesFromElsewhere_DoNotApply_TheBytesNeverLeaveTheCall()
    {
        // Formatters whose limits refuse these values as records: 1 KB records; 2 tracked objects and 1 byte of allocation
        // per input byte. A clone's bytes are its own, so only MaxDepth (the stack) applies.
        CustomBinaryFormatter shortRecords = NewFormatter(new CustomBinaryFormatterOptions { MaxRecordLength = 1024 });
        CustomBinaryFormatter smallGraphs = NewFormatter(new CustomBinaryFormatterOptions
        {
            MaxTrackedObjects = 2, MaxAllocationPerInputByte = 1, RejectUnreadBytes = true,
        });
        var big = new FailingMidRecord { Size = 100_000 };
        TreeNode tree = Tree(20_000);

        Action write = () => shortRecords.SerializeToArray(big);
        Action read = () => smallGraphs.Deserialize<TreeNode>(NewFormatter().SerializeToArray(tree));

        write.Should().Throw<FastSerializationException>().WithMessage("*MaxRecordLength*");
        read.Should().Throw<FastSerializationException>().WithMessage("*MaxTrackedObjects*");
        shortRecords.DeepClone(big).Size.Should().Be(100_000);
        ShouldBeACopyOf(smallGraphs.DeepClone(tree), tree, 20_000);
    }

    [Fact]
    public async Task ConcurrentClones_FromSeveralThreads_AreEachWhole()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        TreeNode[] trees = Enumerable.Range(1, 4).Select(i => Tree(i * 50)).ToArray();
        var cat = new Cat { Name = "Tom" };
        cat.Rival = cat;
        using var start = new Barrier(4);

        Task[] workers = Enumerable.Range(0, 4).Select(w => Task.Factory.StartNew(
            () =>
            {
                start.SignalAndWait(TimeSpan.FromMinutes(2));
                for (int i = 0; i < 200; i++)
                {
                    TreeNode tree = trees[(w + i) % trees.Length];
                    ShouldBeACopyOf(formatter.DeepClone(tree), tree, tree.Children.Count);
                    Cat copy = (Cat)formatter.DeepClone<Pet>(cat);
                    copy.Rival.Should().BeSameAs(copy);
                }
            },
            CancellationToken.None,
            TaskCreationOptions.LongRunning,
            TaskScheduler.Default)).ToArray();

        // Generous: four threads of 400 clones each take well under a second alone, on a busy two-core machine longer.
        await Task.WhenAll(workers).WaitAsync(TimeSpan.FromMinutes(5));
    }
}
