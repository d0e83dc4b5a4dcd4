#!/usr/bin/env bash
# Mutation testing of the library with cargo-mutants 27.1.0: each mutant (a `<` made `<=`, a
# function body replaced by a default value, ...) is built and the tests run; a mutant they
# pass is "missed", a change of the code no test notices. What is mutated, the tests that run
# and the mutants shown to be equivalent are in .cargo/mutants.toml. docs/testing.md has the
# figures.
#
#   tools/mutants.sh shard K/N        # shard K (0 to N-1) of the whole crate, one sitting each
#   tools/mutants.sh file PATH...     # the mutants of these files (src/bidi.rs ...)
#   tools/mutants.sh ratchet          # the mutants of the lines of src/ changed since the commit
#                                     # of .cargo/mutants-base; one missed fails
#   tools/mutants.sh shard K/N -- --iterate   # shard K again after a stop, from where it was
#
# Anything after `--` goes to cargo mutants. One mutant at a time (`--in-place` below implies
# it; the development machine has two cores for several builds). The results are in
# $CARGO_TARGET_DIR/mutants/MODE/mutants.out (missed.txt, caught.txt, outcomes.json; the two
# stages of `run` below).
#
# The mutants are made in place, in src/ of this tree, each file restored after its mutant (and
# on an interrupt), and built in target/ of this tree (cargo-mutants sets it, whatever
# CARGO_TARGET_DIR says), so each build is incremental: a copy of the tree would build every
# dependency again on each run. Leave src/ alone while it runs, and see `git status` after a
# run that was killed.
#
# cargo-mutants is installed when missing, from source with its locked dependencies, into
# target/tools of the repository (target/tools/bin/cargo-mutants), not into ~/.cargo: the
# version is this script's, whatever else the machine has.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
version=27.1.0
tools="$root/target/tools"
target="${CARGO_TARGET_DIR:-$root/target}"

usage() {
  sed -n 's/^#   //p' "$0" >&2
  exit 2
}
[ $# -ge 1 ] || usage
mode=$1
shift

if [ "$("$tools/bin/cargo-mutants" mutants --version 2>/dev/null)" != "cargo-mutants $version" ]; then
  echo "mutants.sh: installing cargo-mutants $version into $tools" >&2
  cargo install cargo-mutants --version "=$version" --locked --root "$tools"
fi
export PATH="$tools/bin:$PATH"

# The property tests draw their cases from one fixed seed (proptest reads it from the
# environment), so that a mutant is caught or missed alike on every machine and in every run:
# with a new seed each run, a mutant that only some draws catch is caught or missed by luck.
# Nor are the cases that failed under a mutant saved (proptest-regressions/) and replayed under
# the next ones: each mutant meets the same cases, whatever ran before it.
export PROPTEST_RNG_SEED="${PROPTEST_RNG_SEED:-1}"
export PROPTEST_DISABLE_FAILURE_PERSISTENCE=1

# The arguments of the mode, then those after `--`.
args=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  args+=("$1")
  shift
done
[ $# -gt 0 ] && shift
extra=("$@")

# The suites of .cargo/mutants.toml that take most of the tests' time (the IdnaTestV2.txt
# conformance under its flag sets, 40 to 60 s on two loaded cores, and the differential of the
# formats, 16 s; the others together some 10 s). Each mutant is tested first without them;
# only those the others miss are tested again, with every suite, so the answers are those of
# the whole list and a mutant caught by these suites alone is told apart (caught.txt of the
# second stage). A mutant that times out in the first stage is not tested again: it made the
# tests of that stage hang or crawl, and would do so again, longer.
slow=(uts46_conformance differential)

# Checks that cargo compiled the crate again for every mutant of the logs in $1: cargo decides
# what to rebuild from the files its last build read, and where another copy of the crate was
# built in the same target directory under the same name and version (the unpacked package of
# .ci/run, before it cleaned it), those are the copy's files, which no mutant changes; each
# mutant then runs the tests of the unchanged crate and is reported missed.
check_rebuilt() {
  local log stale=()
  for log in "$1"/log/*.log; do
    [ -e "$log" ] || continue
    case "$log" in */baseline.log) continue ;; esac
    grep -q '^ *Compiling idn-hostname' "$log" || stale+=("$log")
  done
  if [ ${#stale[@]} -gt 0 ]; then
    echo "mutants.sh: ${#stale[@]} mutants were tested without cargo compiling the crate again (it took its sources as unchanged), so their results say nothing; for example ${stale[0]}" >&2
    return 8
  fi
}

# `--re` and a regular expression of each mutant name given, that name alone, one a line.
name_res() {
  local name
  for name in "$@"; do
    printf -- '--re\n^%s$\n' "$(printf '%s' "$name" | sed 's/[][\\.*^$(){}+?|]/\\&/g')"
  done
}

# Runs cargo mutants in the two stages above, output in $target/mutants/$1: mutants.out is the
# last stage's, mutants.out.old the first's when there were two. Exit status 2 when a mutant
# is missed by every suite, else 3 when one timed out in either stage (cargo-mutants' codes).
run() {
  local out="$target/mutants/$1"
  shift
  mkdir -p "$out"
  # `--iterate` (after `--`) takes up a run that was stopped: the mutants its output has as
  # caught or unviable are not tested again (cargo-mutants reads them from mutants.out).
  case " ${extra[*]} " in
    *" --iterate "*) ;;
    *) rm -rf "$out/mutants.out" "$out/mutants.out.old" ;;
  esac
  local quick="$out/quick.toml" pattern
  pattern=$(printf '|"%s"' "${slow[@]}")
  grep -Ev "^ *\"--test\", (${pattern#|}),\$" .cargo/mutants.toml >"$quick"
  local status=0
  echo "mutants.sh: first stage, without ${slow[*]}" >&2
  cargo mutants --in-place --config "$quick" --output "$out" "$@" "${extra[@]}" || status=$?
  check_rebuilt "$out/mutants.out" || return
  case "$status" in
    0 | 2 | 3) ;;
    *) return "$status" ;;
  esac
  local timeouts=0 missed=()
  [ -s "$out/mutants.out/timeout.txt" ] && timeouts=1
  mapfile -t missed <"$out/mutants.out/missed.txt"
  [ ${#missed[@]} -gt 0 ] || { [ "$timeouts" -eq 0 ] || return 3; return 0; }
  echo "mutants.sh: second stage, every suite, on the ${#missed[@]} mutants missed" >&2
  local res=()
  mapfile -t res < <(name_res "${missed[@]}")
  # Not the first stage's `--shard` nor its `--re` (the names are already those it chose: a
  # shard of them would leave most out, another `--re` would add to them) nor its
  # `--timeout`, which cargo-mutants applies to the unmutated baseline too, and which every
  # suite passes (85 s): its own timeout then, from that baseline.
  local given=("$@" "${extra[@]}") kept=() i=0
  while [ "$i" -lt "${#given[@]}" ]; do
    case "${given[$i]}" in
      --shard | --timeout | -t | --re | -F) i=$((i + 2)) ;;
      --shard=* | --timeout=* | --re=*) i=$((i + 1)) ;;
      *)
        kept+=("${given[$i]}")
        i=$((i + 1))
        ;;
    esac
  done
  status=0
  cargo mutants --in-place --output "$out" "${kept[@]}" "${res[@]}" || status=$?
  check_rebuilt "$out/mutants.out" || return
  case "$status" in
    2) return 2 ;;
    0) [ "$timeouts" -eq 0 ] || return 3 ;;
  esac
  return "$status"
}

