"""Polars, DuckDB and PySpark (local[2]) over the benchmark corpora and the conformance names,
each as its users write it: the same verdicts and codes as the crate's command line."""

from __future__ import annotations

import sys

import duckdb
import polars as pl
import pyarrow as pa
import pytest
from duckdb.sqltypes import BOOLEAN, VARCHAR

import idn_hostname.arrow

from conftest import crate_json


@pytest.fixture(scope="module")
def names(bench, conformance):
    # Names with CR or LF go to the command line as arguments; keep the run short.
    return list(bench) + [c[2] for c in conformance if c[1] == "idn-hostname"][:3000] + [None]


@pytest.fixture(scope="module")
def expected(names):
    real = [n for n in names if n is not None]
    by_name = {}
    for fmt in ("hostname", "idn-hostname"):
        for obj in crate_json(real, ["--format", fmt]):
            by_name[(fmt, obj["name"])] = None if obj["valid"] else obj["error"]["code"]
    return by_name


def want(expected, names, fmt):
    return [
        None if n is None else {"valid": expected[(fmt, n)] is None, "code": expected[(fmt, n)]}
        for n in names
    ]


@pytest.mark.parametrize("fmt", ["hostname", "idn-hostname"])
def test_polars(names, expected, fmt):
    check = idn_hostname.arrow.check_hostname if fmt == "hostname" else idn_hostname.arrow.check_idn_hostname
    is_valid = idn_hostname.arrow.is_hostname if fmt == "hostname" else idn_hostname.arrow.is_idn_hostname
    df = pl.DataFrame({"host": names})
    out = df.with_columns(
        pl.col("host").map_batches(lambda s: pl.Series(check(s))).alias("check"),
        pl.col("host").map_batches(lambda s: pl.Series(is_valid(s)), return_dtype=pl.Boolean).alias("ok"),
    )
    assert out["check"].to_list() == want(expected, names, fmt)
    assert out["ok"].to_list() == [None if w is None else w["valid"] for w in want(expected, names, fmt)]
    # Polars hands over utf8_view: read as it is.
    assert df["host"].dtype == pl.String


@pytest.mark.parametrize("fmt", ["hostname", "idn-hostname"])
def test_duckdb(names, expected, fmt):
    check = idn_hostname.arrow.check_hostname if fmt == "hostname" else idn_hostname.arrow.check_idn_hostname
    con = duckdb.connect()
    con.create_function(
        "host_check",
        lambda col: pa.array(check(col)),
        [VARCHAR],
        duckdb.struct_type({"valid": BOOLEAN, "code": VARCHAR}),
        type="arrow",
        null_handling="special",
    )
    con.execute("CREATE TABLE hosts (i INTEGER, name VARCHAR)")
    con.executemany("INSERT INTO hosts VALUES (?, ?)", list(enumerate(names)))
    rows = con.sql("SELECT host_check(name) FROM hosts ORDER BY i").fetchall()
    assert [r[0] for r in rows] == want(expected, names, fmt)


def test_pyspark_local(names, expected, monkeypatch):
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false").getOrCreate()
    df = spark.createDataFrame([(i, n) for i, n in enumerate(names)], "i long, name string").repartition(4)

    def verdicts(batches):
        for batch in batches:
            checked = pa.array(idn_hostname.arrow.check_idn_hostname(batch.column("name")))
            yield pa.RecordBatch.from_arrays(
                [batch.column("i"), checked.field("valid"), checked.field("code")],
                names=["i", "valid", "code"],
            )

    rows = df.mapInArrow(verdicts, "i long, valid boolean, code string").orderBy("i").collect()
    assert len(rows) == len(names)
    got = [None if r["valid"] is None else {"valid": r["valid"], "code": r["code"]} for r in rows]
    assert got == want(expected, names, "idn-hostname")
