using FastSerialization.BinaryFormatterImport;

// The new types for Legacy/LegacyShapes.cs: partial with [BinaryFormatterType], so each gets a generated binder
// that sets what C# alone could not (private and readonly fields, get-only and init-only auto-properties).
namespace Modern
{
    [BinaryFormatterType("Legacy.ShapeBase")]
    public abstract partial class ShapeBase
    {
        private int _secret;

        public int BaseValue { get; set; }

        public int BaseSecret => _secret;
    }

    [BinaryFormatterType("Legacy.Shapes")]
    public sealed partial class Shapes : ShapeBase
    {
        private int _secret;
        public readonly string? Fixed;
        public Money Price;
        public Money? MaybePrice;

        public int GetOnly { get; }

        public string? InitOnly { get; init; }

        /// <summary>Not in the payload; required, so the binder reaches the constructor through an UnsafeAccessor.</summary>
        public required int Required { get; set; }

        public int Secret => _secret;
    }

    [BinaryFormatterType("Legacy.Money")]
    public readonly partial struct Money
    {
        public readonly long Units;

        public string? Currency { get; init; }
    }

    /// <summary>A positional record: no parameterless constructor, init-only properties.</summary>
    [BinaryFormatterType("Legacy.Line")]
    public sealed partial record Line(string? Sku, int Quantity);
}
