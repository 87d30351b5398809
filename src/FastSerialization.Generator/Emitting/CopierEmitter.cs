using System.Linq;

namespace FastSerialization.Generator;

/// <summary>
/// Writes a type's deep copier, the explicit <c>IBinaryDeepCopyable.DeepCopy</c> that <c>CustomBinaryFormatter.DeepClone</c>
/// calls (docs/GENERATOR.md, "Deep copies"): the copy a write and a read back would give, member by member, with no bytes
/// in between. Each member's copy comes from its <see cref="MemberKind.EmitCopy"/>.
/// </summary>
internal static class CopierEmitter
{
    private const string Context = "global::FastSerialization.BinaryCopyContext";

    /// <summary>The interface the type implements when it gets a copier.</summary>
    public const string Interface = "global::FastSerialization.IBinaryDeepCopyable";

    /// <summary>The interfaces the type implements when it gets a copier: a struct's copier also gives its copy as a value (no box).</summary>
    public static string Interfaces(TypeModel model) =>
        model.IsValueType ? Interface + ", " + ValueInterface(model) : Interface;

    private static string ValueInterface(TypeModel model) => "global::FastSerialization.IBinaryValueCopyable<" + model.FullyQualifiedName + ">";

    /// <summary>
    /// True when the type gets a copier: its writer and reader are both generated, it is not a fixed-layout struct whose
    /// memory differs from its wire form (read as a block, a field left out or a value checked), and every member's kind can
    /// copy its value. Any other type is copied by a write and a read.
    /// </summary>
    public static bool Emits(TypeModel model) =>
        model.GenerateWrite
        && model.GenerateRead
        && (model.FixedLayout is null || model.FixedLayout.MemoryLayoutMatches)
        && model.Members.All(member => member.Shape.Kind.CanCopy(member.Shape));

    public static void Emit(IndentedWriter w, TypeModel model)
    {
        w.Line();
        if (model.IsValueType)
        {
            // The copy as a value for BinaryCopyContext.CopyObject (a member, an element: no box), boxed only where an object is asked for.
            w.Line("/// <summary>The copy of this value a write and a read back would give, member by member (CustomBinaryFormatter.DeepClone).</summary>");
            w.Line("object {0}.DeepCopy({1} context) => __FastSerializationDeepCopy(context);", Interface, Context);
            w.Line();
            w.Line("/// <inheritdoc />");
            w.Line("{0} {1}.DeepCopyValue({2} context) => __FastSerializationDeepCopy(context);", model.FullyQualifiedName, ValueInterface(model), Context);
            w.Line();
            w.Line("/// <summary>Copies the members into a new value, as the reader makes one.</summary>");
            w.Open("private " + model.FullyQualifiedName + " __FastSerializationDeepCopy(" + Context + " context)");
        }
        else
        {
            w.Line("/// <summary>The copy of this object a write and a read back would give, member by member (CustomBinaryFormatter.DeepClone).</summary>");
            w.Open("object " + Interface + ".DeepCopy(" + Context + " context)");
        }

        if (!model.IsValueType)
        {
            // A derived type that inherits this copier is not copied by it: the context falls back to a write and a read.
            w.Open("if (this.GetType() != typeof(" + model.FullyQualifiedName + "))");
            w.Line("return context.NoCopier(this);");
            w.Close();
            w.Line();
        }

        if (model.Construction is null)
        {
            EmitFilledCopy(w, model);
        }
        else
        {
            EmitConstructedCopy(w, model);
        }

        w.Close();
    }

    /// <summary>A new instance made as the reader makes one (its [BinaryIgnore] members keep what that gives them), entered before its members are copied so that cycles close on it.</summary>
    private static void EmitFilledCopy(IndentedWriter w, TypeModel model)
    {
        if (!model.IsValueType && model.EmitsFactory)
        {
            // As a generated reader makes a sealed nested object: the registered factory's, else new T() (no delegate).
            w.Line("{0} __copy = context.NewRegistered<{0}>() ?? new {0}();", model.FullyQualifiedName);
        }
        else
        {
            w.Line("{0} __copy = context.Create<{0}>();", model.FullyQualifiedName);
        }

        if (!model.IsValueType)
        {
            w.Line("context.Created(this, __copy);");
        }

        foreach (MemberModel member in model.Members)
        {
            member.Shape.Kind.EmitCopy(w, member.Shape, "this." + member.Name, "__copy." + member.Name, 0);
        }

        w.Line("return __copy;");
    }

    /// <summary>The members copied into locals, then the instance built with its constructor and initializer, as its reader builds it.</summary>
    private static void EmitConstructedCopy(IndentedWriter w, TypeModel model)
    {
        ConstructionModel construction = model.Construction!;
        for (int i = 0; i < model.Members.Count; i++)
        {
            MemberModel member = model.Members[i];
            string local = "__m" + Number(i);
            w.Line("{0} {1};", member.TypeDisplay, local);
            member.Shape.Kind.EmitCopy(w, member.Shape, "this." + member.Name, local, 0);
        }

        string arguments = string.Join(", ", construction.ConstructorArguments.Select(a => "__m" + Number(a)));
        if (construction.InitializerMembers.Count == 0)
        {
            w.Line("return new {0}({1});", model.FullyQualifiedName, arguments);
            return;
        }

        w.Line("return new {0}({1})", model.FullyQualifiedName, arguments);
        w.Open();
        foreach (int index in construction.InitializerMembers)
        {
            w.Line("{0} = __m{1},", model.Members[index].Name, Number(index));
        }

        w.Close("};");
    }

    private static string Number(int value) => value.ToString(System.Globalization.CultureInfo.InvariantCulture);
}
