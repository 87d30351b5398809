using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// The fallback for types without a generated binder (types that are not <c>partial</c>, generic types, types of
/// other assemblies): their members found and set by reflection, and their members' collection types made at run
/// time. Only the importer made with <see cref="BinaryFormatterImporter(CustomBinaryFormatter, BinaryFormatterImportOptions?)"/>,
/// which carries the trimming and NativeAOT annotations, has one.
/// </summary>
[RequiresUnreferencedCode(TrimmingMessages.Reflection)]
[RequiresDynamicCode(TrimmingMessages.DynamicCode)]
internal sealed class ReflectionBinding
{
    private const BindingFlags Declared = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

    private static readonly MethodInfo ValueFactory = Factory(nameof(BinaryFormatterTarget.Value));
    private static readonly MethodInfo ArrayFactory = Factory(nameof(BinaryFormatterTarget.Array));
    private static readonly MethodInfo ListFactory = Factory(nameof(BinaryFormatterTarget.List));
    private static readonly MethodInfo HashSetFactory = Factory(nameof(BinaryFormatterTarget.HashSet));
    private static readonly MethodInfo DictionaryFactory = Factory(nameof(BinaryFormatterTarget.Dictionary));

    private readonly ConcurrentDictionary<Type, BinaryFormatterTarget> _targets = new();

    /// <summary>The target of a declared type: the generic collections by their factories, made for the type's arguments.</summary>
    public BinaryFormatterTarget TargetOf(Type type) => _targets.GetOrAdd(type, Describe);

    /// <summary>Adds the fields and properties <paramref name="level"/> declares, as <see cref="ShapeBuilder"/> expects them.</summary>
    public void AddLevel(ShapeBuilder builder, Type level)
    {
        foreach (FieldInfo field in level.GetFields(Declared))
        {
            string? property = ObjectShape.PropertyOfBackingField(field.Name);
            PropertyInfo? owner = property is null ? null : level.GetProperty(property, Declared);
            if (IsIgnored(field) || (owner is not null && IsIgnored(owner)))
            {
                continue;
            }

            if (!CanHold(field.FieldType))
            {
                continue; // a pointer: no payload value can go into it (BinaryFormatter never wrote one)
            }

            // A backing field takes its property's aliases too.
            string[] aliases = owner is null ? Aliases(field) : [.. Aliases(field), .. Aliases(owner)];
            bool tracked = IsTrackedMember(field) || (owner is not null && IsTrackedMember(owner));
            builder.AddField(level.Name, field.Name, new MemberSlot(field.Name, TargetOf(field.FieldType), new Setter(field).Set, tracked), aliases);
        }

        foreach (PropertyInfo property in level.GetProperties(Declared))
        {
            if (property.GetIndexParameters().Length != 0 || IsIgnored(property))
            {
                continue;
            }

            // An auto-property is in already, through its backing field; a property with a setter of its own is used when no field took the name.
            if (level.GetField(ObjectShape.BackingFieldOf(property.Name), Declared) is null && property.CanWrite && CanHold(property.PropertyType))
            {
                builder.AddProperty(property.Name, new MemberSlot(property.Name, TargetOf(property.PropertyType), new Setter(property).Set, IsTrackedMember(property)), Aliases(property));
            }
        }
    }

    /// <summary>How to make an instance of <paramref name="type"/>, or null when it cannot be made (abstract, interface, array, open generic).</summary>
    public Func<object>? Creator(Type type)
    {
        if (type.IsAbstract || type.IsInterface || type.IsArray || type.IsPointer || type.ContainsGenericParameters)
        {
            return null;
        }

        // The parameterless constructor when there is one (so field initializers run), otherwise an uninitialized object, as BinaryFormatter made them.
        ConstructorInfo? constructor = type.IsValueType ? null : type.GetConstructor(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic, null, Type.EmptyTypes, null);
        if (constructor is not null)
        {
            return () => constructor.Invoke(null);
        }

#if NETSTANDARD2_0
        return () => System.Runtime.Serialization.FormatterServices.GetUninitializedObject(type);
#else
        return () => System.Runtime.CompilerServices.RuntimeHelpers.GetUninitializedObject(type);
#endif
    }

    private static MethodInfo Factory(string name) => typeof(BinaryFormatterTarget).GetMethod(name, BindingFlags.Public | BindingFlags.Static)!;

    /// <summary>Whether a value of <paramref name="type"/> can be held as an object (and be a generic argument): not a pointer, a reference or a ref struct.</summary>
    private static bool CanHold(Type type)
    {
#if NETSTANDARD2_0
        return !type.IsPointer && !type.IsByRef;
#else
        return !type.IsPointer && !type.IsByRef && !type.IsByRefLike && !type.IsFunctionPointer;
#endif
    }

