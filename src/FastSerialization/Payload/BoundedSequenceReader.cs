using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// The elements of a collection of nested structs, read one after another from the rest of a
/// <see cref="FastBinaryReader"/>'s frame with the position and end in registers: each element as
/// <see cref="FastBinaryReader.BeginBoundedObject{T}"/> and <see cref="FastBinaryReader.EndBoundedObject{T}"/> read it
/// (the same values, errors and offsets), without going back to the reader between them. What is the same for every
/// element (the depth limit, whether a registered factory makes new instances, whether unread bytes are refused) is
/// asked once, by <see cref="FastBinaryReader.BeginBoundedSequence{T}()"/>.
/// </summary>
/// <typeparam name="T">The struct type of the elements.</typeparam>
/// <remarks>
/// For each element, call <see cref="BeginElement"/>; when it returns true, read the element's members through the run it
/// gives, then pass the run to <see cref="EndElement"/>. After the last element, give the sequence back to the reader with
/// <see cref="FastBinaryReader.EndBoundedSequence{T}"/> before any other call on the reader. The source generator reads
/// arrays and lists of bounded structs (docs/GENERATOR.md) this way.
/// </remarks>
[System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
public ref struct BoundedSequenceReader<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>
    where T : struct, ICustomBinarySerializable
{
    private readonly TypeRegistration<T>? _registration;
    private readonly string? _tooDeep;
    private readonly bool _rejectUnreadBytes;
    private readonly bool _plain;
    private readonly bool _readsPlain;
    private readonly int _start;
    private BoundedRunReader _rest;

    internal BoundedSequenceReader(BoundedRunReader rest, TypeRegistration<T>? registration, string? tooDeep, bool rejectUnreadBytes)
    {
        _rest = rest;
        _start = rest.Position;
        _registration = registration;
        _tooDeep = tooDeep;
        _rejectUnreadBytes = rejectUnreadBytes;
        _plain = registration is null && tooDeep is null;
        _readsPlain = _plain && !rejectUnreadBytes && ObjectFactory<T>.IsPlainStruct;
    }

    /// <summary>
    /// True when every element is made and ended the plain way: no registered factory and no constructor of the type's own
    /// (a new element is the default), not too deep, and bytes a newer writer left after an element's members are
    /// skipped. Then each element may be read through <see cref="TryBeginPlainElement"/> and
    /// <see cref="EndPlainElement"/>, with <see cref="BeginElement"/> and <see cref="EndElement"/>, out of line, for the
    /// elements that path does not take. Asked once, before the loop: the loop of the plain case then holds no flag.
    /// </summary>
    public readonly bool ReadsPlain => _readsPlain;

    /// <summary>The offset of the next element, from the start of the reader's data.</summary>
    public readonly int Position => _rest.Position;

    /// <summary>Where the reader's frame ends.</summary>
    internal readonly int End => _rest.End;

    /// <summary>Where the first element began: where the reader stood at <see cref="FastBinaryReader.BeginBoundedSequence{T}()"/>.</summary>
    internal readonly int Start => _start;

    /// <summary>
    /// Begins the next element: its length is read and checked, the depth checked, and <paramref name="value"/> set as
    /// <see cref="FastBinaryReader.BeginBoundedObject{T}"/> sets it.
    /// </summary>
    /// <param name="value">Where the element goes: a new instance, or the default for a null entry.</param>
    /// <param name="run">The element's members, to read in order and then pass to <see cref="EndElement"/>; empty for a null entry.</param>
    /// <returns>True when the element is there; false for a null entry, which has nothing to read.</returns>
    /// <exception cref="FastSerializationException">The element's length is malformed or runs past the frame, or nesting goes deeper than <see cref="CustomBinaryFormatterOptions.MaxDepth"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool BeginElement(ref T value, out BoundedRunReader run)
    {
        int start = _rest.Position;
        uint n = _rest.ReadVarUInt32();
        if (n == 0)
        {
            value = default;
            run = _rest.TakeObject(0);
            return false;
        }

        uint length = n - 1;
        if (length > (uint)_rest.Remaining)
        {
            ThrowHelper.ThrowLengthPastFrame("nested object", start, _rest.TypeId, length, _rest.End - (start + VarInt.Size(n)));
        }

        if (_plain)
        {
            ObjectReader<T>.CreateWithoutRegistry(ref value);
        }
        else
        {
            CreateOrRefuse(_tooDeep, _registration, start, _rest.TypeId, ref value);
        }

        run = _rest.TakeObject((int)length);
        return true;
    }

    /// <summary>
    /// Begins the next element of a sequence that <see cref="ReadsPlain"/> on its common path: a length of one to three
    /// bytes, not a null entry, inside the frame. Then <paramref name="value"/> is set to the default and
    /// <paramref name="run"/> is the element's members, and the sequence does not move until <see cref="EndPlainElement"/>.
    /// Otherwise nothing is read or set: read the element with <see cref="BeginElement"/> and <see cref="EndElement"/>
    /// (which read a longer length and a null entry, and refuse a malformed one or one past the frame), then
    /// <see cref="Resume"/> where they left the sequence.
    /// </summary>
    /// <param name="value">Where the element goes.</param>
    /// <param name="run">The element's members; empty when this returns false.</param>
    /// <returns>True when the element is there and <paramref name="run"/> holds it.</returns>
    /// <remarks>
    /// Call it only when <see cref="ReadsPlain"/> is true (asked once, before the loop): it does not ask again, so that the
    /// loop holds no flag. On a sequence that does not read plain, it would skip what <see cref="BeginElement"/> does for
    /// such a sequence (a registered factory, the type's constructor, the depth limit).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool TryBeginPlainElement(ref T value, out BoundedRunReader run)
    {
        if (!_rest.TryPeekObject(out run))
        {
            return false;
        }

        value = default;
        return true;
    }

    /// <summary>
    /// Ends the element <see cref="TryBeginPlainElement"/> began, whatever its members' reads left unread (a sequence that
    /// <see cref="ReadsPlain"/> skips a newer writer's extra bytes): the sequence moves past the element.
    /// </summary>
    /// <param name="run">The run <see cref="TryBeginPlainElement"/> gave.</param>
    /// <exception cref="System.InvalidOperationException"><paramref name="run"/> ends past the frame.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndPlainElement(scoped BoundedRunReader run)
    {
        // One compare: the run came from TryBeginPlainElement, which checked it lies in the frame; this keeps a foreign
        // run from moving the sequence past the frame's end.
        int end = run.End;
        if ((uint)end > (uint)_rest.End)
        {
            ThrowHelper.ThrowForeignBoundedRun();
        }

        _rest.MoveTo(end);
    }

    /// <summary>
    /// Moves the sequence to <paramref name="position"/>, where a copy of it stood after reading an element through
    /// <see cref="BeginElement"/> and <see cref="EndElement"/> (the copy given to an out-of-line method, which returns its
    /// <see cref="Position"/>): no earlier than this sequence's position, no further than the frame's end.
    /// </summary>
    /// <param name="position">The copy's <see cref="Position"/>.</param>
    /// <exception cref="System.InvalidOperationException"><paramref name="position"/> lies before this sequence's position or past the frame.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Resume(int position)
    {
        if ((uint)(position - _rest.Position) > (uint)(_rest.End - _rest.Position))
        {
            ThrowHelper.ThrowForeignBoundedRun();
        }

        _rest.MoveTo(position);
    }

    /// <summary>
    /// The element of a sequence that is not plain: one too deep (refused, at the offset of its length), or one a
    /// registered factory makes. Out of line, so that each element of a plain sequence pays one test for both, and
    /// static, so that the sequence itself stays in registers.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CreateOrRefuse(string? tooDeep, TypeRegistration<T>? registration, int start, int typeId, ref T value)
    {
        if (tooDeep is not null)
        {
            throw ThrowHelper.Malformed(tooDeep, start, typeId);
        }

        value = registration!.Create();
    }

    /// <summary>
    /// Ends the element <see cref="BeginElement"/> began: bytes its members left unread (written by a newer version of the
    /// type) are skipped, or refused when the formatter rejects unread bytes.
    /// </summary>
    /// <param name="run">The run <see cref="BeginElement"/> gave, as the members' reads left it.</param>
    /// <exception cref="FastSerializationException">The run left bytes unread and <see cref="CustomBinaryFormatterOptions.RejectUnreadBytes"/> is set.</exception>
    /// <exception cref="System.InvalidOperationException"><paramref name="run"/> is not the run of this sequence's last element.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly void EndElement(ref BoundedRunReader run)
    {
        int end = _rest.Position;
        if (run.End != end)
        {
            ThrowHelper.ThrowForeignBoundedRun();
        }

        if (run.Position != end && _rejectUnreadBytes)
        {
            ThrowHelper.ThrowUnreadBytes(typeof(T), end - run.Position, run.Position, _rest.TypeId);
        }
    }
}
