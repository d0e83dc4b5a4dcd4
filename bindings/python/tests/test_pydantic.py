"""idn_hostname.pydantic: the published schema and the check are the crate's; bad input gets
Pydantic's usual errors."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

import idn_hostname
from idn_hostname.pydantic import FqdnHostname, FqdnIdnHostname, Hostname, IdnHostname

from conftest import crate_json

TYPES = [
    (Hostname, "hostname", idn_hostname.check_hostname),
    (IdnHostname, "idn-hostname", idn_hostname.check_idn_hostname),
    (FqdnHostname, None, idn_hostname.check_fqdn_hostname),
    (FqdnIdnHostname, None, idn_hostname.check_fqdn_idn_hostname),
]


@pytest.mark.parametrize("t,fmt,check", TYPES)
def test_schema_publishes_the_format(t, fmt, check):
    schema = TypeAdapter(t).json_schema()
    assert schema["type"] == "string"
    assert schema.get("format") == fmt
    if fmt is None:
        assert "root dot" in schema["description"]


@pytest.mark.parametrize("fmt", ["hostname", "idn-hostname"])
def test_verdicts_and_errors_are_the_crates(bench, fmt):
    adapter = TypeAdapter(Hostname if fmt == "hostname" else IdnHostname)
    for want in crate_json(bench, ["--format", fmt]):
        if want["valid"]:
            assert adapter.validate_python(want["name"]) == want["name"]
            continue
        with pytest.raises(ValidationError) as info:
            adapter.validate_python(want["name"])
        [error] = info.value.errors()
        assert (error["type"], error["msg"]) == (want["error"]["code"], want["error"]["message"])
        assert error["ctx"]["label_index"] == want["error"]["label"]


def test_fqdn_types_take_the_root_dot():
    assert TypeAdapter(FqdnHostname).validate_python("example.com.") == "example.com."
    assert TypeAdapter(FqdnIdnHostname).validate_python("bücher.example.") == "bücher.example."
    with pytest.raises(ValidationError):
        TypeAdapter(Hostname).validate_python("example.com.")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")
    host: IdnHostname


@pytest.mark.parametrize("value", [47, None, {"a": 1}, ["a"], 4.5, True])
def test_wrong_json_types_get_pydantics_type_error(value):
    # The JSON types other than string (bytes are no JSON type: Pydantic's lax mode decodes them).
    with pytest.raises(ValidationError) as info:
        Strict(host=value)
    assert [e["type"] for e in info.value.errors()] == ["string_type"]
    with pytest.raises(ValidationError):
        Strict.model_validate_json('{"host": %s}' % ("47" if value == 47 else "null"))


def test_strict_model_refuses_unknown_keys():
    with pytest.raises(ValidationError) as info:
        Strict(host="bücher.example", port=80)
    assert [e["type"] for e in info.value.errors()] == ["extra_forbidden"]


def test_value_is_kept_as_given_and_bad_input_is_refused():
    assert Strict(host="Bücher.example".lower()).host == "bücher.example"
    assert Strict.model_validate_json('{"host": "EXAMPLE.com"}').host == "EXAMPLE.com"
    for bad in ("a" * (1 << 20), "\ud800.example", "xn--X", " example.com"):
        with pytest.raises(ValidationError) as info:
            Strict(host=bad)
        assert info.value.errors()[0]["type"] not in ("string_type", "extra_forbidden")
