using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using FastSerialization.BinaryFormatterImport.Tests.Corpus;
using FluentAssertions;
using Xunit;

namespace FastSerialization.BinaryFormatterImport.Tests.Hostile;

/// <summary>
/// Payloads an attacker or a damaged disk could hand over: each ends in FastSerializationException, with
/// nothing of the named types created or loaded and the memory allocated bounded (measured on this thread).
/// </summary>
public class HostilePayloadTests
{
    private const long AllocationBound = 4 * 1024 * 1024;
    private const string ProcessLibrary = "System.Diagnostics.Process, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b03f5f7f11d50a3a";
    private const string PresentationFramework = "PresentationFramework, Version=4.0.0.0, Culture=neutral, PublicKeyToken=31bf3856ad364e35";

    /// <summary>The registry holds a type that counts its constructions; the importer may create nothing from these payloads.</summary>
    private static BinaryFormatterImporter CreateGuardedImporter(string binding = Importers.Mixed)
    {
        CustomBinaryFormatter formatter = Importers.CreateFormatter();
        formatter.Register<Modern.Tripwire>(50);
        return Importers.Create(binding, formatter, Importers.CreateOptions());
    }

    /// <summary>Imports <paramref name="payload"/>, expecting the documented exception; returns it with the bytes allocated meanwhile.</summary>
    private static (FastSerializationException Error, long Allocated, List<string> Loaded) ImportExpectingFailure(byte[] payload)
    {
        BinaryFormatterImporter importer = CreateGuardedImporter();
        int tripwires = Modern.Tripwire.Created;
        var loaded = new List<string>();
        void OnLoad(object? sender, AssemblyLoadEventArgs e) => loaded.Add(e.LoadedAssembly.GetName().Name!);
        AppDomain.CurrentDomain.AssemblyLoad += OnLoad;
        long before = GC.GetAllocatedBytesForCurrentThread();
        FastSerializationException? error = null;
        try
        {
            importer.Import(new MemoryStream(payload));
        }
        catch (FastSerializationException e)
        {
            error = e;
        }
        finally
        {
            AppDomain.CurrentDomain.AssemblyLoad -= OnLoad;
        }

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        error.Should().NotBeNull("a hostile payload must end in FastSerializationException");
        Modern.Tripwire.Created.Should().Be(tripwires, "no registered type may be created for a payload that fails");
        return (error!, allocated, loaded);
    }

    [Theory]
    [InlineData("System.Diagnostics.Process", ProcessLibrary)]
    [InlineData("System.Windows.Data.ObjectDataProvider", PresentationFramework)]
    public void Import_DangerousTypeAsRoot_ThrowsNamingIt_AndLoadsNothing(string typeName, string library)
    {
        byte[] payload = new NrbfBuilder().Header().Library(2, library).ClassOfInts(1, typeName, 2, ("Value", 1)).End().ToArray();

        (FastSerializationException error, long allocated, List<string> loaded) = ImportExpectingFailure(payload);

        error.Message.Should().Contain(typeName).And.Contain("root").And.Contain("not mapped");
        // (The runtime may load its own helpers while an exception is thrown, such as System.Diagnostics.StackTrace.)
        loaded.Should().NotContain(library.Split(',')[0], "no assembly is loaded because a payload names it");
        AppDomain.CurrentDomain.GetAssemblies().Select(a => a.GetName().Name).Should().NotContain("PresentationFramework");
        allocated.Should().BeLessThan(AllocationBound);
    }

    [Theory]
    [InlineData("System.Diagnostics.Process", ProcessLibrary)]
    [InlineData("System.Windows.Data.ObjectDataProvider", PresentationFramework)]
    public void Import_DangerousTypeInAnObjectMember_ThrowsWithItsPath(string typeName, string library)
    {
        byte[] payload = new NrbfBuilder().Header()
            .Library(2, "FastSerialization.BinaryFormatterImport.Tests")
            .Library(3, library)
            .ClassWithObjectMember(1, "Legacy.Holder", 2, "Payload")
            .ClassOfInts(4, typeName, 3, ("StartInfo", 7))
            .End().ToArray();

        (FastSerializationException error, long allocated, List<string> loaded) = ImportExpectingFailure(payload);

        error.Message.Should().Contain(typeName).And.Contain("root.Payload");
        loaded.Should().NotContain(library.Split(',')[0]);
        allocated.Should().BeLessThan(AllocationBound);
    }

