#!/usr/bin/env bash
# Builds, lints and tests each feature combination the crate promises, no_std included, and
# the documentation with warnings denied. Called by .ci/run; runs on its own too:
#   tools/feature-matrix.sh
#
# - no default features: `no_std` + `alloc`. Built for the host, then for a target that has no
#   `std` at all (thumbv7em-none-eabi), which is the real proof: on the host a stray `std::`
#   path could still link.
# - default (std), serde, serde_json, schemars, security (with and without std), all
#   features: lib built and linted; schemars is built without std too (`no_std` + `alloc`).
# - The tests are not run here: the README's test command (`cargo test --workspace
#   --all-features`, in .ci/run) runs every test and doctest with every feature on; the tests that
#   need a feature declare it (`required-features`), so no combination skips one at run time.
#
# Every library step names the package (`-p idn-hostname`): the workspace's default members
# include the command line, which depends on the library with `std`, and building both at once
# would unify that feature into the library and hide a `no_std` failure.
set -euo pipefail
cd "$(dirname "$0")/.."
NO_STD_TARGET=thumbv7em-none-eabi

run() {
  echo "+ $*" >&2
  "$@"
}

# no_std + alloc
run cargo build -p idn-hostname --lib --no-default-features
run cargo build -p idn-hostname --lib --no-default-features --features serde
run cargo build -p idn-hostname --lib --no-default-features --features security
run cargo build -p idn-hostname --lib --no-default-features --features schemars
# A toolchain component comes from the Rust distribution server, not from the package
# registries; where that server cannot be reached the step says so loudly and the rest goes on
# (the host no_std build above still stands).
not_checked=()
if rustup target list --installed | grep -qx "$NO_STD_TARGET" || run rustup target add "$NO_STD_TARGET"; then
  run cargo build -p idn-hostname --lib --no-default-features --target "$NO_STD_TARGET"
  run cargo build -p idn-hostname --lib --no-default-features --features serde --target "$NO_STD_TARGET"
  run cargo build -p idn-hostname --lib --no-default-features --features security --target "$NO_STD_TARGET"
  run cargo build -p idn-hostname --lib --no-default-features --features schemars --target "$NO_STD_TARGET"
else
  not_checked+=("no_std build for $NO_STD_TARGET (target could not be installed)")
fi

# Each combination, the library alone (dev-dependencies would turn the features on).
for features in "--no-default-features" "" "--features serde" "--features serde_json" "--features schemars" "--features security" "--no-default-features --features security" "--all-features"; do
  # shellcheck disable=SC2086 # the flags are words on purpose
  run cargo clippy -p idn-hostname --lib $features -- -D warnings
done

# The minimum supported Rust version, `rust-version` in Cargo.toml: the library (every feature)
# and the command line build with it, warnings denied (an older compiler's lints differ: 1.88
# finds dead code that a newer one does not). (The dev-dependencies are free to need a newer
# Rust.)
msrv=$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' Cargo.toml)
if rustup toolchain list | grep -q "^$msrv-" || run rustup toolchain install "$msrv" --profile minimal; then
  export RUSTFLAGS="-D warnings"
  run cargo "+$msrv" check -p idn-hostname --lib --all-features --target-dir target/msrv
  run cargo "+$msrv" check -p idn-hostname-cli --bins --target-dir target/msrv
  run cargo "+$msrv" check -p idn-hostname --lib --no-default-features --target-dir target/msrv
  unset RUSTFLAGS
else
  not_checked+=("MSRV $msrv build (toolchain could not be installed)")
fi

# The example fails closed on the committed document with two invalid names, and passes on the
# valid one. (`--profile test` reuses what `cargo test` built instead of building the
# dev-dependencies a second time.)
status=0
run cargo run --profile test -q -p idn-hostname --example validate_json >/dev/null || status=$?
if [ "$status" -ne 1 ]; then
  echo "feature-matrix: validate_json on examples/tool-output.json exited $status, expected 1" >&2
  exit 1
fi
run cargo run --profile test -q -p idn-hostname --example validate_json -- examples/tool-output.schema.json examples/tool-output-valid.json

# The documentation, warnings (broken links, missing docs) denied.
run env RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --all-features -p idn-hostname

for item in "${not_checked[@]}"; do
  echo "feature-matrix: NOT CHECKED: $item" >&2
done
echo "feature-matrix: done (${#not_checked[@]} steps not checked)"
