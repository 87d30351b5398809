using System;
using System.Collections.Generic;
using System.IO;
using System.Text.Json;
using FastSerialization;
using Quickstart;

// 1. Register every type that may appear in the data, each with a stable id. Nothing else can be read.
var formatter = new CustomBinaryFormatter();
formatter.Register<Customer>(1);     // [BinarySerializable]: generated
formatter.Register<Order>(2);        // [BinarySerializable] record: generated
formatter.Register<ShippingLabel>(3); // ICustomBinarySerializable written by hand

var customer = new Customer { LastName = "Smith", FirstName = "John", Address = "1 Main Street", Age = 35, Code = 7 };
var order = new Order(
    Id: new Guid("6f9619ff-8b86-d011-b42d-00c04fc964ff"),
    PlacedUtc: new DateTime(2026, 11, 22, 9, 30, 0, DateTimeKind.Utc),
    Buyer: customer,
    Lines: new List<string> { "2 x coffee", "1 x croissant" },
    Total: 7.40m);
var label = new ShippingLabel { Recipient = "John Smith", ParcelCount = 2 };

// 2. Write records to a file, then read every record back until the file's clean end.
string path = Path.Combine(Path.GetTempPath(), $"quickstart-{Environment.ProcessId}.bin");
using (FileStream file = File.Create(path))
{
    formatter.Serialize(file, customer);
    formatter.Serialize(file, order);
    formatter.Serialize(file, label);
}

Console.WriteLine($"File {Path.GetFileName(path)}: {new FileInfo(path).Length} bytes, three records");
using (FileStream file = File.OpenRead(path))
{
    foreach (object value in formatter.ReadAll(file))
    {
        Console.WriteLine($"  read back: {value}");
    }
}

File.Delete(path);

// 3. The same through a MemoryStream, one record at a time.
var memory = new MemoryStream();
formatter.Serialize(memory, order);
memory.Position = 0;
var copy = (Order)formatter.Deserialize(memory);
Console.WriteLine($"MemoryStream round trip equal: {copy.Id == order.Id && copy.Total == order.Total && copy.Buyer!.Address == customer.Address}");

// 4. Sizes next to System.Text.Json (UTF-8) for the same objects.
Console.WriteLine();
Console.WriteLine($"{"object",-10} {"FastSerialization",18} {"System.Text.Json",17}");
Report("Customer", customer);
Report("Order", order);
Report("Label", label);

void Report(string name, object value)
{
    int ours = formatter.SerializeToArray(value).Length;
    int json = JsonSerializer.SerializeToUtf8Bytes(value, value.GetType()).Length;
    Console.WriteLine($"{name,-10} {ours,14} bytes {json,12} bytes");
}