    [Fact]
    public void Import_EveryTruncationOfARealPayload_ThrowsWithBoundedAllocation()
    {
        byte[] payload = RealBinaryFormatter.Serialize(LegacyCorpus.LegacyOrder());

        for (int length = 0; length < payload.Length; length++)
        {
            (_, long allocated, _) = ImportExpectingFailure(payload.AsSpan(0, length).ToArray());
            allocated.Should().BeLessThan(AllocationBound, $"a payload cut at {length} bytes");
        }
    }

    [Fact]
    public void Import_BoxedStructsSharedAtEveryLevel_AreBuiltOncePerRecord_WithBoundedAllocation()
    {
        // 30 levels of a boxed struct whose two members hold the same box of the level below: 30 records in about 700
        // bytes. Built again at each reference, it would be 2^30 structs (each level doubled the work and the memory).
        const int Levels = 30;
        object pair = new Legacy.SharedPair();
        for (int level = 0; level < Levels; level++)
        {
            pair = new Legacy.SharedPair { A = pair, B = pair };
        }

        byte[] payload = RealBinaryFormatter.Serialize(pair);
        payload.Length.Should().BeLessThan(2048);
        BinaryFormatterImporter importer = Importers.Create(Importers.Reflection, new BinaryFormatterImportOptions().MapType<Modern.SharedPair>("Legacy.SharedPair"));

        long before = GC.GetAllocatedBytesForCurrentThread();
        object? imported = importer.Import(payload);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        allocated.Should().BeLessThan(AllocationBound);
        int depth = 0;
        while (imported is Modern.SharedPair level && level.A is not null)
        {
            level.B.Should().BeSameAs(level.A, "both members held one box in the payload, and hold one box imported");
            imported = level.A;
            depth++;
        }

        depth.Should().Be(Levels);
        imported.Should().BeOfType<Modern.SharedPair>().Which.B.Should().BeNull();
    }

    [Fact]
    public void Import_HugeObjectArrayOfNulls_IsRefusedBeforeAllocating()
    {
        // Five bytes of ObjectNullMultiple stand for 500 million nulls: NrbfDecoder accepts it, and
        // allocating the array would take 4 GB.
        byte[] payload = new NrbfBuilder().Header()
            .Library(2, "FastSerialization.BinaryFormatterImport.Tests")
            .ClassWithObjectMember(1, "Legacy.Holder", 2, "Payload")
            .ArraySingleObject(3, 500_000_000).ObjectNullMultiple(500_000_000)
            .End().ToArray();

        (FastSerializationException error, long allocated, _) = ImportExpectingFailure(payload);

        error.Message.Should().Contain("MaxElementsPerPayloadByte").And.Contain("root.Payload");
        allocated.Should().BeLessThan(AllocationBound);
    }

    [Fact]
    public void Import_HugePrimitiveArrayLengthWithoutTheBytes_ThrowsWithBoundedAllocation()
    {
        byte[] payload = new NrbfBuilder().Header()
            .Library(2, "FastSerialization.BinaryFormatterImport.Tests")
            .ClassWithObjectMember(1, "Legacy.Holder", 2, "Payload")
            .ArraySinglePrimitiveInt32(3, int.MaxValue).Int(1).Int(2)
            .End().ToArray();

        (_, long allocated, _) = ImportExpectingFailure(payload);

        allocated.Should().BeLessThan(AllocationBound);
    }

    [Fact]
    public void Import_ReferenceToARecordNeverWritten_Throws()
    {
        byte[] payload = new NrbfBuilder().Header()
            .Library(2, "FastSerialization.BinaryFormatterImport.Tests")
            .ClassWithObjectMember(1, "Legacy.Holder", 2, "Payload").MemberReference(99)
            .End().ToArray();

        (FastSerializationException error, long allocated, _) = ImportExpectingFailure(payload);

        error.Message.Should().Contain("root.Payload").And.Contain("reference");
        allocated.Should().BeLessThan(AllocationBound);
    }

    /// <summary>Found by the fuzzer's importer target: the decoder's BinaryReader throws IOException for a negative string length, which escaped.</summary>
    [Fact]
    public void Import_NegativeStringLength_ThrowsTheDocumentedException()
    {
        byte[] payload = new NrbfBuilder().Header()
            .Library(2, "FastSerialization.BinaryFormatterImport.Tests")
            .Raw(5, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F) // ClassWithMembersAndTypes, id 1, a type name of length -1
            .End().ToArray();

        (FastSerializationException error, _, _) = ImportExpectingFailure(payload);

        error.Message.Should().Contain("malformed");
        error.InnerException.Should().BeOfType<IOException>();
    }

