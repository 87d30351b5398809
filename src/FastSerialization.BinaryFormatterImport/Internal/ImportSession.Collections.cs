using System;
using System.Formats.Nrbf;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// Arrays and the collections BinaryFormatter wrote as objects (List, HashSet, Dictionary, Hashtable,
/// ArrayList). Every array length is charged to the payload's element budget before anything is allocated.
/// </summary>
internal sealed partial class ImportSession
{
    private const string ListName = "System.Collections.Generic.List`1";
    private const string HashSetName = "System.Collections.Generic.HashSet`1";
    private const string DictionaryName = "System.Collections.Generic.Dictionary`2";
    private const string ArrayListName = "System.Collections.ArrayList";
    private const string HashtableName = "System.Collections.Hashtable";

    private static readonly SequenceTarget ObjectArray = BinaryFormatterTarget.Array<object>(BinaryFormatterTarget.Object).Sequence!;

    private object? ConvertArray(ArrayRecord array, BinaryFormatterTarget target)
    {
        if (target.Type == typeof(object))
        {
            Array values = GetElements(array, null);
            if (values is not SerializationRecord?[])
            {
                Enter(array.Id, values); // an array of primitives or strings, as the payload has it
                return values;
            }

            return FillSequence(array.Id, ObjectArray, values, values.Length);
        }

        SequenceTarget sequence = target.Sequence ?? throw Error($"an array cannot go into a member of type {target}{NoCollectionHint(target)}");
        Array elements = GetElements(array, sequence);
        Type element = sequence.Element.Type;
        if (elements.GetType() == target.Type && (element.IsPrimitive || element == typeof(string) || element == typeof(decimal)
            || element == typeof(DateTime) || element == typeof(TimeSpan)))
        {
            Enter(array.Id, elements); // already the array the member wants
            return elements;
        }

        return FillSequence(array.Id, sequence, elements, elements.Length);
    }

    private object ReadList(ClassRecord record, TypeNameInfo name, BinaryFormatterTarget target, bool generic)
    {
        SequenceTarget sequence = SequenceFor(name, target, generic);
        int size = record.GetInt32("_size");
        Array elements = record.GetRawValue("_items") switch
        {
            null => Array.Empty<object>(),
            ArrayRecord items => GetElements(items, sequence),
            _ => throw Error($"the {name.FullName}'s _items is not an array"),
        };
        if (size < 0 || size > elements.Length)
        {
            throw Error($"the {name.FullName}'s size {size} is outside its array of {elements.Length}");
        }

        return FillSequence(record.Id, sequence, elements, size);
    }

    private object ReadHashSet(ClassRecord record, TypeNameInfo name, BinaryFormatterTarget target)
    {
        SequenceTarget sequence = SequenceFor(name, target, generic: true);
        Array elements = !record.HasMember("Elements") ? Array.Empty<object>() : record.GetRawValue("Elements") switch
        {
            null => Array.Empty<object>(),
            ArrayRecord items => GetElements(items, sequence),
            _ => throw Error($"the {name.FullName}'s Elements is not an array"),
        };
        return FillSequence(record.Id, sequence, elements, elements.Length);
    }

    private object ReadDictionary(ClassRecord record, TypeNameInfo name, BinaryFormatterTarget target, string pairsMember)
    {
        // A generic dictionary in a member declared as object would have to be created from the payload's type arguments.
        DictionaryTarget dictionary = (target.Type == typeof(object) ? null : target.Map)
            ?? throw Error($"the payload's {name.FullName} cannot go into a member of type {target}{NoCollectionHint(target)}");
        Array pairs = !record.HasMember(pairsMember) ? Array.Empty<object>() : record.GetRawValue(pairsMember) switch
        {
            null => Array.Empty<object>(),
            ArrayRecord array => GetElements(array, null),
            _ => throw Error($"the {name.FullName}'s {pairsMember} is not an array"),
        };

        System.Collections.IDictionary result = dictionary.Create(pairs.Length);
        Enter(record.Id, result);
        for (int i = 0; i < pairs.Length; i++)
        {
            _path.PushIndex(i);
            if (pairs.GetValue(i) is not ClassRecord pair || !pair.HasMember("key") || !pair.HasMember("value"))
            {
                throw Error("a dictionary entry is not a key and value pair");
            }

            AddEntry(result, dictionary, pair.GetRawValue("key"), pair.GetRawValue("value"));
            _path.Pop();
        }

        return result;
    }

    private object ReadHashtable(ClassRecord record, TypeNameInfo name, BinaryFormatterTarget target)
    {
        DictionaryTarget dictionary = target.Map
            ?? throw Error($"the payload's {name.FullName} cannot go into a member of type {target}");
        Array keys = ArrayMember(record, "Keys");
        Array values = ArrayMember(record, "Values");
        if (keys.Length != values.Length)
        {
            throw Error($"the Hashtable has {keys.Length} keys and {values.Length} values");
        }

