"""python-jsonschema with FORMAT_CHECKER: every case of the official JSON Schema test suite's
hostname and idn-hostname files (data/json-schema-test-suite/, every draft) and of
data/conformance/json-schema/, 100 %."""

from __future__ import annotations

import json

import jsonschema
import pytest

import idn_hostname
from idn_hostname.jsonschema import FORMAT_CHECKER, register

from conftest import DATA

VALIDATORS = {
    "draft3": jsonschema.Draft3Validator,
    "draft4": jsonschema.Draft4Validator,
    "draft6": jsonschema.Draft6Validator,
    "draft7": jsonschema.Draft7Validator,
    "draft2019-09": jsonschema.Draft201909Validator,
    "draft2020-12": jsonschema.Draft202012Validator,
    # The suite's next version: 2020-12's vocabulary for format (python-jsonschema has no v1).
    "v1": jsonschema.Draft202012Validator,
}


def cases(root):
    out = []
    for path in sorted(root.rglob("*.json")):
        draft = path.relative_to(root).parts[0]
        for group in json.loads(path.read_text(encoding="utf-8")):
            assert group["schema"]["format"] in ("hostname", "host-name", "idn-hostname")
            for test in group["tests"]:
                out.append((f"{path.relative_to(root)}: {test['description']}", draft, group["schema"], test))
    return out


def run(found):
    failures = []
    for where, draft, schema, test in found:
        schema = {k: v for k, v in schema.items() if k != "$schema"}
        validator = VALIDATORS[draft](schema, format_checker=FORMAT_CHECKER)
        errors = list(validator.iter_errors(test["data"]))
        if (not errors) != test["valid"]:
            failures.append((where, test["data"], test["valid"]))
        for e in errors:
            # The reason reaches the ValidationError as its cause.
            if not isinstance(e.cause, idn_hostname.HostnameError):
                failures.append((where, "cause", e.cause))
    return failures


def test_official_suite_every_draft():
    found = cases(DATA / "json-schema-test-suite")
    assert {c[1] for c in found} == set(VALIDATORS)
    assert len(found) > 300
    assert run(found) == []


def test_conformance_json_schema_every_draft():
    found = cases(DATA / "conformance" / "json-schema")
    assert {c[1] for c in found} == set(VALIDATORS)
    assert len(found) > 50_000
    assert run(found) == []


def test_cause_is_the_crates_error():
    v = jsonschema.Draft202012Validator({"format": "hostname"}, format_checker=FORMAT_CHECKER)
    [error] = v.iter_errors("xn--X")
    with pytest.raises(idn_hostname.HostnameError) as info:
        idn_hostname.check_hostname("xn--X")
    assert (error.cause.code, str(error.cause)) == (info.value.code, str(info.value))


def test_register_on_an_existing_checker_keeps_its_other_formats():
    checker = jsonschema.FormatChecker(formats=("hostname", "ipv4"))
    assert register(checker) is checker
    assert not checker.conforms("xn--X", "hostname")
    assert checker.conforms("127.0.0.1", "ipv4") and not checker.conforms("1.2.3", "ipv4")
    assert not checker.conforms("a\u00b7b", "idn-hostname")
    # The module-level checker keeps python-jsonschema's other formats.
    assert "date" in FORMAT_CHECKER.checkers and "ipv4" in FORMAT_CHECKER.checkers
    # Only strings are judged.
    assert FORMAT_CHECKER.conforms(12, "hostname")
    # The default checker of python-jsonschema is not changed.
    assert jsonschema.FormatChecker().checkers.get("hostname", (None,))[0] is not FORMAT_CHECKER.checkers["hostname"][0]
