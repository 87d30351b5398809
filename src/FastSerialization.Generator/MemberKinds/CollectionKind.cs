using System.Globalization;

namespace FastSerialization.Generator;

/// <summary>
/// What every sequence and dictionary shares: a collection header (0 for null, otherwise count + 1),
/// then the elements. A kind says how its elements are walked when written, how the collection is
/// made and filled when read, and which elements its layout names.
/// </summary>
internal abstract class CollectionKind : MemberKind
{
    /// <summary>Initial capacity cap for lists, sets and dictionaries: a hostile count never preallocates more.</summary>
    protected const int MaxPreallocation = 1024;

    /// <summary>The property that counts the elements (<c>Length</c> for arrays, <c>Count</c> otherwise).</summary>
    protected virtual string CountProperty => "Count";

    public sealed override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth)
    {
        string s = Local("__s", depth);
        w.Open();
        w.Line("var {0} = {1};", s, expression);
        w.Open("if (" + s + " is null)");
        w.Line("writer.WriteNullCollection();");
        w.Close();
        w.Open("else");
        EmitWriteCheck(w, shape, s);
        w.Line("writer.WriteCollectionHeader({0}.{1});", s, CountProperty);
        EmitWriteElements(w, shape, s, depth);
        w.Close();
        w.Close();
    }

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth)
    {
        string c = Local("__c", depth);
        string i = Local("__i", depth);
        string made = Local("__r", depth);
        w.Open();
        w.Line("int {0} = reader.ReadCollectionHeader<{1}>({2});", c, StorageElement(shape), MinElementSize(shape));
        w.Open("if (" + c + " < 0)");
        w.Line("{0} = null!;", target);
        w.Close();
        w.Open("else");
        bool sequence = ReadsBoundedSequence(shape);
        bool madeBySequence = sequence && SequenceMakesCollection;
        if (madeBySequence)
        {
            // The array comes with the sequence, not cleared: BeginElement sets every element before its members are read.
            w.Line("var {0} = reader.BeginBoundedSequence<{1}>({2}, out var {3});", Sequence(depth), shape.Element!.ReadMethod!, c, made);
        }
        else
        {
            EmitCreate(w, shape, made, c);
            if (sequence)
            {
                w.Line("var {0} = reader.BeginBoundedSequence<{1}>();", Sequence(depth), shape.Element!.ReadMethod!);
            }
        }

        // An array's loop runs to its length, which the JIT knows bounds the index: no bounds check per element.
        string bound = madeBySequence ? made + "." + CountProperty : c;
        if (sequence)
        {
            // Two loops, the flags asked once: the plain case's loop holds only the sequence's position and ends, the
            // collection and the index; each element that leaves its common path is read by one call out of line.
            w.Open("if (" + Sequence(depth) + ".ReadsPlain)");
            w.Open("for (int " + i + " = 0; " + i + " < " + bound + "; " + i + "++)");
            EmitReadPlainElement(w, shape, made, i, depth);
            w.Close();
            w.Close();
            w.Open("else");
        }

        w.Open("for (int " + i + " = 0; " + i + " < " + bound + "; " + i + "++)");
        EmitReadElement(w, shape, made, i, depth);
        w.Close();
        if (sequence)
        {
            w.Close();
            w.Line("reader.EndBoundedSequence(ref {0});", Sequence(depth));
        }

        w.Line("{0} = {1};", target, made);
        w.Close();
        w.Close();
    }

    /// <summary>
    /// Emits the copy of a collection: null stays null; otherwise the check a write makes (a hashed collection's comparer,
    /// which throws as the write would, and <c>DeepClone</c> then writes and reads to give the exception), then a new
    /// collection of the type the reader builds, filled with the copies of the elements.
    /// </summary>
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth)
    {
        string s = Local("__s", depth);
        string made = Local("__r", depth);
        w.Open();
        w.Line("var {0} = {1};", s, expression);
        w.Open("if (" + s + " is null)");
        w.Line("{0} = null!;", target);
        w.Close();
        w.Open("else");
        EmitWriteCheck(w, shape, s);
        EmitCopyElements(w, shape, s, made, depth);
        w.Line("{0} = {1};", target, made);
        w.Close();
        w.Close();
    }

    /// <summary>Emits the declaration of <paramref name="made"/>, the copy of the non-null collection <paramref name="collection"/>, and its filling.</summary>
    protected virtual void EmitCopyElements(IndentedWriter w, TypeShape shape, string collection, string made, int depth) =>
        throw new System.InvalidOperationException(GetType().Name + " has no copy form");

    /// <summary>
    /// True when the elements are bounded structs read one after another through a <c>BoundedSequenceReader</c>
    /// (<see cref="Sequence"/>), whose <see cref="EmitReadElement"/> then reads each through it: arrays and lists.
    /// </summary>
    protected virtual bool ReadsBoundedSequence(TypeShape shape) => false;

    /// <summary>
    /// True when the collection of bounded structs is made by <c>BeginBoundedSequence(count, out made)</c> rather than by
    /// <see cref="EmitCreate"/>: an array, which the reader allocates without clearing it (every element is set by
    /// <c>BeginElement</c>), and whose loop then runs to its length.
    /// </summary>
    protected virtual bool SequenceMakesCollection => false;

    /// <summary>The local that holds the bounded sequence of the collection read at <paramref name="depth"/>.</summary>
    protected static string Sequence(int depth) => Local("__q", depth);

    /// <summary>Emits what the non-null collection <paramref name="collection"/> is checked for before it is written (a hashed one: its comparer).</summary>
    protected virtual void EmitWriteCheck(IndentedWriter w, TypeShape shape, string collection)
    {
    }

    /// <summary>Emits the loop that writes the elements of the non-null collection <paramref name="collection"/>.</summary>
    protected abstract void EmitWriteElements(IndentedWriter w, TypeShape shape, string collection, int depth);

    /// <summary>Emits the declaration of <paramref name="made"/>, the collection being read, for <paramref name="count"/> elements.</summary>
    protected abstract void EmitCreate(IndentedWriter w, TypeShape shape, string made, string count);

    /// <summary>Emits the body of the loop that reads element <paramref name="index"/> into <paramref name="made"/>.</summary>
    protected abstract void EmitReadElement(IndentedWriter w, TypeShape shape, string made, string index, int depth);

    /// <summary>
    /// Emits the body of the loop that reads element <paramref name="index"/> of a collection of bounded structs
    /// (<see cref="ReadsBoundedSequence"/>) through a sequence that reads plain.
    /// </summary>
    protected virtual void EmitReadPlainElement(IndentedWriter w, TypeShape shape, string made, string index, int depth) =>
        throw new System.InvalidOperationException(GetType().Name + " reads no bounded sequence");

    /// <summary>The fewest bytes one element takes: what the reader checks the count against before anything is allocated.</summary>
    protected virtual int MinElementSize(TypeShape shape) => shape.Element!.MinSize;

    /// <summary>
    /// What one element takes in the collection's storage, for the reader's allocation budget: the element type,
    /// or the key, value pair of a dictionary.
    /// </summary>
    protected virtual string StorageElement(TypeShape shape) => shape.Element!.TypeDisplay;

    /// <summary>The initial capacity of a list or dictionary read: the count, capped.</summary>
    protected static string Capacity(string count) =>
        "global::System.Math.Min(" + count + ", " + MaxPreallocation.ToString(CultureInfo.InvariantCulture) + ")";

    /// <summary>The for loop over indexes that arrays and lists are written with.</summary>
    protected void EmitWriteByIndex(IndentedWriter w, TypeShape shape, string collection, int depth)
    {
        string i = Local("__i", depth);
        TypeShape element = shape.Element!;
        if (!ObjectKind.IsStruct(element) || element.BoundedPayload == 0)
        {
            w.Open("for (int " + i + " = 0; " + i + " < " + collection + "." + CountProperty + "; " + i + "++)");
            EmitWriteOf(w, element, collection + "[" + i + "]", depth + 1);
            w.Close();
            return;
        }

        // Bounded structs: one after another through a BoundedSequenceWriter, the position between them in registers.
        string sequence = Local("__w", depth);
        string run = Local("__b", depth + 1);
        w.Line("var {0} = writer.BeginBoundedSequence<{1}>({2});", sequence, element.ReadMethod!, element.BoundedPayload.ToString(CultureInfo.InvariantCulture));
        w.Open("for (int " + i + " = 0; " + i + " < " + collection + "." + CountProperty + "; " + i + "++)");
        w.Line("var {0} = {1}.BeginElement(ref writer);", run, sequence);
        w.Line("{0}[{1}].{2}(ref {3});", collection, i, BoundedObjects.WriteMethod, run);
        w.Line("{0}.EndElement(ref {1});", sequence, run);
        w.Close();
        w.Line("writer.EndBoundedSequence(ref {0});", sequence);
    }

    /// <summary>Reads an element into a local, then adds it: how lists and sets are filled.</summary>
    protected static void EmitReadAndAdd(IndentedWriter w, TypeShape shape, string made, int depth)
    {
        string e = Local("__e", depth);
        w.Line("{0} {1};", shape.Element!.TypeDisplay, e);
        EmitReadOf(w, shape.Element, e, depth + 1);
        w.Line("{0}.Add({1});", made, e);
    }
}
