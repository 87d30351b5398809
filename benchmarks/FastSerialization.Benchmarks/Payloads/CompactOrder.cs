namespace FastSerialization.Benchmarks.Payloads;

/// <summary>
/// An <see cref="OrderLine"/> written by hand in the generated code's encoding: the two ints as zigzag varints
/// (docs/FORMAT.md section 3a), then the price and the code as <see cref="OrderLine"/> writes them. No version
/// check before a member: it reads what this version wrote and nothing else.
/// </summary>
public sealed class CompactOrderLine : ICustomBinarySerializable
{
    public int ProductId { get; set; }

    public int Quantity { get; set; }

    public double UnitPrice { get; set; }

    /// <summary>A short product code such as "SKU-0007".</summary>
    public string? Code { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.WriteVarInt32(ProductId);
        writer.WriteVarInt32(Quantity);
        writer.Write(UnitPrice);
        writer.Write(Code);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        ProductId = reader.ReadVarInt32();
        Quantity = reader.ReadVarInt32();
        UnitPrice = reader.ReadDouble();
        Code = reader.ReadString();
    }
}

/// <summary>
/// <see cref="Order"/> written by hand in exactly the bytes the source generator writes for
/// <see cref="Generated.GeneratedOrder"/> (the id as a zigzag varint, each line a nested object of
/// <see cref="CompactOrderLine"/>; the benchmark's setup checks the bytes): it splits the generated order's cost into
/// what its encoding costs (this twin against the hand-written <see cref="Order"/>) and what its code costs (the
/// generated order against this twin). Its reader is <see cref="Order"/>'s: no version check before a member, and a
/// list read with <see cref="FastBinaryReader.ReadCollectionHeader(int)"/> and <see cref="FastBinaryReader.ReadObject{T}"/>.
/// </summary>
public sealed class CompactOrder : ICustomBinarySerializable
{
    public long Id { get; set; }

    public string? Customer { get; set; }

    public System.Collections.Generic.List<CompactOrderLine>? Lines { get; set; }

    /// <summary>The twin of <paramref name="order"/>.</summary>
    public static CompactOrder From(Order order) => new()
    {
        Id = order.Id,
        Customer = order.Customer,
        Lines = order.Lines?.ConvertAll(l => new CompactOrderLine { ProductId = l.ProductId, Quantity = l.Quantity, UnitPrice = l.UnitPrice, Code = l.Code }),
    };

    /// <summary>The hand-written order of the same values.</summary>
    public Order ToHandWritten() => new()
    {
        Id = Id,
        Customer = Customer,
        Lines = Lines?.ConvertAll(l => new OrderLine { ProductId = l.ProductId, Quantity = l.Quantity, UnitPrice = l.UnitPrice, Code = l.Code }),
    };

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.WriteVarInt64(Id);
        writer.Write(Customer);
        System.Collections.Generic.List<CompactOrderLine>? lines = Lines;
        if (lines is null)
        {
            writer.WriteNullCollection();
            return;
        }

        writer.WriteCollectionHeader(lines.Count);
        foreach (CompactOrderLine line in lines)
        {
            writer.WriteObject(line);
        }
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Id = reader.ReadVarInt64();
        Customer = reader.ReadString();
        int count = reader.ReadCollectionHeader();
        if (count < 0)
        {
            Lines = null;
            return;
        }

        var lines = new System.Collections.Generic.List<CompactOrderLine>(count);
        for (int i = 0; i < count; i++)
        {
            lines.Add(reader.ReadObject<CompactOrderLine>()!);
        }

        Lines = lines;
    }
}
