using System;
using System.Collections;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Formats.Nrbf;
using System.Text;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// Whether the imported graph can be written by FastSerialization (docs/FORMAT.md section 3d). The importer keeps
/// BinaryFormatter's identity in memory: each payload record becomes one object. The formatter keeps it only through
/// reference-tracked members: a member, element, key or value whose declared type is tracked
/// (<see cref="BinaryReferenceTrackedAttribute"/>) or whose member says <c>[BinaryMember(TrackReference = true)]</c>;
/// through any other member (and for arrays and collections, which are values) it writes the object again each time.
/// So a cycle made only of such untracked references would be written until the formatter's depth limit stopped it:
/// the import refuses it, naming the types and members on the cycle. An object shared without a cycle is fine: through
/// untracked members it is written once per reference (copies when read back), which docs/MIGRATION.md describes.
/// </summary>
/// <remarks>
/// Only objects the formatter could write take part (types implementing <see cref="ICustomBinarySerializable"/>, arrays
/// and collections): a cycle through an import-only type stays allowed, as the formatter could not write that type
/// anyway. Every record the import enters is a node; the references that are not tracked are kept as edges, and when
/// the payload referred to any record twice, one depth-first pass over those edges looks for a cycle after the import.
/// </remarks>
internal sealed partial class ImportSession
{
    private readonly List<GraphNode> _nodes = new();
    private readonly List<GraphEdge> _untracked = new();
    private readonly Dictionary<Type, bool> _trackedTypes = new();
    private readonly Dictionary<Type, bool> _constructorBuilt = new();

    // The node whose members, elements, keys or values are being read (-1 at the root): a struct's members belong to the
    // object that holds the struct, as the formatter writes a struct inside it.
    private int _current = -1;

    // Whether the value now being converted goes where the formatter writes a reference (a tracked declared type, or a
    // member marked TrackReference, whose collection's elements, keys and values are references too).
    private bool _incomingTracked;
    private bool _memberTracked;
    private bool _revisited;

    /// <summary>
    /// Enters a new object (a class instance, an array or a collection) before its members or elements are read, so
    /// that a reference back to it finds it, and makes it the current node.
    /// </summary>
    private void Enter(SerializationRecordId id, object instance)
    {
        bool writable = IsWritable(instance);
        int index = _nodes.Count;
        _built[id] = (instance, index);
        int parent = _current;
        _nodes.Add(new GraphNode(instance.GetType(), parent, Step(parent), _path.Count, writable, instance is ICustomBinarySerializable));
        if (writable && parent >= 0 && _nodes[parent].Writable && !(_incomingTracked && instance is ICustomBinarySerializable))
        {
            _untracked.Add(new GraphEdge(parent, index, _nodes[index].Hop));
        }

        _current = index;
    }

    /// <summary>A reference to a record entered before (shared, or a cycle when it is still being read).</summary>
    private void Revisit(int target, object existing, bool tracked)
    {
        _revisited = true;
        if (existing is ICustomBinarySerializable && IsConstructorBuilt(existing.GetType()) && IsOpen(target))
        {
            throw ConstructorCycleError(target);
        }

        if (_current >= 0 && _nodes[_current].Writable && _nodes[target].Writable && !(tracked && existing is ICustomBinarySerializable))
        {
            _untracked.Add(new GraphEdge(_current, target, Step(_current)));
        }
    }

    /// <summary>Whether <paramref name="node"/> is still being read: the current node or one it was reached from.</summary>
    private bool IsOpen(int node)
    {
        for (int at = _current; at >= 0; at = _nodes[at].Parent)
        {
            if (at == node)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Whether the formatter builds <paramref name="type"/> through its constructor when it reads it
    /// (<see cref="IBinaryConstructible{TSelf}"/>: records and types with get-only members): such an object exists only
    /// once its members are read, so none of them can refer back to it.
    /// </summary>
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification =
        "An IBinaryConstructible<T> implementation the trimmer removed is one the formatter never calls; the formatter's own check " +
        "(typeof(IBinaryConstructible<T>).IsAssignableFrom(typeof(T)) for each registered T) keeps it for every type it reads.")]
    private bool IsConstructorBuilt(Type type)
    {
        if (!_constructorBuilt.TryGetValue(type, out bool built))
        {
            foreach (Type contract in type.GetInterfaces())
            {
                built |= contract.IsGenericType && contract.GetGenericTypeDefinition() == typeof(IBinaryConstructible<>);
            }

            _constructorBuilt.Add(type, built);
        }

        return built;
    }

