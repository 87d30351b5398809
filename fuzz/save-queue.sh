#!/usr/bin/env bash
# Replaces corpus/queue (the replay test runs every file of it) with the AFL++ queues of one or more campaigns
# together with the queue committed now, minimized with afl-cmin (minimize-queue.sh: the fewest, smallest inputs
# that keep every edge and hit-count bucket of the whole), named queue-NAME-NNNNNN (AFL's names hold colons),
# leaving out inputs over 4 KB (the repository keeps the small ones). A campaign of one target (run-campaign.sh's
# third argument, recorded in out/NAME/target) fed every input to that target whatever its first byte: its inputs
# get that target's selector byte here, so that they replay on the same target without FUZZ_TARGET.
# Usage: fuzz/save-queue.sh [NAME...]   (default "campaign": fuzz/out/NAME/afl/default/queue)
set -euo pipefail
cd "$(dirname "$0")"
[ $# -gt 0 ] || set -- campaign
for name in "$@"; do
  [ -d "out/$name/afl/default/queue" ] || { echo "no queue at out/$name/afl/default/queue"; exit 1; }
done
staging=out/queue-staging
rm -rf "$staging"
mkdir -p "$staging"
[ -d corpus/queue ] && cp corpus/queue/* "$staging"/
n=0
for name in "$@"; do
  selector=""
  if [ -f "out/$name/target" ]; then
    target=$(cat "out/$name/target")
    selector=$(dotnet run -c Release --project FastSerialization.Fuzz -- selector "$target" | tail -1)
  fi
  for f in "out/$name/afl/default/queue"/id:*; do
    [ "$(stat -c %s "$f")" -le 4096 ] || continue
    [ "$(stat -c %s "$f")" -ge 1 ] || continue
    id=${f##*/id:}
    out="$staging/queue-$name-${id%%,*}"
    cp "$f" "$out"
    if [ -n "$selector" ]; then
      printf "$(printf '\\x%02x' "$selector")" | dd of="$out" bs=1 count=1 conv=notrunc status=none
    fi
    n=$((n + 1))
  done
done
echo "$n inputs of the campaigns, $(find "$staging" -type f | wc -l) with the committed queue; minimizing them with afl-cmin:"
rm -rf out/queue-minimized
bash ./minimize-queue.sh "$staging" out/queue-minimized
rm -rf corpus/queue
mkdir -p corpus/queue
cp out/queue-minimized/queue-* corpus/queue/
echo "$(find corpus/queue -type f | wc -l) inputs saved to fuzz/corpus/queue ($(du -sh --apparent-size corpus/queue | cut -f1))"
