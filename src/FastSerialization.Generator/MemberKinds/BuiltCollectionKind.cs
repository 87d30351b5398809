using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>How a collection's elements are walked when written.</summary>
internal enum Walk
{
    /// <summary><c>Count</c>, then <c>foreach</c>.</summary>
    Count,

    /// <summary>A count and an indexer (<see cref="BuiltCollectionKind.Count"/>, <see cref="BuiltCollectionKind.At"/>), then a for loop.</summary>
    Index,

    /// <summary><c>ToArray()</c> first, then the array: collections other threads may change while they are written (the concurrent ones).</summary>
    Snapshot,

    /// <summary>No count: one <c>foreach</c> counts, a second writes (the immutable queue and stack).</summary>
    CountByEnumerating,

    /// <summary>An <c>IEnumerable&lt;T&gt;</c>: its <c>ICollection&lt;T&gt;</c> when it is one, else a list of it (so a lazy sequence runs once).</summary>
    Enumerable,
}

/// <summary>How a collection is rebuilt when read.</summary>
internal enum Fill
{
    /// <summary><see cref="BuiltCollectionKind.Create"/> makes it, <see cref="BuiltCollectionKind.Add"/> adds each element (or pair).</summary>
    Add,

    /// <summary>The elements are read into an array, which <see cref="BuiltCollectionKind.Finish"/> turns into the collection.</summary>
    ArrayThen,
}

/// <summary>What an added element or pair is checked for: a duplicate is malformed data, as for <c>Dictionary</c> and <c>HashSet</c>.</summary>
internal enum Check
{
    None,

    /// <summary><c>Add</c> returns false for an element the set already holds.</summary>
    SetAdd,

    /// <summary>A null key, or one <c>ContainsKey</c> already holds, is refused; then <c>Add</c>.</summary>
    Key,

    /// <summary>A null key is refused; <c>TryAdd</c> returns false for a duplicate.</summary>
    TryAdd,

    /// <summary>
    /// A null key is refused; the pair is set through the indexer, and a count that did not grow is a duplicate: one lookup
    /// per pair, where <see cref="Key"/> takes two (<c>ContainsKey</c>, then <c>Add</c>). For the collections whose
    /// <c>Add</c> accepts a duplicate key with an equal value in silence (the immutable dictionaries and their builders) or
    /// have no <c>TryAdd</c> (<c>SortedList</c>), each lookup a tree walk, a binary search or a hash of the key. Not for
    /// <c>SortedDictionary</c>, whose indexer looks a new key up twice itself.
    /// </summary>
    CountGrows,
}

/// <summary>Which comparer a collection is built with, and so what a <c>[BinaryComparer]</c> on its member must supply.</summary>
internal enum ComparerRole
{
    None,

    /// <summary>An <c>IEqualityComparer&lt;T&gt;</c> of the key (element) type: by default the one of <c>KeyComparers.ForUntrustedKeys</c>.</summary>
    Equality,

    /// <summary>An <c>IComparer&lt;T&gt;</c> of the key (element) type, or of the priority type of a priority queue: by default <c>Comparer&lt;T&gt;.Default</c>.</summary>
    Ordering,
}

/// <summary>
/// One of the base library's other collections (docs/FORMAT.md section 2b): section 2's sequence (varuint32 count + 1,
/// then the elements) or dictionary (then key, value pairs), in the collection's enumeration order, which reading it
/// back reproduces (a stack pops, a queue dequeues, the same values in the same order). Each instance is one row of
/// <see cref="BuiltCollections.All"/>; the templates name the element type <c>{T}</c>, key and value <c>{K}</c> and
/// <c>{V}</c>, the count <c>{count}</c>, the capped capacity <c>{cap}</c>, the comparer <c>{cmp}</c>, the collection
/// being built <c>{m}</c>, the element read <c>{e}</c> and the key and value read <c>{k}</c>, <c>{v}</c>.
/// </summary>
internal sealed class BuiltCollectionKind : MemberKind
{
    /// <summary>
    /// In <see cref="TypeShape.ReadMethod"/> of an <c>ImmutableArray&lt;T&gt;</c>: the compilation's System.Collections.Immutable
    /// (before version 8) has no <c>ImmutableCollectionsMarshal</c>, so the array read is copied into the immutable one.
    /// </summary>
    internal const string LacksMarshal = "LacksMarshal";

    /// <summary>
    /// In <see cref="TypeShape.ReadMethod"/> of an <c>ImmutableArray&lt;T&gt;</c>: the compilation's System.Collections.Immutable
    /// (before version 5) has no <c>AsSpan</c> either, so even primitives are written element by element (the same bytes).
    /// </summary>
    internal const string LacksSpan = "LacksSpan";

    /// <summary>
    /// In <see cref="TypeShape.ReadMethod"/> of a hashed collection: the compilation's type has no property holding its comparer
    /// (<c>ConcurrentDictionary</c> before .NET 6), so the writer cannot check it.
    /// </summary>
    internal const string LacksComparer = "LacksComparer";

    /// <summary>Initial capacity cap: a hostile count never preallocates more (as for lists).</summary>
    private const int MaxPreallocation = 1024;

    /// <summary>Creates a row.</summary>
    /// <param name="metadataName">The generic definition, namespace and metadata name: <c>System.Collections.Generic.Queue`1</c>.</param>
    /// <param name="name">The type as users write it, for messages and docs: <c>Queue&lt;T&gt;</c>.</param>
    public BuiltCollectionKind(string metadataName, string name)
    {
        MetadataName = metadataName;
        Name = name;
    }

    public string MetadataName { get; }

    public string Name { get; }

    /// <summary>True for key, value pairs (section 2's dictionary); <see cref="TypeShape.Element"/> is the key, <see cref="TypeShape.Value"/> the value.</summary>
    public bool Pairs { get; init; }

    /// <summary>The names of a pair's parts when walked: <c>Key</c> and <c>Value</c>, or <c>Element</c> and <c>Priority</c>.</summary>
    public string First { get; init; } = "Key";

    public string Second { get; init; } = "Value";

    /// <summary>For a struct collection, the test of its null form (<c>{s}.IsDefault</c>), which it is read back as <c>default</c>; null for a class.</summary>
    public string? NullTest { get; init; }

