using System.Collections.Generic;

namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>An <see cref="OrderLine"/> the generator writes: the same four members.</summary>
[BinarySerializable]
public sealed partial class GeneratedOrderLine
{
    public int ProductId { get; set; }

    public int Quantity { get; set; }

    public double UnitPrice { get; set; }

    /// <summary>A short product code such as "SKU-0007".</summary>
    public string? Code { get; set; }
}

/// <summary>
/// <see cref="Order"/> with its serializer written by the source generator: the same members in the same
/// order, a <c>List</c> of a sealed [BinarySerializable] class, each line a nested object with its
/// one-byte length, as the hand-written code writes them; its integers are varints (docs/FORMAT.md section
/// 3a), so fewer bytes (the values' round trip is checked in setup).
/// </summary>
[BinarySerializable]
public sealed partial class GeneratedOrder : IGeneratedVariant<GeneratedOrder, Order>
{
    public static bool SameBytes => false; // single integers are varints in generated code (docs/FORMAT.md section 3a)

    public long Id { get; set; }

    public string? Customer { get; set; }

    public List<GeneratedOrderLine>? Lines { get; set; }


    public static GeneratedOrder From(Order o) => new()
    {
        Id = o.Id,
        Customer = o.Customer,
        Lines = o.Lines?.ConvertAll(l => new GeneratedOrderLine { ProductId = l.ProductId, Quantity = l.Quantity, UnitPrice = l.UnitPrice, Code = l.Code }),
    };

    public Order ToHandWritten() => new()
    {
        Id = Id,
        Customer = Customer,
        Lines = Lines?.ConvertAll(l => new OrderLine { ProductId = l.ProductId, Quantity = l.Quantity, UnitPrice = l.UnitPrice, Code = l.Code }),
    };
}
