#if !FS_NETSTANDARD_BUILD
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.PublicApi;

/// <summary>
/// Locks the public API of the net10.0 build: any change to it shows up as a diff of
/// FastSerialization.approved.txt in review. Set FS_UPDATE_PUBLIC_API=1 to rewrite the file.
/// </summary>
public class PublicApiTests
{
    [Fact]
    public void PublicApi_MatchesTheApprovedFile()
    {
        string actual = Describe(typeof(CustomBinaryFormatter).Assembly);
        string path = Path.Combine(ProjectDirectory(), "PublicApi", "FastSerialization.approved.txt");
        if (Environment.GetEnvironmentVariable("FS_UPDATE_PUBLIC_API") == "1")
        {
            File.WriteAllText(path, actual);
        }

        File.Exists(path).Should().BeTrue($"{path} holds the approved API; run with FS_UPDATE_PUBLIC_API=1 to create it");
        actual.Should().Be(File.ReadAllText(path).ReplaceLineEndings("\n"), "the public API changed: review the change, then rewrite the file with FS_UPDATE_PUBLIC_API=1");
    }

    /// <summary>The test project's folder ([CallerFilePath] is mapped to /_/ in CI's deterministic builds).</summary>
    private static string ProjectDirectory() =>
        typeof(PublicApiTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "ProjectDirectory").Value!;

    private static string Describe(Assembly assembly)
    {
        var lines = new List<string>();
        foreach (Type type in assembly.GetExportedTypes().OrderBy(t => t.FullName, StringComparer.Ordinal))
        {
            string kind = type.IsInterface ? "interface" : type.IsEnum ? "enum" : type.IsValueType ? "struct" : type.IsAbstract && type.IsSealed ? "static class" : "class";
            var bases = new List<string>();
            if (type.BaseType is { } baseType && baseType != typeof(object) && baseType != typeof(ValueType) && baseType != typeof(Enum))
            {
                bases.Add(baseType.FullName!);
            }

            bases.AddRange(type.GetInterfaces().Select(i => i.FullName ?? i.Name).OrderBy(n => n, StringComparer.Ordinal));
            lines.Add($"{kind} {type.FullName}{(bases.Count > 0 ? " : " + string.Join(", ", bases) : string.Empty)}");

            const BindingFlags Flags = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;
            IEnumerable<string> members = type.GetMembers(Flags)
                .Where(IsVisible)
                .Select(m => "  " + DescribeMember(m))
                .OrderBy(s => s, StringComparer.Ordinal);
            lines.AddRange(members);
        }

        return string.Join("\n", lines) + "\n";
    }

    private static bool IsVisible(MemberInfo member) => member switch
    {
        MethodBase m => (m.IsPublic || m.IsFamily || m.IsFamilyOrAssembly) && !m.IsSpecialName || m is ConstructorInfo { IsPublic: true } or ConstructorInfo { IsFamily: true },
        FieldInfo f => f.IsPublic || f.IsFamily,
        PropertyInfo p => (p.GetMethod?.IsPublic ?? false) || (p.SetMethod?.IsPublic ?? false),
        EventInfo e => e.AddMethod?.IsPublic ?? false,
        _ => false,
    };

    private static string DescribeMember(MemberInfo member) => member switch
    {
        PropertyInfo p => $"property {p.PropertyType} {p.Name} {{ {(p.GetMethod?.IsPublic == true ? "get; " : string.Empty)}{(p.SetMethod?.IsPublic == true ? "set; " : string.Empty)}}}",
        FieldInfo f => $"field {(f.IsLiteral ? "const " : f.IsStatic ? "static " : string.Empty)}{f.FieldType} {f.Name}",
        ConstructorInfo c => $"ctor({string.Join(", ", c.GetParameters().Select(DescribeParameter))})",
        MethodInfo m => $"method {(m.IsStatic ? "static " : string.Empty)}{m.ReturnType} {m.Name}{(m.IsGenericMethod ? "<" + string.Join(", ", m.GetGenericArguments().Select(a => a.Name)) + ">" : string.Empty)}({string.Join(", ", m.GetParameters().Select(DescribeParameter))})",
        _ => member.ToString()!,
    };

    private static string DescribeParameter(ParameterInfo p) =>
        $"{p.ParameterType}{(p.IsOptional ? " = " + (p.DefaultValue ?? "null") : string.Empty)}";
}
#endif
