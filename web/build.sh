#!/usr/bin/env bash
# Builds the web page into web/dist/, a folder any static file server can serve: the
# JavaScript package's modules js/index.js, js/security.js and js/shared.js, ONE WebAssembly
# module with its glue (bindings/js/build.sh builds them: the security module, wasm-security/,
# which holds the formats too; index.html's import map points the formats' glue at it, so the
# page fetches no other .wasm), and the page (src/: index.html, style.css, app.js). Checks that
# the page's Content-Security-Policy allows its import map (the script's SHA-256). Prints the
# size of every file the page can transfer, raw and gzipped, and their total against the budget
# (300 KiB gzipped); fails above it.
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
mkdir -p "$dist/idn-hostname/js" "$dist/idn-hostname/wasm-security"
cp "$here"/src/index.html "$here"/src/style.css "$here"/src/app.js "$dist/"
cp "$js/js/index.js" "$js/js/security.js" "$js/js/shared.js" "$dist/idn-hostname/js/"
cp "$js/wasm-security/idn_hostname_js.js" "$js/wasm-security/idn_hostname_js_bg.wasm" "$dist/idn-hostname/wasm-security/"
cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$dist/"

# The import map is an inline script: the Content-Security-Policy must name its hash.
importmap="$(sed -n 's|^<script type="importmap">\(.*\)</script>$|\1|p' "$here/src/index.html")"
if [[ -z "$importmap" ]]; then
  say "src/index.html: no import map on a line of its own"
  exit 1
fi
hash="sha256-$(node -e 'process.stdout.write(require("node:crypto").createHash("sha256").update(process.argv[1]).digest("base64"))' "$importmap")"
if ! grep -qF "'$hash'" "$here/src/index.html"; then
  say "src/index.html: the Content-Security-Policy's script-src must hold '$hash' (the import map's)"
  exit 1
fi

# Every file a browser can fetch for the page, whatever is done with it: the page, the
# package's three modules, the one .wasm and its glue (the licences are not among them).
say "web/dist/, the files the page transfers (gzip -9):"
total=0
total_gz=0
for f in index.html style.css app.js idn-hostname/js/index.js idn-hostname/js/security.js idn-hostname/js/shared.js \
  idn-hostname/wasm-security/idn_hostname_js.js idn-hostname/wasm-security/idn_hostname_js_bg.wasm; do
  raw=$(wc -c < "$dist/$f")
  gz=$(gzip -9 -c "$dist/$f" | wc -c)
  total=$((total + raw))
  total_gz=$((total_gz + gz))
  printf 'build.sh (web):   %-52s %9d bytes  %9d gzipped\n' "$f" "$raw" "$gz" >&2
done
awk -v raw="$total" -v gz="$total_gz" -v budget="$budget" 'BEGIN { printf "build.sh (web): total %d bytes (%.1f KiB), gzipped %d bytes (%.1f KiB); budget %.0f KiB gzipped\n", raw, raw / 1024, gz, gz / 1024, budget / 1024 }' >&2
if ((total_gz > budget)); then
  say "over the budget"
  exit 1
fi
