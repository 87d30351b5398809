using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.Serialization;
using FastSerialization.Benchmarks.Payloads;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>
/// The baseline: the 2008 article's <c>CustomBinaryFormatter</c> (seed 002), re-implemented from its
/// description. A record is <c>&lt;4-byte length&gt;&lt;4-byte int type id&gt;&lt;data&gt;</c>; the object is
/// written with one reused <see cref="BinaryWriter"/> into one reused <see cref="MemoryStream"/> and
/// then copied out to the target stream; reading copies the record into a reused buffer and stream first.
/// </summary>
/// <remarks>
/// Differences from the article, all needed to run it today and none that makes it faster:
/// the length is written and read explicitly little-endian instead of through an explicit-layout
/// union (same bytes on x86/x64); the copy buffer grows when a record is larger than the article's
/// fixed 20,000 bytes (the 320 KB trade batch); objects are created with
/// <see cref="RuntimeHelpers.GetUninitializedObject"/>, the successor of
/// <c>FormatterServices.GetUninitializedObject</c>; and it is not an <c>IFormatter</c>.
/// Not thread-safe, like the original.
/// </remarks>
public sealed class SeedCustomBinaryFormatter
{
    private readonly MemoryStream _writeStream;
    private readonly MemoryStream _readStream;
    private readonly BinaryWriter _writer;
    private readonly BinaryReader _reader;
    private readonly Dictionary<Type, int> _byType = new();
    private readonly Dictionary<int, Type> _byId = new();
    private readonly byte[] _lengthBuffer = new byte[4];
    private byte[] _copyBuffer;

    public SeedCustomBinaryFormatter()
    {
        _copyBuffer = new byte[20000];
        _writeStream = new MemoryStream(10000);
        _readStream = new MemoryStream(10000);
        _writer = new BinaryWriter(_writeStream);
        _reader = new BinaryReader(_readStream);
    }

    public void Register<T>(int typeId)
        where T : ISeedSerializable
    {
        _byId.Add(typeId, typeof(T));
        _byType.Add(typeof(T), typeId);
    }

    public object Deserialize(Stream serializationStream)
    {
        if (serializationStream.Read(_lengthBuffer, 0, 4) != 4)
        {
            throw new SerializationException("Could not read length from the stream.");
        }

        int length = BinaryPrimitives.ReadInt32LittleEndian(_lengthBuffer);
        if (length > _copyBuffer.Length)
        {
            _copyBuffer = new byte[length];
        }

        // As in the article: one Read call (partial reads were its TODO).
        if (serializationStream.Read(_copyBuffer, 0, length) != length)
        {
            throw new SerializationException("Could not read " + length + " bytes from the stream.");
        }

        _readStream.Seek(0L, SeekOrigin.Begin);
        _readStream.Write(_copyBuffer, 0, length);
        _readStream.Seek(0L, SeekOrigin.Begin);
        int typeId = _reader.ReadInt32();
        if (!_byId.TryGetValue(typeId, out Type? type))
        {
            throw new SerializationException("TypeId " + typeId + " is not a registered type id");
        }

        object obj = RuntimeHelpers.GetUninitializedObject(type);
        var deserialize = (ISeedSerializable)obj;
        deserialize.SetDataFrom(_reader);
        if (_readStream.Position != length)
        {
            throw new SerializationException(
                "object of type " + type + " did not read its entire buffer during deserialization. This is most likely an imbalance between the writes and the reads of the object.");
        }

        return deserialize;
    }

    public void Serialize(Stream serializationStream, object graph)
    {
        if (!_byType.TryGetValue(graph.GetType(), out int key))
        {
            throw new SerializationException(graph.GetType() + " has not been registered with the serializer");
        }

        var c = (ISeedSerializable)graph;
        _writeStream.Seek(0L, SeekOrigin.Begin);
        _writer.Write(key);
        c.WriteDataTo(_writer);
        int length = (int)_writeStream.Position;
        serializationStream.WriteByte((byte)length);
        serializationStream.WriteByte((byte)(length >> 8));
        serializationStream.WriteByte((byte)(length >> 16));
        serializationStream.WriteByte((byte)(length >> 24));
        serializationStream.Write(_writeStream.GetBuffer(), 0, length);
    }
}
