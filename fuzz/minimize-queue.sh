#!/usr/bin/env bash
# Minimizes a folder of fuzz inputs with afl-cmin: keeps the smallest set of inputs that together hit every
# coverage tuple (an edge and its hit-count bucket) that afl-showmap sees for the whole folder, run through the
# harness built instrumented (fuzz/out/cmin). Then measures both folders again with afl-showmap and prints their
# file counts, sizes and edges. save-queue.sh runs it on the campaigns' queues before they replace corpus/queue.
# The harness is persistent (one process runs input after input), and the IPC target's threads carry on after an
# input ends: the edges of the same folder differ from one run to the next (two runs of the 9,484-file queue of
# 2026-11-24 saw 6,780 and 6,492 edges), so the two folders' counts differ by that noise, not by what an input
# reaches (SECURITY.md, "How this is tested", tells how the minimized queue was checked).
# Usage: fuzz/minimize-queue.sh IN_DIR OUT_DIR      (OUT_DIR must not exist or be empty)
set -euo pipefail
in=$(realpath "${1:?usage: minimize-queue.sh IN_DIR OUT_DIR}")
out=$(realpath -m "${2:?usage: minimize-queue.sh IN_DIR OUT_DIR}")
cd "$(dirname "$0")"
source ./afl-env.sh
harness=$(bash ./build-instrumented.sh cmin | tail -1)
dotnet=$(command -v dotnet)   # afl-cmin wants the target's path

# afl-cmin refuses to work under /tmp; AFL_SKIP_BIN_CHECK (afl-env.sh) makes it skip its one-input check, which
# runs the target without the fork server that SharpFuzz's Fuzzer.Run needs.
afl-cmin -i "$in" -o "$out" -t "$AFL_TIMEOUT_MS" -m none -- "$dotnet" "$harness" > out/cmin/afl-cmin.log 2>&1 \
  || { tail -20 out/cmin/afl-cmin.log; exit 1; }
grep -E '^\[\+\] (Found|Narrowed)' out/cmin/afl-cmin.log

# The edges one afl-showmap run over a folder sees (its tuples without the hit-count bucket).
edges() {
  rm -rf out/cmin/maps && afl-showmap -i "$1" -o out/cmin/maps -t "$AFL_TIMEOUT_MS" -m none -- "$dotnet" "$harness" >/dev/null 2>&1 || true
  cat out/cmin/maps/* | cut -d: -f1 | sort -u
}
describe() {
  local files bytes
  files=$(find "$1" -maxdepth 1 -type f ! -name '.*' | wc -l)
  bytes=$(find "$1" -maxdepth 1 -type f ! -name '.*' -printf '%s\n' | awk '{s += $1} END {print s + 0}')
  echo "$2: $files files, $bytes bytes, $(edges "$1" | tee "out/cmin/edges-$2" | wc -l) edges"
}
describe "$in" before
describe "$out" after
echo "edges only before: $(comm -23 out/cmin/edges-before out/cmin/edges-after | wc -l), only after: $(comm -13 out/cmin/edges-before out/cmin/edges-after | wc -l) (run-to-run noise: see the comment at the top of this script)"
