#!/usr/bin/env bash
# The npm package's tests, against what a user installs: builds (build.sh), packs with
# `npm pack`, installs the tarball into a scratch project (target/js-test) beside the test-only
# packages pinned by test/package.json and test/package-lock.json (`npm ci`), and runs the tests
# with node's test runner. The crate's own verdicts, for the comparison tests, come from the
# command line (`idn-hostname --json`), built here.
#
#   bindings/js/test.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scratch="$root/target/js-test"
# Cargo's output: CI points CARGO_TARGET_DIR elsewhere than the clone it tests.
target="${CARGO_TARGET_DIR:-$root/target}"

say() { echo "test.sh (js): $*" >&2; }

"$here/build.sh"

say "cargo build -p idn-hostname-cli (the crate's verdicts to compare with)"
cargo build -q -p idn-hostname-cli --manifest-path "$root/Cargo.toml"

say "npm pack, npm ci in $scratch"
rm -rf "$scratch/test" "$scratch"/idn-hostname-*.tgz "$scratch"/readme-snippet-*.mjs "$scratch"/agents-snippet-*.mjs
mkdir -p "$scratch/test"
(cd "$here" && npm pack --silent --pack-destination "$scratch" >/dev/null)
cp "$here/test/package.json" "$here/test/package-lock.json" "$scratch/"
cp "$here"/test/*.test.js "$here"/test/common.js "$here"/test/types.ts "$scratch/test/"
cd "$scratch"
npm ci --no-audit --no-fund --loglevel=error
npm install --no-save --no-audit --no-fund --loglevel=error ./idn-hostname-*.tgz

if [[ -n "${IDN_HOSTNAME_INSTALL_ONLY:-}" ]]; then
  exit 0 # bench.sh: the scratch project only
fi

say "node --test"
IDN_HOSTNAME_ROOT="$root" IDN_HOSTNAME_CLI="$target/debug/idn-hostname" \
  node --test --test-reporter=tap test/*.test.js | tee "$scratch/tap.txt" | grep -E '^# (tests|pass|fail|cancelled|skipped|todo)|^not ok' >&2
# Every test ran and passed: none failed, none skipped, none left as a todo.
grep -qE '^# pass [1-9]' tap.txt
grep -qx '# fail 0' tap.txt
grep -qx '# skipped 0' tap.txt
grep -qx '# todo 0' tap.txt
grep -qx '# cancelled 0' tap.txt
