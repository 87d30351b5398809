#!/usr/bin/env bash
# Package smoke test: packs the eight packages into a temporary folder in one build (.ci/packages.slnf), each validated
# against the previous release's package (eng/baseline-release.txt, packed from git history by eng/pack-baseline.sh:
# a public API removed or changed since then fails the pack), checks their metadata, then builds four fresh console
# projects that reference the packages from that folder (never the projects) in one build, with warnings as errors,
# runs them and checks their output. The console app uses [BinarySerializable], so this proves
# that adding the one package makes the source generator run. A second fresh app still on BinaryFormatter
# proves the package's analyzers report FSA001/FSA002 and that `dotnet format analyzers` applies their fixes.
# Exits non-zero on any failure. Usage: bash .ci/package-smoke.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/fs-package-smoke.XXXXXX")"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT

# A version no cache has seen, so the package cannot come from the global packages folder.
version="0.2.0-smoke.$(date +%s).$$"
feed="$work/feed"
app="$work/app"
mkdir -p "$feed" "$app"

# The previous release's packages: packed once per baseline commit and kept outside the clone (eng/pack-baseline.sh).
baseline_version="$(sed -n 's/^version=//p' "$root/eng/baseline-release.txt")"
baseline="$(bash "$root/eng/pack-baseline.sh")"

echo "package-smoke: packing the eight packages $version in one build, validated against $baseline_version"
pack_log="$work/pack.log"
# PackageVersion, not Version: the assemblies keep the repository's version, so what the samples and benchmarks built in
# Release before this step (net10.0) is up to date and only the other target frameworks are compiled here.
if ! dotnet pack "$root/.ci/packages.slnf" -c Release -o "$feed" -p:PackageVersion="$version" \
        -p:FsBaselinePackages="$baseline" -p:FsBaselineVersion="$baseline_version" --nologo -v:m >"$pack_log" 2>&1; then
    cat "$pack_log" >&2
    echo "package-smoke: FAIL: dotnet pack failed (a CP error is an API removed or changed since $baseline_version: RELEASING.md, step 2)" >&2
    exit 1
fi
grep -E "package validation against|validated without a baseline" "$pack_log" | sed 's/^ *//' | sort -u
validated="$(grep -E "package validation against" "$pack_log" | sed 's/^ *//' | sort -u | wc -l)"
if [ "$validated" -ne 8 ]; then
    cat "$pack_log" >&2
    echo "package-smoke: FAIL: $validated of the eight packages were validated against $baseline_version" >&2
    exit 1
fi

nupkg="$feed/FastSerialization.$version.nupkg"
# The listing is taken whole first: `unzip -l | grep -q` fails under pipefail when grep stops reading early.
listing="$(unzip -l "$nupkg")"
for dll in FastSerialization.Generator.dll FastSerialization.Analyzers.dll FastSerialization.Analyzers.CodeFixes.dll; do
    if ! grep -q "analyzers/dotnet/cs/$dll" <<<"$listing"; then
        echo "package-smoke: FAIL: the package has no analyzers/dotnet/cs/$dll" >&2
        exit 1
    fi
done

# The metadata a user checks before adopting a package: license, readme, description, symbols package.
check_metadata() { # $1 = package id
    local pkg="$feed/$1.$version.nupkg" nuspec
    nuspec=$(unzip -p "$pkg" "$1.nuspec")
    for want in '<license type="expression">MIT</license>' '<readme>README.md</readme>' '<description>' '<authors>'; do
        if ! grep -qF "$want" <<<"$nuspec"; then
            echo "package-smoke: FAIL: $1's nuspec lacks $want" >&2
            exit 1
        fi
    done
    local listing
    listing=$(unzip -l "$pkg")
    if ! grep -q " README.md$" <<<"$listing"; then
        echo "package-smoke: FAIL: $1 has no README.md" >&2
        exit 1
    fi
    if [ ! -s "$feed/$1.$version.snupkg" ]; then
        echo "package-smoke: FAIL: no symbols package $1.$version.snupkg" >&2
        exit 1
    fi
    echo "package-smoke: $1 metadata ok (license, readme, description, authors, symbols)"
}
for package in FastSerialization FastSerialization.Files FastSerialization.Ipc FastSerialization.Ipc.Hosting FastSerialization.BinaryFormatterImport \
               FastSerialization.DependencyInjection FastSerialization.Grpc FastSerialization.Caching; do
    check_metadata "$package"
