using System;
using System.Collections.Generic;
using FastSerialization.BinaryFormatterImport;

namespace FastSerialization.Interop;

/// <summary>
/// The importer on .NET Framework: a payload of the real BinaryFormatter (Legacy.Order, the importer's golden file)
/// read into these partial types by the binders the generator wrote for a .NET Framework project (a readonly field
/// through Unsafe.AsRef, a struct through Unsafe.Unbox, an object without its constructor through FormatterServices).
/// </summary>
public static partial class ImportedOrder
{
    /// <summary>Imports <paramref name="payload"/>; null when every value is the one the payload holds, otherwise what differs.</summary>
    public static string? Check(byte[] payload)
    {
        var importer = BinaryFormatterImporter.UsingGeneratedBinders(new CustomBinaryFormatter(), new BinaryFormatterImportOptions().MapType<Order>("Legacy.Order"));
        var order = (Order)importer.Import(payload)!;
        var expected = new (string What, bool Right)[]
        {
            ("Number", order.Number == 77),
            ("Customer.Name", order.Customer?.Name == "Ada"),
            ("Customer's shared address", order.Customer != null && ReferenceEquals(order.Customer.Home, order.Customer.Billing)),
            ("Address.Zip (readonly)", order.Customer?.Home?.Zip == 12345),
            ("Status", order.Status == OrderStatus.Shipped),
            ("Lines (structs)", order.Lines?.Count == 2 && order.Lines[1].Sku == "B-22" && order.Lines[1].Quantity == 1),
            ("Tags", order.Tags != null && order.Tags.Length == 2 && order.Tags[0] == "gift"),
        };
        foreach ((string what, bool right) in expected)
        {
            if (!right)
            {
                return "imported order: " + what + " is not the payload's";
            }
        }

        return null;
    }

    public enum OrderStatus : short { None = 0, Open = 1, Shipped = 2, Cancelled = 7 }

    [BinaryFormatterType("Legacy.Order")]
    public sealed partial class Order
    {
        public long Number { get; set; }
        public Customer? Customer { get; set; }
        public OrderStatus Status { get; set; }
        public List<Line>? Lines { get; set; }
        public string[]? Tags { get; set; }
    }

    [BinaryFormatterType("Legacy.Customer")]
    public sealed partial class Customer
    {
        public Customer(string name) => Name = name; // no parameterless constructor: made uninitialized, as BinaryFormatter did

        public string? Name { get; set; }
        public Address? Home { get; set; }
        public Address? Billing { get; set; }
    }

    [BinaryFormatterType("Legacy.Address")]
    public sealed partial class Address
    {
        public readonly int Zip;
    }

    [BinaryFormatterType("Legacy.OrderLine")]
    public partial struct Line
    {
        public string? Sku { get; set; }
        public int Quantity;
    }
}
