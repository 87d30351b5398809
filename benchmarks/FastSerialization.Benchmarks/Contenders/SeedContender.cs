using System.IO;
using FastSerialization.Benchmarks.Payloads;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>The article's formatter: to a reused <see cref="MemoryStream"/> and back.</summary>
public sealed class SeedContender<T>
    where T : ISeedSerializable
{
    private readonly SeedCustomBinaryFormatter _formatter = Formatters.CreateSeed();
    private readonly MemoryStream _target = new();
    private readonly MemoryStream _source;
    private readonly byte[] _record;

    public SeedContender(T sample)
    {
        Serialize(sample);
        _record = _target.ToArray();
        _source = new MemoryStream(_record, writable: false);
    }

    public string Name => "Seed";

    public byte[] Record => _record;

    public int Serialize(T value)
    {
        _target.Position = 0;
        _formatter.Serialize(_target, value!);
        return (int)_target.Position;
    }

    public T Deserialize()
    {
        _source.Position = 0;
        return (T)_formatter.Deserialize(_source);
    }

    /// <summary>Reads back what the last <see cref="Serialize"/> wrote.</summary>
    public T DeserializeWritten()
    {
        _target.Position = 0;
        return (T)_formatter.Deserialize(_target);
    }
}
