#!/usr/bin/env bash
# Runs every benchmark of benchmarks/FastSerialization.Benchmarks in its shortest mode, so none can rot:
# every BenchmarkDotNet benchmark with --job Dry (203 in the main project, issue 45's Invoice, issue 46's DepartmentGraph and issue 48's evolvable trade array
# and DepartmentGraphDeepClone included: each contender's round trip, or graph shape, checked in its setup), then the
# latency, seed-table and ipc modes with small counts. Dry jobs run in process (BenchmarkDotNet's in-process toolchain):
# no generated project is built and no process started per benchmark, because measuring is not the point here; the full runs (run-full.sh) keep a process per benchmark. When FS_GRPC_REPORT names a report that
# .ci/run's GrpcDemo step has just written, that sample is not run a second time.
# Exits non-zero on any failure: a build error, a non-zero exit of the program, or a benchmark that
# BenchmarkDotNet reports as failed / without a result (the program checks the summaries itself and
# returns 1; this script also greps the output for BenchmarkDotNet's failure markers as a second line).
# Reports go to a temporary directory: the committed reports in benchmarks/results/ are left alone.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
project="$root/benchmarks/FastSerialization.Benchmarks"
out="$(mktemp -d "${TMPDIR:-/tmp}/fastserialization-bench-dry.XXXXXX")"
log="$out/bdn.log"
start=$(date +%s)

# The four benchmark projects are built once, together (benchmarks/benchmarks.slnf: the libraries they share compile
# once), and each run below uses --no-build. FS_BENCH_NO_BUILD=1: the caller has just built them in Release (.ci/run
# does, in its one Release build of the samples and benchmarks, .ci/release.slnf).
if [ "${FS_BENCH_NO_BUILD:-0}" = 1 ]; then
  echo "== build: skipped (FS_BENCH_NO_BUILD=1: the benchmark projects were built in Release before this script)"
else
  echo "== build (Release): the four benchmark projects in one build (benchmarks/benchmarks.slnf)"
  dotnet build -c Release "$root/benchmarks/benchmarks.slnf" -nologo -v quiet
fi

echo "== BenchmarkDotNet, every benchmark, --job Dry (reports: $out)"
status=0
dotnet run -c Release --no-build --project "$project" -- --filter '*' --job Dry --results "$out" 2>&1 | tee "$log" || status=$?
if [ "$status" -ne 0 ]; then
  echo "run-dry: the BenchmarkDotNet run exited with $status" >&2
  exit 1
fi
# Second line of defence, in case a failure slipped past the program's own check.
# (Not a grep for "NA" cells: a Dry job's single iteration has no Error column value, printed NA.)
if grep -E -q "BENCHMARK FAILURE|Benchmarks with issues|ExitCode != 0" "$log"; then
  grep -E -A5 "BENCHMARK FAILURE|Benchmarks with issues|ExitCode != 0" "$log" >&2 || true
  echo "run-dry: BenchmarkDotNet reported a failed benchmark" >&2
  exit 1
fi
if ! grep -q "^All [0-9]* benchmarks ran" "$log"; then
  echo "run-dry: the run did not confirm that every benchmark ran" >&2
  exit 1
fi

echo "== latency mode, small count"
dotnet run -c Release --no-build --project "$project" -- latency --count 20000 --bf-count 2000 --results "$out"

echo "== seed-table mode, small count"
dotnet run -c Release --no-build --project "$project" -- seedtable --count 50000 --bf-count 2000 --results "$out"

echo "== ipc mode (two processes, Unix socket and shared memory), small counts"
status=0
timeout 120 dotnet run -c Release --no-build --project "$project" -- ipc --messages 20000 --pings 500 --warm-up-seconds 0 --results "$out" || status=$?
if [ "$status" -ne 0 ]; then
  echo "run-dry: the ipc mode exited with $status" >&2
  exit 1
fi

echo "== record files: every BenchmarkDotNet benchmark with --job Dry on 100,000 trades, then the random-access run"
files_project="$root/benchmarks/FastSerialization.Files.Benchmarks"
FS_FILES_BENCH_RECORDS=100000 dotnet run -c Release --no-build --project "$files_project" -- --filter '*' --job dry --results "$out/files" 2>&1 | tee "$out/files.log"
grep -q "^All [0-9]* record-file benchmarks ran" "$out/files.log" || { echo "run-dry: a record-file benchmark failed" >&2; exit 1; }
FS_FILES_BENCH_RECORDS=100000 dotnet run -c Release --no-build --project "$files_project" -- random --reads 2000 --results "$out/files"
[ -s "$out/files/record-files-random.md" ] || { echo "run-dry: record-files-random.md was not written" >&2; exit 1; }

echo "== importing BinaryFormatter payloads (FastSerialization.BinaryFormatterImport.Benchmarks), --job Dry"
import_project="$root/benchmarks/FastSerialization.BinaryFormatterImport.Benchmarks"
dotnet run -c Release --no-build --project "$import_project" -- --job dry --results "$out/import" 2>&1 | tee "$out/import.log"
grep -q "^All [0-9]* import benchmarks ran" "$out/import.log" || { echo "run-dry: an import benchmark failed" >&2; exit 1; }
[ -s "$out/import/binaryformatter-import.md" ] || { echo "run-dry: binaryformatter-import.md was not written" >&2; exit 1; }

echo "== HybridCache over Redis (FastSerialization.Caching.Benchmarks), --job Dry"
cache_project="$root/benchmarks/FastSerialization.Caching.Benchmarks"
status=0
timeout 300 dotnet run -c Release --no-build --project "$cache_project" -- --filter '*' --job Dry --artifacts "$out/caching" 2>&1 | tee "$out/caching.log" || status=$?
if [ "$status" -ne 0 ] || ! grep -q "^All [0-9]* benchmarks ran\.$" "$out/caching.log"; then
  echo "run-dry: the caching benchmarks failed" >&2
  exit 1
fi

echo "== gRPC over loopback (samples/GrpcDemo), small counts"
if [ -n "${FS_GRPC_REPORT:-}" ] && [ -s "$FS_GRPC_REPORT" ]; then
  # .ci/run has just run the same sample with a report: keeping it alive once is enough.
  echo "the GrpcDemo sample already ran in this CI run; its report: $FS_GRPC_REPORT"
  cp "$FS_GRPC_REPORT" "$out/grpc.md"
else
  status=0
  timeout 300 dotnet run -c Release --project "$root/samples/GrpcDemo" -- --pings 300 --messages 10000 --rounds 1 --warmup 300 --report "$out/grpc.md" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "run-dry: the gRPC run exited with $status" >&2
    exit 1
  fi
fi

for f in summary.md latency.md seed-table.md ipc.md grpc.md; do
  [ -s "$out/$f" ] || { echo "run-dry: $f was not written" >&2; exit 1; }
done

echo "run-dry: all benchmarks ran in $(( $(date +%s) - start )) s; reports in $out"