done
# The .NET Framework 4.8 build (docs/MIGRATION.md, "A .NET Framework service next to .NET 10 ones") is in the package.
ipc_listing="$(unzip -l "$feed/FastSerialization.Ipc.$version.nupkg")"
for tfm in netstandard2.0 net8.0 net10.0; do
    if ! grep -q " lib/$tfm/FastSerialization.Ipc.dll$" <<<"$ipc_listing"; then
        echo "package-smoke: FAIL: FastSerialization.Ipc has no lib/$tfm build" >&2
        exit 1
    fi
done
bfi_nuspec=$(unzip -p "$feed/FastSerialization.BinaryFormatterImport.$version.nupkg" FastSerialization.BinaryFormatterImport.nuspec)
for want in 'id="System.Formats.Nrbf"' 'id="FastSerialization"'; do
    if ! grep -qF "$want" <<<"$bfi_nuspec"; then
        echo "package-smoke: FAIL: FastSerialization.BinaryFormatterImport's nuspec lacks the dependency $want" >&2
        exit 1
    fi
done

# FastSerialization's packages may only come from the local folder; anything else from the machine's usual source. One
# file above the four apps' folders, found by each.
cat > "$work/nuget.config" <<XML
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="smoke-local" value="$feed" />
    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" protocolVersion="3" />
  </packageSources>
  <packageSourceMapping>
    <packageSource key="smoke-local">
      <package pattern="FastSerialization" />
      <package pattern="FastSerialization.*" />
    </packageSource>
    <packageSource key="nuget.org">
      <package pattern="*" />
    </packageSource>
  </packageSourceMapping>
</configuration>
XML

# A fresh console project file referencing the given packages (from the local folder, at $version).
write_app_project() { # $1 = the .csproj path, then package ids
    local path="$1" refs="" id
    shift
    for id in "$@"; do
        refs+="    <PackageReference Include=\"$id\" Version=\"$version\" />"$'\n'
    done
    cat > "$path" <<XML
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>disable</ImplicitUsings>
    <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
    <RestorePackagesPath>$work/packages</RestorePackagesPath>
  </PropertyGroup>
  <ItemGroup>
${refs}  </ItemGroup>
</Project>
XML
}

# Runs a built app's assembly directly (what `dotnet run --no-build` does, without evaluating the project again).
run_app() { # $1 = the app's folder, $2 = its name, then its arguments
    local dir="$1" name="$2"
    shift 2
    dotnet "$dir/bin/Release/net10.0/$name.dll" "$@"
}

write_app_project "$app/SmokeApp.csproj" FastSerialization FastSerialization.Files

cat > "$app/Program.cs" <<'CS'
using System;
using System.Collections.Generic;
using System.IO;
using FastSerialization;
using FastSerialization.Files;

namespace SmokeApp;

[BinarySerializable]
public partial class Customer
{
    public string? LastName { get; set; }
    public string? FirstName { get; set; }
    public string? Address { get; set; }
    public int Age { get; set; }
    public int Code { get; set; }
}

[BinarySerializable]
public sealed partial record Order(int Id, Customer? Buyer, List<string>? Lines);

public static class Program
{
    public static int Main()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        formatter.Register<Order>(2);

        var customer = new Customer { LastName = "Smith", FirstName = "John", Address = "1 Main Street", Age = 35, Code = 7 };
        byte[] bytes = formatter.SerializeToArray(customer);
        Customer back = formatter.Deserialize<Customer>(bytes);
        Order order = formatter.Deserialize<Order>(formatter.SerializeToArray(new Order(9, customer, new List<string> { "a", "b" })));

        Console.WriteLine($"customer {bytes.Length} bytes: {back.FirstName} {back.LastName}, {back.Address}, {back.Age}, {back.Code}");
        Console.WriteLine($"order {order.Id}: {order.Buyer?.LastName} lines {string.Join(",", order.Lines ?? new List<string>())}");

        // FastSerialization.Files: a record file written, reopened to append, and read by number.
        string path = Path.Combine(Path.GetTempPath(), $"smoke-{Environment.ProcessId}.fsr");
        using (RecordFileWriter writer = RecordFileWriter.Create(path, formatter))
        {
            writer.Append(customer);
        }

        using (RecordFileWriter writer = RecordFileWriter.Open(path, formatter))
        {
            writer.Append(new Order(10, customer, null));
        }

