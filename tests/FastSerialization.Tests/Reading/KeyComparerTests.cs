using System;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Reading;

/// <summary>Hash flooding: what dictionaries and sets filled from untrusted data are compared with.</summary>
public class KeyComparerTests
{
    [Fact]
    public void OnDotNetCore_StringsKeepTheDefaultComparer_ForItsStringHashIsRandomized()
    {
        KeyComparers.ForUntrustedKeys<string>().Should().BeNull();
    }

    [Fact]
    public void KeysWhoseHashIsTheirOwnBits_GetARandomizedComparer_OthersKeepTheDefault()
    {
        Randomized<int>().Should().BeTrue();
        Randomized<uint>().Should().BeTrue();
        Randomized<long>().Should().BeTrue();
        Randomized<ulong>().Should().BeTrue();
        Randomized<nint>().Should().BeTrue();
        Randomized<nuint>().Should().BeTrue();
        Randomized<Guid>().Should().BeTrue();
        Randomized<TimeSpan>().Should().BeTrue();
        Randomized<IntKind>().Should().BeTrue();
        Randomized<LongKind>().Should().BeTrue();

        Randomized<byte>().Should().BeFalse("256 values cannot fill a long chain");
        Randomized<short>().Should().BeFalse();
        Randomized<char>().Should().BeFalse();
        Randomized<ByteKind>().Should().BeFalse();
        Randomized<double>().Should().BeFalse("equality is not the bits (NaN, -0)");
        Randomized<decimal>().Should().BeFalse();
        Randomized<DateTime>().Should().BeFalse("equality ignores the kind bits");

        static bool Randomized<T>() => KeyComparers.ForUntrustedKeys<T>() is not null;
    }

    [Fact]
    public void RandomizedIntegerComparer_SpreadsKeysChosenToShareABucket()
    {
        // Multiples of a dictionary's bucket count all land in bucket 0 under the default hash (an int is its
        // own hash): a record of such keys makes each insert walk all the earlier ones.
        const int buckets = 43627; // the prime a Dictionary<int, T> grows to for 40,000 entries
        int[] keys = Enumerable.Range(0, 40_000).Select(i => (int)(uint)(i * (uint)buckets)).ToArray();
        IEqualityComparer<int> randomized = KeyComparers.ForUntrustedKeys<int>()!;

        int BucketsUsed(IEqualityComparer<int> comparer) => keys.Select(k => (uint)comparer.GetHashCode(k) % buckets).Distinct().Count();

        BucketsUsed(EqualityComparer<int>.Default).Should().Be(1);
        BucketsUsed(randomized).Should().BeGreaterThan(20_000, "a random hash fills about 1 - 1/e of the buckets");
    }

    [Fact]
    public void RandomizedGuidComparer_SpreadsGuidsWhoseDefaultHashesCollide()
    {
        // Guid.GetHashCode XORs its four 32-bit words: the same word in two places cancels out.
        Guid[] keys = Enumerable.Range(0, 10_000).Select(i => new Guid(i, (short)i, (short)(i >> 16), BitConverter.GetBytes(i).Concat(BitConverter.GetBytes(i)).ToArray())).ToArray();
        IEqualityComparer<Guid> randomized = KeyComparers.ForUntrustedKeys<Guid>()!;

        keys.Select(k => k.GetHashCode()).Distinct().Should().HaveCount(1);
        keys.Select(randomized.GetHashCode).Distinct().Count().Should().BeGreaterThan(9_900);
    }

    [Fact]
    public void RandomizedComparers_AgreeWithDefaultEquality()
    {
        IEqualityComparer<long> longs = KeyComparers.ForUntrustedKeys<long>()!;
        IEqualityComparer<LongKind> kinds = KeyComparers.ForUntrustedKeys<LongKind>()!;
        IEqualityComparer<TimeSpan> spans = KeyComparers.ForUntrustedKeys<TimeSpan>()!;

        longs.Equals(long.MinValue, long.MinValue).Should().BeTrue();
        longs.Equals(1, 2).Should().BeFalse();
        longs.GetHashCode(123456789012345).Should().Be(longs.GetHashCode(123456789012345));
        kinds.Equals(LongKind.Big, (LongKind)(1L << 40)).Should().BeTrue();
        spans.GetHashCode(TimeSpan.FromTicks(5)).Should().Be(spans.GetHashCode(new TimeSpan(5)));

        var map = new Dictionary<long, int>(longs);
        for (int i = 0; i < 10_000; i++)
        {
            map.Add((long)i << 32, i);
        }

        map[1234L << 32].Should().Be(1234);
        map.ContainsKey(1234).Should().BeFalse();
    }

    private enum IntKind
    {
        None,
    }

    private enum LongKind : long
    {
        Big = 1L << 40,
    }

    private enum ByteKind : byte
    {
        None,
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
