#!/usr/bin/env bash
# Every test of the repository, as README.md's test command: the Rust workspace (every feature),
# then each language package against what it builds (a wheel in a fresh virtual environment, an
# npm tarball in a scratch project), then the web page in Debian's Chromium. Each package's script installs what it needs at pinned
# versions; nothing is skipped when a tool is missing: it is installed, or the run fails.
#
#   tools/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

step() { echo "test.sh: $*" >&2; }

step "Rust: cargo test --workspace --all-features"
cargo test --workspace --all-features

step "Python: bindings/python/test.sh (the wheel in a fresh virtual environment)"
bindings/python/test.sh

step "JavaScript: bindings/js/test.sh (the npm tarball in a scratch project, node --test)"
bindings/js/test.sh

step "Web page: web/test.sh (the built page in Debian's Chromium, node --test)"
web/test.sh
