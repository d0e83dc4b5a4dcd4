"""The verdicts, errors and conversions through Python equal the crate's, name by name, on the
conformance files and the benchmark corpora (compared with `idn-hostname --json`)."""

from __future__ import annotations

from typing import Dict, List

import pyarrow as pa
import pytest

import idn_hostname
import idn_hostname.arrow
from idn_hostname import uts46

from conftest import crate_json, python_offset

FORMATS = {
    "hostname": (idn_hostname.is_hostname, idn_hostname.check_hostname, idn_hostname.arrow.check_hostname),
    "idn-hostname": (
        idn_hostname.is_idn_hostname,
        idn_hostname.check_idn_hostname,
        idn_hostname.arrow.check_idn_hostname,
    ),
}

# The command line's flags and the keywords of the same options.
OPTION_SETS = [
    ([], {}),
    (
        ["--trailing-dot", "--underscore", "--uts46-mapping"],
        {"allow_trailing_dot": True, "allow_underscore_labels": True, "uts46_mapping": True},
    ),
]


def compare(names: List[str], fmt: str, flags: List[str], options: Dict) -> int:
    is_valid, check, arrow_check = FORMATS[fmt]
    expected = crate_json(names, ["--format", fmt, *flags])
    codes = pa.array(arrow_check(pa.array(names), **options)).to_pylist()
    mismatches = []
    for name, want, column in zip(names, expected, codes):
        got_valid = is_valid(name, **options)
        try:
            check(name, **options)
            error = None
        except idn_hostname.HostnameError as e:
            error = e
        if got_valid != want["valid"] or (error is None) != want["valid"]:
            mismatches.append((name, "verdict", got_valid, want))
            continue
        if column != {"valid": want["valid"], "code": None if want["valid"] else want["error"]["code"]}:
            mismatches.append((name, "arrow", column, want))
        if error is None:
            continue
        w = want["error"]
        hint = None if error.hint is None else {"code": error.hint.code, "suggestion": error.hint.suggestion}
        got = (str(error), error.code, error.label_index, error.code_point, hint)
        if got != (w["message"], w["code"], w["label"], w["code_point"], w["hint"]):
            mismatches.append((name, "error", got, w))
        if error.label_index is not None and not options.get("uts46_mapping"):
            # The label as written.
            if error.label not in name:
                mismatches.append((name, "label", error.label, w))
        if not options.get("uts46_mapping") and error.offset != python_offset(name, w["offset"]):
            mismatches.append((name, "offset", error.offset, w))
    assert not mismatches, f"{len(mismatches)} differences, the first: {mismatches[:5]}"
    return len(names)


@pytest.mark.parametrize("flags,options", OPTION_SETS, ids=["formats", "departures"])
@pytest.mark.parametrize("fmt", ["hostname", "idn-hostname"])
def test_conformance_files_agree_with_crate(conformance, fmt, flags, options):
    names = [case[2] for case in conformance if case[1] == fmt]
    assert compare(names, fmt, flags, options) > 3000


@pytest.mark.parametrize("flags,options", OPTION_SETS, ids=["formats", "departures"])
@pytest.mark.parametrize("fmt", ["hostname", "idn-hostname"])
def test_bench_corpora_agree_with_crate(bench, fmt, flags, options):
    assert compare(bench, fmt, flags, options) > 3000


def test_conformance_expectations_hold(conformance):
    # The file's own expected codes (from the standards), through Python.
    wrong = []
    for where, fmt, name, expected in conformance:
        check = FORMATS[fmt][1]
        try:
            check(name)
            got = "valid"
        except idn_hostname.HostnameError as e:
            got = e.code
        if got != expected:
            wrong.append((where, name, expected, got))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("direction", ["--to-ascii", "--to-unicode"])
def test_uts46_agrees_with_crate(bench, conformance, direction):
    names = sorted(set(bench) | {case[2] for case in conformance})
    expected = crate_json(names, [direction])
    convert = uts46.to_ascii if direction == "--to-ascii" else uts46.to_unicode
    key = "ascii" if direction == "--to-ascii" else "unicode"
    mismatches = []
    for name, want in zip(names, expected):
        try:
            got = (convert(name), None)
        except idn_hostname.Uts46Error as e:
            got = (e.output, e.statuses)
        w = (want.get(key), None if want["valid"] else want["error"]["statuses"])
        if want["valid"] is False and key == "ascii":
            w = (None, w[1])
        if got != w:
            mismatches.append((name, got, want))
    assert not mismatches, f"{len(mismatches)} differences, the first: {mismatches[:5]}"


def test_idna2008_conversions_agree_with_crate(bench):
    # to_ascii of every valid idn-hostname, and back: the crate's own round trip.
    verdicts = crate_json(bench, ["--format", "idn-hostname"])
    valid = [v["name"] for v in verdicts if v["valid"]]
    assert len(valid) > 2000
    for name in valid:
        ascii_form = idn_hostname.to_ascii(name)
        assert idn_hostname.is_hostname(ascii_form), (name, ascii_form)
        assert idn_hostname.to_unicode(ascii_form) == idn_hostname.to_unicode(idn_hostname.to_ascii(ascii_form))
    for v in verdicts:
        if not v["valid"]:
            with pytest.raises(idn_hostname.HostnameError) as info:
                idn_hostname.to_ascii(v["name"])
            assert info.value.code == v["error"]["code"]
