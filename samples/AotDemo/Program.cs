// FastSerialization under NativeAOT: generated types (a class with a list of nested objects, an
// immutable record, a fixed-layout struct array) and a hand-written ICustomBinarySerializable, written
// and read back through a buffer and a stream, a record file (FastSerialization.Files) written, read and
// viewed in place, and payloads of the real BinaryFormatter imported by generated binders
// (FastSerialization.BinaryFormatterImport). Every check prints; the last line says OK or FAILED.
using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using FastSerialization;

var formatter = new CustomBinaryFormatter();
formatter.Register<Invoice>(1);
formatter.Register<InvoiceLine>(2);
formatter.Register<Stamp>(3);
formatter.Register<Note>(4);

var invoice = new Invoice
{
    Number = 1042,
    Customer = "Contoso",
    Lines = new List<InvoiceLine> { new() { Sku = "A-1", Quantity = 3, Price = 9.99 }, new() { Sku = "B-7", Quantity = 1, Price = 120.5 } },
    Ticks = new[] { new Tick { Time = 1, Price = 10.5, Size = 100 }, new Tick { Time = 2, Price = 10.75, Size = 250 } },
};
var stamp = new Stamp("signed", new DateTime(2026, 11, 23, 12, 0, 0, DateTimeKind.Utc));
var note = new Note { Text = "hand-written", Priority = 2 };

bool ok = true;
void Check(string what, bool passed)
{
    Console.WriteLine($"{what}: {(passed ? "ok" : "FAILED")}");
    ok &= passed;
}

Console.WriteLine($"dynamic code supported: {RuntimeFeature.IsDynamicCodeSupported} (false when published with NativeAOT)");

var buffer = new ArrayBufferWriter<byte>();
formatter.Serialize(buffer, invoice);
Invoice invoiceBack = formatter.Deserialize<Invoice>(buffer.WrittenSpan);
Check("generated class with nested objects and a fixed-layout array", invoiceBack.Number == invoice.Number
    && invoiceBack.Customer == invoice.Customer
    && invoiceBack.Lines!.Count == 2 && invoiceBack.Lines[1].Sku == "B-7" && invoiceBack.Lines[1].Price == 120.5
    && invoiceBack.Ticks!.Length == 2 && invoiceBack.Ticks[1].Equals(invoice.Ticks[1]));

Check("generated immutable record", formatter.Deserialize<Stamp>(formatter.SerializeToArray(stamp)) == stamp);

using (var stream = new MemoryStream())
{
    formatter.Serialize(stream, note);
    formatter.Serialize(stream, stamp);
    stream.Position = 0;
    var first = (Note)formatter.Deserialize(stream);
    var second = (Stamp)formatter.Deserialize(stream);
    Check("hand-written type and a record through a stream", first.Text == note.Text && first.Priority == note.Priority && second == stamp);
}

// A constructor that throws: the formatter's exception carries the constructor's own, not a reflection wrapper.
var strict = new CustomBinaryFormatter();
strict.Register<Refusing>(9);
byte[] refusingRecord = strict.SerializeToArray(Refusing.Make());
try
{
    strict.Deserialize(refusingRecord);
    Check("a throwing constructor is reported", false);
}
catch (FastSerializationException ex)
{
    Check("a throwing constructor is reported with its own exception", ex.InnerException is InvalidOperationException { Message: "refused" });
}

// Record files (FastSerialization.Files): appended, read back in order, and scanned as views over a mapped file.
string recordFile = Path.Combine(Path.GetTempPath(), $"aotdemo-{Environment.ProcessId}.fsr");
try
{
    var files = new CustomBinaryFormatter();
    files.Register<Fill>(5);
    using (var writer = FastSerialization.Files.RecordFileWriter.Create(recordFile, files))
    {
        for (int i = 0; i < 10_000; i++)
        {
            writer.Append(new Fill { Time = i, Price = i * 0.5, Size = i % 100 });
        }
    }

    long readSize = 0;
    using (var reader = FastSerialization.Files.RecordFileReader.Open(recordFile, files))
    {
        foreach (object record in reader.ReadAll())
        {
            readSize += ((Fill)record).Size;
        }
    }

    long viewSize = 0;
    using (var mapped = FastSerialization.Files.MappedRecordFile.Open(recordFile, files))
    {
        for (int b = 0; b < mapped.BlockCount; b++)
        {
            foreach (ref readonly Fill fill in mapped.GetFixedBlock<Fill>(b))
            {
                viewSize += fill.Size;
            }
        }
    }

    long expected = 100L * (99 * 100 / 2);
    Check("record file: appended, read in order and scanned as views", readSize == expected && viewSize == expected);
}
finally
{
    File.Delete(recordFile);
    File.Delete(recordFile + ".fsidx");
    File.Delete(recordFile + ".lock");
}

// BinaryFormatter payloads (written by the real BinaryFormatter, embedded in this program) imported by the binders
// the generator emitted for the types in ImportedTypes.cs: no reflection over them, no type made at run time.
var importer = FastSerialization.BinaryFormatterImport.BinaryFormatterImporter.UsingGeneratedBinders(
    new CustomBinaryFormatter(),
    new FastSerialization.BinaryFormatterImport.BinaryFormatterImportOptions().MapType<Imported.Order>("Legacy.Order").MapType<Imported.Everything>("Legacy.Everything"));
var order = (Imported.Order)importer.Import(Embedded("order.bin"))!;
Check("BinaryFormatter order imported: nested objects, a shared reference, a list, an enum, nullables", order.Number == 77
    && order.Customer!.Name == "Ada" && order.Customer.Credit == 1234.5678m && ReferenceEquals(order.Customer.Home, order.Customer.Billing)
    && order.Customer.Id == new Guid("6f9619ff-8b86-d011-b42d-00c04fc964ff")
    && order.Status == Imported.OrderStatus.Shipped && order.Shipped!.Value.Kind == DateTimeKind.Unspecified && order.Priority is null
    && order.Lines!.Count == 2 && order.Lines[1].Sku == "B-22" && order.Lines[1].Price == 120.0 && order.Tags![1] == "express");
var everything = (Imported.Everything)importer.Import(Embedded("everything.bin"))!;
Check("BinaryFormatter payload of every member kind imported: arrays, jagged, List, Dictionary, HashSet, Hashtable, ArrayList",
    everything.UL == ulong.MaxValue && everything.M == -79228162514264337593543950335m && everything.Utc.Kind == DateTimeKind.Utc
    && everything.Jagged!.Length == 3 && everything.Jagged[1][1] == 3 && everything.IntList![2] == 7 && everything.Counts!["two"] == 2
    && everything.AddressById![7].Zip == 12345 && everything.Names!.Contains("bob") && (double)everything.Table![2]! == 2.5
    && everything.Mixed!.Count == 5 && everything.Addresses![1] is null && everything.SomeGuid!.Value.ToString().StartsWith("00112233", StringComparison.Ordinal));

Console.WriteLine(ok ? "AOT demo: OK" : "AOT demo: FAILED");
return ok ? 0 : 1;

static byte[] Embedded(string name)
{
    using Stream resource = typeof(Invoice).Assembly.GetManifestResourceStream(name)!;
    var copy = new MemoryStream();
    resource.CopyTo(copy);
    return copy.ToArray();
}