    public Walk Walk { get; init; } = Walk.Count;

    /// <summary>For <see cref="Walk.Index"/>, the count (<c>{s}.Length</c>) and an element (<c>{s}[{i}]</c>).</summary>
    public string Count { get; init; } = "{s}.Count";

    public string At { get; init; } = "{s}[{i}]";

    /// <summary>For <see cref="Walk.Count"/>, what is enumerated (<c>{s}</c>, or <c>{s}.UnorderedItems</c>).</summary>
    public string Enumerated { get; init; } = "{s}";

    public Fill Fill { get; init; } = Fill.Add;

    public string Create { get; init; } = string.Empty;

    public string Add { get; init; } = "{m}.Add({e})";

    public Check Check { get; init; }

    /// <summary>The expression the member is assigned: the collection built, <c>{m}</c>.</summary>
    public string Finish { get; init; } = "{m}";

    /// <summary>For <see cref="Fill.ArrayThen"/>, reverse the array first: a stack is written top first and rebuilt bottom first.</summary>
    public bool Reverse { get; init; }

    /// <summary>
    /// For <see cref="Fill.ArrayThen"/>, a builder (<c>{T}</c>) that a count of at most <see cref="SmallBuilderLimit"/> is read
    /// into instead (<c>Add</c> each element, then <c>ToImmutable()</c>), for the collections whose builder adds a few
    /// elements as fast as they are built from an array: no array is made and dropped (the JIT keeps the builder of the
    /// inlined calls off the heap). Larger counts go through the array, which builds a balanced tree in one pass where
    /// the builder rebalances as it adds. Null: always the array.
    /// </summary>
    public string? SmallBuilder { get; init; }

    /// <summary>The largest count read through <see cref="SmallBuilder"/>: past it, adding one by one was slower than the array (issue 48).</summary>
    public const int SmallBuilderLimit = 4;

    public ComparerRole Comparer { get; init; }

    /// <summary>
    /// The property that holds the collection's comparer (<c>Comparer</c>, <c>KeyComparer</c>): the writer refuses a collection
    /// whose comparer is not the one it will be read back with, since it would read back in another order or with another
    /// equality (<see cref="ComparerChecks"/>). Null where the collection exposes none (the read-only wrappers, lookups).
    /// </summary>
    public string? ComparerProperty { get; init; }

    /// <summary>
    /// For an interface, the concrete type whose <see cref="ComparerProperty"/> is checked when the value is one
    /// (<c>{Generic}HashSet&lt;{T}&gt;</c>): other implementations expose no comparer, and are written unchecked.
    /// </summary>
    public string? ComparerHolder { get; init; }

    /// <summary>Which type argument the comparer compares: 0 (the element or key), 1 (a priority).</summary>
    public int ComparerArgument { get; init; }

    /// <summary>
    /// For a collection whose memory can be a span of primitives (<c>ImmutableArray&lt;T&gt;</c>, <c>ArraySegment&lt;T&gt;</c>): the span
    /// written in one block (<c>{s}.AsSpan()</c>), and the collection made of the array <c>ReadArray</c> returns (<c>{a}</c>).
    /// </summary>
    public string? BlockSpan { get; init; }

    public string? BlockFinish { get; init; }

    /// <summary>For an interface, the concrete type it is read back as (docs/GENERATOR.md's table).</summary>
    public string? ReadsBackAs { get; init; }

    /// <summary>
    /// True for a collection no one can change once built (the immutable and frozen ones, not their interfaces, whose
    /// values may be any implementation): a deep copy shares it when its elements are immutable too.
    /// </summary>
    public bool Unchangeable { get; init; }

    public override string? Accepts => null; // BuiltCollections.Any lists them

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (type is not INamedTypeSymbol { IsGenericType: true } named || BuiltCollections.MetadataNameOf(named) != MetadataName)
        {
            return NotThisKind(out shape, out reason);
        }

        TypeShape? element = ParseInner(named.TypeArguments[0], depth, out string? why);
        if (element is null)
        {
            return Refused(why, out shape, out reason);
        }

        TypeShape? value = null;
        if (Pairs)
        {
            value = ParseInner(named.TypeArguments[1], depth, out why);
            if (value is null)
            {
                return Refused(why, out shape, out reason);
            }
        }

        // The text around the count in `new X[count]`, which an element that is itself an array needs (`new int[count][]`).
        ITypeSymbol innermost = named.TypeArguments[0];
        string suffix = string.Empty;
        while (innermost is IArrayTypeSymbol inner)
        {
            suffix += "[" + new string(',', inner.Rank - 1) + "]"; // int[][,] is new int[count][,]
            innermost = inner.ElementType;
        }

        // ImmutableArray<T>: what the compilation's System.Collections.Immutable lacks, which generated code must then do without.
        string? lacks = null;
        if (ComparerProperty is not null && ComparerHolder is null && !HasProperty(named, ComparerProperty))
        {
            lacks = LacksComparer;
        }
        else if (MetadataName == "System.Collections.Immutable.ImmutableArray`1")
        {
            if (named.GetMembers("AsSpan").Length == 0)
            {
                lacks = LacksSpan;
            }
            else if (named.ContainingAssembly.GetTypeByMetadataName("System.Runtime.InteropServices.ImmutableCollectionsMarshal") is null)
            {
                lacks = LacksMarshal;
            }
        }

