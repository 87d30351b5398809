using System.Collections.Generic;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// Dictionaries and sets that generated code fills from a record compare their keys with
/// <see cref="KeyComparers.ForUntrustedKeys{T}"/>: for integer keys, a hash under a per-process random key, so
/// that keys chosen to share a bucket under the default hash (their own value) do not.
/// </summary>
public class HashFloodingTests
{
    [Fact]
    public void IntegerKeysReadFromARecord_AreComparedWithTheRandomizedComparer()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<SetHolder>(1);
        var holder = new SetHolder { Set = new HashSet<int> { 1, 2 }, Map = new Dictionary<int, string> { [3] = "c" }, Sets = new List<HashSet<int>> { new() { 4 } } };

        SetHolder back = formatter.Deserialize<SetHolder>(formatter.SerializeToArray(holder));

        IEqualityComparer<int> randomized = KeyComparers.ForUntrustedKeys<int>()!;
        back.Set!.Comparer.Should().BeSameAs(randomized);
        back.Map!.Comparer.Should().BeSameAs(randomized);
        back.Sets![0].Comparer.Should().BeSameAs(randomized);
        back.Set.Should().BeEquivalentTo(holder.Set);
        back.Map.Should().BeEquivalentTo(holder.Map);
    }

    [Fact]
    public void KeysChosenToShareABucket_ReadBackWhole()
    {
        // 40,000 multiples of 43,627, the prime a Dictionary<int, T> grows to for that many entries: all in one
        // bucket under the default comparer (about a second to insert); spread by the randomized one.
        var formatter = new CustomBinaryFormatter();
        formatter.Register<SetHolder>(1);
        var map = new Dictionary<int, string>(KeyComparers.ForUntrustedKeys<int>()); // the default comparer would take the second here
        for (uint i = 0; i < 40_000; i++)
        {
            map.Add((int)(i * 43_627u), string.Empty);
        }

        SetHolder back = formatter.Deserialize<SetHolder>(formatter.SerializeToArray(new SetHolder { Map = map }));

        back.Map.Should().HaveCount(40_000);
        back.Map![(int)(uint)(39_999 * 43_627u)].Should().BeEmpty();
    }
}
