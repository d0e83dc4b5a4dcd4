#!/usr/bin/env bash
# Checks data/conformance/*.txt against Python idna 3.20 (see check_reference.py).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec "$here/python.sh" "$here/check_reference.py" "$here/../../data/conformance"
