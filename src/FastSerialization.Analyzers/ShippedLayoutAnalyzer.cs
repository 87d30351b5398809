using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Threading;
using FastSerialization.Analyzers.Layouts;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;

namespace FastSerialization.Analyzers;

/// <summary>
/// FSA006 to FSA011: the wire layout of every <c>[BinarySerializable]</c> type compared with the project's
/// <c>BinaryLayout.Shipped.txt</c> and <c>BinaryLayout.Unshipped.txt</c> (additional files; opt-in, in the manner of
/// PublicApiAnalyzers' PublicAPI files).
/// </summary>
/// <remarks>
/// <para>
/// An analyzer rather than the source generator: it sees the additional files, every type with the layout the
/// generator gave it (the <c>[BinaryLayout]</c> attribute in the generated code, the string the IPC handshake compares),
/// and the <c>Register&lt;T&gt;(id)</c> calls with constant ids (read as FSA003 to FSA005 read them); its diagnostics
/// carry code fixes (FastSerialization.Analyzers.CodeFixes), which an editor and <c>dotnet format</c> apply to analyzer
/// diagnostics; and the generator stays one thing: the code of each type.
/// </para>
/// <para>
/// Errors: a shipped member removed, reordered, renamed or retyped, or a shipped type gone (FSA006); a shipped
/// fixed-layout struct changed at all, unless it is evolvable and only appended to (FSA007); a shipped type id moved to
/// another id or given to another type (FSA008); a line of a file that is not a layout line or contradicts another
/// (FSA011). Warning: a type, member or constant id not recorded in either file, or an unshipped entry out of date
/// (FSA009; the fix rewrites the type's lines in the unshipped file). Without the files: a hidden FSA010 on each type,
/// whose fix creates them.
/// </para>
/// </remarks>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class ShippedLayoutAnalyzer : DiagnosticAnalyzer
{
    /// <summary>FSA009's property: the stable name of the type whose unshipped lines the fix replaces.</summary>
    public const string TypeNameProperty = "TypeName";

    /// <summary>FSA009's property: the lines the fix writes for the type in the unshipped file, separated by '\n' (empty: remove them).</summary>
    public const string LinesProperty = "Lines";

    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
        Descriptors.ShippedMemberChanged,
        Descriptors.ShippedFixedLayoutChanged,
        Descriptors.ShippedIdChanged,
        Descriptors.LayoutNotRecorded,
        Descriptors.LayoutsNotTracked,
        Descriptors.LayoutFileLineInvalid);

    /// <inheritdoc/>
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            INamedTypeSymbol? serializable = start.Compilation.GetTypeByMetadataName(KnownTypes.BinarySerializableAttributeName);
            if (serializable is null)
            {
                return;
            }

            var files = LayoutFiles.Read(start.Options.AdditionalFiles, start.CancellationToken);
            if (files is null)
            {
                start.RegisterSymbolAction(c => ReportNotTracked(c, serializable), SymbolKind.NamedType);
                return;
            }

            var state = new CompilationState(files, serializable);
            start.RegisterSymbolAction(state.AddType, SymbolKind.NamedType);
            INamedTypeSymbol? formatter = start.Compilation.GetTypeByMetadataName(KnownTypes.CustomBinaryFormatterName);
            INamedTypeSymbol? builder = start.Compilation.GetTypeByMetadataName(TypeIdAnalyzer.BuilderName);
            if (formatter is not null || builder is not null)
            {
                start.RegisterOperationAction(c => state.AddRegistration(c, formatter, builder), OperationKind.Invocation);
            }

            start.RegisterCompilationEndAction(state.Report);
        });
    }

    private static void ReportNotTracked(SymbolAnalysisContext context, INamedTypeSymbol serializable)
    {
        var type = (INamedTypeSymbol)context.Symbol;
        if (IsSerializable(type, serializable) && TypeLayout.Of(type) is not null && UserLocation(type) is { } location)
        {
            context.ReportDiagnostic(Diagnostic.Create(Descriptors.LayoutsNotTracked, location, TypeLayout.StableName(type)));
        }
    }

    private static bool IsSerializable(INamedTypeSymbol type, INamedTypeSymbol serializable) =>
        type.GetAttributes().Any(a => SymbolEqualityComparer.Default.Equals(a.AttributeClass, serializable));

    /// <summary>The type's first declaration in code the user wrote (not the generator's partial).</summary>
    private static Location? UserLocation(INamedTypeSymbol type) =>
        type.Locations.FirstOrDefault(static l => l.IsInSource && l.SourceTree?.FilePath.EndsWith(".g.cs", StringComparison.OrdinalIgnoreCase) == false) ??
        type.Locations.FirstOrDefault(static l => l.IsInSource);

    /// <summary>The two files' lines, each with the file it came from; null when the project has neither file.</summary>
    private sealed class LayoutFiles
    {
        private LayoutFiles(List<(LayoutLine Line, AdditionalText File)> shipped, List<(LayoutLine Line, AdditionalText File)> unshipped)
        {
            Shipped = shipped;
            Unshipped = unshipped;
        }

        public List<(LayoutLine Line, AdditionalText File)> Shipped { get; }

        public List<(LayoutLine Line, AdditionalText File)> Unshipped { get; }

        public static LayoutFiles? Read(ImmutableArray<AdditionalText> additionalFiles, CancellationToken cancellationToken)
        {
            List<(LayoutLine, AdditionalText)>? shipped = null;
            List<(LayoutLine, AdditionalText)>? unshipped = null;
            foreach (AdditionalText file in additionalFiles)
            {
                string name = Path.GetFileName(file.Path);
                bool isShipped = string.Equals(name, LayoutFile.ShippedFileName, StringComparison.OrdinalIgnoreCase);
                if (!isShipped && !string.Equals(name, LayoutFile.UnshippedFileName, StringComparison.OrdinalIgnoreCase))
                {
                    continue;
                }

                List<(LayoutLine, AdditionalText)> target = isShipped ? (shipped ??= new()) : (unshipped ??= new());
                if (file.GetText(cancellationToken) is { } text)
                {
                    target.AddRange(LayoutFile.Parse(text).Select(l => (l, file)));
                }
            }

            return shipped is null && unshipped is null ? null : new LayoutFiles(shipped ?? new(), unshipped ?? new());
        }
    }

    /// <summary>What one compilation's actions collect, compared with the files when the compilation ends.</summary>
    private sealed class CompilationState
    {
        private readonly LayoutFiles _files;
        private readonly INamedTypeSymbol _serializable;
        private readonly ConcurrentDictionary<string, (TypeLayout? Layout, Location? Location)> _types = new(StringComparer.Ordinal);
        private readonly ConcurrentBag<(string TypeName, bool Tracked, int Id, Location Location)> _registrations = new();

        public CompilationState(LayoutFiles files, INamedTypeSymbol serializable)
        {
            _files = files;
            _serializable = serializable;
        }

        public void AddType(SymbolAnalysisContext context)
        {
            var type = (INamedTypeSymbol)context.Symbol;
            if (IsSerializable(type, _serializable))
            {
                // A type without a layout yet (the generator reported an error for it) is known, but not compared.
                _types[TypeLayout.StableName(type)] = (TypeLayout.Of(type), UserLocation(type));
            }
        }

        public void AddRegistration(OperationAnalysisContext context, INamedTypeSymbol? formatter, INamedTypeSymbol? builder)
        {
            if (TypeIdAnalyzer.Read((IInvocationOperation)context.Operation, formatter, builder) is not { Id: > 0, Type: INamedTypeSymbol type } registration)
            {
                return;
            }

            // The file records ids next to the types it describes: this project's [BinarySerializable] types that are not
            // generic (a constructed generic has no line of its own). Every registration is checked against shipped ids.
            bool tracked = !type.IsGenericType && SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, context.Compilation.Assembly) &&
                           IsSerializable(type, _serializable);
            _registrations.Add((TypeLayout.StableName(type), tracked, registration.Id, registration.Location));
        }

        public void Report(CompilationAnalysisContext context)
        {
            Dictionary<string, List<(LayoutLine Line, AdditionalText File)>> shipped = ByType(context, _files.Shipped, LayoutFile.ShippedFileName);
            Dictionary<string, List<(LayoutLine Line, AdditionalText File)>> unshipped = ByType(context, _files.Unshipped, LayoutFile.UnshippedFileName);

            ReportGaps(context, shipped, unshipped);
            var shippedIdOwners = new Dictionary<int, string>();
            foreach (KeyValuePair<string, List<(LayoutLine Line, AdditionalText File)>> type in shipped)
            {
                foreach ((LayoutLine line, _) in type.Value)
                {
                    if (line.Kind == LayoutLineKind.Id && !shippedIdOwners.ContainsKey(line.Id))
                    {
                        shippedIdOwners.Add(line.Id, type.Key);
                    }
                }
            }

            var registeredIds = new Dictionary<string, SortedSet<int>>(StringComparer.Ordinal);
            var idErrors = new HashSet<string>(StringComparer.Ordinal);
            foreach ((string typeName, bool tracked, int id, Location location) in _registrations.OrderBy(static r => r.Location.SourceTree?.FilePath, StringComparer.Ordinal).ThenBy(static r => r.Location.SourceSpan.Start))
            {
                if (shippedIdOwners.TryGetValue(id, out string? owner) && owner != typeName)
                {
                    context.ReportDiagnostic(Diagnostic.Create(
                        Descriptors.ShippedIdChanged, location, $"Type id {id} was shipped for '{owner}' (BinaryLayout.Shipped.txt) and is registered for '{typeName}' here"));
                    idErrors.Add(typeName);
                }

                if (tracked)
                {
                    if (!registeredIds.TryGetValue(typeName, out SortedSet<int>? ids))
                    {
                        registeredIds.Add(typeName, ids = new SortedSet<int>());
                    }

                    ids.Add(id);
                }
            }

            // A shipped id of a type the compilation registers under other constant ids only: reported at those calls.
            foreach (KeyValuePair<string, SortedSet<int>> type in registeredIds)
            {
                if (!shipped.TryGetValue(type.Key, out List<(LayoutLine Line, AdditionalText File)>? lines))
                {
                    continue;
                }

                int[] lost = lines.Where(static l => l.Line.Kind == LayoutLineKind.Id).Select(static l => l.Line.Id).Where(id => !type.Value.Contains(id)).ToArray();
                if (lost.Length == 0)
                {
                    continue;
                }

                idErrors.Add(type.Key);
                foreach ((string typeName, bool tracked, int id, Location location) in _registrations)
                {
                    if (tracked && typeName == type.Key && !lost.Contains(id) && !lines.Any(l => l.Line.Kind == LayoutLineKind.Id && l.Line.Id == id))
                    {
                        context.ReportDiagnostic(Diagnostic.Create(
                            Descriptors.ShippedIdChanged, location, $"'{typeName}' was shipped under type id {string.Join(", ", lost)} (BinaryLayout.Shipped.txt) and is registered under type id {id} here"));
                    }
                }
            }

            foreach (KeyValuePair<string, (TypeLayout? Layout, Location? Location)> type in _types.OrderBy(static t => t.Key, StringComparer.Ordinal))
            {
                if (type.Value.Layout is not { } layout || type.Value.Location is not { } location)
                {
                    continue;
                }

                TypeLayout current = registeredIds.TryGetValue(type.Key, out SortedSet<int>? ids)
                    ? new TypeLayout(layout.TypeName, layout.Members, layout.FixedSize, layout.Evolvable, ids)
                    : layout;
                shipped.TryGetValue(type.Key, out List<(LayoutLine Line, AdditionalText File)>? shippedLines);
                unshipped.TryGetValue(type.Key, out List<(LayoutLine Line, AdditionalText File)>? unshippedLines);
                if (shippedLines is not null && ReportBreak(context, current, shippedLines, location))
                {
                    continue;
                }

                if (!idErrors.Contains(type.Key))
                {
                    ReportUnrecorded(context, current, shippedLines, unshippedLines, location);
                }
            }

            foreach (KeyValuePair<string, List<(LayoutLine Line, AdditionalText File)>> type in shipped)
            {
                if (!_types.ContainsKey(type.Key))
                {
                    context.ReportDiagnostic(Diagnostic.Create(
                        Descriptors.ShippedMemberChanged,
                        FileLocation(type.Value[0]),
                        type.Key,
                        "no [BinarySerializable] type of this project has this name any more (removed, renamed, moved to another namespace or no longer [BinarySerializable])"));
                }
            }

            foreach (KeyValuePair<string, List<(LayoutLine Line, AdditionalText File)>> type in unshipped)
            {
                if (!_types.ContainsKey(type.Key) && !shipped.ContainsKey(type.Key))
                {
                    context.ReportDiagnostic(Diagnostic.Create(
                        Descriptors.LayoutNotRecorded,
                        FileLocation(type.Value[0]),
                        ImmutableDictionary<string, string?>.Empty.Add(TypeNameProperty, type.Key).Add(LinesProperty, string.Empty),
                        $"'{type.Key}' is recorded in BinaryLayout.Unshipped.txt, but no [BinarySerializable] type of this project has this name"));
                }
            }
        }

        /// <summary>FSA006 or FSA007 when the type breaks its shipped layout; true when one was reported.</summary>
        private static bool ReportBreak(
            CompilationAnalysisContext context,
            TypeLayout current,
            List<(LayoutLine Line, AdditionalText File)> shippedLines,
            Location location)
        {
            TypeLayout shipped = TypeLayout.From(current.TypeName, shippedLines.Select(static l => l.Line));
            Location[] where = { FileLocation(shippedLines[0]) };
            if (shipped.FixedSize is not null || current.FixedSize is not null)
            {
                bool evolving = shipped.Evolvable && current.Evolvable;
                string? change = FixedChange(shipped, current, evolving);
                if (change is null)
                {
                    return false;
                }

                context.ReportDiagnostic(Diagnostic.Create(Descriptors.ShippedFixedLayoutChanged, location, where, current.TypeName, change));
                return true;
            }

            string? broken = MemberBreak(shipped, current);
            if (broken is null)
            {
                return false;
            }

            context.ReportDiagnostic(Diagnostic.Create(Descriptors.ShippedMemberChanged, location, where, current.TypeName, broken));
            return true;
        }

        /// <summary>What breaks the append-only rule, naming the member and its position; null when nothing does.</summary>
        private static string? MemberBreak(TypeLayout shipped, TypeLayout current)
        {
            for (int i = 0; i < shipped.Members.Count; i++)
            {
                LayoutMember was = shipped.Members[i];
                string recorded = $"member {i} ('{was.Name}', {was.Kind} in BinaryLayout.Shipped.txt)";
                int now = IndexOf(current, was.Name);
                if (i >= current.Members.Count)
                {
                    return now >= 0
                        ? $"{recorded} is member {now} in this build: members are never reordered"
                        : $"{recorded} is removed: this build has {current.Members.Count} member(s)";
                }

                LayoutMember member = current.Members[i];
                if (member.Name != was.Name)
                {
                    return now >= 0
                        ? $"{recorded} is member {now} in this build, and member {i} is '{member.Name}' ({member.Kind}): members are never reordered"
                        : $"{recorded} is removed or renamed: member {i} is '{member.Name}' ({member.Kind}) in this build (if it was only renamed, rename it in BinaryLayout.Shipped.txt too)";
                }

                if (member.Kind != was.Kind)
                {
                    return $"{recorded} is {member.Kind} in this build: its type, encoding or width changed";
                }
            }

            return null;
        }

        /// <summary>Any change of a fixed-layout struct (or of whether the type is one), naming the member and its position; null when none.</summary>
        private static string? FixedChange(TypeLayout shipped, TypeLayout current, bool evolving)
        {
            if (current.FixedSize is null)
            {
                return "it is no longer a fixed-layout struct";
            }

            if (shipped.FixedSize is null)
            {
                return $"it is a fixed-layout struct of {current.FixedSize} bytes in this build, and was not one when shipped";
            }

            if (shipped.Evolvable != current.Evolvable)
            {
                return current.Evolvable ? "it is evolvable in this build, and was not when shipped" : "it is not evolvable in this build, and was when shipped";
            }

            if (evolving)
            {
                return MemberBreak(shipped, current); // appended members (and the larger size) are what evolvable means
            }

            int count = Math.Max(shipped.Members.Count, current.Members.Count);
            for (int i = 0; i < count; i++)
            {
                LayoutMember? was = i < shipped.Members.Count ? shipped.Members[i] : null;
                LayoutMember? now = i < current.Members.Count ? current.Members[i] : null;
                if (was is null)
                {
                    return $"member {i} ('{now!.Value.Name}', {now.Value.Kind}) is appended";
                }

                if (now is null)
                {
                    return $"member {i} ('{was.Value.Name}', {was.Value.Kind}) is removed";
                }

                if (was.Value.Name != now.Value.Name || was.Value.Kind != now.Value.Kind)
                {
                    return $"member {i} was '{was.Value.Name}' ({was.Value.Kind}) and is '{now.Value.Name}' ({now.Value.Kind}) in this build";
                }
            }

            return shipped.FixedSize != current.FixedSize
                ? $"its size is {current.FixedSize} bytes in this build and was {shipped.FixedSize}"
                : null;
        }

        /// <summary>FSA009 when the unshipped file does not hold exactly the lines the type has beyond the shipped ones.</summary>
        private static void ReportUnrecorded(
            CompilationAnalysisContext context,
            TypeLayout current,
            List<(LayoutLine Line, AdditionalText File)>? shippedLines,
            List<(LayoutLine Line, AdditionalText File)>? unshippedLines,
            Location location)
        {
            var shippedTexts = new HashSet<string>((shippedLines ?? new()).Select(static l => l.Line.Text), StringComparer.Ordinal);
            List<string> all = LayoutFile.LinesOf(current);
            List<string> expected = all.Where(l => !shippedTexts.Contains(l)).ToList();
            var actual = new HashSet<string>((unshippedLines ?? new()).Select(static l => l.Line.Text), StringComparer.Ordinal);
            if (actual.SetEquals(expected))
            {
                return;
            }

            string? missing = expected.FirstOrDefault(l => !actual.Contains(l));
            string what;
            if (shippedLines is null && (unshippedLines is null || unshippedLines.Count == 0))
            {
                what = $"'{current.TypeName}' is not recorded in BinaryLayout.Shipped.txt or BinaryLayout.Unshipped.txt";
            }
            else if (missing is not null)
            {
                what = Describe(current, LayoutFile.Parse(SourceText.From(missing))[0]);
            }
            else
            {
                string stale = actual.First(l => !expected.Contains(l));
                what = $"BinaryLayout.Unshipped.txt holds '{stale}', which does not match '{current.TypeName}' in this build";
            }

            context.ReportDiagnostic(Diagnostic.Create(
                Descriptors.LayoutNotRecorded,
                location,
                ImmutableDictionary<string, string?>.Empty.Add(TypeNameProperty, current.TypeName).Add(LinesProperty, string.Join("\n", expected)),
                what));
        }

        private static string Describe(TypeLayout type, LayoutLine line) => line.Kind switch
        {
            LayoutLineKind.Member => $"member {line.Position} of '{type.TypeName}' ('{line.MemberName}', {line.MemberKind}) is not recorded",
            LayoutLineKind.Id => $"type id {line.Id} of '{type.TypeName}' is not recorded",
            LayoutLineKind.Fixed => $"the size of fixed-layout struct '{type.TypeName}' ({line.FixedSize} bytes) is not recorded",
            _ => $"'{type.TypeName}' is not recorded in BinaryLayout.Shipped.txt or BinaryLayout.Unshipped.txt",
        };

        private static int IndexOf(TypeLayout layout, string name)
        {
            for (int i = 0; i < layout.Members.Count; i++)
            {
                if (layout.Members[i].Name == name)
                {
                    return i;
                }
            }

            return -1;
        }

        /// <summary>
        /// The valid lines of one file by type; FSA011 for each line that is not a layout line, contradicts another line
        /// of the same file (two kinds at one member position, two sizes), or leaves a gap in a type's member positions.
        /// </summary>
        private static Dictionary<string, List<(LayoutLine Line, AdditionalText File)>> ByType(
            CompilationAnalysisContext context, List<(LayoutLine Line, AdditionalText File)> lines, string fileName)
        {
            var byType = new Dictionary<string, List<(LayoutLine Line, AdditionalText File)>>(StringComparer.Ordinal);
            foreach ((LayoutLine line, AdditionalText file) entry in lines)
            {
                if (entry.line.Kind == LayoutLineKind.Malformed)
                {
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.LayoutFileLineInvalid, FileLocation(entry), entry.line.Text, fileName, entry.line.Error));
                    continue;
                }

                if (!byType.TryGetValue(entry.line.TypeName, out List<(LayoutLine Line, AdditionalText File)>? list))
                {
                    byType.Add(entry.line.TypeName, list = new());
                }

                (LayoutLine Line, AdditionalText File)? other = list.FirstOrDefault(e =>
                    e.Line.Kind == entry.line.Kind && e.Line.Text != entry.line.Text &&
                    (entry.line.Kind == LayoutLineKind.Fixed || (entry.line.Kind == LayoutLineKind.Member && e.Line.Position == entry.line.Position)));
                if (other is { Line: not null } contradicted)
                {
                    context.ReportDiagnostic(Diagnostic.Create(
                        Descriptors.LayoutFileLineInvalid, FileLocation(entry), entry.line.Text, fileName, $"it contradicts '{contradicted.Line.Text}'"));
                    continue;
                }

                list.Add(entry);
            }

            return byType;
        }

        /// <summary>FSA011 where a type's member positions, both files together, do not run from 0 without a gap.</summary>
        private static void ReportGaps(
            CompilationAnalysisContext context,
            Dictionary<string, List<(LayoutLine Line, AdditionalText File)>> shipped,
            Dictionary<string, List<(LayoutLine Line, AdditionalText File)>> unshipped)
        {
            foreach (string type in shipped.Keys.Union(unshipped.Keys))
            {
                List<(LayoutLine Line, AdditionalText File)> members = (shipped.TryGetValue(type, out var s) ? s : new())
                    .Concat(unshipped.TryGetValue(type, out var u) ? u : new())
                    .Where(static l => l.Line.Kind == LayoutLineKind.Member)
                    .OrderBy(static l => l.Line.Position)
                    .ToList();
                int expected = 0;
                foreach ((LayoutLine Line, AdditionalText File) member in members)
                {
                    if (member.Line.Position > expected)
                    {
                        context.ReportDiagnostic(Diagnostic.Create(
                            Descriptors.LayoutFileLineInvalid,
                            FileLocation(member),
                            member.Line.Text,
                            Path.GetFileName(member.File.Path),
                            $"no line records member {expected} of '{type}': a type's member positions run from 0 without a gap"));
                        break;
                    }

                    expected = member.Line.Position + 1;
                }
            }
        }

        private static Location FileLocation((LayoutLine Line, AdditionalText File) entry)
        {
            SourceText? text = entry.File.GetText();
            LinePositionSpan span = text is null ? default : text.Lines.GetLinePositionSpan(entry.Line.Span);
            return Location.Create(entry.File.Path, entry.Line.Span, span);
        }
    }
}
