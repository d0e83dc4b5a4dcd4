#!/usr/bin/env python3
"""Reference conversions of Python `idna` 3.20 for tests/convert.rs: `data/reference/convert.jsonl`.

Run with the pinned venv of make_reference.sh (which this imports for its Unicode 18.0.0 swap):

    tools/reference/.venv/bin/python tools/reference/make_convert.py [OUT_FILE]

The names are those of data/bench/*.txt (every tab-separated field but the class of
invalid.txt) and the strings of the JSON Schema suite's hostname and idn-hostname tests, with
the A-label form of each that idna.encode gives. Each output line, sorted by name, is a JSON
array `[name, encode, decode]`: idna.encode(name, uts46=False) as text and idna.decode(name,
uts46=False), each `null` where idna raises an error.
"""

import glob
import json
import os
import sys

import make_reference  # noqa: F401  (makes idna read Unicode 18.0.0; checks the versions)
import idna

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))


def names():
    found = set()
    for path in sorted(glob.glob(os.path.join(ROOT, "data", "bench", "*.txt"))):
        invalid = os.path.basename(path) == "invalid.txt"
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                fields = line.split("\t")
                found.update(fields[1:] if invalid else fields)
    suite = os.path.join(ROOT, "data", "json-schema-test-suite")
    for path in sorted(glob.glob(os.path.join(suite, "*", "*.json"))):
        with open(path, encoding="utf-8") as f:
            for group in json.load(f):
                for test in group["tests"]:
                    if isinstance(test["data"], str):
                        found.add(test["data"])
    return found


def encode(s):
    try:
        return idna.encode(s, strict=False, uts46=False, std3_rules=False, transitional=False).decode("ascii")
    except (idna.IDNAError, UnicodeError, ValueError):
        return None


def decode(s):
    try:
        return idna.decode(s, strict=False, uts46=False, std3_rules=False)
    except (idna.IDNAError, UnicodeError, ValueError):
        return None


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "data", "reference", "convert.jsonl")
    cases = names()
    cases.update(a for a in map(encode, list(cases)) if a is not None)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        for s in sorted(cases):
            f.write(json.dumps([s, encode(s), decode(s)], ensure_ascii=False) + "\n")
    print(f"{len(cases)} names", file=sys.stderr)


if __name__ == "__main__":
    main()