        return Found(
            new TypeShape(this, Display(type), lacks, 1, NullTest is null, element, value, Display(innermost), suffix),
            out shape,
            out reason);
    }

    private static bool HasProperty(INamedTypeSymbol type, string name)
    {
        for (INamedTypeSymbol? t = type; t is not null; t = t.BaseType)
        {
            if (t.GetMembers(name).Length > 0)
            {
                return true;
            }
        }

        return false;
    }

    public override string Layout(TypeShape shape) =>
        Pairs
            ? "Map<" + shape.Element!.Kind.Layout(shape.Element) + "," + shape.Value!.Kind.Layout(shape.Value) + ">"
            : "Sequence<" + shape.Element!.Kind.Layout(shape.Element) + ">";

    public override TypeShape Compact(TypeShape shape) =>
        Pairs ? shape with { Element = shape.Element!.Kind.Compact(shape.Element), Value = shape.Value!.Kind.Compact(shape.Value!) } : shape;

    /// <summary>The comparer's type argument of the member type <paramref name="type"/>, when this collection takes a comparer.</summary>
    public ITypeSymbol? ComparedType(INamedTypeSymbol type) => Comparer == ComparerRole.None ? null : type.TypeArguments[ComparerArgument];

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth)
    {
        string s = Local("__s", depth);
        w.Open();
        w.Line("var {0} = {1};", s, expression);
        w.Open("if (" + (NullTest is null ? s + " is null" : Expand(NullTest, shape, s)) + ")");
        w.Line("writer.WriteNullCollection();");
        w.Close();
        w.Open("else");
        if (IsBlock(shape))
        {
            w.Line("writer.WriteArray<{0}>({1});", shape.Element!.Primitive!.Keyword, Expand(BlockSpan!, shape, s));
        }
        else
        {
            EmitComparerCheck(w, shape, s);
            EmitWriteElements(w, shape, s, depth);
        }

        w.Close();
        w.Close();
    }

    /// <summary>
    /// For a sorted or hashed collection whose comparer the writer can see: refuses to write one whose comparer is not the
    /// one it is read back with (<see cref="ComparerChecks"/>).
    /// </summary>
    private void EmitComparerCheck(IndentedWriter w, TypeShape shape, string s)
    {
        if (ComparerProperty is null || shape.ReadMethod == LacksComparer)
        {
            return;
        }

        string expected = Expand("{cmp}", shape, s);
        string held = ComparerHolder is null
            ? s + "." + ComparerProperty
            : "(" + s + " as " + Expand(ComparerHolder, shape, s) + ")?." + ComparerProperty;
        if (Comparer == ComparerRole.Ordering)
        {
            ComparerChecks.EmitOrdering(w, held, expected, Name, shape.Comparer is not null);
        }
        else
        {
            ComparerChecks.EmitEquality(w, shape.Element!.TypeDisplay, held, expected, Name, shape.Comparer is not null);
        }
    }

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth)
    {
        string nullValue = NullTest is null ? "null!" : "default";
        if (IsBlock(shape))
        {
            string a = Local("__a", depth);
            w.Open();
            w.Line("var {0} = reader.ReadArray<{1}>();", a, shape.Element!.Primitive!.Keyword);
            w.Line("{0} = {1} is null ? {2} : {3};", target, a, nullValue, Expand(BlockFinish!, shape, a, copy: shape.ReadMethod is LacksMarshal or LacksSpan).Replace("{a}", a));
            w.Close();
            return;
        }

        string c = Local("__c", depth);
        string i = Local("__i", depth);
        string made = Local("__r", depth);
        TypeShape element = shape.Element!;
        string storage = Pairs
            ? "global::System.Collections.Generic.KeyValuePair<" + element.TypeDisplay + ", " + shape.Value!.TypeDisplay + ">"
            : element.TypeDisplay;
        int minSize = Pairs ? element.MinSize + shape.Value!.MinSize : element.MinSize;
        w.Open();
        w.Line("int {0} = reader.ReadCollectionHeader<{1}>({2});", c, storage, minSize.ToString(CultureInfo.InvariantCulture));
        w.Open("if (" + c + " < 0)");
        w.Line("{0} = {1};", target, nullValue);
        w.Close();
        w.Open("else");
        if (Fill == Fill.ArrayThen && SmallBuilder is not null)
        {
            string b = Local("__b", depth);
            string e = Local("__e", depth);
            w.Open("if (" + c + " <= " + SmallBuilderLimit.ToString(CultureInfo.InvariantCulture) + ")");
            w.Line("var {0} = {1};", b, Expand(SmallBuilder, shape, b, count: c));
            w.Open("for (int " + i + " = 0; " + i + " < " + c + "; " + i + "++)");
            w.Line("{0} {1};", element.TypeDisplay, e);
            EmitReadOf(w, element, e, depth + 1);
            w.Line("{0}.Add({1});", b, e);
            w.Close();
            w.Line("{0} = {1}.ToImmutable();", target, b);
            w.Close();
            w.Open("else");
        }

        if (Fill == Fill.ArrayThen)
        {
            w.Line("var {0} = new {1}[{2}]{3};", made, shape.NewArrayPrefix!, c, shape.NewArraySuffix!);
            w.Open("for (int " + i + " = 0; " + i + " < " + c + "; " + i + "++)");
            EmitReadOf(w, element, made + "[" + i + "]", depth + 1);
            w.Close();
            if (Reverse)
            {
                w.Line("global::System.Array.Reverse({0});", made);
            }
        }
        else
        {
            w.Line("var {0} = {1};", made, Expand(Create, shape, made, count: c));
            w.Open("for (int " + i + " = 0; " + i + " < " + c + "; " + i + "++)");
            EmitReadAndAdd(w, shape, made, depth);
            w.Close();
        }

        w.Line("{0} = {1};", target, Expand(Finish, shape, made, count: c, copy: shape.ReadMethod is LacksMarshal or LacksSpan));
        if (Fill == Fill.ArrayThen && SmallBuilder is not null)
        {
            w.Close();
        }

        w.Close();
        w.Close();
    }

    public override bool CanCopy(TypeShape shape) =>
        shape.Element!.Kind.CanCopy(shape.Element) && (!Pairs || shape.Value!.Kind.CanCopy(shape.Value!));

    public override bool IsImmutable(TypeShape shape) =>
        Unchangeable && shape.Element!.Kind.IsImmutable(shape.Element) && (!Pairs || shape.Value!.Kind.IsImmutable(shape.Value!));

    /// <summary>
    /// Emits the copy of a collection: its null form as it is; otherwise the comparer check the writer makes (which throws
    /// as the write would, and <c>DeepClone</c> then writes and reads to give the exception), then an immutable collection of
    /// immutable elements as it is, or a new collection built as the reader builds it (its comparer, its order: a stack
    /// pops the same values) from the copies of the elements, walked as the writer walks them.
    /// </summary>
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth)
    {
        string s = Local("__s", depth);
        w.Open();
        w.Line("var {0} = {1};", s, expression);
        w.Open("if (" + (NullTest is null ? s + " is null" : Expand(NullTest, shape, s)) + ")");
        w.Line("{0} = {1};", target, NullTest is null ? "null!" : "default");
        w.Close();
        w.Open("else");
        EmitComparerCheck(w, shape, s);
        if (IsImmutable(shape))
        {
            w.Line("{0} = {1};", target, s);
        }
        else if (IsBlock(shape))
        {
            string a = Local("__a", depth);
            w.Line("var {0} = {1}.ToArray();", a, Expand(BlockSpan!, shape, s));
            w.Line("{0} = {1};", target, Expand(BlockFinish!, shape, a, copy: shape.ReadMethod is LacksMarshal or LacksSpan).Replace("{a}", a));
        }
        else
        {
            EmitCopyElements(w, shape, s, target, depth);
        }

        w.Close();
        w.Close();
    }

    /// <summary>The elements of the non-null collection <paramref name="s"/> walked as the writer walks them, copied, and added as the reader adds them.</summary>
    private void EmitCopyElements(IndentedWriter w, TypeShape shape, string s, string target, int depth)
    {
        string c = Local("__c", depth);
        string i = Local("__i", depth);
        string x = Local("__x", depth);
        string made = Local("__r", depth);

        // An array filled by a foreach counts its position itself.
        bool counted = Fill == Fill.ArrayThen && Walk is not (Walk.Index or Walk.Snapshot);
        string item;
        switch (Walk)
        {
            case Walk.Index:
                w.Line("int {0} = {1};", c, Expand(Count, shape, s));
                EmitCreate(w, shape, made, c);
                w.Open("for (int " + i + " = 0; " + i + " < " + c + "; " + i + "++)");
                item = Expand(At, shape, s).Replace("{i}", i);
                break;
            case Walk.Snapshot:
                string a = Local("__a", depth);
                w.Line("var {0} = {1}.ToArray();", a, s);
                w.Line("int {0} = {1}.Length;", c, a);
                EmitCreate(w, shape, made, c);
                w.Open("for (int " + i + " = 0; " + i + " < " + c + "; " + i + "++)");
                item = a + "[" + i + "]";
                break;
            case Walk.CountByEnumerating:
                w.Line("int {0} = 0;", c);
                w.Open("foreach (var " + x + " in " + s + ")");
                w.Line("{0}++;", c);
                w.Close();
                item = OpenForeach(w, shape, made, c, i, x, s, counted);
                break;
            case Walk.Enumerable:
                string l = Local("__l", depth);
                w.Line(
                    "var {0} = {1} as global::System.Collections.Generic.ICollection<{2}> ?? new global::System.Collections.Generic.List<{2}>({1});",
                    l,
                    s,
                    shape.Element!.TypeDisplay);
                w.Line("int {0} = {1}.Count;", c, l);
                item = OpenForeach(w, shape, made, c, i, x, l, counted);
                break;
            default:
                w.Line("int {0} = {1};", c, Expand(Count, shape, s));
                item = OpenForeach(w, shape, made, c, i, x, Expand(Enumerated, shape, s), counted);
                break;
        }

        if (Fill == Fill.ArrayThen)
        {
            if (counted)
            {
                // More elements than counted (an implementation that changed under the walk): the write would not give this copy either.
                w.Open("if (" + i + " == " + c + ")");
                w.Line("context.Abandon();");
                w.Close();
            }

            EmitCopyOf(w, shape.Element!, item, made + "[" + i + "]", depth + 1);
            if (counted)
            {
                w.Line("{0}++;", i);
            }
        }
        else
        {
            EmitCopyAndAdd(w, shape, made, item, depth);
        }

        w.Close();
        if (counted)
        {
            w.Open("if (" + i + " != " + c + ")");
            w.Line("context.Abandon();");
            w.Close();
        }

        if (Fill == Fill.ArrayThen && Reverse)
        {
            w.Line("global::System.Array.Reverse({0});", made);
        }

        w.Line("{0} = {1};", target, Expand(Finish, shape, made, count: c, copy: shape.ReadMethod is LacksMarshal or LacksSpan));
    }

    /// <summary>Emits the collection's creation and a foreach over <paramref name="enumerated"/> (with a position when it fills an array); returns the loop's element.</summary>
    private string OpenForeach(IndentedWriter w, TypeShape shape, string made, string count, string position, string element, string enumerated, bool counted)
    {
        EmitCreate(w, shape, made, count);
        if (counted)
        {
            w.Line("int {0} = 0;", position);
        }

        w.Open("foreach (var " + element + " in " + enumerated + ")");
        return element;
    }

    /// <summary>Emits the declaration of <paramref name="made"/>, the collection the copy is built in (an array to finish, or the collection itself).</summary>
    private void EmitCreate(IndentedWriter w, TypeShape shape, string made, string count)
    {
        if (Fill == Fill.ArrayThen)
        {
            w.Line("var {0} = new {1}[{2}]{3};", made, shape.NewArrayPrefix!, count, shape.NewArraySuffix!);
        }
        else
        {
            w.Line("var {0} = {1};", made, Expand(Create, shape, made, count: count));
        }
    }

    /// <summary>Copies an element (or a pair) into locals and adds it as the reader does; where the reader would refuse it (a duplicate), the copy is abandoned.</summary>
    private void EmitCopyAndAdd(IndentedWriter w, TypeShape shape, string made, string item, int depth)
    {
        TypeShape element = shape.Element!;
        string e = Local("__e", depth);
        string k = Local("__k", depth);
        string v = Local("__v", depth);
        if (Pairs)
        {
            w.Line("{0} {1};", element.TypeDisplay, k);
            EmitCopyOf(w, element, item + "." + First, k, depth + 1);
            w.Line("{0} {1};", shape.Value!.TypeDisplay, v);
            EmitCopyOf(w, shape.Value, item + "." + Second, v, depth + 1);
        }
        else
        {
            w.Line("{0} {1};", element.TypeDisplay, e);
            EmitCopyOf(w, element, item, e, depth + 1);
        }

        EmitAdd(w, shape, made, e, k, v, depth, "context.Abandon();", "context.Abandon();");
    }

    /// <summary>
    /// True when a member of <paramref name="shape"/> is read in a method of its own (<c>Emitter</c>): every row but the
    /// primitive blocks (one <c>ReadArray</c> call). Built in a small method, the builder's calls are inlined into it and the
    /// JIT can keep the builder off the heap, which it does not inside a type's one large read.
    /// </summary>
    public bool ReadsOutOfLine(TypeShape shape) => !IsBlock(shape);

    /// <summary>True when the elements are primitives whose memory is their wire form and the row has a block form.</summary>
    private bool IsBlock(TypeShape shape) =>
        BlockSpan is not null && shape.ReadMethod != LacksSpan
        && shape.Element!.Kind is PrimitiveKind && shape.Element.Primitive is { InRuns: true, MemoryIsWire: true };

    private void EmitWriteElements(IndentedWriter w, TypeShape shape, string s, int depth)
    {
        string i = Local("__i", depth);
        string e = Local("__e", depth);
        switch (Walk)
        {
            case Walk.Index:
                w.Line("writer.WriteCollectionHeader({0});", Expand(Count, shape, s));
                w.Open("for (int " + i + " = 0; " + i + " < " + Expand(Count, shape, s) + "; " + i + "++)");
                EmitWriteOne(w, shape, Expand(At, shape, s).Replace("{i}", i), depth);
                w.Close();
                return;
            case Walk.Snapshot:
                string a = Local("__a", depth);
                w.Line("var {0} = {1}.ToArray();", a, s);
                w.Line("writer.WriteCollectionHeader({0}.Length);", a);
                w.Open("for (int " + i + " = 0; " + i + " < " + a + ".Length; " + i + "++)");
                EmitWriteOne(w, shape, a + "[" + i + "]", depth);
                w.Close();
                return;
            case Walk.CountByEnumerating:
                string n = Local("__n", depth);
                w.Line("int {0} = 0;", n);
                w.Open("foreach (var " + e + " in " + s + ")");
                w.Line("{0}++;", n);
                w.Close();
                w.Line("writer.WriteCollectionHeader({0});", n);
                break;
            case Walk.Enumerable:
                string collection = Local("__l", depth);
                w.Line(
                    "var {0} = {1} as global::System.Collections.Generic.ICollection<{2}> ?? new global::System.Collections.Generic.List<{2}>({1});",
                    collection,
                    s,
                    shape.Element!.TypeDisplay);
                w.Line("writer.WriteCollectionHeader({0}.Count);", collection);
                s = collection;
                break;
            default:
                w.Line("writer.WriteCollectionHeader({0});", Expand(Count, shape, s));
                break;
        }

        w.Open("foreach (var " + e + " in " + Expand(Enumerated, shape, s) + ")");
        EmitWriteOne(w, shape, e, depth);
        w.Close();
    }

    private void EmitWriteOne(IndentedWriter w, TypeShape shape, string item, int depth)
    {
        if (!Pairs)
        {
            EmitWriteOf(w, shape.Element!, item, depth + 1);
            return;
        }

        EmitWriteOf(w, shape.Element!, item + "." + First, depth + 1);
        EmitWriteOf(w, shape.Value!, item + "." + Second, depth + 1);
    }

    private void EmitReadAndAdd(IndentedWriter w, TypeShape shape, string made, int depth)
    {
        TypeShape element = shape.Element!;
        string e = Local("__e", depth);
        string k = Local("__k", depth);
        string v = Local("__v", depth);
        if (Pairs)
        {
            w.Line("{0} {1};", element.TypeDisplay, k);
            EmitReadOf(w, element, k, depth + 1);
            w.Line("{0} {1};", shape.Value!.TypeDisplay, v);
            EmitReadOf(w, shape.Value, v, depth + 1);
        }
        else
        {
            w.Line("{0} {1};", element.TypeDisplay, e);
            EmitReadOf(w, element, e, depth + 1);
        }

        EmitAdd(
            w,
            shape,
            made,
            e,
            k,
            v,
            depth,
            "throw reader.CreateMalformedException(\"a set has a duplicate element\");",
            "throw reader.CreateMalformedException(\"a dictionary has a null or duplicate key\");");
    }

    /// <summary>
    /// Adds an element (<paramref name="e"/>) or a pair (<paramref name="k"/>, <paramref name="v"/>) to the collection
    /// being made, with the row's check: where the collection would refuse it or silently keep one of two (a duplicate
    /// element, a null or duplicate key), <paramref name="onDuplicate"/> or <paramref name="onBadKey"/> runs instead (the
    /// reader throws, the deep copy abandons).
    /// </summary>
    private void EmitAdd(IndentedWriter w, TypeShape shape, string made, string e, string k, string v, int depth, string onDuplicate, string onBadKey)
    {
        TypeShape element = shape.Element!;
        string add = Expand(Add, shape, made).Replace("{e}", e).Replace("{k}", k).Replace("{v}", v);
        string nullKey = element.IsReferenceType || element.Kind is NullableKind ? k + " is null || " : string.Empty;
        switch (Check)
        {
            case Check.SetAdd:
                w.Open("if (!" + add + ")");
                w.Line(onDuplicate);
                w.Close();
                break;
            case Check.Key:
                w.Open("if (" + nullKey + made + ".ContainsKey(" + k + "))");
                w.Line(onBadKey);
                w.Close();
                w.Line();
                w.Line(add + ";");
                break;
            case Check.TryAdd:
                w.Open("if (" + nullKey + "!" + add + ")");
                w.Line(onBadKey);
                w.Close();
                break;
            case Check.CountGrows:
                string n = Local("__n", depth);
                if (nullKey.Length > 0)
                {
                    w.Open("if (" + k + " is null)");
                    w.Line(onBadKey);
                    w.Close();
                    w.Line();
                }

                w.Line("int {0} = {1}.Count;", n, made);
                w.Line("{0}[{1}] = {2};", made, k, v);
                w.Open("if (" + made + ".Count == " + n + ")");
                w.Line(onBadKey);
                w.Close();
                break;
            default:
                w.Line(add + ";");
                break;
        }
    }

    /// <summary>Fills a template's placeholders.</summary>
    private string Expand(string template, TypeShape shape, string collection, string? count = null, bool copy = false)
    {
        string t = shape.Element!.TypeDisplay;
        string comparer = shape.Comparer ?? Comparer switch
        {
            ComparerRole.Equality => "global::FastSerialization.KeyComparers.ForUntrustedKeys<" + t + ">()",
            ComparerRole.Ordering => "global::System.Collections.Generic.Comparer<" + (ComparerArgument == 0 ? t : shape.Value!.TypeDisplay) + ">.Default",
            _ => "null",
        };
        string text = template
            .Replace("{asImmutable}", copy ? "global::System.Collections.Immutable.ImmutableArray.Create({m})" : "global::System.Runtime.InteropServices.ImmutableCollectionsMarshal.AsImmutableArray({m})")
            .Replace("{s}", collection)
            .Replace("{m}", collection)
            .Replace("{T}", t)
            .Replace("{K}", t)
            .Replace("{V}", shape.Value?.TypeDisplay ?? string.Empty)
            .Replace("{cmp}", comparer);
        if (count is not null)
        {
            text = text
                .Replace("{cap}", "global::System.Math.Min(" + count + ", " + MaxPreallocation.ToString(CultureInfo.InvariantCulture) + ")")
                .Replace("{count}", count);
        }

        return text;
    }
}

