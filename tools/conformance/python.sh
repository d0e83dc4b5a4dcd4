#!/usr/bin/env bash
# Runs the pinned interpreter of tools/reference (Python idna 3.20, unicodedata2 18.0.0) on the
# arguments, building tools/reference/.venv first if it is missing, as make_reference.sh does.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/tools/reference/.venv"
if [ ! -x "$venv/bin/python" ]; then
  "${PYTHON:-python3.11}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes \
  --no-deps -r "$root/tools/reference/requirements.txt"
PYTHONHASHSEED=0 exec "$venv/bin/python" "$@"
