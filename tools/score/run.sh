#!/usr/bin/env bash
# Scores the validators on data/conformance/ and prints the README's "Conformance" table.
# Two builds, since cargo unifies features: jsonschema without its `idna` feature (with every
# other validator), then with it. By hand, not in CI.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
data="$here/../../data/conformance"
out="$here/target/score"
mkdir -p "$out"
cd "$here"
cargo run --release -q -- "$data" > "$out/base.tsv"
cargo run --release -q --features jsonschema-idna -- "$data" > "$out/idna.tsv"
cargo run --release -q -- --table "$out/base.tsv" "$out/idna.tsv"
