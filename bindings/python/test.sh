#!/usr/bin/env bash
# The Python package's tests, against the wheel maturin builds (never the source tree): a fresh
# virtual environment in bindings/python/.venv, the pinned packages of requirements-test.txt,
# the wheel built and installed, the crate's command line built for the comparisons, then
# pytest over tests/. pytest's exit status 5 (no test collected) is a failure.
#
#   bindings/python/test.sh            (also a step of tools/test.sh)
#   PYTHON=python3.12 bindings/python/test.sh
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(cd ../.. && pwd)
# Cargo's output: CI points CARGO_TARGET_DIR elsewhere than the clone it tests.
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
VENV=$PWD/.venv
PYTHON=${PYTHON:-python3}

step() { echo "bindings/python/test.sh: $*" >&2; }

# PySpark needs a Java runtime (17 or newer).
if ! command -v java >/dev/null; then
  step "no java: installing Debian's default-jre-headless"
  apt-get update -qq && apt-get install -y -qq default-jre-headless
fi

step "a fresh virtual environment ($VENV), pinned packages"
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/pip" install -q --disable-pip-version-check -r requirements-test.txt

step "the wheel (maturin build --release)"
WHEELS=$TARGET/wheels
rm -rf "$WHEELS"
"$VENV/bin/maturin" build -q --release --locked -o "$WHEELS"
"$VENV/bin/pip" install -q --disable-pip-version-check --no-deps "$WHEELS"/idn_hostname-*.whl

step "the crate's command line, for the comparisons"
cargo build -q --release --locked -p idn-hostname-cli
export IDN_HOSTNAME_CLI=$TARGET/release/idn-hostname

step "pytest"
set +e
"$VENV/bin/python" -m pytest -q -p no:cacheprovider tests
status=$?
set -e
if [ "$status" -eq 5 ]; then
  step "pytest collected no test: failure"
  exit 1
fi
exit "$status"
