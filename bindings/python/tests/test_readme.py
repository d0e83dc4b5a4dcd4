"""Every ```python snippet of the package README runs, as a user would paste it."""

from __future__ import annotations

import re
import sys

import pytest

from conftest import ROOT

README = ROOT / "bindings" / "python" / "README.md"
SNIPPETS = re.findall(r"^```python\n(.*?)^```$", README.read_text(encoding="utf-8"), re.M | re.S)


def test_the_readme_has_its_snippets():
    # One for each section: check, errors, options, convert, jsonschema, pyarrow, Polars,
    # DuckDB, PySpark.
    assert len(SNIPPETS) == 9


@pytest.mark.parametrize("snippet", SNIPPETS, ids=[f"snippet{i + 1}" for i in range(len(SNIPPETS))])
def test_snippet_runs(snippet, monkeypatch):
    # Spark's Python workers are this interpreter (the virtual environment's).
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)
    exec(compile(snippet, str(README), "exec"), {"__name__": "__readme__"})
