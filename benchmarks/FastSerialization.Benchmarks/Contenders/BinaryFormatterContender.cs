using System;
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>
/// <see cref="BinaryFormatter"/> from the System.Runtime.Serialization.Formatters compatibility package,
/// to a reused <see cref="MemoryStream"/> and back. Throws at construction when BinaryFormatter is not
/// really available (the switch is off, or the in-box throwing stub is what got loaded), so a benchmark
/// that uses it cannot silently measure an exception.
/// </summary>
public sealed class BinaryFormatterContender<T>
{
    public const string SwitchName = "System.Runtime.Serialization.EnableUnsafeBinaryFormatterSerialization";

    private readonly BinaryFormatter _formatter = new();
    private readonly MemoryStream _target = new();
    private readonly MemoryStream _source;
    private readonly byte[] _record;

    public BinaryFormatterContender(T sample)
    {
        EnsureAvailable();
        Serialize(sample);
        _record = _target.ToArray();
        _source = new MemoryStream(_record, writable: false);
    }

    public string Name => "BinaryFormatter";

    public byte[] Record => _record;

    /// <summary>A one-line proof that BinaryFormatter is enabled and works in this process.</summary>
    public static string Describe()
    {
        bool enabled = AppContext.TryGetSwitch(SwitchName, out bool on) && on;
        string assembly = typeof(BinaryFormatter).Assembly.GetName().Version?.ToString() ?? "?";
        string location = typeof(BinaryFormatter).Assembly.Location;
        return $"BinaryFormatter check: switch {SwitchName}={enabled}, assembly {typeof(BinaryFormatter).Assembly.GetName().Name} {assembly} ({location})";
    }

    /// <summary>Throws unless BinaryFormatter can really round-trip an object in this process.</summary>
    public static void EnsureAvailable()
    {
        if (!AppContext.TryGetSwitch(SwitchName, out bool on) || !on)
        {
            throw new InvalidOperationException($"BinaryFormatter is disabled in this process: the runtime switch {SwitchName} is not set to true.");
        }

        try
        {
            var formatter = new BinaryFormatter();
            using var stream = new MemoryStream();
            formatter.Serialize(stream, "probe");
            stream.Position = 0;
            if (!"probe".Equals(formatter.Deserialize(stream)))
            {
                throw new InvalidOperationException("BinaryFormatter round-trip returned something else.");
            }
        }
        catch (NotSupportedException ex)
        {
            throw new InvalidOperationException("BinaryFormatter is not available in this process: " + ex.Message, ex);
        }
    }

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
