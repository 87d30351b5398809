#!/usr/bin/env bash
# A long fuzzing campaign: one AFL++ instance at nice 19, resumable.
# Usage: fuzz/run-campaign.sh [SECONDS] [NAME] [TARGET]    (default 3600 s, NAME "campaign", every target)
# A campaign starts from the seeds and the committed, minimized queue (corpus/seeds and corpus/queue: afl-cmin kept
# the inputs that reach every edge the campaigns so far reached). With TARGET (a name from Targets.Names: span,
# stream-1-byte, sequence, payload, ipc, record-file, importer, graph), every input goes to that one target (FUZZ_TARGET)
# and the campaign starts from that target's seeds and the queue's inputs whose first byte picks it.
# Output: fuzz/out/NAME/afl (AFL++'s folder: queue/, crashes/, hangs/, fuzzer_stats) and fuzz/out/NAME/campaign.log.
# Run it again with the same NAME to resume. Afterwards, replay what it found without AFL:
#   dotnet fuzz/out/NAME/plain/FastSerialization.Fuzz.dll replay fuzz/out/NAME/afl/default/crashes
set -euo pipefail
cd "$(dirname "$0")"
source ./afl-env.sh
seconds=${1:-3600}
name=${2:-campaign}
target=${3:-}
harness=$(bash ./build-instrumented.sh "$name" | tail -1)
afl_out="out/$name/afl"
log="out/$name/campaign.log"
mkdir -p "out/$name"
input="out/$name/seeds"
rm -rf "$input" && mkdir -p "$input"
if [ -n "$target" ]; then
  cp corpus/seeds/"$target"-* "$input"/ || { echo "no seeds for target $target in corpus/seeds"; exit 1; }
  if [ -d corpus/queue ]; then
    dotnet "out/$name/plain/FastSerialization.Fuzz.dll" targets corpus/queue \
      | awk -v t="$target" '$1 == t { print $2 }' | xargs -r cp -t "$input"/
  fi
  export FUZZ_TARGET="$target"
  echo "$target" > "out/$name/target"   # save-queue.sh gives the campaign's inputs this target's selector byte
else
  cp corpus/seeds/* "$input"/
  [ -d corpus/queue ] && cp corpus/queue/* "$input"/
fi
if [ -d "$afl_out/default/queue" ]; then
  input=-   # resume
fi

echo "$(date -u +%FT%TZ) campaign $name: $seconds s, input $input${target:+, target $target only}" | tee -a "$log"
# bash's time counts the CPU of afl-fuzz and of the harness it runs (its children): the campaign's real cost.
TIMEFORMAT="cpu: real %R s, user %U s, sys %S s"
{ time nice -n 19 afl-fuzz -V "$seconds" -i "$input" -o "$afl_out" -t "$AFL_TIMEOUT_MS" -m none -- dotnet "$harness" >>"$log" 2>&1 || true; } 2>>"$log"
grep '^cpu:' "$log" | tail -1
afl_summary "$afl_out/default" | tee -a "$log"
crashes=$(afl_crash_count "$afl_out/default")
echo "$(date -u +%FT%TZ) campaign $name ended: $crashes crash input(s) in $afl_out/default/crashes" | tee -a "$log"
[ "$crashes" -eq 0 ]
