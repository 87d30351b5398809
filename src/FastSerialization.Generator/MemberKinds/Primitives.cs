using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// One value the writer and reader have methods of their own for (<c>Write(int)</c> / <c>ReadInt32</c>, or the
/// compact <c>WriteVarInt32</c> / <c>ReadVarInt32</c>), and every fact the generator needs of it. The rows are
/// in <see cref="Primitives"/>: a new primitive is one row there (and its methods in the core). The member kinds
/// (<see cref="PrimitiveKind"/>, <see cref="VarIntKind"/>, <see cref="EnumKind"/>, <see cref="VarEnumKind"/>,
/// <see cref="PrimitiveArrayKind"/>) ask the row, never a method's name; the rest of the generator asks the kinds
/// (<see cref="MemberKind.BoundedSize"/>, <see cref="MemberKind.InFixedLayouts"/>, <see cref="MemberKind.Compact"/>, ...).
/// </summary>
/// <remarks>A singleton per row, compared by reference: the model stays value-equatable.</remarks>
internal sealed class Primitive
{
    public Primitive(
        string name,
        string keyword,
        int minSize,
        int maxSize,
        bool inRuns = false,
        bool inFixedLayouts = false,
        bool memoryIsWire = false,
        int alignment = 0,
        Primitive? compact = null,
        string @namespace = "System")
    {
        Name = name;
        Namespace = @namespace;
        Keyword = keyword;
        MinSize = minSize;
        MaxSize = maxSize;
        InRuns = inRuns;
        InFixedLayouts = inFixedLayouts;
        MemoryIsWire = memoryIsWire;
        Alignment = alignment > 0 ? alignment : System.Math.Min(minSize, 8);
        Compact = compact;
        if (compact is not null)
        {
            compact.Encodes = this;
        }
    }

    /// <summary>The name of the methods (<c>Read{Name}</c>, <c>Write{Name}</c> for compact forms) and of the value in the member layout: <c>Int32</c>, <c>VarInt32</c>.</summary>
    public string Name { get; }

    /// <summary>The namespace of the type (<c>System</c>, <c>System.Numerics</c>, <c>System.Text</c>): with <see cref="Name"/>, how a type finds its row.</summary>
    public string Namespace { get; }

    /// <summary>The C# type as generated code names it (<c>int</c>): the type a compact form encodes, for the casts of enums.</summary>
    public string Keyword { get; }

    /// <summary>The fewest bytes a value takes on the wire.</summary>
    public int MinSize { get; }

    /// <summary>The most bytes a value takes on the wire; 0 when there is no bound (a string).</summary>
    public int MaxSize { get; }

    /// <summary>True when every value takes the same number of bytes.</summary>
    public bool IsFixedWidth => MinSize == MaxSize;

    /// <summary>
    /// True when the run writers and readers have it too: a fixed-width value written and read at an offset of a
    /// <c>FixedRunWriter</c> / <c>FixedRunReader</c> and a <c>BoundedRunWriter</c> / <c>BoundedRunReader</c>, a
    /// compact one at the position of the bounded ones.
    /// </summary>
    public bool InRuns { get; }

    /// <summary>True when a fixed-layout struct may hold it (docs/FORMAT.md section 3b's list).</summary>
    public bool InFixedLayouts { get; }

    /// <summary>True when its memory form is its wire form on a little-endian machine and a value needs no check when read, so that blocks of it copy as bytes.</summary>
    public bool MemoryIsWire { get; }

    /// <summary>Its alignment in memory, inside a struct (what the runtime pads to).</summary>
    public int Alignment { get; }

    /// <summary>The compact form generated code writes a single value in (docs/FORMAT.md section 3a), or null when it keeps this one.</summary>
    public Primitive? Compact { get; }

    /// <summary>For a compact form, the row of the type it encodes (<c>Int32</c> for <c>VarInt32</c>); null for the others.</summary>
    public Primitive? Encodes { get; private set; }

    /// <summary>The reader method: <c>ReadInt32</c>.</summary>
    public string ReadMethod => "Read" + Name;

    public override string ToString() => Name;
}

/// <summary>The table of <see cref="Primitive"/> rows, and how a type finds its row.</summary>
internal static class Primitives
{
    // The compact forms (docs/FORMAT.md section 3a): never a member's own type, only what a single integer or decimal becomes.
    public static readonly Primitive VarInt16 = new("VarInt16", "short", 1, 3, inRuns: true);
    public static readonly Primitive VarUInt16 = new("VarUInt16", "ushort", 1, 3, inRuns: true);
    public static readonly Primitive VarInt32 = new("VarInt32", "int", 1, 5, inRuns: true);
    public static readonly Primitive VarUInt32 = new("VarUInt32", "uint", 1, 5, inRuns: true);
    public static readonly Primitive VarInt64 = new("VarInt64", "long", 1, 10, inRuns: true);
    public static readonly Primitive VarUInt64 = new("VarUInt64", "ulong", 1, 10, inRuns: true);
    public static readonly Primitive VarDecimal = new("VarDecimal", "decimal", 1, 0); // a head byte and varints: left to the writer's own checks
    public static readonly Primitive VarDateOnly = new("VarDateOnly", "global::System.DateOnly", 1, 5); // the day number as a zigzag varint32, range checked when read
    public static readonly Primitive VarInt128 = new("VarInt128", "global::System.Int128", 1, 19);
    public static readonly Primitive VarUInt128 = new("VarUInt128", "global::System.UInt128", 1, 19);

