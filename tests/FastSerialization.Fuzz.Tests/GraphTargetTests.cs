using System;
using System.Linq;
using FastSerialization.Fuzz.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Fuzz.Tests;

/// <summary>
/// The graph target's generated, reference-tracked types (fuzz/FastSerialization.Fuzz.Targets/Models/Graphs.cs) through the
/// public API: a hostile cycle through the generated type built through its constructor, and deep copies of the seed graphs.
/// </summary>
public class GraphTargetTests
{
    /// <summary>
    /// A knot (the record, object 0) with a new badge (object 1) whose owner is a new knot (object 2) with no badge; the
    /// record's last byte is that knot's badge, R = 0.
    /// </summary>
    private static byte[] KnotWithOwnedBadge()
    {
        var record = new Knot { Value = 5, Badge = new Badge("b", new Knot { Value = 6 }) };
        byte[] bytes = Formatters.Graphs.SerializeToArray(record);
        bytes[^1].Should().Be(0, "the owner's badge is null, the record's last byte");
        return bytes;
    }

    [Fact]
    public void CycleThroughTheGeneratedConstructorBuiltType_IsRefused_NamingIt()
    {
        byte[] bytes = KnotWithOwnedBadge();
        Formatters.Graphs.Deserialize<Knot>(bytes).Badge!.Owner!.Value.Should().Be(6, "the record as written reads back");
        bytes[^1] = 3; // The owner's badge refers to object 1: the badge whose members (this owner) are being read.

        Action read = () => Formatters.Graphs.Deserialize<Knot>(bytes);

        read.Should().Throw<FastSerializationException>()
            .WithMessage($"*refers to object 1, a {typeof(Badge).FullName} whose members are still being read*built through its constructor*");
        Targets.Run(new byte[] { 7, 0 }.Concat(bytes).ToArray()).Should().BeFalse("the graph target sees the documented exception and nothing else");
    }

    [Fact]
    public void DeepClone_OfTheSeedWeb_KeepsItsSharingCyclesAndTypes_AndSharesNothingWithTheOriginal()
    {
        var web = (Web)Seeds.GraphSamples()[0];

        Web copy = Formatters.Graphs.DeepClone(web);

        Knot a = copy.Knots[0], b = copy.Knots[1], c = copy.Knots[2];
        c.Should().BeOfType<HeavyKnot>().And.BeSameAs(copy.Entry).And.BeSameAs(copy.ByName!["c"]);
        a.Next.Should().BeSameAs(b);
        b.Next.Should().BeSameAs(c);
        c.Next.Should().BeSameAs(a, "the cycle of three closes on the copy's knots");
        copy.Knots.Should().OnlyContain(k => ReferenceEquals(k.Web, copy));
        a.Badge.Should().BeSameAs(b.Badge).And.BeSameAs(copy.Badges![0]).And.BeSameAs(copy.Badges[2]);
        copy.Badges[1].Owner.Should().BeSameAs(a, "the constructor-built badge points to the copy's knot");
        ((HeavyKnot)c).Children![0].Should().BeSameAs(a);
        ((HeavyKnot)c).Children![2].Should().BeNull();

        object[] originals = { web, web.Knots[0], web.Knots[1], web.Knots[2], web.Badges![0], web.Badges[1], ((HeavyKnot)web.Knots[2]).Children![1] };
        object[] copies = { copy, a, b, c, copy.Badges[0], copy.Badges[1], ((HeavyKnot)c).Children![1] };
        copies.Should().OnlyContain(o => !originals.Any(x => ReferenceEquals(x, o)), "no object of the copy is one of the original's");
    }
}