        System.Collections.IDictionary result = dictionary.Create(keys.Length);
        Enter(record.Id, result);
        for (int i = 0; i < keys.Length; i++)
        {
            _path.PushIndex(i);
            AddEntry(result, dictionary, keys.GetValue(i), values.GetValue(i));
            _path.Pop();
        }

        return result;
    }

    private void AddEntry(System.Collections.IDictionary result, DictionaryTarget dictionary, object? rawKey, object? rawValue)
    {
        _path.PushKey();
        object? key = ConvertValue(rawKey, dictionary.Key);
        _path.Pop();
        object? value = ConvertValue(rawValue, dictionary.Value);
        if (key is null)
        {
            throw Error("a dictionary key is null");
        }

        try
        {
            result.Add(key, value);
        }
        catch (ArgumentException e)
        {
            throw Error($"the dictionary key {key} comes twice", e);
        }
    }

    private Array ArrayMember(ClassRecord record, string member) => !record.HasMember(member) ? Array.Empty<object>() : record.GetRawValue(member) switch
    {
        null => Array.Empty<object>(),
        ArrayRecord array => GetElements(array, null),
        _ => throw Error($"the {record.TypeName.FullName}'s {member} is not an array"),
    };

    private SequenceTarget SequenceFor(TypeNameInfo name, BinaryFormatterTarget target, bool generic)
    {
        // A generic collection in a member declared as object would have to be created from the payload's
        // type arguments: declare the member with its collection type instead.
        if (generic && target.Type == typeof(object))
        {
            throw Error($"the payload's {name.FullName} is in a member declared as object; declare the member with its collection type");
        }

        return target.Sequence ?? throw Error($"the payload's {name.FullName} cannot go into a member of type {target}{NoCollectionHint(target)}");
    }

    /// <summary>Why a generic collection type has no target: the importer without reflection makes them only for members of generated types.</summary>
    private string NoCollectionHint(BinaryFormatterTarget target)
        => !_context.HasReflection && target.Type.IsGenericType
            ? " (the importer made by UsingGeneratedBinders makes generic collections only for the members of types with generated binders)"
            : string.Empty;

    private object FillSequence(SerializationRecordId id, SequenceTarget sequence, Array elements, int count)
    {
        object result = sequence.Create(count);
        Enter(id, result);
        for (int i = 0; i < count; i++)
        {
            _path.PushIndex(i);
            sequence.Set(result, i, ConvertValue(elements.GetValue(i), sequence.Element));
            _path.Pop();
        }

        return result;
    }

    /// <summary>
    /// The elements of a one-dimensional array record: primitives, strings, records, or (jagged) array records.
    /// Its length is charged to the element budget first: NrbfDecoder allocates the whole array here.
    /// </summary>
    private Array GetElements(ArrayRecord array, SequenceTarget? sequence)
    {
        if (array.Rank != 1)
        {
            throw Error($"the payload's {array.TypeName.FullName} is a multi-dimensional array, which the importer does not read");
        }

        Reserve(array.Lengths[0]);
        switch (array)
        {
            case SZArrayRecord<SerializationRecord> records: return records.GetArray(allowNulls: true);
            case SZArrayRecord<string> strings: return strings.GetArray(allowNulls: true);
            case SZArrayRecord<int> ints: return ints.GetArray();
            case SZArrayRecord<long> longs: return longs.GetArray();
            case SZArrayRecord<byte> bytes: return bytes.GetArray();
            case SZArrayRecord<double> doubles: return doubles.GetArray();
            case SZArrayRecord<bool> bools: return bools.GetArray();
            case SZArrayRecord<sbyte> sbytes: return sbytes.GetArray();
            case SZArrayRecord<short> shorts: return shorts.GetArray();
            case SZArrayRecord<ushort> ushorts: return ushorts.GetArray();
            case SZArrayRecord<char> chars: return chars.GetArray();
            case SZArrayRecord<uint> uints: return uints.GetArray();
            case SZArrayRecord<ulong> ulongs: return ulongs.GetArray();
            case SZArrayRecord<float> floats: return floats.GetArray();
            case SZArrayRecord<decimal> decimals: return decimals.GetArray();
            case SZArrayRecord<DateTime> dates: return dates.GetArray();
            case SZArrayRecord<TimeSpan> spans: return spans.GetArray();
        }

        if (sequence is null)
        {
            throw Error($"the payload's {array.TypeName.FullName} (an array of arrays) is in a member declared as object; declare it with its array type");
        }

        try
        {
            return sequence.ReadJagged(array);
        }
        catch (InvalidOperationException e)
        {
            throw Error($"the payload's {array.TypeName.FullName} cannot be read as {sequence.ElementArray}", e);
        }
    }
}
