"""Shared fixtures: the repository's data, and the crate's own verdicts from its command line.

Expected values never come from this package: every comparison is with the Rust crate run on the
same names through `idn-hostname --json` (cli/), built by test.sh (IDN_HOSTNAME_CLI) or, when
pytest is run by hand, by cargo here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

import pytest

import idn_hostname

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "data"

# The package under test must be the installed wheel, not the source tree.
assert "site-packages" in idn_hostname.__file__, idn_hostname.__file__

_ESCAPE = re.compile(r"\\u\{([0-9A-Fa-f]{1,6})\}")


def unescape(field: str) -> str:
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), field)


def conformance_cases() -> List[Tuple[str, str, str, str]]:
    """(file:line, format, input, expected) of data/conformance/{curated,generated}.txt."""
    cases = []
    for name in ("curated.txt", "generated.txt"):
        path = DATA / "conformance" / name
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
            if not line or line.startswith("#"):
                continue
            fields = [f.strip() for f in line.split(";")]
            assert len(fields) == 5, f"{name}:{number}: {line!r}"
            cases.append((f"{name}:{number}", fields[0], unescape(fields[1]), fields[2]))
    assert len(cases) > 10_000
    return cases


def bench_names() -> List[str]:
    """Every name of the data/bench/ corpora: a line holds a name, or its two forms separated
    by a tab (U-labels, A-labels), or in invalid.txt a class and a name; `#` lines are comments
    (data/bench/README.md)."""
    names = []
    for path in sorted((DATA / "bench").glob("*.txt")):
        for line in path.read_text(encoding="utf-8").split("\n"):
            if line and not line.startswith("#"):
                fields = line.split("\t")
                names.extend(fields[1:] if path.name == "invalid.txt" else fields)
    assert len(names) > 3000
    return names


def cli_path() -> str:
    path = os.environ.get("IDN_HOSTNAME_CLI")
    if path:
        return path
    subprocess.run(
        ["cargo", "build", "-q", "--release", "-p", "idn-hostname-cli"], cwd=ROOT, check=True
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return str(target / "release" / "idn-hostname")


def _by_argument(name: str) -> bool:
    # Standard input is read a line at a time, of at most 4096 bytes; a name with CR or LF, or
    # a longer one, goes as an argument (README "Command line").
    return "\n" in name or "\r" in name or len(name.encode("utf-8")) > 4000


def crate_json(names: Sequence[str], flags: Sequence[str]) -> List[Dict]:
    """The command line's JSON object for each name, in order."""
    cli = cli_path()
    out: List[Optional[Dict]] = [None] * len(names)
    piped = [i for i, n in enumerate(names) if not _by_argument(n)]
    stdin = "".join(names[i] + "\n" for i in piped).encode("utf-8")
    run = subprocess.run([cli, "--json", *flags], input=stdin, capture_output=True, check=False)
    assert run.returncode in (0, 1), run.stderr
    lines = run.stdout.decode("utf-8").split("\n")[:-1]
    assert len(lines) == len(piped)
    for i, line in zip(piped, lines):
        out[i] = json.loads(line)
    for i, n in enumerate(names):
        if _by_argument(n):
            run = subprocess.run([cli, "--json", *flags, "--", n], capture_output=True, check=False)
            assert run.returncode in (0, 1), run.stderr
            out[i] = json.loads(run.stdout.decode("utf-8"))
    for i, obj in enumerate(out):
        assert obj is not None and obj["name"] == names[i], (i, names[i], obj)
    return out  # type: ignore[return-value]


def python_offset(name: str, byte_offset: int) -> int:
    """The crate's UTF-8 byte offset as an index of code points."""
    return len(name.encode("utf-8")[:byte_offset].decode("utf-8"))


@pytest.fixture(scope="session")
def conformance():
    return conformance_cases()


@pytest.fixture(scope="session")
def bench():
    return bench_names()
