using System;
using System.Collections.Generic;

// Two versions of evolvable fixed-layout structs (docs/FORMAT.md section 3c) and of a class that holds them in every
// way the format gives them a size: registered under the same ids in two formatters, they stand for an old and a new
// build.
namespace FastSerialization.Generator.Tests.Models.Evolvable.V1
{
    /// <summary>16 bytes, copied as a block.</summary>
    [BinarySerializable(FixedLayout = true, Evolvable = true)]
    public partial struct Sample
    {
        public long Time;
        public double Value;
    }

    /// <summary>9 bytes with a bool: read element by element.</summary>
    [BinarySerializable(FixedLayout = true, Evolvable = true)]
    public partial struct Switch
    {
        public long Id;
        public bool On;
    }

    [BinarySerializable]
    public sealed partial class Batch
    {
        public Sample[]? Samples { get; set; }

        public List<Sample>? Listed { get; set; }

        public ReadOnlyMemory<Sample> Memory { get; set; }

        public Sample Last { get; set; }

        public Sample? Maybe { get; set; }

        public Dictionary<int, Sample>? ByKey { get; set; }

        public Switch[]? Switches { get; set; }

        public Switch Current { get; set; }

        public string? After { get; set; }
    }
}

namespace FastSerialization.Generator.Tests.Models.Evolvable.V2
{
    /// <summary>Version 2: two members appended, 24 bytes, still copied as a block.</summary>
    [BinarySerializable(FixedLayout = true, Evolvable = true)]
    public partial struct Sample
    {
        public long Time;
        public double Value;
        public int Sensor;
        public int Flags;
    }

    /// <summary>Version 2: a short appended, 11 bytes.</summary>
    [BinarySerializable(FixedLayout = true, Evolvable = true)]
    public partial struct Switch
    {
        public long Id;
        public bool On;
        public short Level;
    }

    /// <summary>A fixed-layout struct holding an evolvable one: held inline there, at its size, frozen (28 bytes, packed so that blocks copy).</summary>
    [BinarySerializable(FixedLayout = true)]
    [System.Runtime.InteropServices.StructLayout(System.Runtime.InteropServices.LayoutKind.Sequential, Pack = 4)]
    public partial struct Pinned
    {
        public Sample Sample;
        public int Extra;
    }

    [BinarySerializable]
    public sealed partial class Batch
    {
        public Sample[]? Samples { get; set; }

        public List<Sample>? Listed { get; set; }

        public ReadOnlyMemory<Sample> Memory { get; set; }

        public Sample Last { get; set; }

        public Sample? Maybe { get; set; }

        public Dictionary<int, Sample>? ByKey { get; set; }

        public Switch[]? Switches { get; set; }

        public Switch Current { get; set; }

        public string? After { get; set; }

        public Pinned[]? Pins { get; set; }
    }

    /// <summary>A fixed-layout struct that cannot evolve, whose last member is an evolvable one held inline (frozen): 28 bytes, copied as a block.</summary>
    [BinarySerializable(FixedLayout = true)]
    [System.Runtime.InteropServices.StructLayout(System.Runtime.InteropServices.LayoutKind.Sequential, Pack = 4)]
    public partial struct Tagged
    {
        public int Tag;
        public Sample Sample;
    }

    /// <summary>The same with a struct read member by member (a bool): 19 bytes, read element by element.</summary>
    [BinarySerializable(FixedLayout = true)]
    public partial struct TaggedSwitch
    {
        public long Tag;
        public Switch Switch;
    }

    /// <summary>An evolvable fixed-layout struct whose last member is an evolvable one held inline (frozen): members end at 8 and 32.</summary>
    [BinarySerializable(FixedLayout = true, Evolvable = true)]
    public partial struct Reading
    {
        public long Id;
        public Sample Sample;
    }
}
