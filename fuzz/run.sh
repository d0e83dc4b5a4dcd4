#!/usr/bin/env bash
# Runs fuzz targets one after another, each for SECONDS (default 600), one job each, and keeps
# libFuzzer's output in fuzz/logs/<target>.log (not committed).
#
#   fuzz/run.sh [SECONDS] TARGET...        e.g. fuzz/run.sh 600 punycode formats
#
# Build: nightly cargo-fuzz, no sanitizer (the crate forbids `unsafe`, so there is no memory
# error for AddressSanitizer to find in it), debug assertions on, which also turns on integer
# overflow checks: an overflow the code does not check for panics and is reported as a crash.
# fuzz/dict/<target>.dict, when there is one, is given to libFuzzer as a dictionary.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
seconds="${1:-600}"
shift
mkdir -p "$here/logs"
for target in "$@"; do
  case "$target" in
    punycode) max_len=1024 ;;
    *) max_len=2048 ;;
  esac
  dict=()
  [ -f "$here/dict/$target.dict" ] && dict=(-dict="$here/dict/$target.dict")
  mkdir -p "$here/corpus/$target"
  # -jobs=1 writes the worker's output to fuzz-0.log in the current directory.
  (cd "$here/logs" && rm -f fuzz-0.log &&
    cargo +nightly fuzz run --fuzz-dir "$here" -s none -a "$target" -- \
      -max_total_time="$seconds" -jobs=1 -max_len="$max_len" -print_final_stats=1 "${dict[@]}" \
      > "$target.driver.log" 2>&1 || true
    mv -f fuzz-0.log "$target.log")
  echo "$target done: $(grep -c . "$here/logs/$target.log") log lines, corpus $(ls "$here/corpus/$target" | wc -l) files"
done
