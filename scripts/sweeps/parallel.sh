#!/usr/bin/env bash
# A seed sweep on one machine with GNU parallel: 4 shards of 20000 seeds,
# one worker each, merged into one report.
#   scripts/sweeps/parallel.sh projects/example.hewn.json 5 > depth5.json
set -euo pipefail
project=${1:?project file}
depth=${2:?depth}
out=$(mktemp -d)
parallel -j 4 hewn stats "$project" --depth "$depth" --seeds 20000 --workers 1 \
  --shard {}/4 --out "$out/shard-{}.json" ::: 0 1 2 3
hewn stats merge "$out"/shard-*.json
rm -rf "$out"
