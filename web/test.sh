#!/usr/bin/env bash
# The web page's tests in a real browser: installs Debian's Chromium when /usr/bin/chromium is
# missing (apt-get), the test packages pinned by test/package.json and test/package-lock.json
# (`npm ci`: puppeteer-core, which downloads no browser, and axe-core), builds the page
# (build.sh) and the crate's command line (the verdicts to compare with), then runs the tests
# with node's test runner against web/dist/ on a local server.
#
#   web/test.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
# Cargo's output: CI points CARGO_TARGET_DIR elsewhere than the clone it tests.
target="${CARGO_TARGET_DIR:-$root/target}"

say() { echo "test.sh (web): $*" >&2; }

if [[ ! -x /usr/bin/chromium ]]; then
  say "installing Debian's chromium (apt-get)"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi

"$here/build.sh"

say "cargo build --release -p idn-hostname-cli (the crate's verdicts to compare with)"
cargo build -q --release -p idn-hostname-cli --manifest-path "$root/Cargo.toml"

say "npm ci in web/test"
(cd "$here/test" && npm ci --no-audit --no-fund --loglevel=error)

say "node --test (Chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{ print $2 }'))"
tap="$(mktemp)"
trap 'rm -f "$tap"' EXIT
cd "$here/test"
IDN_HOSTNAME_ROOT="$root" IDN_HOSTNAME_CLI="$target/release/idn-hostname" \
  node --test --test-concurrency=1 --test-reporter=tap page.test.js | tee "$tap" | grep -E '^# (tests|pass|fail|cancelled|skipped|todo)|^not ok|^# \\# ' >&2
# A failed test's report (its assertion, expected and actual values), which the filter above
# leaves out.
if ! grep -qx '# fail 0' "$tap"; then
  awk '/^not ok/ {show=1} /^ok/ {show=0} show' "$tap" >&2
fi
# Every test ran and passed: none failed, none skipped, none left as a todo.
grep -qE '^# pass [1-9]' "$tap"
grep -qx '# fail 0' "$tap"
grep -qx '# skipped 0' "$tap"
grep -qx '# todo 0' "$tap"
grep -qx '# cancelled 0' "$tap"