case "$mode" in
  shard)
    [ ${#args[@]} -eq 1 ] && [[ ${args[0]} =~ ^[0-9]+/[0-9]+$ ]] || usage
    case " ${extra[*]} " in
      *" --iterate "*)
        # cargo-mutants leaves out what was caught before it cuts the list into shards, which
        # would make another slice of it: the shard is named mutant by mutant instead.
        mapfile -t names < <(cargo mutants --list --shard "${args[0]}")
        mapfile -t res < <(name_res "${names[@]}")
        run "shard-${args[0]/\//-of-}" "${res[@]}"
        ;;
      *) run "shard-${args[0]/\//-of-}" --shard "${args[0]}" ;;
    esac
    ;;
  file)
    [ ${#args[@]} -ge 1 ] || usage
    files=()
    for f in "${args[@]}"; do
      [ -f "$f" ] || { echo "mutants.sh: no file $f" >&2; exit 2; }
      files+=(--file "$f")
    done
    name=$(printf '%s\n' "${args[@]}" | sed 's|^src/||; s|\.rs$||; s|/|-|g' | paste -sd+)
    run "file-$name" "${files[@]}"
    ;;
  ratchet)
    [ ${#args[@]} -eq 0 ] || usage
    base=$(sed -n 's/^\([0-9a-f]\{7,40\}\).*/\1/p' .cargo/mutants-base | head -n 1)
    [ -n "$base" ] || { echo "mutants.sh: no commit in .cargo/mutants-base" >&2; exit 2; }
    diff="$target/mutants/ratchet.diff"
    mkdir -p "$target/mutants"
    git diff "$base" -- src/ >"$diff"
    echo "mutants.sh: the mutants of $(grep -c '^+[^+]' "$diff" || true) added or changed lines of src/ since $base" >&2
    # Exit status 2: a mutant missed; 3: one timed out and none missed (a hang is noticed, but
    # a loaded machine also makes them, so it is said and passes); 4: the tests fail unmutated;
    # 8: a mutant was tested without being compiled (run, above).
    status=0
    run ratchet --in-diff "$diff" || status=$?
    case "$status" in
      0) ;;
      3) echo "mutants.sh: a mutant timed out (see timeout.txt in $target/mutants/ratchet/mutants.out and mutants.out.old)" >&2 ;;
      *) exit "$status" ;;
    esac
    ;;
  *) usage ;;
esac
