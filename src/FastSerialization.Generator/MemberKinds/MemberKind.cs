using System.Globalization;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// One kind of member value (a primitive, an enum, a list, a nested object, ...): how a type of this kind
/// is recognized and described (<see cref="TryParse"/>), the code that writes and reads a value of it,
/// and its name in the member layout. Each kind is one file under MemberKinds/ and one line in
/// <see cref="MemberKinds.All"/>, which sets the order in which kinds are tried.
/// </summary>
/// <remarks>
/// Kinds are singletons and hold no state: a <see cref="TypeShape"/> names its kind by reference, and
/// the model stays value-equatable.
/// </remarks>
internal abstract class MemberKind
{
    /// <summary>
    /// The types this kind accepts, as the FSG002 message lists them ("List&lt;T&gt;, IList&lt;T&gt;"); null when
    /// another kind's text already covers them.
    /// </summary>
    public virtual string? Accepts => null;

    /// <summary>
    /// Recognizes <paramref name="type"/> as a value of this kind.
    /// </summary>
    /// <param name="type">The member's type, or an element, key or value type inside it.</param>
    /// <param name="depth">How deep inside the member's type this type sits (elements of elements).</param>
    /// <param name="shape">The description of the type, when it can be serialized.</param>
    /// <param name="reason">Why it cannot, when it is of this kind but cannot be serialized.</param>
    /// <returns>False when the type is not of this kind (the next kind is tried); true otherwise.</returns>
    public abstract bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason);

    /// <summary>Emits the statements that write <paramref name="expression"/>, a value of <paramref name="shape"/>.</summary>
    /// <param name="w">The generated source.</param>
    /// <param name="shape">The value's shape; its <see cref="TypeShape.Kind"/> is this kind.</param>
    /// <param name="expression">The C# expression of the value (evaluated once).</param>
    /// <param name="depth">The nesting depth, which keeps the names of generated locals apart.</param>
    public abstract void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth);

    /// <summary>Emits the statements that read a value of <paramref name="shape"/> into <paramref name="target"/>.</summary>
    /// <param name="w">The generated source.</param>
    /// <param name="shape">The value's shape; its <see cref="TypeShape.Kind"/> is this kind.</param>
    /// <param name="target">The C# variable or member assigned.</param>
    /// <param name="depth">The nesting depth, which keeps the names of generated locals apart.</param>
    public abstract void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth);

    /// <summary>
    /// The value's kind in <c>[BinaryLayout]</c>, what the IPC handshake compares: forms that encode alike
    /// (an array and a list) have the same name, forms that do not have different ones.
    /// </summary>
    public abstract string Layout(TypeShape shape);

    /// <summary>
    /// The width on the wire of a value of <paramref name="shape"/> when it always takes the same number of
    /// bytes and can be written and read at an offset inside a run of such values (docs/GENERATOR.md,
    /// "Runs of fixed-width members"); 0 when it cannot.
    /// </summary>
    public virtual int RunWidth(TypeShape shape) => 0;

    /// <summary>
    /// The most bytes a value of <paramref name="shape"/> takes when a bounded struct's writer and reader can hold it
    /// (<see cref="BoundedObjects"/>: its code calls only methods <c>BoundedRunWriter</c> and <c>BoundedRunReader</c>
    /// have too); 0 when it has no bounded form.
    /// </summary>
    public virtual int BoundedSize(TypeShape shape) => 0;

    /// <summary>
    /// The most bytes a value of <paramref name="shape"/> takes on the wire, whichever code reads it; 0 when there is no
    /// bound (a string, a collection, a nested object). A generated reader asks once, before a stretch of such members, whether
    /// its frame holds the most they can take (<c>Emitter.EmitMemberReads</c>): then none of them needs its own version check.
    /// </summary>
    public virtual int LargestSize(TypeShape shape) => BoundedSize(shape);

    /// <summary>True when a fixed-layout struct may hold a value of <paramref name="shape"/> (docs/FORMAT.md section 3b); its width is <see cref="TypeShape.MinSize"/>.</summary>
    public virtual bool InFixedLayouts(TypeShape shape) => false;

    /// <summary>For a shape a fixed-layout struct may hold: true when its memory form is its wire form and a value needs no check when read (blocks copy as bytes).</summary>
    public virtual bool MemoryIsWire(TypeShape shape) => false;

    /// <summary>For a shape a fixed-layout struct may hold: its alignment in memory, which the struct's padding follows.</summary>
    public virtual int Alignment(TypeShape shape) => 1;

    /// <summary>
    /// The shape in which generated code writes <paramref name="shape"/> where it stands as a single value (a member,
    /// the value of a nullable, a dictionary's key or value): its compact form (docs/FORMAT.md section 3a), or the
    /// shape itself when it keeps its encoding. Elements of sequences are not asked: they keep their fixed widths.
    /// </summary>
    public virtual TypeShape Compact(TypeShape shape) => shape;

    /// <summary>Emits the statement that writes <paramref name="expression"/> at <paramref name="offset"/> of the <c>FixedRunWriter</c> named <paramref name="run"/>.</summary>
    public virtual void EmitRunWrite(IndentedWriter w, TypeShape shape, string expression, string run, int offset) =>
        throw new System.InvalidOperationException(GetType().Name + " has no run form");

    /// <summary>Emits the statement that reads <paramref name="target"/> from <paramref name="offset"/> of the <c>FixedRunReader</c> named <paramref name="run"/>.</summary>
    public virtual void EmitRunRead(IndentedWriter w, TypeShape shape, string target, string run, int offset) =>
        throw new System.InvalidOperationException(GetType().Name + " has no run form");

    /// <summary>
    /// True when a generated deep copier (<see cref="CopierEmitter"/>) can copy a value of <paramref name="shape"/>; a type
    /// with a member of a shape it cannot copy gets no copier, and <c>DeepClone</c> writes and reads it instead.
    /// </summary>
    public virtual bool CanCopy(TypeShape shape) => false;

    /// <summary>
    /// Emits the statements that set <paramref name="target"/> to the copy of <paramref name="expression"/> a write and a
    /// read back would give (for a shape <see cref="CanCopy"/> accepts): immutable values as they are, collections new with
    /// the comparer the reader builds them with, nested objects through the <c>BinaryCopyContext</c> named <c>context</c>.
    /// </summary>
    /// <param name="w">The generated source.</param>
    /// <param name="shape">The value's shape; its <see cref="TypeShape.Kind"/> is this kind.</param>
    /// <param name="expression">The C# expression of the value (evaluated once).</param>
    /// <param name="target">The C# variable or member assigned.</param>
    /// <param name="depth">The nesting depth, which keeps the names of generated locals apart.</param>
    public virtual void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth) =>
        throw new System.InvalidOperationException(GetType().Name + " has no copy form");

    /// <summary>
    /// True when a value of <paramref name="shape"/> is immutable and holds nothing mutable (a primitive, an enum, an immutable
    /// collection of such values, a tuple of them): its copy may be the value itself, shared with the original, since neither
    /// side can change it. A shape that <see cref="CanCopy"/> accepts.
    /// </summary>
    public virtual bool IsImmutable(TypeShape shape) => false;

    /// <summary>Emits the copy of a value inside this one (an element, a key, the value of a nullable).</summary>
    protected static void EmitCopyOf(IndentedWriter w, TypeShape inner, string expression, string target, int depth) =>
        inner.Kind.EmitCopy(w, inner, expression, target, depth);

    /// <summary>Emits the copy of an immutable value: the value itself.</summary>
    protected static void EmitCopyAsIs(IndentedWriter w, string expression, string target) =>
        w.Line("{0} = {1};", target, expression);

    /// <summary>An offset as C# source.</summary>
    protected static string Offset(int offset) => offset.ToString(CultureInfo.InvariantCulture);

    /// <summary>Emits the write of a value inside this one (an element, a key, the value of a nullable).</summary>
    protected static void EmitWriteOf(IndentedWriter w, TypeShape inner, string expression, int depth) =>
        inner.Kind.EmitWrite(w, inner, expression, depth);

    /// <summary>Emits the read of a value inside this one.</summary>
    protected static void EmitReadOf(IndentedWriter w, TypeShape inner, string target, int depth) =>
        inner.Kind.EmitRead(w, inner, target, depth);

    /// <summary>The name of a generated local: a prefix and the nesting depth (<c>__s0</c>).</summary>
    protected static string Local(string prefix, int depth) => prefix + depth.ToString(CultureInfo.InvariantCulture);

    /// <summary>The type as generated code names it: fully qualified, with nullable annotations.</summary>
    protected static string Display(ITypeSymbol type) => type.ToDisplayString(Symbols.TypeFormat);

    /// <summary>The shape of a type inside this one, or null with the reason.</summary>
    protected static TypeShape? ParseInner(ITypeSymbol type, int depth, out string? reason) => ShapeParser.Parse(type, depth + 1, out reason);

    /// <summary>Claims the type for this kind with a description.</summary>
    protected static bool Found(TypeShape found, out TypeShape? shape, out string? reason)
    {
        shape = found;
        reason = null;
        return true;
    }

    /// <summary>Claims the type for this kind, and says why it cannot be serialized.</summary>
    protected static bool Refused(string? why, out TypeShape? shape, out string? reason)
    {
        shape = null;
        reason = why;
        return true;
    }

    /// <summary>Leaves the type to the next kind.</summary>
    protected static bool NotThisKind(out TypeShape? shape, out string? reason)
    {
        shape = null;
        reason = null;
        return false;
    }
}
