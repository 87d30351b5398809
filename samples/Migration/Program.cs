using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.Serialization.Formatters.Binary;
using FastSerialization;
using FastSerialization.BinaryFormatterImport;

// Converts a folder of files written by BinaryFormatter into one file of FastSerialization records.
//   dotnet run -c Release --project samples/Migration -- [--folder DIR] [--count N] [--out FILE]
// With an empty (or missing) folder it first creates N legacy files with the real BinaryFormatter
// (every 50th one holds a type the new application dropped, and every 50th another a batch of orders
// placed by one account), so the sample runs anywhere.
string folder = Path.Combine(Path.GetTempPath(), $"fastserialization-migration-{Environment.ProcessId}");
int count = 500;
string? output = null;
bool ownFolder = true;
for (int i = 0; i < args.Length; i++)
{
    switch (args[i])
    {
        case "--folder": folder = args[++i]; ownFolder = false; break;
        case "--count": count = int.Parse(args[++i], CultureInfo.InvariantCulture); break;
        case "--out": output = args[++i]; break;
        default: Console.Error.WriteLine($"unknown argument {args[i]}"); return 2;
    }
}

output ??= Path.Combine(Path.GetTempPath(), $"fastserialization-migration-{Environment.ProcessId}.records");
Directory.CreateDirectory(folder);
if (Directory.GetFiles(folder).Length == 0)
{
    Console.WriteLine($"Creating {count} BinaryFormatter files in {folder} ...");
    CreateLegacyFiles(folder, count);
}

// 1. The new application's registry: only these types can ever come out of the old files.
var formatter = new CustomBinaryFormatter();
formatter.Register<Shop.Customer>(1);
formatter.Register<Shop.Invoice>(2);
formatter.Register<Shop.Batch>(3);
formatter.Register<Shop.Order>(4);
formatter.Register<Shop.Account>(5);
// The new types are partial, so the generator wrote their binders: the importer needs no reflection (it would
// run trimmed or under NativeAOT too). `new BinaryFormatterImporter(formatter)` would also read types without one.
var importer = BinaryFormatterImporter.UsingGeneratedBinders(formatter);
var converter = new BinaryFormatterConverter(importer);

// 2. Convert file by file into one record stream, with progress.
string[] files = Directory.GetFiles(folder).OrderBy(f => f, StringComparer.Ordinal).ToArray();
var unmapped = new SortedDictionary<string, long>(StringComparer.Ordinal);
long read = 0, written = 0, records = 0, skipped = 0;
var clock = Stopwatch.StartNew();
using (FileStream destination = File.Create(output))
{
    for (int i = 0; i < files.Length; i++)
    {
        using FileStream source = File.OpenRead(files[i]);
        BinaryFormatterConversionResult result = converter.Convert(source, destination);
        read += result.BytesRead;
        written += result.BytesWritten;
        records += result.RecordsWritten;
        skipped += result.PayloadsSkipped;
        foreach (KeyValuePair<string, long> type in result.UnmappedTypes)
        {
            unmapped[type.Key] = unmapped.GetValueOrDefault(type.Key) + type.Value;
        }

        if ((i + 1) % Math.Max(1, files.Length / 10) == 0 || i == files.Length - 1)
        {
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"  [{i + 1,6}/{files.Length}] {100.0 * (i + 1) / files.Length,5:F1}%  {records} records, {skipped} skipped, {read / 1024.0:F1} KiB read -> {written / 1024.0:F1} KiB written"));
        }
    }
}

clock.Stop();
Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
    $"Converted {files.Length} files in {clock.Elapsed.TotalSeconds:F2} s: {records} records, {read} bytes of BinaryFormatter -> {written} bytes of records ({100.0 * written / Math.Max(1, read):F0}%)"));
foreach (KeyValuePair<string, long> type in unmapped)
{
    Console.WriteLine($"  not mapped (skipped): {type.Key} x {type.Value}");
}

// 3. Check: the record file reads back, as many records as converted, each equal to a direct import of its file.
List<object> back;
using (FileStream file = File.OpenRead(output))
{
    back = formatter.ReadAll(file).ToList();
}

bool ok = back.Count == records && records > 0;
int checkedFiles = 0, index = 0;
int batches = 0, batchesKept = 0, batchOrders = 0, batchAccounts = 0;
string? firstBatch = null;
foreach (string file in files)
{
    using FileStream source = File.OpenRead(file);
    object? direct;
    try
    {
        direct = importer.Import(source);
    }
    catch (FastSerializationException) when (skipped > 0)
    {
        continue; // the unmapped files
    }

    ok &= index < back.Count && Same(direct, back[index]);
    if (direct is Shop.Batch imported && index < back.Count && back[index] is Shop.Batch converted)
    {
        // Identity, counted by reference: how many distinct accounts the orders hold, as imported from the old file
        // and as read back from the record.
        int before = DistinctAccounts(imported), after = DistinctAccounts(converted);
        int orders = converted.Orders?.Count ?? 0;
        bool kept = before == after && SharedAlike(imported, converted);
        batches++;
        batchesKept += kept ? 1 : 0;
        batchOrders += orders;
        batchAccounts += after;
        firstBatch ??= $"{orders} orders share {after} account{(after == 1 ? "" : "s")} (BinaryFormatter had {before}): identity {(kept ? "kept" : "LOST")}";
        ok &= kept;
    }

    index++;
    checkedFiles++;
}

