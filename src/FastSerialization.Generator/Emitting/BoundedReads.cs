using System.Globalization;
using System.Linq;

namespace FastSerialization.Generator;

/// <summary>
/// The read side of a bounded struct (<see cref="BoundedObjects"/>) read member by member, when a member is not
/// fixed-width: <see cref="BoundedObjects.ReadMethod"/> is a whole read (<see cref="WholeMethod"/>), small and inlined
/// where the struct is held, with the member-by-member reads out of line (<see cref="EachMethod"/>) for when it fails.
/// Every type that holds the struct (a member, a nullable, an array, a list, ...) calls that method once per element, so
/// each of them gets this.
/// </summary>
/// <remarks>
/// The member-by-member reads test the frame's end before each member (a struct written by an older version stops early)
/// and check each value against it. When the data holds the struct's largest payload (each member at its largest
/// encoding), <see cref="WholeMethod"/> first reads every member at once through a <c>BoundedWholeReader</c>, into
/// locals, at an offset in a register: no test between members, one at the end (<c>TryEndWhole</c>: every value
/// well-formed, the last one ending inside the element's frame). Then the members were all there, and exactly the values
/// the member-by-member reads would have read: they are set. Otherwise (an older writer's element, which ended before the
/// last member, or a malformed value) nothing is set and the member-by-member reads run as before, with their defaults,
/// exceptions and offsets. A newer writer's extra bytes are left after the members in both cases, for the holder's
/// <c>EndBoundedObject</c> / <c>EndElement</c> to skip or refuse.
/// </remarks>
internal static class BoundedReads
{
    /// <summary>The generated method that reads every member at once (private: only <see cref="BoundedObjects.ReadMethod"/> calls it).</summary>
    public const string WholeMethod = "__FastSerializationReadWhole";

    /// <summary>
    /// True when the struct gets <see cref="WholeMethod"/>: when a member is not fixed-width. A struct of fixed-width members
    /// only is one run (or one member), which the member-by-member reads already take with one version check.
    /// </summary>
    public static bool ReadsWhole(TypeModel model) => model.Members.Any(m => MemberRuns.Width(m) == 0);

    /// <summary>The generated method that reads the members one by one (private, out of line: called when the whole read fails).</summary>
    public const string EachMethod = "__FastSerializationReadEach";

    /// <summary>The signature of <see cref="EachMethod"/>, whose body is the member-by-member reads over the run it is given, returning the run.</summary>
    public const string EachMethodSignature =
        "private global::FastSerialization.BoundedRunReader " + EachMethod + "(global::FastSerialization.BoundedRunReader reader)";

    private const string MethodImpl = "[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.";

    /// <summary>
    /// Emits <see cref="BoundedObjects.ReadMethod"/> (its summary already written) as the whole read, inlined where the
    /// struct is held, with a call to <see cref="EachMethod"/> when it fails; then <see cref="WholeMethod"/>, and the
    /// summary and attribute of <see cref="EachMethod"/>, whose signature and body the caller writes. The run is passed
    /// to <see cref="EachMethod"/> by value and given back, so that the holder's run never has its address taken and
    /// the JIT may keep it in registers.
    /// </summary>
    public static void EmitWholeFirst(IndentedWriter w, TypeModel model)
    {
        w.Line(MethodImpl + "AggressiveInlining)]");
        w.Open("internal void " + BoundedObjects.ReadMethod + "(ref global::FastSerialization.BoundedRunReader reader)");
        w.Open("if (!" + WholeMethod + "(ref reader))");
        w.Line("reader = {0}(reader);", EachMethod);
        w.Close();
        w.Close();
        EmitWholeMethod(w, model);
        w.Line();
        w.Line("/// <summary>");
        w.Line("/// Reads the members one by one, each only when the frame has bytes left (an older writer's struct keeps the rest at");
        w.Line("/// their defaults), each value checked against the frame's end: when <see cref=\"{0}\"/> could not. Returns the run as the reads left it.", WholeMethod);
        w.Line("/// </summary>");
        w.Line(MethodImpl + "NoInlining)]");
    }

