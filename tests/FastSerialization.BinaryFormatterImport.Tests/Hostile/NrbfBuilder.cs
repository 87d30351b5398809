using System.IO;
using System.Text;

namespace FastSerialization.BinaryFormatterImport.Tests.Hostile;

/// <summary>
/// Writes NRBF records by hand ([MS-NRBF] section 2), so that the hostile tests can build payloads
/// BinaryFormatter would never write: wrong lengths, records out of order, dangerous type names.
/// </summary>
internal sealed class NrbfBuilder
{
    private readonly MemoryStream _stream = new();
    private readonly BinaryWriter _writer;

    public NrbfBuilder() => _writer = new BinaryWriter(_stream, Encoding.UTF8);

    // RecordTypeEnumeration, BinaryTypeEnumeration and PrimitiveTypeEnumeration values used here.
    public const byte Primitive = 0, StringType = 1, ObjectType = 2, SystemClass = 3, ClassType = 4;
    public const byte Int32 = 8;

    public NrbfBuilder Header(int rootId = 1)
    {
        _writer.Write((byte)0);
        _writer.Write(rootId);
        _writer.Write(-1);
        _writer.Write(1);
        _writer.Write(0);
        return this;
    }

    /// <summary>Bytes as they are, for records the other methods cannot get wrong.</summary>
    public NrbfBuilder Raw(params byte[] bytes)
    {
        _writer.Write(bytes);
        return this;
    }

    public NrbfBuilder Library(int id, string name)
    {
        _writer.Write((byte)12);
        _writer.Write(id);
        _writer.Write(name);
        return this;
    }

    /// <summary>ClassWithMembersAndTypes whose members are all Int32, followed by their values.</summary>
    public NrbfBuilder ClassOfInts(int id, string typeName, int libraryId, params (string Name, int Value)[] members)
    {
        _writer.Write((byte)5);
        _writer.Write(id);
        _writer.Write(typeName);
        _writer.Write(members.Length);
        foreach ((string name, _) in members)
        {
            _writer.Write(name);
        }

        foreach (var _ in members)
        {
            _writer.Write(Primitive);
        }

        foreach (var _ in members)
        {
            _writer.Write(Int32);
        }

        _writer.Write(libraryId);
        foreach ((_, int value) in members)
        {
            _writer.Write(value);
        }

        return this;
    }

    /// <summary>ClassWithMembersAndTypes with one member of type Object (its value written next by the caller).</summary>
    public NrbfBuilder ClassWithObjectMember(int id, string typeName, int libraryId, string member)
    {
        _writer.Write((byte)5);
        _writer.Write(id);
        _writer.Write(typeName);
        _writer.Write(1);
        _writer.Write(member);
        _writer.Write(ObjectType);
        _writer.Write(libraryId);
        return this;
    }

    public NrbfBuilder ArraySingleObject(int id, int length)
    {
        _writer.Write((byte)16);
        _writer.Write(id);
        _writer.Write(length);
        return this;
    }

    public NrbfBuilder ArraySinglePrimitiveInt32(int id, int length)
    {
        _writer.Write((byte)15);
        _writer.Write(id);
        _writer.Write(length);
        _writer.Write(Int32);
        return this;
    }

    public NrbfBuilder ObjectNullMultiple(int count)
    {
        _writer.Write((byte)14);
        _writer.Write(count);
        return this;
    }

    public NrbfBuilder MemberReference(int id)
    {
        _writer.Write((byte)9);
        _writer.Write(id);
        return this;
    }

    public NrbfBuilder String(int id, string value)
    {
        _writer.Write((byte)6);
        _writer.Write(id);
        _writer.Write(value);
        return this;
    }

    public NrbfBuilder Int(int value)
    {
        _writer.Write(value);
        return this;
    }

    public NrbfBuilder End()
    {
        _writer.Write((byte)11);
        return this;
    }

    public byte[] ToArray()
    {
        _writer.Flush();
        return _stream.ToArray();
    }
}
