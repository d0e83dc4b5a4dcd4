#!/usr/bin/env bash
# Regenerates data/security-reference/icu.tsv from ICU's spoof checker (see README.md).
# Usage: tools/security-reference/make_reference.sh [OUT_FILE]
# Needs Debian's libicu-dev 72.1-3+deb12u1, pkg-config and g++ (installed here with apt-get when
# absent), and python3.11 (or PYTHON=...).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/data/security-reference/icu.tsv}"
python="${PYTHON:-python3.11}"
if ! dpkg-query -W -f='${Version}' libicu-dev 2>/dev/null | grep -qx '72.1-3+deb12u1'; then
  apt-get install -y --no-install-recommends libicu-dev=72.1-3+deb12u1 pkg-config g++
fi
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes \
  --no-deps --no-binary :all: -r "$here/requirements.txt"
PYTHONHASHSEED=0 "$venv/bin/python" "$here/make_reference.py" "$root/data/unicode/18.0.0" "$out"
