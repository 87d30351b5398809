using System;
using System.Collections;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// The sequence a member's declared type asks for (an array, a list, a set, or one of their interfaces),
/// and how to make and fill it. The payload's collection only decides how the elements are read.
/// </summary>
[RequiresUnreferencedCode(TrimmingMessages.Reflection)]
[RequiresDynamicCode(TrimmingMessages.DynamicCode)]
internal sealed class SequenceTarget
{
    private readonly Kind _kind;
    private readonly Type _created;
    private readonly MethodInfo? _add;
    private readonly ConstructorInfo? _withCapacity;
    private readonly ConstructorInfo? _withComparer;
    private readonly object? _setComparer;
    private Type? _elementArray;

    private SequenceTarget(Kind kind, Type created, Type element)
    {
        _kind = kind;
        _created = created;
        Element = element;
        _add = kind == Kind.Set ? created.GetMethod("Add", new[] { element }) : null;
        _withCapacity = kind == Kind.List ? created.GetConstructor(new[] { typeof(int) }) : null;
        if (kind == Kind.Set)
        {
            // Elements from the payload: compared as generated readers compare them (hash flooding, SECURITY.md).
            _setComparer = UntrustedKeys.ComparerFor(element);
            _withComparer = created.GetConstructor(new[] { typeof(IEqualityComparer<>).MakeGenericType(element) });
        }
    }

    private enum Kind
    {
        Array,
        List,
        Set,
        NonGenericList,
    }

    public Type Element { get; }

    /// <summary><see cref="Element"/>[]: what NrbfDecoder is asked for when the payload's array is jagged.</summary>
    public Type ElementArray => _elementArray ??= Element.MakeArrayType();

    /// <summary>The sequence for <paramref name="target"/>, or null when it is not a sequence type the importer makes.</summary>
    public static SequenceTarget? For(Type target)
    {
        if (target.IsArray)
        {
            return target.GetArrayRank() == 1 ? new SequenceTarget(Kind.Array, target, target.GetElementType()!) : null;
        }

        if (target.IsGenericType)
        {
            Type definition = target.GetGenericTypeDefinition();
            Type element = target.GetGenericArguments()[0];
            if (definition == typeof(List<>) || definition == typeof(IList<>) || definition == typeof(ICollection<>)
                || definition == typeof(IEnumerable<>) || definition == typeof(IReadOnlyList<>) || definition == typeof(IReadOnlyCollection<>))
            {
                return new SequenceTarget(Kind.List, typeof(List<>).MakeGenericType(element), element);
            }

            if (definition == typeof(HashSet<>) || definition == typeof(ISet<>))
            {
                return new SequenceTarget(Kind.Set, typeof(HashSet<>).MakeGenericType(element), element);
            }

            return null;
        }

        if (target == typeof(ArrayList) || target == typeof(IList) || target == typeof(ICollection) || target == typeof(IEnumerable) || target == typeof(object))
        {
            return new SequenceTarget(Kind.NonGenericList, typeof(ArrayList), typeof(object));
        }

        return null;
    }

    public object Create(int count) => _kind switch
    {
        Kind.Array => Array.CreateInstance(Element, count),
        Kind.List => _withCapacity!.Invoke(new object[] { count }),
        Kind.NonGenericList => new ArrayList(count),
        Kind.Set => _withComparer!.Invoke(new[] { _setComparer }),
        _ => Activator.CreateInstance(_created)!,
    };

    public void Set(object sequence, int index, object? value)
    {
        switch (_kind)
        {
            case Kind.Array:
                ((Array)sequence).SetValue(value, index);
                break;
            case Kind.Set:
                _add!.Invoke(sequence, new[] { value });
                break;
            default:
                ((IList)sequence).Add(value);
                break;
        }
    }
}
