"""Every ```python snippet of the package README runs, as a user would paste it."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

README = ROOT / "bindings" / "python" / "README.md"
SNIPPETS = re.findall(r"^```python\n(.*?)^```$", README.read_text(encoding="utf-8"), re.M | re.S)


def test_the_readme_has_its_snippets():
    # One for each section: check, errors, options, convert, jsonschema, security, pyarrow,
    # Polars, DuckDB, PySpark.
    assert len(SNIPPETS) == 10


@pytest.mark.parametrize("snippet", SNIPPETS, ids=[f"snippet{i + 1}" for i in range(len(SNIPPETS))])
def test_snippet_runs(snippet, tmp_path):
    # As a user runs it: a file of its own, a fresh interpreter of this environment.
    path = tmp_path / "snippet.py"
    path.write_text(snippet, encoding="utf-8")
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable)
    run = subprocess.run([sys.executable, str(path)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"{README}:\n{snippet}\n{run.stderr[-4000:]}"
