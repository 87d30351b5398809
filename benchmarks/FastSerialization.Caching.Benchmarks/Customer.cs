using System.Collections.Generic;
using FastSerialization;

namespace FastSerialization.Caching.Benchmarks;

/// <summary>A typical cached row: the seed article's customer with a few more fields.</summary>
[BinarySerializable]
public sealed partial class Customer
{
    public string? LastName { get; set; }

    public string? FirstName { get; set; }

    public string? Address { get; set; }

    public int Age { get; set; }

    public int Code { get; set; }

    public decimal Balance { get; set; }

    public List<string>? Tags { get; set; }

    public static Customer Sample() => new()
    {
        LastName = "Smith",
        FirstName = "John",
        Address = "1 Main Street, Springfield",
        Age = 35,
        Code = 7,
        Balance = 1234.56m,
        Tags = new List<string> { "vip", "newsletter", "eu" },
    };

    public bool SameAs(Customer? other) =>
        other is not null && other.LastName == LastName && other.FirstName == FirstName && other.Address == Address && other.Age == Age
        && other.Code == Code && other.Balance == Balance && string.Join(",", other.Tags ?? new()) == string.Join(",", Tags ?? new());
}
