using System;

// Legacy types whose members generated code must reach in every way C# declares them: private, readonly and
// base-class fields, a private name two levels share, a struct, get-only and init-only properties of the new types.
namespace Legacy
{
    [Serializable]
    public class ShapeBase
    {
        // BinaryFormatter writes a base class's private fields as "ShapeBase+_secret". (A protected field that a
        // derived field hides is written twice under one name, which NrbfDecoder refuses as malformed.)
        private int _secret;

        public ShapeBase(int secret)
        {
            _secret = secret;
        }

        public int BaseValue { get; set; }
    }

    [Serializable]
    public class Shapes : ShapeBase
    {
        private int _secret;
        public readonly string? Fixed;
        public Money Price;
        public Money? MaybePrice;
        public int GetOnly;
        public string? InitOnly;

        public Shapes(int secret, string @fixed)
            : base(secret * 10)
        {
            _secret = secret;
            Fixed = @fixed;
        }
    }

    [Serializable]
    public struct Money
    {
        public long Units;
        public string? Currency;
    }

    [Serializable]
    public class Line
    {
        public string? Sku;
        public int Quantity;
    }
}
