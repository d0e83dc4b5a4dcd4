#!/usr/bin/env bash
# Runs bench.js on one core (taskset -c 0) in the scratch project that test.sh installs: the
# packed package beside the pinned url/tr46/ajv-formats contenders. Prints a Markdown table of
# ratios (the README's "Performance").
#
#   bindings/js/bench.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
IDN_HOSTNAME_INSTALL_ONLY=1 "$here/test.sh"
cp "$here/bench.js" "$root/target/js-test/"
cd "$root/target/js-test"
IDN_HOSTNAME_ROOT="$root" taskset -c 0 node bench.js
