using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Reading;

/// <summary>Hash flooding: what dictionaries and sets filled from untrusted data are compared with.</summary>
public class KeyComparerTests
{
    [Fact]
    public void OnDotNetCore_TheDefaultComparerIsKept_ForItsStringHashIsRandomized()
    {
        KeyComparers.ForUntrustedKeys<string>().Should().BeNull();
        KeyComparers.ForUntrustedKeys<int>().Should().BeNull();
    }

    [Fact]
    public void SipHash24_MatchesTheReferenceVectors()
    {
        // The SipHash paper's vectors: key 00..0F, messages 00..(n-1).
        var sip = new SipHashStringComparer(0x0706050403020100UL, 0x0F0E0D0C0B0A0908UL);
        byte[] message = Enumerable.Range(0, 15).Select(i => (byte)i).ToArray();

        sip.Hash(System.ReadOnlySpan<byte>.Empty).Should().Be(0x726fdb47dd0e0e31UL);
        sip.Hash(message).Should().Be(0xa129ca6149be45e5UL);
    }

    [Fact]
    public void RandomizedString_IsOrdinal()
    {
        IEqualityComparer<string?> comparer = KeyComparers.RandomizedString;

        comparer.Equals("a", "a").Should().BeTrue();
        comparer.Equals("a", "A").Should().BeFalse();
        comparer.Equals(null, null).Should().BeTrue();
        comparer.Equals("e\u0301", "\u00e9").Should().BeFalse();
        comparer.GetHashCode(new string('x', 13)).Should().Be(comparer.GetHashCode(new string('x', 13)));
        comparer.GetHashCode(null!).Should().Be(0);
    }

    [Fact]
    public void RandomizedString_SpreadsKeysThatDifferInOneCodeUnit()
    {
        // Every length from 0 to 40 (so every tail length of the 8-byte blocks), 1,000 keys each.
        IEqualityComparer<string?> comparer = KeyComparers.RandomizedString;
        for (int length = 0; length <= 40; length += 3)
        {
            string[] keys = Enumerable.Range(0, 1000).Select(i => new string('k', length) + (char)i).ToArray();
            int distinct = keys.Select(comparer.GetHashCode).Distinct().Count();
            distinct.Should().BeGreaterThan(990, "keys of length {0}", length + 1);
        }
    }

    [Fact]
    public void RandomizedString_WorksAsADictionaryComparer()
    {
        var map = new Dictionary<string, int>(KeyComparers.RandomizedString!);
        for (int i = 0; i < 10_000; i++)
        {
            map.Add("key" + i, i);
        }

        map["key1234"].Should().Be(1234);
        map.ContainsKey("KEY1234").Should().BeFalse();
    }
}
