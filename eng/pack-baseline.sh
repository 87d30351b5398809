#!/usr/bin/env bash
# Packs the previous release named in eng/baseline-release.txt from git history (never from a feed: nothing is
# published yet) and prints the folder holding its packages, for -p:FsBaselinePackages (src/Directory.Build.targets).
#
# The packages of one commit never change, so they are packed once per commit and kept in
# ${FS_BASELINE_CACHE:-~/.cache/fastserialization/baseline}/<commit>/ (moved there whole, so a folder there is always
# complete); on a fresh machine they are packed here, from `git archive` of that commit into a temporary folder.
# Needs the commit in the clone (a shallow clone: git fetch --unshallow, or git fetch origin <commit>).
# Usage: bash eng/pack-baseline.sh   (progress on stderr, the folder on stdout)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
release_file="$root/eng/baseline-release.txt"
version="$(sed -n 's/^version=//p' "$release_file")"
commit="$(sed -n 's/^commit=//p' "$release_file")"
if [ -z "$version" ] || [ -z "$commit" ]; then
    echo "pack-baseline: $release_file must name version=<x.y.z> and commit=<40 hex digits>" >&2
    exit 1
fi

cache="${FS_BASELINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fastserialization/baseline}"
dest="$cache/$commit"
if [ -f "$dest/.complete" ]; then
    echo "pack-baseline: $version ($commit) already packed in $dest" >&2
    echo "$dest"
    exit 0
fi

if ! git -C "$root" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "pack-baseline: the baseline commit $commit ($version) is not in this clone; a shallow clone needs 'git fetch --unshallow' (or 'git fetch origin $commit')" >&2
    exit 1
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/fs-baseline.XXXXXX")"
trap 'rm -rf "$work"' EXIT
tree="$work/tree"
mkdir -p "$tree"
# The sources and the repository-wide build files of that commit (not the fuzzing corpus, samples or benchmarks).
mapfile -t top < <(git -C "$root" ls-tree --name-only "$commit" | grep -Ev '^(fuzz|samples|benchmarks|tests|docs)$')
git -C "$root" archive --format=tar "$commit" -- "${top[@]}" | tar -x -C "$tree"

# Every project under src/ of that commit, packed in one build (the non-packable ones, the generator and analyzers that
# go inside FastSerialization's package, pack nothing).
projects="$(cd "$tree" && find src -mindepth 2 -maxdepth 2 -name '*.csproj' | sort | sed 's/.*/      "&",/' | sed '$ s/,$//')"
cat > "$tree/baseline.slnf" <<JSON
{
  "solution": {
    "path": "FastSerialization.sln",
    "projects": [
$projects
    ]
  }
}
JSON

echo "pack-baseline: packing $version from $commit (once per commit; kept in $dest)" >&2
# Warnings stay warnings (a newer SDK may warn about the old code); no validation, symbols or source control
# queries: only the packages' API is used.
dotnet pack "$tree/baseline.slnf" -c Release -o "$work/packages" -p:Version="$version" \
    -p:TreatWarningsAsErrors=false -p:EnablePackageValidation=false -p:IncludeSymbols=false \
    -p:EnableSourceControlManagerQueries=false -p:EnableSourceLink=false \
    --nologo -v:q >&2

count="$(find "$work/packages" -name "*.$version.nupkg" | wc -l)"
if [ "$count" -eq 0 ]; then
    echo "pack-baseline: packing $commit produced no package" >&2
    exit 1
fi
touch "$work/packages/.complete"
mkdir -p "$cache"
# A rename within one file system: another run sees either no folder or a complete one.
staged="$cache/.$commit.$$"
rm -rf "$staged"
cp -r "$work/packages" "$staged"
if ! mv -T "$staged" "$dest" 2>/dev/null; then
    rm -rf "$staged" # another run put it there first
fi
echo "pack-baseline: $count packages of $version in $dest" >&2
echo "$dest"
