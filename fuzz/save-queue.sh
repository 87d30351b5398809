#!/usr/bin/env bash
# Copies a campaign's AFL++ queue into corpus/queue (the replay test runs every file of it), named
# queue-NNNNNN (AFL's names hold colons), leaving out inputs over 4 KB (the repository keeps the small ones).
# Usage: fuzz/save-queue.sh [NAME]   (default "campaign": fuzz/out/NAME/afl/default/queue)
set -euo pipefail
cd "$(dirname "$0")"
queue="out/${1:-campaign}/afl/default/queue"
[ -d "$queue" ] || { echo "no queue at $queue"; exit 1; }
rm -rf corpus/queue
mkdir -p corpus/queue
n=0
for f in "$queue"/id:*; do
  [ "$(stat -c %s "$f")" -le 4096 ] || continue
  id=${f##*/id:}
  cp "$f" "corpus/queue/queue-${id%%,*}"
  n=$((n + 1))
done
echo "$n inputs saved to fuzz/corpus/queue ($(du -sh corpus/queue | cut -f1))"
