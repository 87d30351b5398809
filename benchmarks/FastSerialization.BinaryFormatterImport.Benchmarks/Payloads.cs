using System;
using System.Collections.Generic;
using System.Formats.Nrbf;
using System.IO;
using System.Linq;
using System.Runtime.Serialization.Formatters.Binary;

namespace FastSerialization.BinaryFormatterImport.Benchmarks;

/// <summary>The payloads measured, written by the real BinaryFormatter from fixed data.</summary>
public static class Payloads
{
    public const string Order = "order";
    public const string Orders1000 = "orders-1000";

    public static object Graph(string name) => name switch
    {
        Order => MakeOrder(1),
        Orders1000 => Enumerable.Range(0, 1000).Select(MakeOrder).ToList(),
        _ => throw new ArgumentException($"unknown payload {name}"),
    };

    public static Type ModernType(string name) => name == Order ? typeof(Modern.Order) : typeof(List<Modern.Order>);

    public static byte[] Write(string name)
    {
        var stream = new MemoryStream();
        new BinaryFormatter().Serialize(stream, Graph(name));
        return stream.ToArray();
    }

    /// <summary>The class and array records of a payload: the objects BinaryFormatter wrote (strings and boxed primitives not counted).</summary>
    public static int CountObjects(byte[] payload)
    {
        NrbfDecoder.Decode(new MemoryStream(payload), out IReadOnlyDictionary<SerializationRecordId, SerializationRecord> records);
        return records.Values.Count(r => r is ClassRecord or ArrayRecord);
    }

    private static Legacy.Order MakeOrder(int i) => new()
    {
        Number = 100_000 + i,
        Customer = new Legacy.Customer
        {
            Id = new Guid(i, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
            Name = "customer " + (i % 97),
            Credit = 1000m + i,
            Home = new Legacy.Address { Street = i + " Main Street", City = "Springfield", Zip = 10_000 + (i % 900) },
            Since = new DateTime(2015, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddDays(i),
        },
        Status = (Legacy.Status)(i % 3),
        Placed = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddMinutes(i),
        Priority = i % 4 == 0 ? null : i % 10,
        Lines = Enumerable.Range(0, 1 + (i % 4)).Select(k => new Legacy.OrderLine { Sku = "SKU-" + k, Quantity = k + 1, Price = 9.99 * (k + 1) }).ToList(),
        Notes = new Dictionary<string, string> { ["po"] = "PO-" + i, ["desk"] = "north" },
        Codes = new[] { i, i + 1, i + 2 },
    };
}
