using System;
using System.Collections.Concurrent;
using System.Reflection;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// What every import of one importer shares: the type map, the options, the shapes found so far, and where a
/// type's shape comes from: its generated binder, or reflection when the importer has the reflection fallback.
/// </summary>
internal sealed class ImportContext
{
    private readonly ConcurrentDictionary<Type, ObjectShape> _shapes = new();
    private readonly ReflectionBinding? _reflection;
    private readonly bool _useBinders;

    /// <param name="formatter">The formatter whose registered types are mapped.</param>
    /// <param name="options">Mappings and limits.</param>
    /// <param name="reflection">The reflection fallback, or null for generated binders only.</param>
    /// <param name="useBinders">False to read every type by reflection (the tests compare the two ways).</param>
    public ImportContext(CustomBinaryFormatter formatter, BinaryFormatterImportOptions options, ReflectionBinding? reflection, bool useBinders = true)
    {
        Options = options;
        Types = new TypeMap(formatter, options);
        _reflection = reflection;
        _useBinders = useBinders || reflection is null;
    }

    public BinaryFormatterImportOptions Options { get; }

    public TypeMap Types { get; }

    /// <summary>Whether types without a generated binder are read by reflection.</summary>
    public bool HasReflection => _reflection is not null;

    public ObjectShape GetShape(Type type) => _shapes.GetOrAdd(type, Build);

    /// <summary>The target of a root of type <typeparamref name="T"/>; without reflection, one that makes no generic collection.</summary>
    public BinaryFormatterTarget RootTarget<T>() => _reflection?.TargetOf(typeof(T)) ?? BinaryFormatterTarget.Value<T>();

    /// <summary>The generated binder of exactly <paramref name="type"/> (not of a base class), or null.</summary>
    private static BinaryFormatterBinder? BinderOf(Type type)
    {
        BinaryFormatterBinderAttribute? attribute = type.GetCustomAttribute<BinaryFormatterBinderAttribute>(inherit: false);
        if (attribute is null)
        {
            return null;
        }

        var binder = Activator.CreateInstance(attribute.BinderType) as BinaryFormatterBinder;
        return binder is not null && binder.Type == type
            ? binder
            : throw new FastSerializationException($"The binder {attribute.BinderType} named on {type} is not a BinaryFormatterBinder of that type.");
    }

    private ObjectShape Build(Type type)
    {
        if (type.IsAbstract || type.IsInterface || type.IsArray || type.IsPointer || type.ContainsGenericParameters)
        {
            throw new FastSerializationException($"The type {type} is mapped but cannot be created (abstract, interface, array or open generic).");
        }

        var builder = new ShapeBuilder(type);
        Func<object>? create = null;
        for (Type? level = type; level is not null && level != typeof(object) && level != typeof(ValueType); level = level.BaseType)
        {
            BinaryFormatterBinder? binder = _useBinders ? BinderOf(level) : null;
            if (binder is not null)
            {
                builder.AddBinderLevel(binder, _reflection?.TrackedMembers(level));
                if (level == type && binder.CanCreateInstance)
                {
                    create = binder.CreateInstance;
                }
            }
            else if (_reflection is not null)
            {
                _reflection.AddLevel(builder, level);
                if (level == type)
                {
                    create = _reflection.Creator(type);
                }
            }
            else
            {
                string which = level == type ? string.Empty : $" (its base class {level})";
                throw new FastSerializationException(
                    $"The type {type}{which} has no binder generated for importing: declare it partial with [BinarySerializable] or " +
                    "[BinaryFormatterType] in a project that references FastSerialization.BinaryFormatterImport, or import with the importer " +
                    "made by the BinaryFormatterImporter constructor, which reads such types by reflection.");
            }
        }

        foreach (BinaryFormatterImportOptions.MemberAlias alias in Options.MemberAliases)
        {
            if (alias.Type == type)
            {
                builder.AddAlias(alias.OldName, alias.NewName);
            }
        }

        return builder.Build(create);
    }
}