    /// <summary>A failure of the stream itself is not bad input: it passes through as the stream threw it.</summary>
    [Fact]
    public void Import_StreamThatFails_PassesItsExceptionThrough()
    {
        byte[] payload = RealBinaryFormatter.Serialize(LegacyCorpus.LegacyEverything());
        var stream = new FailingStream(payload, failAfter: payload.Length / 2);

        Action act = () => CreateGuardedImporter().Import(stream);

        act.Should().Throw<IOException>().Which.Message.Should().Be(FailingStream.Message);
    }

    [Fact]
    public void Import_MessageEndBeforeTheRoot_Throws()
    {
        byte[] payload = new NrbfBuilder().Header().End().ToArray();

        ImportExpectingFailure(payload).Error.Message.Should().Contain("malformed");
    }

    [Fact]
    public void Import_ClassBeforeItsLibrary_Throws()
    {
        byte[] payload = new NrbfBuilder().Header()
            .ClassOfInts(1, "Legacy.Point", 2, ("X", 1), ("Y", 2))
            .Library(2, "FastSerialization.BinaryFormatterImport.Tests")
            .End().ToArray();

        ImportExpectingFailure(payload).Error.Message.Should().Contain("malformed");
    }

    [Fact]
    public void Import_RootIdNamingAnotherRecord_Throws()
    {
        byte[] payload = new NrbfBuilder().Header(rootId: 5)
            .Library(2, "FastSerialization.BinaryFormatterImport.Tests")
            .ClassOfInts(1, "Legacy.Point", 2, ("X", 1), ("Y", 2))
            .End().ToArray();

        ImportExpectingFailure(payload);
    }

    [Fact]
    public void Import_DeepNesting_StopsAtMaxDepth()
    {
        var root = new Legacy.Node { Name = "0" };
        Legacy.Node last = root;
        for (int i = 1; i < 200; i++)
        {
            last.Next = new Legacy.Node { Name = i.ToString(System.Globalization.CultureInfo.InvariantCulture) };
            last = last.Next;
        }

        (FastSerializationException error, _, _) = ImportExpectingFailure(RealBinaryFormatter.Serialize(root));

        error.Message.Should().Contain("MaxDepth (64)");
    }

    /// <summary>Damaged payloads through each way of binding types: generated setters and reflection alike see only converted values.</summary>
    [Theory]
    [InlineData(Importers.Mixed)]
    [InlineData(Importers.Generated)]
    [InlineData(Importers.Reflection)]
    public void Import_RandomlyDamagedPayloads_EitherImportOrThrowTheDocumentedException(string binding)
    {
        byte[] original = RealBinaryFormatter.Serialize(LegacyCorpus.LegacyEverything());
        var random = new Random(20261123);
        BinaryFormatterImporter importer = CreateGuardedImporter(binding);
        int failures = 0;
        for (int round = 0; round < 3000; round++)
        {
            byte[] damaged = (byte[])original.Clone();
            int changes = random.Next(1, 4);
            for (int c = 0; c < changes; c++)
            {
                damaged[random.Next(damaged.Length)] = (byte)random.Next(256);
            }

            long before = GC.GetAllocatedBytesForCurrentThread();
            try
            {
                importer.Import(new MemoryStream(damaged));
            }
            catch (FastSerializationException)
            {
                failures++;
            }

            (GC.GetAllocatedBytesForCurrentThread() - before).Should().BeLessThan(16 * AllocationBound, $"round {round}");
        }

        failures.Should().BeGreaterThan(0);
    }
}

/// <summary>A stream that hands out its bytes, then fails as a disk or network would.</summary>
internal sealed class FailingStream : MemoryStream
{
    public const string Message = "the device is gone";
    private readonly int _failAfter;

    public FailingStream(byte[] bytes, int failAfter)
        : base(bytes, writable: false) => _failAfter = failAfter;

    public override int Read(byte[] buffer, int offset, int count) => Position >= _failAfter ? throw new IOException(Message) : base.Read(buffer, offset, Math.Min(count, _failAfter - (int)Position));

    public override int Read(Span<byte> buffer) => Position >= _failAfter ? throw new IOException(Message) : base.Read(buffer.Slice(0, Math.Min(buffer.Length, _failAfter - (int)Position)));

    public override int ReadByte() => Position >= _failAfter ? throw new IOException(Message) : base.ReadByte();
}
