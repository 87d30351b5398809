using System;
using System.Collections;
using System.Collections.Generic;

namespace FastSerialization.BinaryFormatterImport.Tests.Corpus;

/// <summary>
/// The legacy objects the real BinaryFormatter writes (and the golden files hold), each with the modern
/// object the import must equal, built here by hand from the same values. Every value is fixed, so that
/// BinaryFormatter writes the same bytes on every run (Hashtable keys are ints: string hashes vary per process).
/// </summary>
internal static class LegacyCorpus
{
    private static readonly Guid CustomerId = new("6f9619ff-8b86-d011-b42d-00c04fc964ff");
    private static readonly DateTime Created = new(2019, 3, 4, 5, 6, 7, 890, DateTimeKind.Utc);

    public static IReadOnlyList<(string Name, object Legacy, object Modern)> All { get; } = new (string, object, object)[]
    {
        ("address", LegacyAddress(), ModernAddress()),
        ("customer", LegacyCustomer(), ModernCustomer()),
        ("order", LegacyOrder(), ModernOrder()),
        ("everything", LegacyEverything(), ModernEverything()),
        ("renamed", new Legacy.Renamed { OldName = "before", Kept = 5, Dropped = 9 }, new Modern.Renamed { NewName = "before", Kept = 5, Added = 42 }),
        ("widening", new Legacy.Widening { Small = int.MinValue, Single = 1.5f, Tiny = -3 }, new Modern.Widening { Small = int.MinValue, Single = 1.5, Tiny = -3 }),
        ("tree", LegacyTree(), ModernTree()),
        ("graph", LegacyLedger(), ModernLedger()),
    };

    public static Legacy.Address LegacyAddress() => new() { Street = "1 Main Street", City = "Springfield", Zip = 12345 };

    public static Modern.Address ModernAddress() => new() { Street = "1 Main Street", City = "Springfield", Zip = 12345 };

    /// <summary>Home and Billing are one shared address.</summary>
    public static Legacy.Customer LegacyCustomer()
    {
        Legacy.Address shared = LegacyAddress();
        return new Legacy.Customer { Id = CustomerId, CreatedAt = Created, Name = "Ada", Credit = 1234.5678m, Home = shared, Billing = shared, Scratch = 99 };
    }

    public static Modern.Customer ModernCustomer()
    {
        Modern.Address shared = ModernAddress();
        return new Modern.Customer { Id = CustomerId, CreatedAt = Created, Name = "Ada", Credit = 1234.5678m, Home = shared, Billing = shared };
    }

