#!/usr/bin/env bash
# Regenerates data/reference/ from Python idna 3.20 (see tools/reference/README.md).
# Usage: tools/reference/make_reference.sh [OUT_DIR]   (default: data/reference)
# Needs python3.11 (or PYTHON=...); REFERENCE_JOBS sets the worker count (default 2).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/data/reference}"
python="${PYTHON:-python3.11}"
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes \
  --no-deps -r "$here/requirements.txt"
# PYTHONHASHSEED is fixed although the generator never iterates a set or hash-ordered dict.
PYTHONHASHSEED=0 "$venv/bin/python" "$here/make_reference.py" "$out"
