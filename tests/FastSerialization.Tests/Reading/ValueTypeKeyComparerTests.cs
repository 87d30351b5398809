using System;
using System.Collections.Generic;
using System.Linq;
using System.Numerics;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Reading;

/// <summary>Hash flooding with the key types of contract section 2b: each whose default hash can be steered gets a randomized comparer.</summary>
public class ValueTypeKeyComparerTests
{
    // The prime a Dictionary grows to for 40,000 entries: keys whose hashes are its multiples share bucket 0.
    private const int Buckets = 43627;

    private static int BucketsUsed<T>(IEnumerable<T> keys, IEqualityComparer<T> comparer) =>
        keys.Select(k => (uint)comparer.GetHashCode(k!) % Buckets).Distinct().Count();

#if !FS_NETSTANDARD_BUILD
    [Fact]
    public void DateOnlyTimeOnlyRuneInt128_GetTheRandomizedComparer()
    {
        KeyComparers.ForUntrustedKeys<DateOnly>().Should().NotBeNull();
        KeyComparers.ForUntrustedKeys<TimeOnly>().Should().NotBeNull();
        KeyComparers.ForUntrustedKeys<System.Text.Rune>().Should().NotBeNull();
        KeyComparers.ForUntrustedKeys<Int128>().Should().NotBeNull();
        KeyComparers.ForUntrustedKeys<UInt128>().Should().NotBeNull();

        // TimeOnly hashes its ticks' two halves XORed: ticks that are multiples of the bucket count share a bucket.
        TimeOnly[] times = Enumerable.Range(0, 40_000).Select(i => new TimeOnly((long)i * Buckets)).ToArray();
        BucketsUsed(times, EqualityComparer<TimeOnly>.Default).Should().Be(1);
        BucketsUsed(times, KeyComparers.ForUntrustedKeys<TimeOnly>()!).Should().BeGreaterThan(20_000);

        IEqualityComparer<Int128> signed = KeyComparers.ForUntrustedKeys<Int128>()!;
        signed.Equals(Int128.MinValue, Int128.MinValue).Should().BeTrue();
        signed.Equals(1, -1).Should().BeFalse();
        signed.GetHashCode(Int128.MaxValue).Should().Be(signed.GetHashCode(Int128.MaxValue));
    }
#endif

    [Fact]
    public void BigIntegerKeys_ThatHashToThemselves_AreSpread()
    {
        BigInteger[] keys = Enumerable.Range(0, 40_000).Select(i => new BigInteger((long)i * Buckets)).ToArray();
        IEqualityComparer<BigInteger> randomized = KeyComparers.ForUntrustedKeys<BigInteger>()!;

        randomized.Should().NotBeNull();
        BucketsUsed(keys.Where(k => k <= int.MaxValue), EqualityComparer<BigInteger>.Default).Should().Be(1, "a BigInteger that fits in an int hashes to itself");
        BucketsUsed(keys, randomized).Should().BeGreaterThan(20_000);
        randomized.Equals(BigInteger.Parse("123456789012345678901234567890"), BigInteger.Parse("123456789012345678901234567890")).Should().BeTrue();
        randomized.GetHashCode(BigInteger.One << 1000).Should().Be(randomized.GetHashCode(BigInteger.Pow(2, 1000)));
        randomized.GetHashCode(BigInteger.MinusOne).Should().NotBe(randomized.GetHashCode(BigInteger.One));
    }

    [Fact]
    public void VersionKeys_ThatShareADefaultHash_AreSpread()
    {
        // Version packs its numbers into 32 bits: the revision's bits above 12 are dropped, so these all collide.
        Version[] keys = Enumerable.Range(0, 10_000).Select(i => new Version(1, 0, 0, i << 12)).ToArray();
        IEqualityComparer<Version> randomized = KeyComparers.ForUntrustedKeys<Version>()!;

        randomized.Should().NotBeNull();
        keys.Select(k => k.GetHashCode()).Distinct().Should().HaveCount(1);
        keys.Select(randomized.GetHashCode).Distinct().Count().Should().BeGreaterThan(9_900);
        randomized.Equals(new Version(1, 2), new Version(1, 2)).Should().BeTrue();
        randomized.GetHashCode(new Version(1, 2)).Should().Be(randomized.GetHashCode(new Version(1, 2)));
        randomized.GetHashCode(new Version(1, 2)).Should().NotBe(randomized.GetHashCode(new Version(1, 2, 0)), "1.2 and 1.2.0 are different versions");
    }

    [Fact]
    public void ComplexKeys_AreSpread_AndHashAsTheirEqualityCompares()
    {
        IEqualityComparer<Complex> randomized = KeyComparers.ForUntrustedKeys<Complex>()!;

        randomized.Should().NotBeNull();
        randomized.Equals(new Complex(0.0, 1), new Complex(-0.0, 1)).Should().BeTrue();
        randomized.GetHashCode(new Complex(0.0, 1)).Should().Be(randomized.GetHashCode(new Complex(-0.0, 1)), "0.0 equals -0.0");
        double otherNaN = BitConverter.Int64BitsToDouble(0x7FF8_0000_0000_1234L);
        randomized.GetHashCode(new Complex(double.NaN, 0)).Should().Be(randomized.GetHashCode(new Complex(otherNaN, 0)), "every NaN equals every other");

        // On .NET Framework the default XORs the parts' hashes, so (i, i) cancels out; the randomized hash spreads them.
        Complex[] keys = Enumerable.Range(0, 10_000).Select(i => new Complex(i, i)).ToArray();
        keys.Select(randomized.GetHashCode).Distinct().Count().Should().BeGreaterThan(9_900);
    }
}
