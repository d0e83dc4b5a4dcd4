#!/usr/bin/env bash
# Regenerates data/conformance/curated.txt and generated.txt, then the JSON Schema exports.
# Needs the pinned interpreter of tools/reference (built here if missing, as make_reference.sh does).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$root/tools/reference/.venv"
if [ ! -x "$venv/bin/python" ]; then
  "${PYTHON:-python3.11}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes \
  --no-deps -r "$root/tools/reference/requirements.txt"
PYTHONHASHSEED=0 "$venv/bin/python" "$here/generate.py" "$root/data/conformance"
"$here/export.sh"