        using (RecordFileReader reader = RecordFileReader.Open(path, formatter))
        {
            Console.WriteLine($"record file: {reader.RecordCount} records, record 1 is order {reader.ReadRecord<Order>(1).Id}");
        }

        File.Delete(path);
        File.Delete(path + ".fsidx");
        File.Delete(path + ".lock");
        return 0;
    }
}
CS


# The migration analyzers (issue 11, docs/ANALYZERS.md): a fresh app still on BinaryFormatter gets FSA001 and FSA002
# from the package; `dotnet format analyzers` applies their code fixes from the package; the app then builds
# with warnings as errors once it has chosen its type ids (the one step left to it) and round-trips through
# CustomBinaryFormatter.
migrate="$work/migrate"
mkdir -p "$migrate"
write_app_project "$migrate/SmokeMigration.csproj" FastSerialization
# As in any app still on BinaryFormatter: the SDK makes SYSLIB0011 (BinaryFormatter and IFormatter are obsolete) an error.
# Its first build keeps warnings as warnings (they are what it checks); the build after the fixes makes them errors.
sed -i 's#</ManagePackageVersionsCentrally>#&\n    <NoWarn>$(NoWarn);SYSLIB0011</NoWarn>#; s#<TreatWarningsAsErrors>true</TreatWarningsAsErrors>#<TreatWarningsAsErrors>false</TreatWarningsAsErrors>#' "$migrate/SmokeMigration.csproj"
cat > "$migrate/Program.cs" <<'CS'
using System;
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;

namespace SmokeMigration;

[Serializable]
public class Customer
{
    public string? Name { get; set; }
    public int Age { get; set; }

    [NonSerialized]
    public string? Session;
}

public static partial class Program
{
    // BinaryFormatter needs no type ids; the migrated program gets them from Registration.cs.
    static partial void Register(object formatter);

    public static int Main()
    {
        var formatter = new BinaryFormatter();
        Register(formatter);
        using var stream = new MemoryStream();
        formatter.Serialize(stream, new Customer { Name = "Ada", Age = 36, Session = "s-1" });
        stream.Position = 0;
        var back = (Customer)formatter.Deserialize(stream);
        Console.WriteLine($"migrated: {back.Name} {back.Age} session={back.Session ?? "null"}");
        return 0;
    }
}
CS

# The checks of the BinaryFormatter app's first build, once the four apps are built (below).
check_legacy_build() {
for id in FSA001 FSA002; do
    if ! grep -q "warning $id:" <<<"$legacy_log"; then
        echo "$legacy_log" >&2
        echo "package-smoke: FAIL: no $id from the package's analyzer in the build output" >&2
        exit 1
    fi
done
echo "package-smoke: the build reports $(grep "warning FSA001:" <<<"$legacy_log" | sort -u | wc -l) FSA001 and $(grep "warning FSA002:" <<<"$legacy_log" | sort -u | wc -l) FSA002 (distinct lines)"
}

# The rest of the BinaryFormatter app, after the four apps' build.
fix_and_run_legacy_app() {
echo "package-smoke: dotnet format analyzers --diagnostics FSA001 FSA002: the package's code fixes"
(cd "$migrate" && dotnet format analyzers SmokeMigration.csproj --no-restore --diagnostics FSA001 FSA002 --severity warn)
for want in 'var formatter = new CustomBinaryFormatter();' '[BinarySerializable]' 'public partial class Customer' '[BinaryIgnore]' 'using FastSerialization;'; do
    if ! grep -qF "$want" "$migrate/Program.cs"; then
        cat "$migrate/Program.cs" >&2
        echo "package-smoke: FAIL: the fixed Program.cs lacks $want" >&2
        exit 1
    fi
done
if grep -q "new BinaryFormatter()" "$migrate/Program.cs"; then
    echo "package-smoke: FAIL: the fixed Program.cs still creates a BinaryFormatter" >&2
    exit 1
fi
cat > "$migrate/Registration.cs" <<'CS'
using FastSerialization;

namespace SmokeMigration;

public static partial class Program
{
    static partial void Register(object formatter) => ((CustomBinaryFormatter)formatter).Register<Customer>(1);
}
CS
(cd "$migrate" && dotnet build -c Release --no-restore --nologo -v:q -p:TreatWarningsAsErrors=true)
output3="$(run_app "$migrate" SmokeMigration)"
echo "$output3"
if [ "$output3" != "migrated: Ada 36 session=null" ]; then
    echo "package-smoke: FAIL: unexpected output from the migrated app; expected: migrated: Ada 36 session=null" >&2
    exit 1
fi
}