    public static readonly Primitive Boolean = new("Boolean", "bool", 1, 1, inRuns: true, inFixedLayouts: true); // read with a check (0 or 1)
    public static readonly Primitive Byte = new("Byte", "byte", 1, 1, inRuns: true, inFixedLayouts: true, memoryIsWire: true);
    public static readonly Primitive SByte = new("SByte", "sbyte", 1, 1, inRuns: true, inFixedLayouts: true, memoryIsWire: true);
    public static readonly Primitive Int16 = new("Int16", "short", 2, 2, inRuns: true, inFixedLayouts: true, memoryIsWire: true, compact: VarInt16);
    public static readonly Primitive UInt16 = new("UInt16", "ushort", 2, 2, inRuns: true, inFixedLayouts: true, memoryIsWire: true, compact: VarUInt16);
    public static readonly Primitive Char = new("Char", "char", 2, 2, inRuns: true, inFixedLayouts: true, memoryIsWire: true);
    public static readonly Primitive Int32 = new("Int32", "int", 4, 4, inRuns: true, inFixedLayouts: true, memoryIsWire: true, compact: VarInt32);
    public static readonly Primitive UInt32 = new("UInt32", "uint", 4, 4, inRuns: true, inFixedLayouts: true, memoryIsWire: true, compact: VarUInt32);
    public static readonly Primitive Int64 = new("Int64", "long", 8, 8, inRuns: true, inFixedLayouts: true, memoryIsWire: true, compact: VarInt64);
    public static readonly Primitive UInt64 = new("UInt64", "ulong", 8, 8, inRuns: true, inFixedLayouts: true, memoryIsWire: true, compact: VarUInt64);
    public static readonly Primitive Single = new("Single", "float", 4, 4, inRuns: true, inFixedLayouts: true, memoryIsWire: true);
    public static readonly Primitive Double = new("Double", "double", 8, 8, inRuns: true, inFixedLayouts: true, memoryIsWire: true);
    public static readonly Primitive Half = new("Half", "global::System.Half", 2, 2); // WIRE-FORMAT 2b; not in section 3b's list
    public static readonly Primitive Decimal = new("Decimal", "decimal", 16, 16, inFixedLayouts: true, alignment: 8, compact: VarDecimal); // flags checked when read
    public static readonly Primitive DateTime = new("DateTime", "global::System.DateTime", 8, 8, inFixedLayouts: true); // kind bits checked when read
    public static readonly Primitive TimeSpan = new("TimeSpan", "global::System.TimeSpan", 8, 8, inFixedLayouts: true, memoryIsWire: true);
    public static readonly Primitive DateTimeOffset = new("DateTimeOffset", "global::System.DateTimeOffset", 10, 10); // not in section 3b's list
    public static readonly Primitive Guid = new("Guid", "global::System.Guid", 16, 16, inFixedLayouts: true, memoryIsWire: true, alignment: 4);
    public static readonly Primitive String = new("String", "string", 1, 0);

    // WIRE-FORMAT 2b: none is in section 3b's list (so none in fixed-layout structs), none in runs.
    public static readonly Primitive DateOnly = new("DateOnly", "global::System.DateOnly", 4, 4, compact: VarDateOnly); // range checked when read
    public static readonly Primitive TimeOnly = new("TimeOnly", "global::System.TimeOnly", 8, 8); // range checked when read
    public static readonly Primitive Int128 = new("Int128", "global::System.Int128", 16, 16, compact: VarInt128);
    public static readonly Primitive UInt128 = new("UInt128", "global::System.UInt128", 16, 16, compact: VarUInt128);
    public static readonly Primitive BigInteger = new("BigInteger", "global::System.Numerics.BigInteger", 2, 0, @namespace: "System.Numerics"); // a count, then at least one byte
    public static readonly Primitive Complex = new("Complex", "global::System.Numerics.Complex", 16, 16, @namespace: "System.Numerics");
    public static readonly Primitive Rune = new("Rune", "global::System.Text.Rune", 4, 4, @namespace: "System.Text"); // a scalar value, checked when read
    public static readonly Primitive Uri = new("Uri", "global::System.Uri", 1, 0); // a string, parsed when read
    public static readonly Primitive Version = new("Version", "global::System.Version", 1, 0); // a string, parsed when read

    /// <summary>Every row a member's type can be (the compact forms are reached through <see cref="Primitive.Compact"/>).</summary>
    public static readonly Primitive[] All =
    {
        Boolean, Byte, SByte, Int16, UInt16, Char, Int32, UInt32, Int64, UInt64, Single, Double, Half, Decimal, DateTime, TimeSpan, DateTimeOffset, Guid, String,
        DateOnly, TimeOnly, Int128, UInt128, BigInteger, Complex, Rune, Uri, Version,
    };

    /// <summary>The row of <paramref name="type"/> (a type of the row's namespace named as the row is), or null when it is not a primitive.</summary>
    public static Primitive? Of(ITypeSymbol type)
    {
        if (type is not INamedTypeSymbol { TypeKind: not TypeKind.Enum, IsGenericType: false, ContainingType: null } named)
        {
            return null;
        }

        string? ns = named.ContainingNamespace switch
        {
            { Name: "System", ContainingNamespace.IsGlobalNamespace: true } => "System",
            { Name: "Numerics" or "Text", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } inner => "System." + inner.Name,
            _ => null,
        };
        return ns is null ? null : All.FirstOrDefault(p => p.Name == named.MetadataName && p.Namespace == ns);
    }
}
