#!/usr/bin/env python3
"""Ratio table of the `formats` bench, from criterion's estimates in target/criterion.

    cargo bench --bench formats -- --warm-up-time 1 --measurement-time 3
    python3 tools/corpus/ratios.py [target/criterion]

Every ratio compares two functions of one group (the same names, the same run): the machine's
speed cancels out, only the ratio is reported. Medians of criterion's estimates.
"""

import json
import sys
from math import exp, log
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")


def median_ns(group, function):
    path = ROOT / group / function / "new" / "estimates.json"
    if not path.exists():
        return None
    return json.loads(path.read_text())["median"]["point_estimate"]


def groups():
    return sorted(p.name for p in ROOT.iterdir() if p.is_dir() and p.name != "report")


def ratio(group, num, den):
    a, b = median_ns(group, num), median_ns(group, den)
    return None if a is None or b is None else a / b


def geomean(xs):
    xs = [x for x in xs if x]
    return exp(sum(map(log, xs)) / len(xs)) if xs else None


def fmt(x, invert=False):
    if x is None:
        return "-"
    return f"{1 / x:.1f}x" if invert else f"{x:.2f}"


rows = []
for g in groups():
    name = g.replace("_", "/")
    if g.endswith("_u-label"):
        rows.append((name, None, None, ratio(g, "idna_strict", "is_idn_hostname"),
                     ratio(g, "idna_strict", "uts46_to_ascii")))
    else:
        rows.append((name, ratio(g, "is_hostname", "ldh_loop"),
                     ratio(g, "idna_strict", "is_hostname"),
                     ratio(g, "idna_strict", "is_idn_hostname"),
                     ratio(g, "idna_strict", "uts46_to_ascii")))

print("| corpus | is_hostname / LDH loop (time) | idna / is_hostname | idna / is_idn_hostname | idna / uts46::to_ascii |")
print("|---|---|---|---|---|")
for name, ldh, host, idn, uts in rows:
    show = lambda x: "-" if x is None else f"{x:.2f}"
    print(f"| {name} | {show(ldh)} | {show(host)} | {show(idn)} | {show(uts)} |")
u = [r[3] for r in rows if r[0].endswith("/u-label") and not r[0].startswith("long")]
a = [r[2] for r in rows if r[0].endswith("/a-label") and not r[0].startswith("long")]
print()
print(f"geometric mean over the scripts: idna / is_idn_hostname on U-labels "
      f"{geomean(u):.2f}, idna / is_hostname on A-labels {geomean(a):.2f}")
