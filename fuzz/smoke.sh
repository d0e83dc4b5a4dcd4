#!/usr/bin/env bash
# The fuzz smoke of CI: each target for SECONDS (default 60) from the seeds of seed.sh, one job;
# a crash (a panic, or a law of the target broken) fails, and its input is printed.
#
#   fuzz/smoke.sh [SECONDS]
#
# Installs cargo-fuzz 0.13.2 when it is missing; builds with the nightly toolchain as run.sh does.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
seconds="${1:-60}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked --version 0.13.2
"$here/seed.sh" >/dev/null
mkdir -p "$here/logs"
for target in punycode formats uts46; do
  case "$target" in
    punycode) max_len=1024 ;;
    *) max_len=2048 ;;
  esac
  dict=()
  [ -f "$here/dict/$target.dict" ] && dict=(-dict="$here/dict/$target.dict")
  log="$here/logs/$target.smoke.log"
  if ! cargo +nightly fuzz run --fuzz-dir "$here" -s none -a "$target" -- \
    -max_total_time="$seconds" -max_len="$max_len" "${dict[@]}" \
    -print_final_stats=1 > "$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "fuzz smoke: $target failed (log: $log)" >&2
    exit 1
  fi
  echo "fuzz smoke: $target clean, $(sed -n 's/^stat::number_of_executed_units: *//p' "$log") runs in $seconds s" >&2
done
