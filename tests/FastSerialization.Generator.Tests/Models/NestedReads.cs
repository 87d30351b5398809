using System.Collections.Generic;

// Issue 48 item 7: what generated readers of nested classes and of stretches of members do without a detour or a
// check per member, and what must stay as it was. Two versions of one contract, as in Versions.cs: registered under
// the same id in two formatters, they stand for an older and a newer build.
namespace FastSerialization.Generator.Tests.Models.Stretch.V1
{
    /// <summary>Two compact integers and nothing after them: a reader checks each.</summary>
    [BinarySerializable]
    public sealed partial class Reading
    {
        public int A { get; set; }

        public int B { get; set; }
    }

    /// <summary>The same two integers, read through the constructor.</summary>
    [BinarySerializable]
    public sealed partial record ReadingRecord(int A, int B);
}

namespace FastSerialization.Generator.Tests.Models.Stretch.V2
{
    /// <summary>
    /// V1's reading with members appended: a label after the two integers (so that the three are read under one check
    /// when the frame holds the 5 + 5 bytes the integers can take and one byte more), then another integer and a note.
    /// </summary>
    [BinarySerializable]
    public sealed partial class Reading
    {
        public int A { get; set; }

        public int B { get; set; }

        public string? Label { get; set; } = "unset";

        public long C { get; set; } = -1;

        public string? Note { get; set; } = "unset";
    }

    /// <summary>V1's record with parameters appended, each with a default of its own.</summary>
    [BinarySerializable]
    public sealed partial record ReadingRecord(int A, int B, string? Label = "none", long C = 7, string? Note = "none");
}

namespace FastSerialization.Generator.Tests.Models.Nested.V1
{
    /// <summary>A line: a sealed class with a parameterless constructor, read in place by the types that hold it.</summary>
    [BinarySerializable]
    public sealed partial class Line
    {
        public int Sku { get; set; }

        public string? Code { get; set; }

        /// <summary>Not serialized: what the instance was made with (set by a registered factory).</summary>
        [BinaryIgnore]
        public string? MadeBy { get; set; }
    }

    /// <summary>Lines in every place a nested object can stand: a member, a list, an array, a dictionary's values.</summary>
    [BinarySerializable]
    public sealed partial class Basket
    {
        public Line? First { get; set; }

        public List<Line?>? Lines { get; set; }

        public Line[]? Array { get; set; }

        public Dictionary<int, Line>? ById { get; set; }

        public string? After { get; set; }
    }
}

namespace FastSerialization.Generator.Tests.Models.Nested.V2
{
    /// <summary>V1's line with a member appended.</summary>
    [BinarySerializable]
    public sealed partial class Line
    {
        public int Sku { get; set; }

        public string? Code { get; set; }

        [BinaryIgnore]
        public string? MadeBy { get; set; }

        public decimal Price { get; set; } = -1m;
    }

    /// <summary>V1's basket, its lines of V2.</summary>
    [BinarySerializable]
    public sealed partial class Basket
    {
        public Line? First { get; set; }

        public List<Line?>? Lines { get; set; }

        public Line[]? Array { get; set; }

        public Dictionary<int, Line>? ById { get; set; }

        public string? After { get; set; }
    }
}
