using FastSerialization.DependencyInjection;
using FastSerialization.Tests.Shared;

namespace FastSerialization.Grpc.Tests;

[BinarySerializable]
public sealed partial class Quote
{
    public string? Symbol { get; set; }

    public int Count { get; set; }
}

[BinarySerializable]
public sealed partial class Trade
{
    public long Id { get; set; }

    public string? Symbol { get; set; }

    public double Price { get; set; }

    public int Quantity { get; set; }
}

[BinarySerializable]
public sealed partial class Summary
{
    public int Count { get; set; }

    public long Total { get; set; }
}

[BinarySerializable]
public sealed partial class Blob
{
    public byte[]? Data { get; set; }
}

[BinarySerializable]
public sealed partial class Extra
{
    public int Value { get; set; }
}

/// <summary>The service both sides declare: one method of each kind and a few for the failure tests.</summary>
public static class Contract
{
    public const string Service = "test.Trades";

    public static readonly FastMethod<Quote, Trade> GetTrade = FastMethod.Unary<Quote, Trade>(Service, "GetTrade");
    public static readonly FastMethod<Quote, Trade> StreamTrades = FastMethod.ServerStreaming<Quote, Trade>(Service, "StreamTrades");
    public static readonly FastMethod<Trade, Summary> SumTrades = FastMethod.ClientStreaming<Trade, Summary>(Service, "SumTrades");
    public static readonly FastMethod<Trade, Trade> Echo = FastMethod.DuplexStreaming<Trade, Trade>(Service, "Echo");
    public static readonly FastMethod<Quote, Trade> Slow = FastMethod.Unary<Quote, Trade>(Service, "Slow");
    public static readonly FastMethod<Blob, Summary> Upload = FastMethod.Unary<Blob, Summary>(Service, "Upload");

    /// <summary>The server answers this one with a Quote; a client that declares it as returning a Trade gets a bad response.</summary>
    public static readonly FastMethod<Quote, Quote> Mirror = FastMethod.Unary<Quote, Quote>(Service, "Mirror");
    public static readonly FastMethod<Quote, Trade> MirrorAsTrade = FastMethod.Unary<Quote, Trade>(Service, "Mirror");

    /// <summary>A reference-tracked department (tests/Shared/TrackedGraph.cs) in, the same department with one more employee out.</summary>
    public static readonly FastMethod<TrackedDepartment, TrackedDepartment> Hire = FastMethod.Unary<TrackedDepartment, TrackedDepartment>(Service, "Hire");

    /// <summary><see cref="Quote.Count"/> departments, each its own graph.</summary>
    public static readonly FastMethod<Quote, TrackedDepartment> StreamDepartments = FastMethod.ServerStreaming<Quote, TrackedDepartment>(Service, "StreamDepartments");

    /// <summary>Departments in; how many arrived with their shape, and their employees in all.</summary>
    public static readonly FastMethod<TrackedDepartment, Summary> CountDepartments = FastMethod.ClientStreaming<TrackedDepartment, Summary>(Service, "CountDepartments");

    public static FastSerializationBuilder RegisterAll(FastSerializationBuilder b) =>
        b.Register<Quote>(1).Register<Trade>(2).Register<Summary>(3).Register<Blob>(4)
            .Register<TrackedDepartment>(5).Register<TrackedEmployee>(6).Register<TrackedManager>(7);

    public static CustomBinaryFormatter NewFormatter()
    {
        var f = new CustomBinaryFormatter();
        f.Register<Quote>(1);
        f.Register<Trade>(2);
        f.Register<Summary>(3);
        f.Register<Blob>(4);
        f.Register<TrackedDepartment>(5);
        f.Register<TrackedEmployee>(6);
        f.Register<TrackedManager>(7);
        return f;
    }
}
