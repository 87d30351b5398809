using System.Collections.Immutable;

namespace FastSerialization.Generator.Tests.Models;

/// <summary>An <c>ImmutableList</c> and an <c>IImmutableList</c> of strings (null elements allowed): a few read through the builder, more through an array.</summary>
[BinarySerializable]
public sealed partial class StringImmutableLists
{
    public ImmutableList<string?>? List { get; set; }

    public IImmutableList<string?>? Interface { get; set; }
}
