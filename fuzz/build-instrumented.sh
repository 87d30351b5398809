#!/usr/bin/env bash
# Builds the harness into fuzz/out/<name>/bin and instruments the libraries it fuzzes with SharpFuzz
# (installing afl++ and the SharpFuzz.CommandLine tool first when they are missing). An uninstrumented
# copy goes to fuzz/out/<name>/plain: the instrumented one runs only under afl-fuzz (outside it, the
# instrumentation writes to shared memory that is not there), so "replay" runs the plain one.
# Usage: fuzz/build-instrumented.sh NAME     Prints the harness path on its last line.
# FUZZ_PREBUILT=1: copy the harness's Release build (FastSerialization.Fuzz/bin/Release/net10.0) instead of building it.
set -euo pipefail
cd "$(dirname "$0")"
name=${1:?usage: build-instrumented.sh NAME}
out="$PWD/out/$name/bin"

if ! command -v afl-fuzz >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing afl++ (apt-get)" >&2
    (DEBIAN_FRONTEND=noninteractive apt-get install -y -qq afl++ >/dev/null 2>&1) \
      || (apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq afl++ >/dev/null)
  else
    echo "afl-fuzz is missing: install AFL++ (Debian/Ubuntu: sudo apt-get install -y afl++)" >&2
    exit 1
  fi
fi

# SharpFuzz.CommandLine is a local tool (fuzz/dotnet-tools.json).
dotnet tool restore >/dev/null

plain="$PWD/out/$name/plain"
rm -rf "$out" "$plain"
if [ "${FUZZ_PREBUILT:-0}" = 1 ]; then
  # The harness was built in Release just before, with the other Release projects (.ci/run's .ci/release.slnf): copy
  # its output instead of building it again into a folder of its own (-o compiles every project it references again).
  built="$PWD/FastSerialization.Fuzz/bin/Release/net10.0"
  [ -f "$built/FastSerialization.Fuzz.dll" ] || { echo "FUZZ_PREBUILT=1, but $built holds no Release build of the harness" >&2; exit 1; }
  mkdir -p "$(dirname "$out")"
  cp -r "$built" "$out"
else
  dotnet build FastSerialization.Fuzz/FastSerialization.Fuzz.csproj -c Release -o "$out" -nologo -v quiet -warnaserror >&2
fi
cp -r "$out" "$plain"

# Instrument what the fuzzer should learn from: our four libraries, the generated code of the models, and
# System.Formats.Nrbf (the decoder under the BinaryFormatter importer).
for dll in FastSerialization.dll FastSerialization.Ipc.dll FastSerialization.Files.dll FastSerialization.BinaryFormatterImport.dll \
  System.Formats.Nrbf.dll FastSerialization.Fuzz.Targets.dll; do
  dotnet tool run sharpfuzz "$out/$dll" >&2
done

echo "$out/FastSerialization.Fuzz.dll"