/// <summary>The rows of <see cref="BuiltCollectionKind"/>, and the one entry of <see cref="MemberKinds.All"/> that tries them.</summary>
internal static class BuiltCollections
{
    private const string Generic = "global::System.Collections.Generic.";
    private const string Immutable = "global::System.Collections.Immutable.";
    private const string Concurrent = "global::System.Collections.Concurrent.";
    private const string ObjectModel = "global::System.Collections.ObjectModel.";
    private const string Frozen = "global::System.Collections.Frozen.";

    public static readonly BuiltCollectionKind[] All =
    {
        // Immutable collections (System.Collections.Immutable: in the framework, or the package on netstandard2.0).
        new("System.Collections.Immutable.ImmutableArray`1", "ImmutableArray<T>")
        {
            Unchangeable = true, NullTest = "{s}.IsDefault", Walk = Walk.Index, Count = "{s}.Length", Fill = Fill.ArrayThen, Finish = "{asImmutable}",
            BlockSpan = "{s}.AsSpan()", BlockFinish = "{asImmutable}",
        },
        new("System.Collections.Immutable.ImmutableList`1", "ImmutableList<T>")
        {
            Unchangeable = true, Fill = Fill.ArrayThen, Finish = Immutable + "ImmutableList.CreateRange({m})", SmallBuilder = Immutable + "ImmutableList.CreateBuilder<{T}>()",
        },
        new("System.Collections.Immutable.ImmutableHashSet`1", "ImmutableHashSet<T>")
        {
            Unchangeable = true, Create = Immutable + "ImmutableHashSet.CreateBuilder<{T}>({cmp})", Check = Check.SetAdd, Finish = "{m}.ToImmutable()", Comparer = ComparerRole.Equality,
            ComparerProperty = "KeyComparer",
        },
        new("System.Collections.Immutable.ImmutableSortedSet`1", "ImmutableSortedSet<T>")
        {
            Unchangeable = true, Create = Immutable + "ImmutableSortedSet.CreateBuilder<{T}>({cmp})", Check = Check.SetAdd, Finish = "{m}.ToImmutable()", Comparer = ComparerRole.Ordering,
            ComparerProperty = "KeyComparer",
        },
        new("System.Collections.Immutable.ImmutableDictionary`2", "ImmutableDictionary<TKey, TValue>")
        {
            Unchangeable = true, Pairs = true, Create = Immutable + "ImmutableDictionary.CreateBuilder<{K}, {V}>({cmp})", Add = "{m}.Add({k}, {v})", Check = Check.CountGrows,
            Finish = "{m}.ToImmutable()", Comparer = ComparerRole.Equality, ComparerProperty = "KeyComparer",
        },
        new("System.Collections.Immutable.ImmutableSortedDictionary`2", "ImmutableSortedDictionary<TKey, TValue>")
        {
            Unchangeable = true, Pairs = true, Create = Immutable + "ImmutableSortedDictionary.CreateBuilder<{K}, {V}>({cmp})", Add = "{m}.Add({k}, {v})", Check = Check.CountGrows,
            Finish = "{m}.ToImmutable()", Comparer = ComparerRole.Ordering, ComparerProperty = "KeyComparer",
        },
        new("System.Collections.Immutable.ImmutableQueue`1", "ImmutableQueue<T>")
        {
            Unchangeable = true, Walk = Walk.CountByEnumerating, Fill = Fill.ArrayThen, Finish = Immutable + "ImmutableQueue.CreateRange({m})",
        },
        new("System.Collections.Immutable.ImmutableStack`1", "ImmutableStack<T>")
        {
            Unchangeable = true, Walk = Walk.CountByEnumerating, Fill = Fill.ArrayThen, Reverse = true, Finish = Immutable + "ImmutableStack.CreateRange({m})",
        },

        // Sorted collections.
        new("System.Collections.Generic.SortedSet`1", "SortedSet<T>")
        {
            Create = "new " + Generic + "SortedSet<{T}>({cmp})", Check = Check.SetAdd, Comparer = ComparerRole.Ordering, ComparerProperty = "Comparer",
        },
        new("System.Collections.Generic.SortedDictionary`2", "SortedDictionary<TKey, TValue>")
        {
            Pairs = true, Create = "new " + Generic + "SortedDictionary<{K}, {V}>({cmp})", Add = "{m}.Add({k}, {v})", Check = Check.Key, Comparer = ComparerRole.Ordering,
            ComparerProperty = "Comparer",
        },
        new("System.Collections.Generic.SortedList`2", "SortedList<TKey, TValue>")
        {
            Pairs = true, Create = "new " + Generic + "SortedList<{K}, {V}>({cap}, {cmp})", Add = "{m}.Add({k}, {v})", Check = Check.CountGrows, Comparer = ComparerRole.Ordering,
            ComparerProperty = "Comparer",
        },

        // Queue, stack, linked list.
        new("System.Collections.Generic.Queue`1", "Queue<T>") { Create = "new " + Generic + "Queue<{T}>({cap})", Add = "{m}.Enqueue({e})" },
        new("System.Collections.Generic.Stack`1", "Stack<T>") { Fill = Fill.ArrayThen, Reverse = true, Finish = "new " + Generic + "Stack<{T}>({m})" },
        new("System.Collections.Generic.LinkedList`1", "LinkedList<T>") { Create = "new " + Generic + "LinkedList<{T}>()", Add = "{m}.AddLast({e})" },

        // The object model's wrappers.
        new("System.Collections.ObjectModel.ReadOnlyCollection`1", "ReadOnlyCollection<T>")
        {
            Walk = Walk.Index, Fill = Fill.ArrayThen, Finish = "new " + ObjectModel + "ReadOnlyCollection<{T}>({m})",
        },
        new("System.Collections.ObjectModel.ObservableCollection`1", "ObservableCollection<T>")
        {
            Walk = Walk.Index, Fill = Fill.ArrayThen, Finish = "new " + ObjectModel + "ObservableCollection<{T}>({m})",
        },
        new("System.Collections.ObjectModel.ReadOnlyDictionary`2", "ReadOnlyDictionary<TKey, TValue>")
        {
            Pairs = true, Create = "new " + Generic + "Dictionary<{K}, {V}>({cap}, {cmp})", Add = "{m}.Add({k}, {v})", Check = Check.Key,
            Finish = "new " + ObjectModel + "ReadOnlyDictionary<{K}, {V}>({m})", Comparer = ComparerRole.Equality,
        },

        new("System.Collections.ObjectModel.Collection`1", "Collection<T>")
        {
            Walk = Walk.Index, Create = "new " + ObjectModel + "Collection<{T}>(new " + Generic + "List<{T}>({cap}))",
        },
        new("System.Collections.ObjectModel.ReadOnlyObservableCollection`1", "ReadOnlyObservableCollection<T>")
        {
            Walk = Walk.Index, Fill = Fill.ArrayThen, Finish = "new " + ObjectModel + "ReadOnlyObservableCollection<{T}>(new " + ObjectModel + "ObservableCollection<{T}>({m}))",
        },

        // .NET 9 and later: a read-only view of a set, and a dictionary that keeps its insertion order.
        new("System.Collections.ObjectModel.ReadOnlySet`1", "ReadOnlySet<T>")
        {
            Create = "new " + Generic + "HashSet<{T}>({cmp})", Check = Check.SetAdd, Finish = "new " + ObjectModel + "ReadOnlySet<{T}>({m})", Comparer = ComparerRole.Equality,
        },
        new("System.Collections.Generic.OrderedDictionary`2", "OrderedDictionary<TKey, TValue>")
        {
            Pairs = true, Create = "new " + Generic + "OrderedDictionary<{K}, {V}>({cap}, {cmp})", Add = "{m}.Add({k}, {v})", Check = Check.Key, Comparer = ComparerRole.Equality,
            ComparerProperty = "Comparer",
        },

        // Interfaces, read back as the concrete type named.
        new("System.Collections.Generic.IEnumerable`1", "IEnumerable<T>")
        {
            Walk = Walk.Enumerable, Create = "new " + Generic + "List<{T}>({cap})", ReadsBackAs = "List<T>",
        },
        new("System.Collections.Generic.ICollection`1", "ICollection<T>") { Create = "new " + Generic + "List<{T}>({cap})", ReadsBackAs = "List<T>" },
        new("System.Collections.Generic.IReadOnlyCollection`1", "IReadOnlyCollection<T>") { Create = "new " + Generic + "List<{T}>({cap})", ReadsBackAs = "List<T>" },
        new("System.Collections.Generic.ISet`1", "ISet<T>")
        {
            Create = "new " + Generic + "HashSet<{T}>({cmp})", Check = Check.SetAdd, Comparer = ComparerRole.Equality, ReadsBackAs = "HashSet<T>",
            ComparerProperty = "Comparer", ComparerHolder = Generic + "HashSet<{T}>",
        },
        new("System.Collections.Generic.IReadOnlySet`1", "IReadOnlySet<T>")
        {
            Create = "new " + Generic + "HashSet<{T}>({cmp})", Check = Check.SetAdd, Comparer = ComparerRole.Equality, ReadsBackAs = "HashSet<T>",
            ComparerProperty = "Comparer", ComparerHolder = Generic + "HashSet<{T}>",
        },
        new("System.Collections.Generic.IDictionary`2", "IDictionary<TKey, TValue>")
        {
            Pairs = true, Create = "new " + Generic + "Dictionary<{K}, {V}>({cap}, {cmp})", Add = "{m}.Add({k}, {v})", Check = Check.Key,
            Comparer = ComparerRole.Equality, ReadsBackAs = "Dictionary<TKey, TValue>",
            ComparerProperty = "Comparer", ComparerHolder = Generic + "Dictionary<{K}, {V}>",
        },

        new("System.Collections.Immutable.IImmutableList`1", "IImmutableList<T>")
        {
            Fill = Fill.ArrayThen, Finish = Immutable + "ImmutableList.CreateRange({m})", SmallBuilder = Immutable + "ImmutableList.CreateBuilder<{T}>()",
            ReadsBackAs = "ImmutableList<T>",
        },
        new("System.Collections.Immutable.IImmutableSet`1", "IImmutableSet<T>")
        {
            Create = Immutable + "ImmutableHashSet.CreateBuilder<{T}>({cmp})", Check = Check.SetAdd, Finish = "{m}.ToImmutable()", Comparer = ComparerRole.Equality,
            ReadsBackAs = "ImmutableHashSet<T>", ComparerProperty = "KeyComparer", ComparerHolder = Immutable + "ImmutableHashSet<{T}>",
        },
        new("System.Collections.Immutable.IImmutableDictionary`2", "IImmutableDictionary<TKey, TValue>")
        {
            Pairs = true, Create = Immutable + "ImmutableDictionary.CreateBuilder<{K}, {V}>({cmp})", Add = "{m}.Add({k}, {v})", Check = Check.CountGrows,
            Finish = "{m}.ToImmutable()", Comparer = ComparerRole.Equality, ReadsBackAs = "ImmutableDictionary<TKey, TValue>",
            ComparerProperty = "KeyComparer", ComparerHolder = Immutable + "ImmutableDictionary<{K}, {V}>",
        },
        new("System.Collections.Immutable.IImmutableQueue`1", "IImmutableQueue<T>")
        {
            Walk = Walk.CountByEnumerating, Fill = Fill.ArrayThen, Finish = Immutable + "ImmutableQueue.CreateRange({m})", ReadsBackAs = "ImmutableQueue<T>",
        },
        new("System.Collections.Immutable.IImmutableStack`1", "IImmutableStack<T>")
        {
            Walk = Walk.CountByEnumerating, Fill = Fill.ArrayThen, Reverse = true, Finish = Immutable + "ImmutableStack.CreateRange({m})", ReadsBackAs = "ImmutableStack<T>",
        },

        // A segment of an array: read back as a segment of a new array of its own elements.
        new("System.ArraySegment`1", "ArraySegment<T>")
        {
            NullTest = "{s}.Array is null", Walk = Walk.Index, At = "{s}.Array![{s}.Offset + {i}]", Fill = Fill.ArrayThen,
            Finish = "new global::System.ArraySegment<{T}>({m})",
            BlockSpan = "new global::System.ReadOnlySpan<{T}>({s}.Array, {s}.Offset, {s}.Count)", BlockFinish = "new global::System.ArraySegment<{T}>({a})",
        },

        // Frozen collections (.NET 8 and later): built from a set or dictionary that refuses duplicates.
        new("System.Collections.Frozen.FrozenSet`1", "FrozenSet<T>")
        {
            Unchangeable = true, Create = "new " + Generic + "HashSet<{T}>({cmp})", Check = Check.SetAdd, Finish = Frozen + "FrozenSet.ToFrozenSet({m}, {cmp})", Comparer = ComparerRole.Equality,
            ComparerProperty = "Comparer",
        },
        new("System.Collections.Frozen.FrozenDictionary`2", "FrozenDictionary<TKey, TValue>")
        {
            Unchangeable = true, Pairs = true, Create = "new " + Generic + "Dictionary<{K}, {V}>({cap}, {cmp})", Add = "{m}.Add({k}, {v})", Check = Check.Key,
            Finish = Frozen + "FrozenDictionary.ToFrozenDictionary({m}, {cmp})", Comparer = ComparerRole.Equality,
            ComparerProperty = "Comparer",
        },

        // A priority queue (.NET 6 and later): element, priority pairs, in the order of its UnorderedItems.
        new("System.Collections.Generic.PriorityQueue`2", "PriorityQueue<TElement, TPriority>")
        {
            Pairs = true, First = "Element", Second = "Priority", Enumerated = "{s}.UnorderedItems", Create = "new " + Generic + "PriorityQueue<{K}, {V}>({cap}, {cmp})",
            Add = "{m}.Enqueue({k}, {v})", Comparer = ComparerRole.Ordering, ComparerArgument = 1, ComparerProperty = "Comparer",
        },

        // Concurrent collections: written from a snapshot (ToArray), so that the count and the elements agree.
        new("System.Collections.Concurrent.ConcurrentDictionary`2", "ConcurrentDictionary<TKey, TValue>")
        {
            Pairs = true, Walk = Walk.Snapshot, Create = "new " + Concurrent + "ConcurrentDictionary<{K}, {V}>({cmp} ?? " + Generic + "EqualityComparer<{K}>.Default)",
            Add = "{m}.TryAdd({k}, {v})", Check = Check.TryAdd, Comparer = ComparerRole.Equality,
            ComparerProperty = "Comparer",
        },
        new("System.Collections.Concurrent.ConcurrentQueue`1", "ConcurrentQueue<T>")
        {
            Walk = Walk.Snapshot, Fill = Fill.ArrayThen, Finish = "new " + Concurrent + "ConcurrentQueue<{T}>({m})",
        },
        new("System.Collections.Concurrent.ConcurrentStack`1", "ConcurrentStack<T>")
        {
            Walk = Walk.Snapshot, Fill = Fill.ArrayThen, Reverse = true, Finish = "new " + Concurrent + "ConcurrentStack<{T}>({m})",
        },
        new("System.Collections.Concurrent.BlockingCollection`1", "BlockingCollection<T>")
        {
            Walk = Walk.Snapshot, Create = "new " + Concurrent + "BlockingCollection<{T}>()",
        },
        new("System.Collections.Concurrent.ConcurrentBag`1", "ConcurrentBag<T>")
        {
            Walk = Walk.Snapshot, Fill = Fill.ArrayThen, Finish = "new " + Concurrent + "ConcurrentBag<{T}>({m})",
        },
    };

