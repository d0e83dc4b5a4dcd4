#!/usr/bin/env bash
# Rewrites data/conformance/json-schema/ from data/conformance/*.txt: the writer is the code of
# tests/conformance.rs that checks the exports are in step, so the two cannot drift apart.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
CONFORMANCE_BLESS=1 cargo test -q --test conformance exports_are_in_step