    /// <summary>
    /// The names of the fields and properties <paramref name="level"/> declares with <c>[BinaryMember(TrackReference = true)]</c>
    /// (an auto-property by its own name): what a generated binder does not say.
    /// </summary>
    public HashSet<string> TrackedMembers(Type level)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (MemberInfo member in level.GetMembers(Declared))
        {
            if (member is FieldInfo or PropertyInfo && IsTrackedMember(member))
            {
                names.Add(member.Name);
            }
        }

        return names;
    }

    private static bool IsTrackedMember(MemberInfo member) => member.GetCustomAttribute<BinaryMemberAttribute>(inherit: true)?.TrackReference == true;

    private static bool IsIgnored(MemberInfo member) => member.IsDefined(typeof(BinaryIgnoreAttribute), inherit: true);

    private static string[] Aliases(MemberInfo member)
    {
        var names = new List<string>();
        foreach (BinaryFormatterMemberAttribute alias in member.GetCustomAttributes<BinaryFormatterMemberAttribute>(inherit: false))
        {
            names.Add(alias.MemberName);
        }

        return names.ToArray();
    }

    private BinaryFormatterTarget Describe(Type type)
    {
        if (type.IsArray)
        {
            return type.GetArrayRank() == 1
                ? Make(ArrayFactory, new[] { type.GetElementType()! }, TargetOf(type.GetElementType()!))
                : Make(ValueFactory, new[] { type });
        }

        if (type.IsGenericType && !type.ContainsGenericParameters)
        {
            Type definition = type.GetGenericTypeDefinition();
            Type[] arguments = type.GetGenericArguments();
            if (definition == typeof(List<>) || definition == typeof(IList<>) || definition == typeof(ICollection<>)
                || definition == typeof(IEnumerable<>) || definition == typeof(IReadOnlyList<>) || definition == typeof(IReadOnlyCollection<>))
            {
                return Make(ListFactory, new[] { type, arguments[0] }, TargetOf(arguments[0]));
            }

            if (definition == typeof(HashSet<>) || definition == typeof(ISet<>))
            {
                return Make(HashSetFactory, new[] { type, arguments[0] }, TargetOf(arguments[0]));
            }

            if (definition == typeof(Dictionary<,>) || definition == typeof(IDictionary<,>) || definition == typeof(IReadOnlyDictionary<,>))
            {
                return Make(DictionaryFactory, new[] { type, arguments[0], arguments[1] }, TargetOf(arguments[0]), TargetOf(arguments[1]));
            }
        }

        return Make(ValueFactory, new[] { type });
    }

    private static BinaryFormatterTarget Make(MethodInfo factory, Type[] arguments, params object[] targets)
    {
        try
        {
            return (BinaryFormatterTarget)factory.MakeGenericMethod(arguments).Invoke(null, targets)!;
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            throw e.InnerException;
        }
    }

    /// <summary>Sets a field or property by reflection; one that is set often gets a compiled setter (a class's writable member).</summary>
    private sealed class Setter
    {
        private readonly FieldInfo? _field;
        private readonly PropertyInfo? _property;
        private Action<object, object?>? _compiled;
        private int _uses;

        public Setter(FieldInfo field) => _field = field;

        public Setter(PropertyInfo property) => _property = property;

        public void Set(object target, object? value)
        {
            if (_compiled is not null)
            {
                _compiled(target, value);
                return;
            }

            if (++_uses == 64)
            {
                _compiled = Compile();
            }

            if (_field is not null)
            {
                _field.SetValue(target, value);
            }
            else
            {
                _property!.SetValue(target, value);
            }
        }

        private Action<object, object?>? Compile()
        {
            Type? declaring = _field?.DeclaringType ?? _property?.DeclaringType;
            if (declaring is null || declaring.IsValueType || (_field is not null && _field.IsInitOnly) || (_property is not null && _property.SetMethod is null))
            {
                return null;
            }

            try
            {
                ParameterExpression target = Expression.Parameter(typeof(object), "target");
                ParameterExpression value = Expression.Parameter(typeof(object), "value");
                Expression instance = Expression.Convert(target, declaring);
                MemberExpression member = _field is not null ? Expression.Field(instance, _field) : Expression.Property(instance, _property!);
                Type memberType = _field?.FieldType ?? _property!.PropertyType;
                return Expression.Lambda<Action<object, object?>>(Expression.Assign(member, Expression.Convert(value, memberType)), target, value).Compile();
            }
            catch (ArgumentException)
            {
                return null; // not expressible (a member the expression compiler refuses): reflection it stays
            }
        }
    }
}
