#!/usr/bin/env bash
# Builds the npm package's WebAssembly: the crate `idn-hostname-js` (this folder) for
# wasm32-unknown-unknown with the `wasm` profile (Cargo.toml at the root: opt-level "s", LTO),
# then the `wasm-bindgen` command line of exactly the version Cargo.lock locks writes the ES
# module glue into bindings/js/wasm/; then the same with the `security` feature into
# bindings/js/wasm-security/ (the subpath `idn-hostname/security`). Installs what is missing:
# the rustup target, and wasm-bindgen-cli with `cargo install --locked` (built from source:
# nothing prebuilt is downloaded). Prints the size of each .wasm, raw and gzipped.
#
#   bindings/js/build.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# Cargo's output: CI points CARGO_TARGET_DIR elsewhere than the clone it tests.
target="${CARGO_TARGET_DIR:-$root/target}"
cd "$root"

say() { echo "build.sh: $*" >&2; }

# The version of the wasm-bindgen crate in Cargo.lock: the command line must be the same one.
version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)"
if [[ -z "$version" ]]; then
  say "no wasm-bindgen in Cargo.lock"
  exit 1
fi
if [[ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $version" ]]; then
  say "installing wasm-bindgen-cli $version (cargo install --locked)"
  cargo install wasm-bindgen-cli --version "=$version" --locked
fi
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the rustup target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# Two modules: the formats (wasm/, the package's main entry) and, with the crate's `security`
# feature, the UTS #39 layer (wasm-security/, the subpath `idn-hostname/security`): the security
# tables would make the formats' module half as large again (README, "Security").
build() { # build <out-dir> [cargo features]
  local out="$1"
  shift
  say "cargo build -p idn-hostname-js --target wasm32-unknown-unknown --profile wasm $*"
  cargo build -p idn-hostname-js --target wasm32-unknown-unknown --profile wasm "$@"
  rm -rf "$here/$out"
  # --experimental-reset-state-function: `__wbg_reset_state()`, a fresh instance after a trap.
  wasm-bindgen --target web --no-typescript --experimental-reset-state-function --out-dir "$here/$out" \
    "$target/wasm32-unknown-unknown/wasm/idn_hostname_js.wasm"
  local wasm="$here/$out/idn_hostname_js_bg.wasm"
  local raw gz
  raw=$(wc -c < "$wasm")
  gz=$(gzip -9 -c "$wasm" | wc -c)
  awk -v f="bindings/js/$out/idn_hostname_js_bg.wasm" -v raw="$raw" -v gz="$gz" 'BEGIN { printf "build.sh: %s: %d bytes (%.1f KiB), gzip -9: %d bytes (%.1f KiB)\n", f, raw, raw / 1024, gz, gz / 1024 }' >&2
  # The formats' module, the package's main entry: at most 100 KiB gzipped (README, "Size").
  if [[ "$out" == wasm && "$gz" -gt $((100 * 1024)) ]]; then
    say "the formats' module is over 100 KiB gzipped"
    exit 1
  fi
}
build wasm
build wasm-security --features security

cp LICENSE-MIT LICENSE-APACHE "$here/"