    /// <summary>Emits <see cref="WholeMethod"/>.</summary>
    private static void EmitWholeMethod(IndentedWriter w, TypeModel model)
    {
        int largest = BoundedObjects.Payload(model.Members.Select(m => m.Shape));
        w.Line();
        w.Line("/// <summary>");
        w.Line("/// Reads every member at once when the data holds the largest payload of this version ({0} bytes), with no test of the", Number(largest));
        w.Line("/// frame's end between members; sets them only when all were there and well-formed. False, with nothing set, otherwise:");
        w.Line("/// <see cref=\"{0}\"/> then reads them member by member.", EachMethod);
        w.Line("/// </summary>");
        w.Line(MethodImpl + "AggressiveInlining)]");
        // The members' own code, with the whole reader named reader and the members' locals as targets.
        w.Open("private bool " + WholeMethod + "(ref global::FastSerialization.BoundedRunReader run)");
        w.Open("if (!run.TryBeginWhole(" + Number(largest) + ", out var reader))");
        w.Line("return false;");
        w.Close();
        w.Line();
        for (int i = 0; i < model.Members.Count; i++)
        {
            w.Line("{0} {1};", model.Members[i].TypeDisplay, Local(i));
        }

        for (int i = 0; i < model.Members.Count; i++)
        {
            MemberModel member = model.Members[i];
            member.Shape.Kind.EmitRead(w, member.Shape, Local(i), 0);
        }

        w.Open("if (!run.TryEndWhole(reader))");
        w.Line("return false;");
        w.Close();
        w.Line();
        for (int i = 0; i < model.Members.Count; i++)
        {
            w.Line("this.{0} = {1};", model.Members[i].Name, Local(i));
        }

        w.Line("return true;");
        w.Close();
    }

    /// <summary>
    /// Emits <see cref="BoundedObjects.PlainElementMethod"/>, inlined in the loop a holder runs over a sequence that
    /// <c>ReadsPlain</c>, and the out-of-line element read it calls when its common path does not hold. The common path:
    /// a short length inside the frame, then (<paramref name="whole"/>) every member at once through
    /// <see cref="InPlaceMethod"/> (every member a field or an auto-property) or <see cref="WholeMethod"/>, or (a struct of
    /// fixed-width members) <see cref="BoundedObjects.ReadMethod"/>. Anything
    /// else (a null entry, a longer or malformed length, a length past the frame, an older writer's element, a malformed
    /// value) leaves the loop for one call that reads the element from its start as the general loop does
    /// (<c>BeginElement</c>, the members one by one, <c>EndElement</c>), with its values, defaults, exceptions and offsets.
    /// Nothing read on the common path is live across that call: the loop keeps only the sequence, the array and the index.
    /// </summary>
    public static void EmitPlainElement(IndentedWriter w, TypeModel model, bool whole)
    {
        string sequence = "global::FastSerialization.BoundedSequenceReader<" + model.FullyQualifiedName + ">";
        w.Line();
        w.Line("/// <summary>");
        w.Line("/// Reads the next element of a sequence of this struct that reads plain (a holder's loop, inlined): on its common path,");
        w.Line("/// a short length inside the frame and {0}; otherwise, out of line, the element from its start as <c>BeginElement</c> reads it.", whole ? "every member at once" : "the members");
        w.Line("/// </summary>");
        w.Line("[global::System.ComponentModel.EditorBrowsable(global::System.ComponentModel.EditorBrowsableState.Never)]");
        w.Line(MethodImpl + "AggressiveInlining)]");
        w.Open("internal static void " + BoundedObjects.PlainElementMethod + "(ref " + sequence + " sequence, ref " + model.FullyQualifiedName + " element)");
        bool inPlace = whole && model.Members.All(m => m.StoresPlainly);
        if (whole)
        {
            w.Open("if (sequence.TryBeginPlainElement(ref element, out var run) && element." + (inPlace ? InPlaceMethod : WholeMethod) + "(ref run))");
        }
        else
        {
            w.Open("if (sequence.TryBeginPlainElement(ref element, out var run))");
            w.Line("element.{0}(ref run);", BoundedObjects.ReadMethod);
        }

        w.Line("sequence.EndPlainElement(run);");
        w.Line("return;");
        w.Close();
        w.Line();
        w.Line("sequence.Resume({0}(sequence, ref element));", ElementMethod);
        w.Close();
        w.Line();
        w.Line("/// <summary>");
        w.Line("/// Reads the next element of a sequence of this struct from its start, as the general loop reads it, on a copy of the");
        w.Line("/// sequence: out of line, for the elements <see cref=\"{0}\"/> does not read on its common path. Returns where the copy stands after it.", BoundedObjects.PlainElementMethod);
        w.Line("/// </summary>");
        w.Line(MethodImpl + "NoInlining)]");
        w.Open("private static int " + ElementMethod + "(" + sequence + " sequence, ref " + model.FullyQualifiedName + " element)");
        w.Open("if (sequence.BeginElement(ref element, out var run))");
        if (whole)
        {
            // The whole read failed or was not tried: the members one by one (the same values when it would have held).
            w.Line("run = element.{0}(run);", EachMethod);
        }
        else
        {
            w.Line("element.{0}(ref run);", BoundedObjects.ReadMethod);
        }

        w.Line("sequence.EndElement(ref run);");
        w.Close();
        w.Line();
        w.Line("return sequence.Position;");
        w.Close();
        if (inPlace)
        {
            EmitInPlaceMethod(w, model);
        }
    }

