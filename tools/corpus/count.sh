#!/usr/bin/env bash
# Instructions per pass over each corpus, by callgrind (deterministic, unlike time on a shared
# machine), for the functions of benches/formats.rs; prints the same ratios as ratios.py.
# Usage: tools/corpus/count.sh [passes] [only]   (run from the crate root; `only` keeps the rows
# whose corpus starts with it, e.g. `realistic`)
set -euo pipefail
passes="${1:-5}"
only="${2:-}"
cargo build --release --quiet -p corpus --bin count
bin="${CARGO_TARGET_DIR:-target}/release/count"
ir() { # file column function passes
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$@" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
per_pass() { # file column function
  local a b
  a=$(ir "$1" "$2" "$3" 0)
  b=$(ir "$1" "$2" "$3" "$passes")
  echo $(((b - a) / passes))
}
printf '%-12s %-8s %10s %10s %10s %10s %10s | %s\n' corpus form ldh_loop is_hostname is_idn_hostname idna_strict uts46 "idna/ours"
row() { # name file column form
  local ldh host idn idna uts
  case "$1" in "$only"*) ;; *) return ;; esac
  if [ "$4" = u-label ]; then
    ldh=-; host=-
    idn=$(per_pass "$2" "$3" is_idn_hostname)
  else
    ldh=$(per_pass "$2" "$3" ldh_loop)
    host=$(per_pass "$2" "$3" is_hostname)
    idn=$(per_pass "$2" "$3" is_idn_hostname)
  fi
  idna=$(per_pass "$2" "$3" idna_strict)
  uts=$(per_pass "$2" "$3" uts46_to_ascii)
  local ours=$idn
  [ "$4" = u-label ] || ours=$host
  printf '%-12s %-8s %10s %10s %10s %10s %10s | %s\n' "$1" "$4" "$ldh" "$host" "$idn" "$idna" "$uts" \
    "$(python3 -c "print(f'{$idna/$ours:.2f}')")"
}
row ascii data/bench/ascii.txt 0 ascii
for s in latin cyrillic greek arabic hebrew devanagari thai cjk hangul; do
  row "$s" "data/bench/$s.txt" 0 u-label
  row "$s" "data/bench/$s.txt" 1 a-label
done
row long253 data/bench/long.txt 0 u-label
row long253 data/bench/long.txt 1 a-label
row invalid data/bench/invalid.txt 1 invalid
# Names as they occur: the views of realistic.txt (see benches/formats/realistic.rs); the mix
# holds U-forms, so it is counted as those are.
for view in ascii a-label u-label mix; do
  form=$view
  [ "$view" = mix ] && form=u-label
  row "realistic/$view" data/bench/realistic.txt "$view" "$form"
done
# The same views of the second corpus, not tuned on: the valid names of IdnaTestV2.txt.
for view in ascii a-label u-label mix; do
  form=$view
  [ "$view" = mix ] && form=u-label
  row "idnatest/$view" data/bench/idnatest.txt "$view" "$form"
done
