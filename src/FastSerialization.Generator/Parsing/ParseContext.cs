using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace FastSerialization.Generator;

/// <summary>The type being parsed, how messages name and locate it, and the diagnostics found so far.</summary>
internal sealed class ParseContext
{
    public ParseContext(INamedTypeSymbol type, TypeDeclarationSyntax syntax, CancellationToken cancellationToken)
    {
        Type = type;
        TypeName = Symbols.ShortName(type);
        TypeLocation = LocationInfo.From(syntax.Identifier.GetLocation());
        CancellationToken = cancellationToken;
    }

    public INamedTypeSymbol Type { get; }

    /// <summary>The type as messages name it.</summary>
    public string TypeName { get; }

    /// <summary>The type's name in its declaration: where type-level diagnostics point.</summary>
    public LocationInfo? TypeLocation { get; }

    public CancellationToken CancellationToken { get; }

    public List<DiagnosticInfo> Diagnostics { get; } = new();

    /// <summary>True when a diagnostic of error severity was reported (information ones, such as FSG012, do not stop the generation).</summary>
    public bool HasErrors => Diagnostics.Exists(d => DiagnosticDescriptors.ById(d.Id).DefaultSeverity == DiagnosticSeverity.Error);

    public void Report(string id, LocationInfo? location, params string[] arguments) =>
        Diagnostics.Add(new DiagnosticInfo(id, location, new EquatableArray<string>(arguments)));
}
