#!/usr/bin/env python3
"""Checks every case of data/conformance/*.txt against Python idna 3.20 (tools/reference).

A case agrees when idna accepts a `valid` case, or rejects an invalid one with a failure of the
same class (tools/reference/README.md, "Failure classes"; idna's full check, not only its first
error). A case that does not agree must carry `[idna: CLASS, CLAUSE]` in its note, with the
class that reference.py finds for it; a marked case must not agree. Prints the counts per
difference class and exits non-zero on any other outcome.

Run with tools/conformance/check_reference.sh (the pinned interpreter).
"""

import os
import re
import sys

import rules
import reference
from generate import unescape

MARK = re.compile(r"^\[idna: ([a-z0-9-]+), ([^\]]+)\] ")


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(rules.ROOT, "data", "conformance")
    counts = {}
    failures = []
    total = 0
    for name in ("curated.txt", "generated.txt"):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                total += 1
                fmt, text, expected, clause, note = [x.strip() for x in line.split(";")]
                s = unescape(text)
                if expected != "valid" and expected not in rules.CLASS:
                    failures.append(f"{name}:{lineno}: unknown code {expected}")
                    continue
                found = reference.difference(fmt, s, expected, reference.idna(s))
                m = MARK.match(note)
                marked = m.group(1) if m else None
                if m and reference.CLAUSES.get(marked) != m.group(2):
                    failures.append(f"{name}:{lineno}: class {marked} cites {m.group(2)!r}")
                if found != marked:
                    failures.append(f"{name}:{lineno}: {fmt} {s!r} expected {expected}: idna "
                                    f"{reference.idna(s)}, difference {found}, marked {marked}")
                key = found or "agree"
                counts[key] = counts.get(key, 0) + 1
    print(f"{total} cases: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    for k in sorted(counts):
        if k != "agree":
            print(f"  {k}: {reference.DIFFERENCES[k]}")
    if failures:
        print(f"{len(failures)} failures:", *failures[:100], sep="\n", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
