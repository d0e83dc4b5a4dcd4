#!/usr/bin/env bash
# Drift check: regenerates the tables into a temporary folder and fails on any difference with
# src/tables/. Usage: tools/check-tables.sh [unicode-data-dir] (default data/unicode/18.0.0).
set -euo pipefail
cd "$(dirname "$0")/.."
data="${1:-data/unicode/18.0.0}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cargo run --release --quiet -p gen-tables -- "$data" "$tmp"
if diff -r src/tables "$tmp"; then
  echo "tables: src/tables matches a fresh generation from $data"
else
  echo "tables: src/tables differs from a fresh generation; run: cargo run --release -p gen-tables -- data/unicode/18.0.0 src/tables" >&2
  exit 1
fi