Console.WriteLine($"Read back {back.Count} records; {checkedFiles} compared with a direct import of their file.");
if (batches > 0)
{
    Console.WriteLine($"Shared objects: first batch: {firstBatch}");
    Console.WriteLine($"  {batches} batches, {batchOrders} orders sharing {batchAccounts} accounts: identity kept in {batchesKept} of {batches}");
}
else
{
    Console.WriteLine("Shared objects: no batch among the files (nothing shared to check).");
}

if (ownFolder)
{
    Directory.Delete(folder, recursive: true);
}

File.Delete(output);
Console.WriteLine(ok ? "migration sample: OK" : "migration sample: FAILED");
return ok ? 0 : 1;

static bool Same(object? a, object? b) => (a, b) switch
{
    (Shop.Customer x, Shop.Customer y) => x.Name == y.Name && x.Tier == y.Tier && x.CustomerSince == y.CustomerSince,
    (Shop.Invoice x, Shop.Invoice y) => x.Number == y.Number && Same(x.BilledTo, y.BilledTo) && x.PaidUtc == y.PaidUtc && x.Currency == y.Currency
        && (x.Amounts ?? new()).SequenceEqual(y.Amounts ?? new()) && (x.Notes ?? new()).OrderBy(p => p.Key).SequenceEqual((y.Notes ?? new()).OrderBy(p => p.Key)),
    (Shop.Account x, Shop.Account y) => x.Name == y.Name,
    (Shop.Order x, Shop.Order y) => x.Number == y.Number && x.Amount == y.Amount && Same(x.PlacedBy, y.PlacedBy),
    (Shop.Batch x, Shop.Batch y) => x.Day == y.Day && (x.Orders ?? new()).Count == (y.Orders ?? new()).Count
        && (x.Orders ?? new()).Zip(y.Orders ?? new()).All(p => Same(p.First, p.Second)),
    (null, null) => true,
    _ => false,
};

static int DistinctAccounts(Shop.Batch batch)
    => (batch.Orders ?? new()).Select(o => o.PlacedBy).Where(a => a is not null).Distinct(ReferenceEqualityComparer.Instance).Count();

// Two orders share an account in one batch exactly when they share one in the other.
static bool SharedAlike(Shop.Batch x, Shop.Batch y)
{
    List<Shop.Order> a = x.Orders ?? new(), b = y.Orders ?? new();
    for (int i = 0; i < a.Count; i++)
    {
        for (int j = i + 1; j < a.Count; j++)
        {
            if (ReferenceEquals(a[i].PlacedBy, a[j].PlacedBy) != ReferenceEquals(b[i].PlacedBy, b[j].PlacedBy))
            {
                return false;
            }
        }
    }

    return a.Count == b.Count;
}

static void CreateLegacyFiles(string folder, int count)
{
    var random = new Random(42);
    var formatter = new BinaryFormatter();
    for (int i = 0; i < count; i++)
    {
        var customer = new LegacyShop.Customer { Name = "customer " + (i % 37), Tier = (LegacyShop.Tier)(i % 3), Since = new DateTime(2010, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddDays(i) };
        object graph = i % 50 == 49
            ? new LegacyShop.AuditEntry { Who = "admin", When = DateTime.UnixEpoch.AddHours(i) }
            : i % 50 == 24
                ? new LegacyShop.Batch
                {
                    Day = new DateTime(2024, 6, 1, 0, 0, 0, DateTimeKind.Utc).AddDays(i),
                    Orders = SharingOneAccount(new LegacyShop.Account { Name = "account " + (i % 37) }, i),
                }
            : i % 2 == 0
                ? customer
                : new LegacyShop.Invoice
                {
                    Number = i,
                    BilledTo = customer,
                    Amounts = Enumerable.Range(0, 1 + random.Next(8)).Select(k => Math.Round((decimal)random.NextDouble() * 1000m, 2)).ToList(),
                    Notes = new Dictionary<string, string> { ["po"] = "PO-" + i, ["desk"] = "north" },
                    PaidUtc = i % 3 == 0 ? null : new DateTime(2024, 5, 1, 0, 0, 0, DateTimeKind.Utc).AddMinutes(i),
                };
        using FileStream file = File.Create(Path.Combine(folder, string.Create(CultureInfo.InvariantCulture, $"{i:D6}.bin")));
        formatter.Serialize(file, graph);
    }
}

// Three orders placed by one account: BinaryFormatter writes the account once and refers to it twice.
static List<LegacyShop.Order> SharingOneAccount(LegacyShop.Account account, int i) =>
    Enumerable.Range(0, 3).Select(k => new LegacyShop.Order { Number = (i * 10) + k, PlacedBy = account, Amount = 10m * (k + 1) }).ToList();
