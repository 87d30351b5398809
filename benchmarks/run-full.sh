#!/usr/bin/env bash
# The full run, by hand (not CI): every BenchmarkDotNet benchmark with the project's short-but-real
# default job, then the per-message latency run and the seed article's table, all reports written to
# benchmarks/results/ (commit them), then the two-process IPC run. Takes about an hour on a 2-core machine
# (estimated when it had 122 BenchmarkDotNet benchmarks at about 12 s each; the full run of 139 took 40 minutes, about
# 17 s each, and there are 171 since issue 48's peers and 192 since issue 45's Invoice and issue 46's graph and deep-copy
# classes: about an hour; then the other modes).
# Options: LATENCY_COUNT (default 1000000), SEEDTABLE_COUNT (default 10000000), SEEDTABLE_BF_COUNT
# (default SEEDTABLE_COUNT/10: BinaryFormatter is timed on fewer objects and scaled, as the report says),
# IPC_MESSAGES (default 5000000), IPC_PINGS (default 100000), IPC_PAIRS (default 3: process pairs per setup),
# GRPC_PINGS (default 20000), GRPC_MESSAGES (default 1000000), GRPC_ROUNDS (default 4).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
project="$here/FastSerialization.Benchmarks"
latency_count="${LATENCY_COUNT:-1000000}"
seed_count="${SEEDTABLE_COUNT:-10000000}"
seed_bf_count="${SEEDTABLE_BF_COUNT:-$(( seed_count / 10 ))}"
ipc_messages="${IPC_MESSAGES:-5000000}"
ipc_pings="${IPC_PINGS:-100000}"
ipc_pairs="${IPC_PAIRS:-3}"

dotnet build -c Release "$project" -nologo -v quiet
dotnet run -c Release --no-build --project "$project" -- --filter '*'
dotnet run -c Release --no-build --project "$project" -- latency --count "$latency_count"
dotnet run -c Release --no-build --project "$project" -- seedtable --count "$seed_count" --bf-count "$seed_bf_count"
dotnet run -c Release --no-build --project "$project" -- ipc --messages "$ipc_messages" --pings "$ipc_pings" --pairs "$ipc_pairs"

# Record files: the BenchmarkDotNet run (2,000,000 trades), random access timed one read at a time, the block codecs side by
# side (benchmarks/results/record-files-codecs.md), then the long crash loop
# and bit-flip sweep (CI runs them for seconds). Copy the figures into benchmarks/results/record-files.md.
files_project="$here/FastSerialization.Files.Benchmarks"
dotnet run -c Release --project "$files_project" -- --filter '*'
dotnet run -c Release --no-build --project "$files_project" -- random --reads 100000
dotnet run -c Release --no-build --project "$files_project" -- codecs
FS_FILES_CRASH_SECONDS="${FILES_CRASH_SECONDS:-180}" FS_FILES_SWEEP_RECORDS="${FILES_SWEEP_RECORDS:-80}" \
  dotnet test "$here/../tests/FastSerialization.Files.Tests" -c Release --filter "FullyQualifiedName~CrashTests|FullyQualifiedName~EveryBitFlipped" --logger "console;verbosity=detailed"

# gRPC over loopback and HybridCache over Redis (issue 12): both need redis-server for the second one.
dotnet run -c Release --project "$here/../samples/GrpcDemo" -- --pings "${GRPC_PINGS:-20000}" --messages "${GRPC_MESSAGES:-1000000}" --rounds "${GRPC_ROUNDS:-4}" --report "$here/results/grpc.md"
dotnet run -c Release --project "$here/FastSerialization.Caching.Benchmarks" -- --filter '*' --job Short --artifacts "${TMPDIR:-/tmp}/fastserialization-caching-bench"

# Importing BinaryFormatter payloads (issue 11): the importer next to BinaryFormatter.Deserialize; writes
# benchmarks/results/binaryformatter-import.md.
dotnet run -c Release --project "$here/FastSerialization.BinaryFormatterImport.Benchmarks"