    private FastSerializationException ConstructorCycleError(int target)
    {
        Type type = _nodes[target].Type;
        return Error(
            $"a member refers back to the {type} at {PathOf(target)}, which holds it: FastSerialization builds a {type} through its constructor " +
            "(IBinaryConstructible: a record or a type with get-only members), so it exists only once its members are read and no member can point back to it " +
            "(docs/FORMAT.md section 3d). Give the type settable members and a parameterless constructor (and TrackReferences), or leave the back-pointer out " +
            "with [BinaryIgnore] and set it after reading");
    }

    /// <summary>Whether a member declared as <paramref name="declared"/> is written as a reference (the member's own mark aside).</summary>
    private bool IsTrackedType(Type declared)
    {
        if (declared.IsValueType)
        {
            return false;
        }

        if (!_trackedTypes.TryGetValue(declared, out bool tracked))
        {
            tracked = declared.IsDefined(typeof(BinaryReferenceTrackedAttribute), inherit: true);
            _trackedTypes.Add(declared, tracked);
        }

        return tracked;
    }

    private static bool IsWritable(object instance) => instance is ICustomBinarySerializable or IEnumerable and not string;

    /// <summary>The path from node <paramref name="from"/> (the root when -1) to where the import is now.</summary>
    private PathStep Step(int from)
    {
        int depth = from < 0 ? 0 : _nodes[from].Depth;
        return _path.Count == depth + 1 ? new PathStep(_path.Last, null) : new PathStep(default, _path.Suffix(depth));
    }

    /// <summary>After the import: a cycle of untracked references is refused, naming what is on it.</summary>
    private void CheckCycles()
    {
        if (!_revisited || _untracked.Count == 0)
        {
            return;
        }

        // The untracked edges as adjacency lists (compressed: each node's edges in one run of an array).
        int count = _nodes.Count;
        int[] start = new int[count + 1];
        foreach (GraphEdge edge in _untracked)
        {
            start[edge.From + 1]++;
        }

        for (int i = 0; i < count; i++)
        {
            start[i + 1] += start[i];
        }

        int[] edges = new int[_untracked.Count];
        int[] fill = (int[])start.Clone();
        for (int e = 0; e < _untracked.Count; e++)
        {
            edges[fill[_untracked[e].From]++] = e;
        }

        // Iterative depth-first search: 0 not seen, 1 on the stack, 2 done. A stack node's next edge is in fill.
        byte[] state = new byte[count];
        int[] via = new int[count];
        var stack = new Stack<int>();
        for (int root = 0; root < count; root++)
        {
            if (state[root] != 0)
            {
                continue;
            }

            state[root] = 1;
            fill[root] = start[root];
            via[root] = -1;
            stack.Push(root);
            while (stack.Count > 0)
            {
                int node = stack.Peek();
                if (fill[node] == start[node + 1])
                {
                    state[node] = 2;
                    stack.Pop();
                    continue;
                }

                int e = edges[fill[node]++];
                int next = _untracked[e].To;
                if (state[next] == 1)
                {
                    throw CycleError(e, via);
                }

                if (state[next] == 0)
                {
                    state[next] = 1;
                    fill[next] = start[next];
                    via[next] = e;
                    stack.Push(next);
                }
            }
        }
    }