# The distributed adapters (issue 12): a second fresh app that adds only FastSerialization.Grpc and
# FastSerialization.Caching (FastSerialization and .DependencyInjection come with them).
app2="$work/app2"
mkdir -p "$app2"
write_app_project "$app2/SmokeDistributed.csproj" FastSerialization.Grpc FastSerialization.Caching

cat > "$app2/Program.cs" <<'CS'
using System;
using System.Threading.Tasks;
using FastSerialization;
using FastSerialization.Caching;
using FastSerialization.Grpc;
using Grpc.Core;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;

namespace SmokeDistributed;

[BinarySerializable]
public sealed partial class Quote
{
    public string? Symbol { get; set; }
    public int Count { get; set; }
}

// What gRPC hands a marshaller, without a server: a buffer writer to write into, a payload to read.
public sealed class Serialization : SerializationContext
{
    public System.Buffers.ArrayBufferWriter<byte> Buffer { get; } = new();
    public override System.Buffers.IBufferWriter<byte> GetBufferWriter() => Buffer;
    public override void Complete() { }
}

public sealed class Deserialization : DeserializationContext
{
    private readonly byte[] _payload;
    public Deserialization(byte[] payload) => _payload = payload;
    public override int PayloadLength => _payload.Length;
    public override System.Buffers.ReadOnlySequence<byte> PayloadAsReadOnlySequence() => new(_payload);
}

public static class Program
{
    public static async Task<int> Main()
    {
        var services = new ServiceCollection();
        services.AddFastSerialization(b => b.Register<Quote>(1));
        services.AddDistributedMemoryCache();
        services.AddHybridCache();
        services.AddFastSerializationCaching();
        await using ServiceProvider sp = services.BuildServiceProvider();

        var formatter = sp.GetRequiredService<CustomBinaryFormatter>();
        Method<Quote, Quote> method = FastMethod.Unary<Quote, Quote>("smoke.Quotes", "Get").ToMethod(formatter);
        var serialization = new Serialization();
        method.RequestMarshaller.ContextualSerializer(new Quote { Symbol = "MSFT", Count = 3 }, serialization);
        byte[] wire = serialization.Buffer.WrittenSpan.ToArray();
        Quote viaGrpc = method.RequestMarshaller.ContextualDeserializer(new Deserialization(wire));

        var cache = sp.GetRequiredService<FastDistributedCache>();
        await cache.SetAsync("q", new Quote { Symbol = "AAPL", Count = 4 });
        Quote? viaCache = await cache.GetAsync<Quote>("q");
        Quote viaHybrid = await sp.GetRequiredService<HybridCache>().GetOrCreateAsync("h", _ => ValueTask.FromResult(new Quote { Symbol = "IBM", Count = 5 }));

        Console.WriteLine($"grpc {wire.Length} bytes: {viaGrpc.Symbol} {viaGrpc.Count}");
        Console.WriteLine($"cache: {viaCache?.Symbol} {viaCache?.Count}; hybrid: {viaHybrid.Symbol} {viaHybrid.Count}");
        return 0;
    }
}
CS

# Run after the four apps' build (below).
run_distributed_app() {
for id in fastserialization.grpc fastserialization.caching fastserialization.dependencyinjection; do
    if [ ! -d "$work/packages/$id/$version" ]; then
        echo "package-smoke: FAIL: $id $version was not restored from the local folder" >&2
        exit 1
    fi
done
output2="$(run_app "$app2" SmokeDistributed)"
echo "$output2"
expected2="grpc 7 bytes: MSFT 3
cache: AAPL 4; hybrid: IBM 5"
if [ "$output2" != "$expected2" ]; then
    echo "package-smoke: FAIL: unexpected output from the distributed app; expected:" >&2
    echo "$expected2" >&2
    exit 1
fi
}

