using System.Collections;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;

namespace FastSerialization.Tests.Shared;

/// <summary>What "round-trips equal" means for <see cref="EveryBaseLibraryType"/>: equal values, and the orders that matter.</summary>
public static class EveryBaseLibraryTypeChecks
{
    /// <summary>Asserts that <paramref name="actual"/>, read back, holds what <paramref name="expected"/> held.</summary>
    public static void ShouldEqualWhatWasWritten(this EveryBaseLibraryType actual, EveryBaseLibraryType expected)
    {
        // Equal values everywhere; hashed collections may enumerate in another order after a round trip (their
        // comparers are randomized), so order is checked below where the type promises one. A priority queue's capacity
        // is not data: its contents are checked below, by the order they dequeue in.
        actual.Should().BeEquivalentTo(expected, o => o.Excluding(m => m.PriorityQueueMember));

        actual.Bits!.Cast<bool>().Should().Equal(expected.Bits!.Cast<bool>());
        actual.Grid.Should().BeEquivalentTo(expected.Grid, o => o.WithStrictOrdering());
        actual.Grid!.GetLength(0).Should().Be(expected.Grid!.GetLength(0));
        actual.Segment.Should().Equal(expected.Segment);
        actual.ImmutableArrayMember.Should().Equal(expected.ImmutableArrayMember);
        actual.ImmutableListMember.Should().Equal(expected.ImmutableListMember!);
        actual.ImmutableSortedSetMember.Should().Equal(expected.ImmutableSortedSetMember!.OrderBy(x => x));
        actual.ImmutableSortedDictionaryMember!.Keys.Should().Equal(expected.ImmutableSortedDictionaryMember!.Keys.OrderBy(x => x));
        actual.SortedSetMember.Should().Equal(expected.SortedSetMember!.OrderBy(x => x));
        actual.SortedListMember!.Keys.Should().Equal(expected.SortedListMember!.Keys.OrderBy(x => x, System.StringComparer.Ordinal));
        actual.SortedDictionaryMember!.Keys.Should().Equal(expected.SortedDictionaryMember!.Keys.OrderBy(x => x));
        actual.LinkedListMember.Should().Equal(expected.LinkedListMember!);
        actual.ReadOnlyCollectionMember.Should().Equal(expected.ReadOnlyCollectionMember!);
        actual.ObservableCollectionMember.Should().Equal(expected.ObservableCollectionMember!);
        actual.EnumerableMember.Should().Equal(expected.EnumerableMember!);

        // Stacks pop, queues dequeue, the same values in the same order.
        Drain(actual.StackMember!).Should().Equal(Drain(new Stack<int>(expected.StackMember!.Reverse())));
        Drain(actual.QueueMember!).Should().Equal(expected.QueueMember!);
        actual.ImmutableStackMember.Should().Equal(expected.ImmutableStackMember!);
        actual.ImmutableQueueMember.Should().Equal(expected.ImmutableQueueMember!);
        actual.ConcurrentStackMember.Should().Equal(expected.ConcurrentStackMember!);
        actual.ConcurrentQueueMember.Should().Equal(expected.ConcurrentQueueMember!);
        DrainByPriority(actual.PriorityQueueMember!).Should().Equal(DrainByPriority(Copy(expected.PriorityQueueMember!)));

        // A lookup's groups: the same keys, each with its elements in order.
        actual.LookupMember!.Select(g => g.Key).Should().BeEquivalentTo(expected.LookupMember!.Select(g => g.Key));
        foreach (IGrouping<string, int> group in expected.LookupMember!)
        {
            actual.LookupMember![group.Key].Should().Equal(group);
        }

        // Interface members come back as the concrete types docs/GENERATOR.md names.
        actual.Set.Should().BeOfType<HashSet<string>>();
        actual.DictionaryMember.Should().BeOfType<Dictionary<string, int>>();
        actual.EnumerableMember.Should().BeOfType<List<int>>();
    }

    private static List<int> Drain(Stack<int> stack)
    {
        var popped = new List<int>();
        while (stack.TryPop(out int value))
        {
            popped.Add(value);
        }

        return popped;
    }

    private static List<string> Drain(Queue<string> queue)
    {
        var taken = new List<string>();
        while (queue.TryDequeue(out string? value))
        {
            taken.Add(value);
        }

        return taken;
    }

    private static PriorityQueue<string, int> Copy(PriorityQueue<string, int> queue)
    {
        var copy = new PriorityQueue<string, int>();
        copy.EnqueueRange(queue.UnorderedItems);
        return copy;
    }

    private static List<string> DrainByPriority(PriorityQueue<string, int> queue)
    {
        var taken = new List<string>();
        while (queue.TryDequeue(out string? value, out _))
        {
            taken.Add(value);
        }

        return taken;
    }
}