    private FastSerializationException CycleError(int closing, int[] via)
    {
        // The cycle's edges, from the node the closing edge returns to.
        int first = _untracked[closing].To;
        var cycle = new List<GraphEdge> { _untracked[closing] };
        for (int node = _untracked[closing].From; node != first; node = _untracked[via[node]].From)
        {
            cycle.Add(_untracked[via[node]]);
        }

        cycle.Reverse();
        var types = new List<string>();
        var hops = new StringBuilder();
        foreach (GraphEdge edge in cycle)
        {
            GraphNode target = _nodes[edge.To];
            string hop = edge.Hop.ToString();
            hops.Append(hops.Length == 0 ? string.Empty : ", then ").Append(hop.Length == 0 ? "(itself)" : hop)
                .Append(" (a ").Append(target.Type).Append(')');
            if (target.IsObject && !types.Contains(target.Type.ToString()))
            {
                types.Add(target.Type.ToString());
            }
        }

        string where = PathOf(first);
        string fix = types.Count > 0
            ? $"mark {string.Join(" and ", types)} [BinarySerializable(TrackReferences = true)] ([BinaryReferenceTracked] on a hand-written type) and declare the members on the cycle with " +
              "that type, or mark those members [BinaryMember(TrackReference = true)]; arrays and collections are always written as values"
            : "arrays and collections are always written as values, so one that contains itself cannot be written: put a reference-tracked object between them";
        if (!_context.HasReflection)
        {
            fix += " (the importer made by UsingGeneratedBinders sees tracking declared on types, not a member's [BinaryMember(TrackReference = true)]: " +
                "track the type, or import with the importer the BinaryFormatterImporter constructor makes)";
        }

        return new FastSerializationException(
            $"Cannot import the BinaryFormatter payload at {where}: the {_nodes[first].Type} there reaches itself again through {hops}, and no reference on " +
            "that cycle is tracked, so FastSerialization could not write the imported graph (it would write the cycle again and again until MaxDepth stops it). " +
            $"Within one record the formatter writes an object once, and lets members point back to it, only through reference-tracked members: {fix} " +
            "(docs/MIGRATION.md, \"Shared references and cycles\").");
    }

    private string PathOf(int node)
    {
        var hops = new List<string>();
        for (int at = node; at >= 0; at = _nodes[at].Parent)
        {
            hops.Add(_nodes[at].Hop.ToString());
        }

        hops.Reverse();
        return "root" + string.Concat(hops);
    }

    /// <summary>An object of the payload as the cycle check sees it.</summary>
    private readonly struct GraphNode
    {
        public GraphNode(Type type, int parent, PathStep hop, int depth, bool writable, bool isObject)
        {
            Type = type;
            Parent = parent;
            Hop = hop;
            Depth = depth;
            Writable = writable;
            IsObject = isObject;
        }

        public Type Type { get; }

        /// <summary>The node it was first reached from, -1 for the root.</summary>
        public int Parent { get; }

        /// <summary>The path from <see cref="Parent"/> to it (<c>.Children[0]</c>).</summary>
        public PathStep Hop { get; }

        /// <summary>How many path segments lead to it: where the paths of its members start.</summary>
        public int Depth { get; }

        /// <summary>Whether the formatter could write it: a type of the registry's kind, an array, a collection.</summary>
        public bool Writable { get; }

        /// <summary>Whether it is an object (not an array or a collection): only objects can be tracked.</summary>
        public bool IsObject { get; }
    }

    /// <summary>A reference the formatter would write as a value, from one node to another.</summary>
    private readonly struct GraphEdge
    {
        public GraphEdge(int from, int to, PathStep hop)
        {
            From = from;
            To = to;
            Hop = hop;
        }

        public int From { get; }

        public int To { get; }

        public PathStep Hop { get; }
    }

    /// <summary>
    /// The path from one node to the next: its one segment (a member, an index) kept as it is, the text made only for a
    /// message; a longer step (through a struct's members) as text.
    /// </summary>
    private readonly struct PathStep
    {
        private readonly (string? Member, int Index) _segment;
        private readonly string? _text;

        public PathStep((string? Member, int Index) segment, string? text)
        {
            _segment = segment;
            _text = text;
        }

        public override string ToString()
        {
            if (_text is not null)
            {
                return _text;
            }

            var text = new StringBuilder();
            ImportPath.Append(text, _segment);
            return text.ToString();
        }
    }
}