# The importer's generated binders (docs/MIGRATION.md, "What needs reflection"): a fresh app that adds only
# FastSerialization.BinaryFormatterImport, with the trimming and AOT analyzers on and warnings as errors, imports a
# payload of the real BinaryFormatter (the importer's golden order.bin) with UsingGeneratedBinders: the package's
# generator wrote the binders of its partial types.
app3="$work/app3"
mkdir -p "$app3"
cp "$root/tests/FastSerialization.BinaryFormatterImport.Tests/Golden/order.bin" "$app3/order.bin"
write_app_project "$app3/SmokeImport.csproj" FastSerialization.BinaryFormatterImport
sed -i 's#</PropertyGroup>#  <EnableTrimAnalyzer>true</EnableTrimAnalyzer>\n    <EnableAotAnalyzer>true</EnableAotAnalyzer>\n  </PropertyGroup>#' "$app3/SmokeImport.csproj"
cat > "$app3/Program.cs" <<'CS'
using System;
using System.Collections.Generic;
using System.IO;
using FastSerialization;
using FastSerialization.BinaryFormatterImport;

namespace SmokeImport;

[BinaryFormatterType("Legacy.Order")]
public sealed partial class Order
{
    public long Number { get; init; }
    public Customer? Customer { get; init; }
    public IReadOnlyList<OrderLine>? Lines { get; init; }
}

[BinaryFormatterType("Legacy.Customer")]
public sealed partial class Customer
{
    public string? Name { get; private set; }
}

[BinaryFormatterType("Legacy.OrderLine")]
public sealed partial record OrderLine(string? Sku, int Quantity, double Price);

public static class Program
{
    public static int Main(string[] args)
    {
        var importer = BinaryFormatterImporter.UsingGeneratedBinders(new CustomBinaryFormatter(), new BinaryFormatterImportOptions().MapType<Order>("Legacy.Order"));
        var order = (Order)importer.Import(File.ReadAllBytes(args[0]))!;
        Console.WriteLine($"imported order {order.Number} of {order.Customer?.Name}: {order.Lines?.Count} lines, {order.Lines?[1].Sku}");
        return 0;
    }
}
CS
# The four apps in one build (one restore, the projects side by side): the BinaryFormatter app with warnings as
# warnings (its csproj), the others with warnings as errors (theirs).
cat > "$work/apps.slnx" <<XML
<Solution>
  <Project Path="app/SmokeApp.csproj" />
  <Project Path="migrate/SmokeMigration.csproj" />
  <Project Path="app2/SmokeDistributed.csproj" />
  <Project Path="app3/SmokeImport.csproj" />
</Solution>
XML
echo "package-smoke: building four fresh apps against the packed packages in one build (the BinaryFormatter app's analyzers must report it; the importer app has the trimming and AOT analyzers on)"
apps_log="$work/apps.log"
if ! dotnet build "$work/apps.slnx" -c Release --nologo -v:q >"$apps_log" 2>&1; then
    cat "$apps_log" >&2
    echo "package-smoke: FAIL: the fresh apps did not build" >&2
    exit 1
fi
legacy_log="$(grep "SmokeMigration.csproj" "$apps_log" || true)"
if grep -v "SmokeMigration.csproj" "$apps_log" | grep -q "warning "; then
    cat "$apps_log" >&2
    echo "package-smoke: FAIL: warnings in the apps built with warnings as errors" >&2
    exit 1
fi

# The restored package must be the one just packed, from the local folder.
if [ ! -f "$work/packages/fastserialization/$version/analyzers/dotnet/cs/FastSerialization.Generator.dll" ]; then
    echo "package-smoke: FAIL: FastSerialization $version was not restored from the local folder" >&2
    exit 1
fi

output="$(run_app "$app" SmokeApp)"
echo "$output"
expected="customer 32 bytes: John Smith, 1 Main Street, 35, 7
order 9: Smith lines a,b
record file: 2 records, record 1 is order 10"
if [ "$output" != "$expected" ]; then
    echo "package-smoke: FAIL: unexpected output; expected:" >&2
    echo "$expected" >&2
    exit 1
fi

check_legacy_build
fix_and_run_legacy_app
run_distributed_app

if [ ! -d "$work/packages/fastserialization.binaryformatterimport/$version" ]; then
    echo "package-smoke: FAIL: fastserialization.binaryformatterimport $version was not restored from the local folder" >&2
    exit 1
fi
output4="$(cd "$app3" && run_app "$app3" SmokeImport order.bin)"
echo "$output4"
if [ "$output4" != "imported order 77 of Ada: 2 lines, B-22" ]; then
    echo "package-smoke: FAIL: unexpected output from the import app; expected: imported order 77 of Ada: 2 lines, B-22" >&2
    exit 1
fi

echo "package-smoke: OK"
