"""idn_hostname.security against the crate: ``display`` equals the command line's
``--display --json`` (both policies) and ``LookalikeSet.lookup`` its ``--lookalike-of FILE``, on
every name of the conformance files and of data/bench/; then the API's edges."""

from __future__ import annotations

import dataclasses
import doctest
from typing import List

import pytest

import idn_hostname
from idn_hostname import security

from conftest import crate_json, python_offset


def all_names(conformance, bench) -> List[str]:
    names = [case[2] for case in conformance] + list(bench)
    # Lone surrogates cannot be written to the command line; the API test covers them.
    return list(dict.fromkeys(n for n in names if not any(0xD800 <= ord(c) <= 0xDFFF for c in n)))


@pytest.mark.parametrize("policy", security.POLICIES)
def test_display_equals_the_crate(policy, conformance, bench):
    names = all_names(conformance, bench)
    assert len(names) > 10_000
    expected = crate_json(names, ["--display", "--policy", policy])
    a_labels = 0
    for name, crate in zip(names, expected):
        if not crate["valid"]:
            with pytest.raises(idn_hostname.HostnameError) as info:
                security.display(name, policy)
            assert info.value.code == crate["error"]["code"], name
            assert str(info.value) == crate["error"]["message"], name
            assert info.value.offset == python_offset(name, crate["error"]["offset"]), name
            continue
        got = security.display(name, policy)
        assert got.name == name
        assert got.display == crate["display"], name
        assert [dataclasses.asdict(l) for l in got.labels] == [
            {**l, "reasons": tuple(l["reasons"])} for l in crate["display_labels"]
        ], name
        # DisplayVerdict::is_safe_to_display: no label shown as its A-label.
        safe = all(l["form"] != "a-label" for l in crate["display_labels"])
        assert got.safe_to_display == safe, name
        a_labels += not safe
    assert a_labels > 0


def test_lookalikes_equal_the_crate(conformance, bench, tmp_path):
    names = all_names(conformance, bench)
    valid = [n for n in names if idn_hostname.is_idn_hostname(n)]
    # Trusted: every tenth valid name and paypal.com; asked: every name, and each trusted name
    # with a, c, e, o, p as their Cyrillic lookalikes (confusables.txt).
    trusted = valid[::10] + ["paypal.com"]
    cyrillic = str.maketrans({"a": "\u0430", "c": "\u0441", "e": "\u0435", "o": "\u043e", "p": "\u0440"})
    asked = names + [n.translate(cyrillic) for n in trusted]
    file = tmp_path / "trusted.txt"
    file.write_text("".join(n + "\n" for n in trusted), encoding="utf-8")
    expected = crate_json(asked, ["--lookalike-of", str(file)])
    found = security.LookalikeSet(trusted)
    assert len(found) == len(trusted)
    flagged = 0
    for name, crate in zip(asked, expected):
        if crate["valid"]:  # the command asks the set of valid names only
            assert found.lookup(name) == crate["lookalike_of"], name
            flagged += crate["lookalike_of"] is not None
    assert flagged > 100
    assert found.lookup("\u0440\u0430\u0443\u0440\u0430l.com") == "paypal.com"


def test_the_api_edges():
    for bad in (None, 47, b"a.com", ["a.com"]):
        with pytest.raises(TypeError):
            security.display(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        security.display("a.com", "safari")
    with pytest.raises(idn_hostname.HostnameError) as info:
        security.display("a\ud800.com")
    assert info.value.code == "lone-surrogate"
    shown = security.display("a.com")
    with pytest.raises(dataclasses.FrozenInstanceError):
        shown.display = "b.com"  # type: ignore[misc]

    with pytest.raises(TypeError):
        security.LookalikeSet("paypal.com")
    with pytest.raises(TypeError):
        security.LookalikeSet(["a.com", 47])
    with pytest.raises(idn_hostname.HostnameError) as info:
        security.LookalikeSet(["a.com", "b\udc00.com"])
    assert (info.value.code, info.value.index) == ("lone-surrogate", 1)
    with pytest.raises(idn_hostname.HostnameError) as info:
        security.LookalikeSet(iter(["a.com", "b.com", "bad..com"]))
    assert (info.value.code, info.value.index) == ("empty-label", 2)
    assert "bad..com" in str(info.value)
    found = security.LookalikeSet({"paypal.com"})
    assert found.lookup("\ud800") is None
    with pytest.raises(TypeError):
        found.lookup(47)
    assert found.lookup("PayPal.com") is None
    assert "1 names" in repr(found)
    # Megabytes: a verdict, no crash.
    with pytest.raises(idn_hostname.HostnameError):
        security.display("a" * (1 << 20))
    assert found.lookup("\u0301" * (1 << 20)) is None


def test_the_module_examples():
    failures, tried = doctest.testmod(security)
    assert tried >= 5 and failures == 0


def test_the_display_safe_format_equals_the_crate(conformance, bench):
    import jsonschema

    import idn_hostname.jsonschema as ij

    names = all_names(conformance, bench)
    expected = crate_json(names, ["--display"])
    v = jsonschema.Draft202012Validator({"format": ij.DISPLAY_SAFE_FORMAT}, format_checker=ij.FORMAT_CHECKER)
    refused = 0
    for name, crate in zip(names, expected):
        errors = list(v.iter_errors(name))
        if not crate["valid"]:
            assert len(errors) == 1 and isinstance(errors[0].cause, idn_hostname.HostnameError), name
            assert errors[0].cause.code == crate["error"]["code"], name
            continue
        shown_as_a_label = [i for i, l in enumerate(crate["display_labels"]) if l["form"] == "a-label"]
        if not shown_as_a_label:
            assert errors == [], name
            continue
        refused += 1
        assert len(errors) == 1, name
        cause = errors[0].cause
        assert isinstance(cause, security.NotSafeToDisplay), name
        first = crate["display_labels"][shown_as_a_label[0]]
        assert (cause.label_index, cause.label) == (shown_as_a_label[0] + 1, first["label"]), name
        assert cause.reasons == tuple(first["reasons"]), name
        assert cause.display.display == crate["display"], name
    assert refused > 0
    # A format applies to strings only (JSON Schema Validation, section 7.1).
    for instance in (12, None, ["\u0441\u043e\u0441\u043e.com"], {"a": 1}):
        assert v.is_valid(instance)
    failures, tried = doctest.testmod(ij)
    assert tried >= 4 and failures == 0
