#!/usr/bin/env bash
# Instructions (callgrind, deterministic) of the functions of benches/security.rs on its corpus:
# the display verdict and the lookalike lookup against `is_idn_hostname`, with their ratios.
# Usage: tools/corpus/security-count.sh [passes] [-v]   (run from the crate root; default 10
# passes; -v also prints, per function, where its instructions go, by callgrind_annotate)
set -euo pipefail
passes="${1:-10}"
verbose="${2:-}"
cargo build --release --quiet -p corpus --bin security_count
bin="${CARGO_TARGET_DIR:-target}/release/security_count"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
ir() { # function passes: instructions inside `run` only (not the corpus and set setup)
  valgrind --tool=callgrind --toggle-collect='security_count::run*' \
    --callgrind-out-file="$out/$1.cg" "$bin" "$@" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
base=$(ir is_idn_hostname "$passes")
printf '%-18s %14s  %s\n' function "instructions" "ratio to is_idn_hostname ($passes passes)"
printf '%-18s %14s  %s\n' is_idn_hostname "$base" 1.00
for f in display_verdict lookalike_lookup; do
  n=$(ir "$f" "$passes")
  printf '%-18s %14s  %s\n' "$f" "$n" "$(python3 -c "print(f'{$n/$base:.2f}')")"
done
if [ "$verbose" = -v ]; then
  for f in is_idn_hostname display_verdict lookalike_lookup; do
    echo "== $f"
    callgrind_annotate --inclusive=no "$out/$f.cg" 2>/dev/null | sed -n '/file:function/,$p' | sed -n '3,25p'
  done
fi
