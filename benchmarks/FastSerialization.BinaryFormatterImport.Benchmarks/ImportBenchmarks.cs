using System;
using System.Collections.Generic;
using System.Formats.Nrbf;
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;
using BenchmarkDotNet.Attributes;

namespace FastSerialization.BinaryFormatterImport.Benchmarks;

/// <summary>
/// Reading the same BinaryFormatter payload three ways in one run: the importer (NrbfDecoder plus building the
/// modern objects), BinaryFormatter.Deserialize (the legacy objects), and NrbfDecoder alone (the decoder's share).
/// </summary>
[MemoryDiagnoser]
public class ImportBenchmarks
{
    private byte[] _payload = Array.Empty<byte>();
    private BinaryFormatterImporter _importer = null!;
    private Type _target = typeof(object);

    [Params(Payloads.Order, Payloads.Orders1000)]
    public string Payload { get; set; } = Payloads.Order;

    [GlobalSetup]
    public void Setup()
    {
        _payload = Payloads.Write(Payload);
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Modern.Order>(1);
        _importer = new BinaryFormatterImporter(formatter);
        _target = Payloads.ModernType(Payload);

        // Each contender's result is checked once, so that a benchmark measures a correct read.
        object imported = Import_FastSerialization();
        Modern.Order first = imported is List<Modern.Order> list ? list[0] : (Modern.Order)imported;
        object legacy = Deserialize_BinaryFormatter();
        Legacy.Order expected = legacy is List<Legacy.Order> legacyList ? legacyList[0] : (Legacy.Order)legacy;
        if (first.Number != expected.Number || first.Customer!.Home!.City != expected.Customer!.Home!.City
            || first.Lines!.Count != expected.Lines!.Count || first.Notes!["po"] != expected.Notes!["po"] || first.Priority != expected.Priority
            || (imported is List<Modern.Order> l2 && l2.Count != ((List<Legacy.Order>)legacy).Count))
        {
            throw new InvalidOperationException("the imported objects differ from BinaryFormatter's");
        }

        if (Decode_NrbfDecoderOnly() is not ClassRecord)
        {
            throw new InvalidOperationException("NrbfDecoder did not return a class record");
        }
    }

    [Benchmark]
    public object Import_FastSerialization()
    {
        using var stream = new MemoryStream(_payload, writable: false);
        return _target == typeof(Modern.Order) ? _importer.Import<Modern.Order>(stream)! : _importer.Import<List<Modern.Order>>(stream)!;
    }

    [Benchmark(Baseline = true)]
    public object Deserialize_BinaryFormatter()
    {
        using var stream = new MemoryStream(_payload, writable: false);
        return new BinaryFormatter().Deserialize(stream);
    }

    [Benchmark]
    public object Decode_NrbfDecoderOnly()
    {
        using var stream = new MemoryStream(_payload, writable: false);
        return NrbfDecoder.Decode(stream);
    }
}
