#!/usr/bin/env bash
# Names per second of the command line (cli/, release build) on a million names made from the
# benchmark corpora (data/bench/*.txt, comment lines left out), with --summary, the text output
# and --json, each written to /dev/null. Best of three runs; the machine's noise applies.
#   tools/cli-throughput.sh [NAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
cargo build -q --release -p idn-hostname-cli
bin="${CARGO_TARGET_DIR:-target}/release/idn-hostname"
input=$(mktemp)
trap 'rm -f "$input"' EXIT
# The corpora repeated until there are n names (the U-label and A-label columns, one a line).
grep -hv '^#' data/bench/*.txt | tr '\t' '\n' | grep -v '^$' |
  awk -v n="$n" '{ name[NR] = $0 } END { for (i = 0; i < n; i++) print name[i % NR + 1] }' > "$input"
for mode in "--summary" "" "--json"; do
  best=
  for _ in 1 2 3; do
    start=$(date +%s%N)
    # shellcheck disable=SC2086 # an empty mode is no argument
    "$bin" $mode < "$input" > /dev/null || [ $? -eq 1 ]
    t=$(( $(date +%s%N) - start ))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  awk -v m="${mode:-text}" -v n="$n" -v ns="$best" \
    'BEGIN { printf "%-10s %d names in %.3f s: %.0f names/s\n", m, n, ns / 1e9, n / (ns / 1e9) }'
done
