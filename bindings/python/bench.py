"""The Python package's speed, as ratios (a benchmark, not a test): one core, the names of
data/bench/ (both forms of each), run in the virtual environment test.sh makes:

    bindings/python/.venv/bin/python bindings/python/bench.py

- per call: `idn_hostname.is_idn_hostname(name)` against `idna.encode(name)` (what
  python-jsonschema's own `idn-hostname` check calls) and against python-jsonschema's own format
  checks (`FormatChecker().conforms(name, format)`, `idn-hostname` through `idna` and `hostname`
  through `fqdn`);
- columns: `idn_hostname.arrow.is_idn_hostname` over one pyarrow array of the same names against
  a Rust loop of `is_idn_hostname` over them (examples/rust_loop.rs, built here by cargo), the
  fastest call against the fastest pass.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import idna
import jsonschema
import pyarrow as pa

import idn_hostname
import idn_hostname.arrow

ROOT = Path(__file__).resolve().parents[2]


def names():
    out = []
    for path in sorted((ROOT / "data" / "bench").glob("*.txt")):
        for line in path.read_text(encoding="utf-8").split("\n"):
            if line and not line.startswith("#"):
                fields = line.split("\t")
                out.extend(fields[1:] if path.name == "invalid.txt" else fields)
    return out


def fastest_call(f, items, seconds=2.0):
    """Nanoseconds per name of the fastest call of `f(items)` in about `seconds` (the statistic
    of examples/rust_loop.rs, which reports its fastest pass)."""
    best = float("inf")
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t = time.perf_counter()
        f(items)
        best = min(best, time.perf_counter() - t)
    return best / len(items) * 1e9


def per_name(f, items, seconds=1.0):
    """Nanoseconds per name: the best of 5 runs of about `seconds` / 5 each."""
    best = float("inf")
    for _ in range(5):
        n = 0
        start = time.perf_counter()
        while True:
            f(items)
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed > seconds / 5:
                break
        best = min(best, elapsed / n / len(items) * 1e9)
    return best


def loop(check):
    def run(items):
        for s in items:
            check(s)

    return run


def idna_encode(s):
    try:
        idna.encode(s)
    except idna.IDNAError:
        pass


def main():
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    all_names = names()
    checker = jsonschema.FormatChecker()
    assert "idn-hostname" in checker.checkers and "hostname" in checker.checkers, (
        "python-jsonschema checks the formats only with idna and fqdn installed"
    )
    ours = per_name(loop(idn_hostname.is_idn_hostname), all_names)
    ours_host = per_name(loop(idn_hostname.is_hostname), all_names)
    idna_ns = per_name(loop(idna_encode), all_names)
    js_idn = per_name(loop(lambda s: checker.conforms(s, "idn-hostname")), all_names)
    js_host = per_name(loop(lambda s: checker.conforms(s, "hostname")), all_names)

    array = pa.array(all_names)
    arrow_ns = fastest_call(idn_hostname.arrow.is_idn_hostname, array)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("\n".join(all_names) + "\n")
    try:
        subprocess.run(
            ["cargo", "build", "-q", "--release", "-p", "idn-hostname-py", "--example", "rust_loop"],
            cwd=ROOT,
            check=True,
        )
        target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
        exe = target / "release" / "examples" / "rust_loop"
        rust_runs = [
            subprocess.run([str(exe), f.name], capture_output=True, text=True, check=True).stdout.split()
            for _ in range(3)
        ]
    finally:
        os.unlink(f.name)
    rust_ns = min(float(r[0]) for r in rust_runs)
    arrow_valid = pa.array(idn_hostname.arrow.is_idn_hostname(array)).to_pylist().count(True)
    assert arrow_valid == int(rust_runs[0][1]), "the two paths disagree"

    print(f"{len(all_names)} names of data/bench/, one core, Python {sys.version.split()[0]}")
    print(f"{'what':<58} {'ns/name':>9} {'ratio':>8}")
    rows = [
        ("is_idn_hostname (per call)", ours, None),
        ("idna.encode (per call)", idna_ns, idna_ns / ours),
        ("jsonschema FormatChecker idn-hostname (idna)", js_idn, js_idn / ours),
        ("is_hostname (per call)", ours_host, None),
        ("jsonschema FormatChecker hostname (fqdn)", js_host, js_host / ours_host),
        ("arrow.is_idn_hostname (one pyarrow array)", arrow_ns, None),
        ("Rust loop of is_idn_hostname (examples/rust_loop.rs)", rust_ns, None),
    ]
    for what, ns, ratio in rows:
        print(f"{what:<58} {ns:>9.1f} {'' if ratio is None else f'{ratio:.1f}x slower':>8}")
    print(f"per call: idna.encode / ours = {idna_ns / ours:.1f}x; jsonschema idn-hostname / ours = {js_idn / ours:.1f}x (target >= 50x); jsonschema hostname / ours = {js_host / ours_host:.1f}x")
    print(f"columns: Arrow path / Rust loop = {arrow_ns / rust_ns:.2f}x (target <= 1.5x)")


if __name__ == "__main__":
    main()
