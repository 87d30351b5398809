using System;
using System.Collections.Generic;
using FastSerialization;

namespace Quickstart;

/// <summary>An immutable order with a nested customer, a list of lines and a timestamp; generated too.</summary>
[BinarySerializable]
public sealed partial record Order(Guid Id, DateTime PlacedUtc, Customer? Buyer, List<string> Lines, decimal Total)
{
    public override string ToString() => $"order {Id:N} for {Buyer?.FirstName} {Buyer?.LastName}: {string.Join(", ", Lines)}; total {Total}";
}
