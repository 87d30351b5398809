using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// Reading the immutable dictionaries and <c>SortedList</c>: each key is looked up once (its pair set, then the count tells
/// a duplicate), where <c>ContainsKey</c> then <c>Add</c> looked it up twice; duplicates, equal values included, and null
/// keys stay malformed; keys in any order still read back.
/// </summary>
public class DictionaryReadLookupTests
{
    /// <summary>40 keys, not in order.</summary>
    private static readonly string[] Keys =
        Enumerable.Range(0, 40).Select(i => "key-" + (i * 17 % 40).ToString("D2", System.Globalization.CultureInfo.InvariantCulture)).ToArray();

    [Fact]
    public void ImmutableSortedDictionary_LooksEachKeyUpOnce()
    {
        var value = new CountedImmutableSortedDictionary { Value = Keys.ToImmutableSortedDictionary(k => k, k => k.GetHashCode(StringComparison.Ordinal), CountingComparers.Ordering) };
        var replay = ImmutableSortedDictionary.CreateBuilder<string, int>(CountingComparers.Ordering);

        (CountedImmutableSortedDictionary back, int calls) = CountedRead(value);

        back.Value.Should().Equal(value.Value);
        back.Value!.KeyComparer.Should().BeSameAs(CountingComparers.Ordering);
        calls.Should().Be(OnePerKey(value.Value!, pair => replay[pair.Key] = pair.Value), "each pair read is one lookup in the builder");
    }

    [Fact]
    public void ImmutableDictionary_LooksEachKeyUpOnce()
    {
        var value = new CountedImmutableDictionary { Value = Keys.ToImmutableDictionary(k => k, k => k.Length, CountingComparers.Equality) };
        var replay = ImmutableDictionary.CreateBuilder<string, int>(CountingComparers.Equality);

        (CountedImmutableDictionary back, int calls) = CountedRead(value);

        back.Value.Should().BeEquivalentTo(value.Value);
        calls.Should().Be(OnePerKey(value.Value!, pair => replay[pair.Key] = pair.Value), "each pair read is one hash and lookup in the builder");
    }

    [Fact]
    public void SortedList_LooksEachKeyUpOnce()
    {
        var value = new CountedSortedList { Value = new SortedList<string, int>(Keys.ToDictionary(k => k, k => k.Length), CountingComparers.Ordering) };
        var replay = new SortedList<string, int>(Keys.Length, CountingComparers.Ordering);

        (CountedSortedList back, int calls) = CountedRead(value);

        back.Value.Should().Equal(value.Value);
        calls.Should().Be(OnePerKey(value.Value!, pair => replay[pair.Key] = pair.Value), "each pair read is one binary search");
    }

    [Fact]
    public void DuplicateKeyWithAnEqualValue_IsMalformed()
    {
        // The immutable dictionaries' Add accepts such a pair in silence; the reader must still refuse it.
        byte[] map = Bytes(3, 2, (byte)'k', 2, 2, (byte)'k', 2);
        byte[] intMap = Bytes(3, 14, 2, (byte)'a', 14, 2, (byte)'a');

        AssertMalformed<ImmutableSortedDictionaryHolder>(map, "*null or duplicate key*");
        AssertMalformed<ImmutableDictionaryHolder>(map, "*null or duplicate key*");
        AssertMalformed<ImmutableDictionaryInterfaceHolder>(map, "*null or duplicate key*");
        AssertMalformed<SortedListHolder>(map, "*null or duplicate key*");
        AssertMalformed<SortedDictionaryHolder>(intMap, "*null or duplicate key*");
    }

    [Fact]
    public void DuplicateKeyAfterOtherKeys_IsMalformed()
    {
        // "b", "a", then "b" again with another value: the duplicate is not the previous key.
        byte[] map = Bytes(4, 2, (byte)'b', 2, 2, (byte)'a', 4, 2, (byte)'b', 6);

        AssertMalformed<ImmutableSortedDictionaryHolder>(map, "*null or duplicate key*");
        AssertMalformed<ImmutableDictionaryHolder>(map, "*null or duplicate key*");
        AssertMalformed<SortedListHolder>(map, "*null or duplicate key*");
    }

    [Fact]
    public void NullKey_IsMalformed()
    {
        byte[] map = Bytes(2, 0, 2);

        AssertMalformed<ImmutableSortedDictionaryHolder>(map, "*null or duplicate key*");
        AssertMalformed<ImmutableDictionaryInterfaceHolder>(map, "*null or duplicate key*");
    }

    [Fact]
    public void KeysOutOfOrder_ReadBackSorted()
    {
        // Valid data need not come sorted (a Dictionary member of the same layout writes its own order).
        byte[] map = Bytes(4, 2, (byte)'c', 2, 2, (byte)'a', 4, 2, (byte)'b', 6);

        var back = Deserialize<ImmutableSortedDictionaryHolder>(map);

        back.Value!.Keys.Should().Equal("a", "b", "c");
        back.Value.Values.Should().Equal(2, 3, 1);
        Deserialize<SortedListHolder>(map).Value!.Keys.Should().Equal("a", "b", "c");
    }

    /// <summary>Serializes <paramref name="value"/>, then counts the comparer's calls while it is read back.</summary>
    private static (T Back, int Calls) CountedRead<T>(T value)
        where T : ICustomBinarySerializable, new()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<T>(1);
        byte[] record = formatter.SerializeToArray(value);
        formatter.Deserialize<T>(record); // the first read closes the registry and runs the static constructors

        CountingComparers.Reset();
        T back = formatter.Deserialize<T>(record);
        return (back, CountingComparers.Calls);
    }

    /// <summary>The comparer's calls when each pair, in the order the record holds them, is set once.</summary>
    private static int OnePerKey(IEnumerable<KeyValuePair<string, int>> pairs, Action<KeyValuePair<string, int>> set)
    {
        KeyValuePair<string, int>[] inRecordOrder = pairs.ToArray();
        CountingComparers.Reset();
        foreach (KeyValuePair<string, int> pair in inRecordOrder)
        {
            set(pair);
        }

        return CountingComparers.Calls;
    }

    private static T Deserialize<T>(byte[] payload)
        where T : ICustomBinarySerializable, new()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<T>(1);
        var record = new byte[5 + payload.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(record, (uint)(1 + payload.Length));
        record[4] = 1;
        payload.CopyTo(record, 5);
        return formatter.Deserialize<T>(record);
    }

    private static void AssertMalformed<T>(byte[] payload, string message)
        where T : ICustomBinarySerializable, new()
    {
        Action act = () => Deserialize<T>(payload);
        act.Should().Throw<FastSerializationException>().WithMessage(message, typeof(T).Name);
    }

    private static byte[] Bytes(params object[] parts) =>
        parts.SelectMany(p => p switch
        {
            int b => new[] { checked((byte)b) },
            byte b => new[] { b },
            _ => throw new ArgumentException("a byte", nameof(parts)),
        }).ToArray();
}