    /// <summary>Tries every row: the one entry of <see cref="MemberKinds.All"/> for them; never a shape's kind.</summary>
    public static MemberKind Any { get; } = new AnyRow();

    /// <summary>A generic type's definition as namespace and metadata name: <c>System.Collections.Generic.Queue`1</c>.</summary>
    public static string MetadataNameOf(INamedTypeSymbol type) => type.ContainingNamespace.ToDisplayString() + "." + type.MetadataName;

    private sealed class AnyRow : MemberKind
    {
        public override string? Accepts => "immutable, frozen, sorted or concurrent collection, Queue<T>, Stack<T>, LinkedList<T>, PriorityQueue<TElement, TPriority>, ArraySegment<T>, collection interface (docs/GENERATOR.md lists them)";

        public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
        {
            if (type is INamedTypeSymbol { IsGenericType: true } named)
            {
                string name = MetadataNameOf(named);
                BuiltCollectionKind? row = All.FirstOrDefault(r => r.MetadataName == name);
                if (row is not null)
                {
                    return row.TryParse(type, depth, out shape, out reason);
                }
            }

            return NotThisKind(out shape, out reason);
        }

        public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) => throw new System.InvalidOperationException();

        public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) => throw new System.InvalidOperationException();

        public override string Layout(TypeShape shape) => throw new System.InvalidOperationException();
    }
}