    public static Legacy.Order LegacyOrder(long number = 77) => new()
    {
        Number = number,
        Customer = LegacyCustomer(),
        Status = Legacy.OrderStatus.Shipped,
        Placed = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Local),
        Shipped = new DateTime(2024, 1, 3, 0, 0, 0, DateTimeKind.Unspecified),
        Priority = null,
        Window = TimeSpan.FromHours(36.5),
        Lines = new List<Legacy.OrderLine>
        {
            new() { Sku = "A-1", Quantity = 2, Price = 9.99 },
            new() { Sku = "B-22", Quantity = 1, Price = 120.0 },
        },
        Tags = new[] { "gift", "express" },
    };

    public static Modern.Order ModernOrder(long number = 77) => new()
    {
        Number = number,
        Customer = ModernCustomer(),
        Status = Modern.OrderStatus.Shipped,
        Placed = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Local),
        Shipped = new DateTime(2024, 1, 3, 0, 0, 0, DateTimeKind.Unspecified),
        Priority = null,
        Window = TimeSpan.FromHours(36.5),
        Lines = new List<Modern.OrderLine>
        {
            new() { Sku = "A-1", Quantity = 2, Price = 9.99 },
            new() { Sku = "B-22", Quantity = 1, Price = 120.0 },
        },
        Tags = new[] { "gift", "express" },
    };

    public static Legacy.Everything LegacyEverything() => new()
    {
        Flag = true, B = 200, SB = -100, S = -30000, US = 60000, C = 'é', I = -123456789, UI = 4000000000, L = long.MinValue, UL = ulong.MaxValue,
        F = 3.25f, D = Math.PI, M = -79228162514264337593543950335m, Text = "héllo, wörld",
        Utc = new DateTime(2020, 2, 29, 23, 59, 59, DateTimeKind.Utc),
        Local = new DateTime(2021, 6, 1, 12, 0, 0, DateTimeKind.Local),
        Unspecified = new DateTime(1999, 12, 31, 0, 0, 0, DateTimeKind.Unspecified),
        Span = TimeSpan.FromTicks(-1234567), Guid = CustomerId, Status = Legacy.OrderStatus.Cancelled,
        SomeInt = 17, NoInt = null, SomeGuid = new Guid("00112233-4455-6677-8899-aabbccddeeff"),
        Ints = new[] { 1, -2, 3 }, Bytes = new byte[] { 0, 1, 255 }, Jagged = new[] { new[] { 1 }, new[] { 2, 3 }, Array.Empty<int>() },
        IntList = new List<int> { 5, 6, 7 }, StringList = new List<string> { "x", "y" },
        Counts = new Dictionary<string, int> { ["one"] = 1, ["two"] = 2 },
        AddressById = new Dictionary<int, Legacy.Address> { [7] = LegacyAddress() },
        Names = new HashSet<string> { "ann", "bob" },
        Table = new Hashtable { [1] = "one", [2] = 2.5 },
        Mixed = new ArrayList { 1, "two", 3.0m, new DateTime(2001, 1, 1, 0, 0, 0, DateTimeKind.Utc), CustomerId },
        Addresses = new[] { LegacyAddress(), null! },
    };

    public static Modern.Everything ModernEverything() => new()
    {
        Flag = true, B = 200, SB = -100, S = -30000, US = 60000, C = 'é', I = -123456789, UI = 4000000000, L = long.MinValue, UL = ulong.MaxValue,
        F = 3.25f, D = Math.PI, M = -79228162514264337593543950335m, Text = "héllo, wörld",
        Utc = new DateTime(2020, 2, 29, 23, 59, 59, DateTimeKind.Utc),
        Local = new DateTime(2021, 6, 1, 12, 0, 0, DateTimeKind.Local),
        Unspecified = new DateTime(1999, 12, 31, 0, 0, 0, DateTimeKind.Unspecified),
        Span = TimeSpan.FromTicks(-1234567), Guid = CustomerId, Status = Modern.OrderStatus.Cancelled,
        SomeInt = 17, NoInt = null, SomeGuid = new Guid("00112233-4455-6677-8899-aabbccddeeff"),
        Ints = new[] { 1, -2, 3 }, Bytes = new byte[] { 0, 1, 255 }, Jagged = new[] { new[] { 1 }, new[] { 2, 3 }, Array.Empty<int>() },
        IntList = new List<int> { 5, 6, 7 }, StringList = new List<string> { "x", "y" },
        Counts = new Dictionary<string, int> { ["one"] = 1, ["two"] = 2 },
        AddressById = new Dictionary<int, Modern.Address> { [7] = ModernAddress() },
        Names = new HashSet<string> { "ann", "bob" },
        Table = new Hashtable { [1] = "one", [2] = 2.5 },
        Mixed = new ArrayList { 1, "two", 3.0m, new DateTime(2001, 1, 1, 0, 0, 0, DateTimeKind.Utc), CustomerId },
        Addresses = new[] { ModernAddress(), null! },
    };

    /// <summary>A root with two children that point at each other (a cycle) and share a grandchild.</summary>
    public static Legacy.Node LegacyTree()
    {
        var shared = new Legacy.Node { Name = "leaf" };
        var left = new Legacy.Node { Name = "left", Children = new List<Legacy.Node> { shared } };
        var right = new Legacy.Node { Name = "right", Next = left, Children = new List<Legacy.Node> { shared } };
        left.Next = right;
        return new Legacy.Node { Name = "root", Children = new List<Legacy.Node> { left, right } };
    }

    public static Modern.Node ModernTree()
    {
        var shared = new Modern.Node { Name = "leaf" };
        var left = new Modern.Node { Name = "left", Children = new List<Modern.Node> { shared } };
        var right = new Modern.Node { Name = "right", Next = left, Children = new List<Modern.Node> { shared } };
        left.Next = right;
        return new Modern.Node { Name = "root", Children = new List<Modern.Node> { left, right } };
    }

    /// <summary>
    /// A graph: one customer shared by three orders and pointing back to them, each order's lines pointing back to their
    /// order, and three stations in a ring (a -> b -> c -> a).
    /// </summary>
    public static Legacy.Ledger LegacyLedger()
    {
        var customer = new Legacy.GraphCustomer { Name = "Ada", Orders = new List<Legacy.GraphOrder>() };
        var ledger = new Legacy.Ledger { Title = "March", Orders = new List<Legacy.GraphOrder>() };
        for (int number = 1; number <= 3; number++)
        {
            var order = new Legacy.GraphOrder { Number = number, Customer = customer, Lines = new List<Legacy.GraphLine>() };
            for (int line = 0; line < number; line++)
            {
                order.Lines.Add(new Legacy.GraphLine { Sku = "SKU-" + number + "-" + line, Order = order });
            }

            customer.Orders.Add(order);
            ledger.Orders.Add(order);
        }

        var a = new Legacy.Station { Name = "a" };
        var b = new Legacy.Station { Name = "b" };
        var c = new Legacy.Station { Name = "c", Next = a };
        a.Next = b;
        b.Next = c;
        ledger.Ring = a;
        return ledger;
    }

    public static Modern.Ledger ModernLedger()
    {
        var customer = new Modern.GraphCustomer { Name = "Ada", Orders = new List<Modern.GraphOrder>() };
        var ledger = new Modern.Ledger { Title = "March", Orders = new List<Modern.GraphOrder>() };
        for (int number = 1; number <= 3; number++)
        {
            var order = new Modern.GraphOrder { Number = number, Customer = customer, Lines = new List<Modern.GraphLine>() };
            for (int line = 0; line < number; line++)
            {
                order.Lines.Add(new Modern.GraphLine { Sku = "SKU-" + number + "-" + line, Order = order });
            }

            customer.Orders.Add(order);
            ledger.Orders.Add(order);
        }

        var a = new Modern.Station { Name = "a" };
        var b = new Modern.Station { Name = "b" };
        var c = new Modern.Station { Name = "c", Next = a };
        a.Next = b;
        b.Next = c;
        ledger.Ring = a;
        return ledger;
    }
}