    /// <summary>
    /// Emits <see cref="InPlaceMethod"/>: the whole read of <see cref="WholeMethod"/>, each value stored into its member as
    /// soon as it is read rather than held in a local until every member has been: no value is live past its own read.
    /// Only for a struct whose members are all stored plainly (<see cref="MemberModel.StoresPlainly"/>), and only where a
    /// failed read leaves nothing behind: an element of a sequence that reads plain, which the out-of-line read then sets
    /// to the default and reads again from its start.
    /// </summary>
    private static void EmitInPlaceMethod(IndentedWriter w, TypeModel model)
    {
        int largest = BoundedObjects.Payload(model.Members.Select(m => m.Shape));
        w.Line();
        w.Line("/// <summary>");
        w.Line("/// Reads every member at once, as <see cref=\"{0}\"/> does, each stored as it is read: true when all were there and", WholeMethod);
        w.Line("/// well-formed. Otherwise the members hold whatever was read, and the caller reads the element again from its start.");
        w.Line("/// </summary>");
        w.Line(MethodImpl + "AggressiveInlining)]");
        w.Open("private bool " + InPlaceMethod + "(ref global::FastSerialization.BoundedRunReader run)");
        w.Open("if (!run.TryBeginWhole(" + Number(largest) + ", out var reader))");
        w.Line("return false;");
        w.Close();
        w.Line();
        for (int i = 0; i < model.Members.Count; i++)
        {
            MemberModel member = model.Members[i];
            member.Shape.Kind.EmitRead(w, member.Shape, "this." + member.Name, 0);
        }

        w.Line("return run.TryEndWhole(reader);");
        w.Close();
    }

    /// <summary>The generated whole read that stores each member as it is read (private: only <see cref="BoundedObjects.PlainElementMethod"/> calls it).</summary>
    public const string InPlaceMethod = "__FastSerializationReadWholeInPlace";

    /// <summary>The generated out-of-line read of one element of a sequence (private: only <see cref="BoundedObjects.PlainElementMethod"/> calls it).</summary>
    public const string ElementMethod = "__FastSerializationReadElement";

    private static string Local(int index) => "__m" + Number(index);

    private static string Number(int value) => value.ToString(CultureInfo.InvariantCulture);
}
