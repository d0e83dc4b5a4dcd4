#!/usr/bin/env bash
# Regenerates data/conformance/curated.txt and generated.txt, then the JSON Schema exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/python.sh" "$here/generate.py" "$here/../../data/conformance"
"$here/export.sh"
