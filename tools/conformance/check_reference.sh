#!/usr/bin/env bash
# Checks data/conformance/*.txt against Python idna 3.20 (see check_reference.py).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$root/tools/reference/.venv"
if [ ! -x "$venv/bin/python" ]; then
  "${PYTHON:-python3.11}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes \
  --no-deps -r "$root/tools/reference/requirements.txt"
PYTHONHASHSEED=0 "$venv/bin/python" "$here/check_reference.py" "$root/data/conformance"
