#!/usr/bin/env bash
# Builds the web page into web/dist/, a folder any static file server can serve: the
# JavaScript package's WebAssembly and glue (bindings/js/build.sh builds them), its module
# js/index.js, and the page (src/: index.html, style.css, app.js). Prints the size of every file
# the page transfers, raw and gzipped, and their total against the budget (300 KiB gzipped);
# fails above it.
#
#   web/build.sh && python3 -m http.server -d web/dist 8000
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
js="$root/bindings/js"
dist="$here/dist"
budget=$((300 * 1024))

say() { echo "build.sh (web): $*" >&2; }

"$js/build.sh"

rm -rf "$dist"
mkdir -p "$dist/idn-hostname/js" "$dist/idn-hostname/wasm"
cp "$here"/src/index.html "$here"/src/style.css "$here"/src/app.js "$dist/"
cp "$js/js/index.js" "$dist/idn-hostname/js/"
cp "$js/wasm/idn_hostname_js.js" "$js/wasm/idn_hostname_js_bg.wasm" "$dist/idn-hostname/wasm/"
cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$dist/"

# What a browser fetches to show the page (the licences are not among them).
say "web/dist/, the files the page transfers (gzip -9):"
total=0
total_gz=0
for f in index.html style.css app.js idn-hostname/js/index.js idn-hostname/wasm/idn_hostname_js.js idn-hostname/wasm/idn_hostname_js_bg.wasm; do
  raw=$(wc -c < "$dist/$f")
  gz=$(gzip -9 -c "$dist/$f" | wc -c)
  total=$((total + raw))
  total_gz=$((total_gz + gz))
  printf 'build.sh (web):   %-42s %9d bytes  %9d gzipped\n' "$f" "$raw" "$gz" >&2
done
awk -v raw="$total" -v gz="$total_gz" -v budget="$budget" 'BEGIN { printf "build.sh (web): total %d bytes (%.1f KiB), gzipped %d bytes (%.1f KiB); budget %.0f KiB gzipped\n", raw, raw / 1024, gz, gz / 1024, budget / 1024 }' >&2
if ((total_gz > budget)); then
  say "over the budget"
  exit 1
fi
