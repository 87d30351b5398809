using System.IO;
using System.Runtime.Serialization.Formatters.Binary;

namespace FastSerialization.BinaryFormatterImport.Tests.Corpus;

/// <summary>The real BinaryFormatter (the compatibility package, enabled by this project's AppContext switch).</summary>
internal static class RealBinaryFormatter
{
    public static byte[] Serialize(object graph)
    {
        var stream = new MemoryStream();
#pragma warning disable SYSLIB0011 // BinaryFormatter writes the legacy payloads on purpose.
        new BinaryFormatter().Serialize(stream, graph);
#pragma warning restore SYSLIB0011
        return stream.ToArray();
    }
}
