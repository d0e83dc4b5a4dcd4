"""The Python API: types in, errors out, bad input. Expected verdicts and messages come from the
crate (its command line), never from this file."""

from __future__ import annotations

import pickle

import pyarrow as pa
import pytest

import idn_hostname
import idn_hostname.arrow
from idn_hostname import HostnameError, uts46

from conftest import crate_json, python_offset

CHECKS = [
    idn_hostname.is_hostname,
    idn_hostname.is_idn_hostname,
    idn_hostname.check_hostname,
    idn_hostname.check_idn_hostname,
    idn_hostname.is_fqdn_hostname,
    idn_hostname.is_fqdn_idn_hostname,
    idn_hostname.check_fqdn_hostname,
    idn_hostname.check_fqdn_idn_hostname,
    idn_hostname.to_ascii,
    idn_hostname.to_unicode,
    uts46.to_ascii,
    uts46.to_unicode,
]


@pytest.mark.parametrize("f", CHECKS, ids=lambda f: f"{f.__module__}.{f.__name__}")
@pytest.mark.parametrize(
    "value,type_name",
    [(b"example.com", "bytes"), (None, "NoneType"), (47, "int"), (["a"], "list"), (bytearray(b"a"), "bytearray")],
)
def test_non_str_is_type_error_naming_the_type(f, value, type_name):
    with pytest.raises(TypeError) as info:
        f(value)
    assert str(info.value) == f"expected a str, got {type_name}"


@pytest.mark.parametrize("f", CHECKS, ids=lambda f: f"{f.__module__}.{f.__name__}")
def test_every_function_has_a_docstring(f):
    assert f.__doc__ and len(f.__doc__) > 40


def test_error_attributes_are_the_crates():
    name = "www.a\u00b7b.example"
    [want] = crate_json([name], [])
    with pytest.raises(HostnameError) as info:
        idn_hostname.check_idn_hostname(name)
    e = info.value
    assert isinstance(e, ValueError)
    assert str(e) == want["error"]["message"]
    assert e.code == want["error"]["code"]
    assert e.label_index == want["error"]["label"]  # counted from 1, as in the message
    assert e.label == "a\u00b7b"
    assert e.code_point == want["error"]["code_point"]
    assert e.offset == python_offset(name, want["error"]["offset"])
    assert name[e.offset] == "\u00b7"  # the index of the code point in the str
    assert e.hint is None


def test_a_hint_is_the_crates():
    # docs/errors.md: a port is not part of a host name; the valid host is the suggestion.
    name = "example.com:443"
    [want] = crate_json([name], ["--format", "hostname"])
    with pytest.raises(HostnameError) as info:
        idn_hostname.check_hostname(name)
    e = info.value
    assert e.hint == idn_hostname.Hint("port", "example.com")
    assert {"code": e.hint.code, "suggestion": e.hint.suggestion} == want["error"]["hint"]
    assert str(e) == want["error"]["message"] and str(e).endswith('the host is "example.com"')
    import pickle
    assert pickle.loads(pickle.dumps(e)).hint == e.hint


def test_numeric_top_level_labels_follow_the_crates_option():
    assert not idn_hostname.is_hostname("192.168.0.1")  # RFC 1123 section 2.1
    assert idn_hostname.is_hostname("192.168.0.1", allow_numeric_tld=True)


def test_offset_indexes_code_points_past_non_ascii():
    name = "b\u00fccher.\u0627\u0628.-x"
    [want] = crate_json([name], [])
    with pytest.raises(HostnameError) as info:
        idn_hostname.check_idn_hostname(name)
    assert info.value.offset == python_offset(name, want["error"]["offset"])
    assert want["error"]["offset"] > info.value.offset


def test_whole_name_error_has_no_label():
    with pytest.raises(HostnameError) as info:
        idn_hostname.check_hostname("")
    [want] = crate_json([""], ["--format", "hostname"])
    assert (info.value.code, info.value.label, info.value.label_index) == (want["error"]["code"], None, None)


def test_error_pickles_with_its_attributes():
    with pytest.raises(HostnameError) as info:
        idn_hostname.check_idn_hostname("xn--X")
    e = pickle.loads(pickle.dumps(info.value))
    assert (str(e), e.code, e.label, e.label_index, e.offset, e.code_point) == (
        str(info.value), info.value.code, info.value.label, info.value.label_index, info.value.offset, info.value.code_point,
    )


@pytest.mark.parametrize("name,index", [("\ud800", 0), ("ab.c\udfff", 4), ("b\u00fccher.\udc00x", 7)])
def test_lone_surrogate(name, index):
    assert idn_hostname.is_hostname(name) is False
    assert idn_hostname.is_idn_hostname(name) is False
    for check in (idn_hostname.check_hostname, idn_hostname.check_idn_hostname, idn_hostname.to_ascii, uts46.to_ascii, uts46.to_unicode):
        with pytest.raises(HostnameError) as info:
            check(name)
        e = info.value
        assert e.code == "lone-surrogate"
        assert (e.label, e.label_index, e.offset) == (None, None, index)
        assert e.code_point == f"U+{ord(name[index]):04X}"
        assert 0xD800 <= ord(name[e.offset]) <= 0xDFFF
        assert e.code_point in str(e) and "D76" in str(e) and "surrogate" in str(e)


def test_str_subclass_is_a_str():
    class Host(str):
        def __getitem__(self, i):  # an override the binding must not call
            raise AssertionError("called")

    assert idn_hostname.is_idn_hostname(Host("b\u00fccher.example"))
    with pytest.raises(HostnameError) as info:
        idn_hostname.check_idn_hostname(Host("a.\ud800"))
    assert info.value.offset == 2


def test_megabyte_strings():
    for name in ("a" * (1 << 20), "\u00fc" * (1 << 20), ("a." * (1 << 19)), "\U0001F4A9" * (1 << 18)):
        for f in (idn_hostname.is_hostname, idn_hostname.is_idn_hostname):
            assert f(name) is False
        for f in (idn_hostname.check_hostname, idn_hostname.check_idn_hostname, idn_hostname.to_ascii, idn_hostname.to_unicode):
            with pytest.raises(HostnameError) as info:
                f(name)
            assert info.value.code
        with pytest.raises(idn_hostname.Uts46Error):
            uts46.to_ascii(name)
    # The command line takes a long name as an argument (at most 128 KiB on Linux).
    [want] = crate_json(["\u00fc" * 50_000], [])
    with pytest.raises(HostnameError) as info:
        idn_hostname.check_idn_hostname("\u00fc" * 50_000)
    assert info.value.code == want["error"]["code"]


def test_options_are_the_crates():
    names = ["_dmarc.example.com.", "B\u00fccher.de", "example.com.", "\u0627\u0628.1a", "a.\u05d0"]
    flag_sets = [
        ([], {}),
        (["--trailing-dot"], {"allow_trailing_dot": True}),
        (["--underscore", "--trailing-dot"], {"allow_underscore_labels": True, "allow_trailing_dot": True}),
        (["--uts46-mapping"], {"uts46_mapping": True}),
    ]
    for flags, options in flag_sets:
        for want in crate_json(names, flags):
            assert idn_hostname.is_idn_hostname(want["name"], **options) == want["valid"], (want, options)
    # FQDN variants: the trailing dot allowed.
    for want in crate_json(names, ["--trailing-dot"]):
        assert idn_hostname.is_fqdn_idn_hostname(want["name"]) == want["valid"]


def test_bidi_scope():
    # The two readings differ on an LTR label beside an RTL one (README "Options").
    name = "1a.\u05d0"
    assert idn_hostname.is_idn_hostname(name, bidi_scope="rtl-labels") != idn_hostname.is_idn_hostname(name)
    with pytest.raises(ValueError, match="bidi_scope"):
        idn_hostname.is_idn_hostname(name, bidi_scope="ltr")
    with pytest.raises(TypeError):
        idn_hostname.is_idn_hostname(name, allow_dots=True)


def test_uts46_flags_reach_the_crate():
    assert uts46.to_ascii("_sip._tcp.example", use_std3_ascii_rules=False) == "_sip._tcp.example"
    with pytest.raises(idn_hostname.Uts46Error) as info:
        uts46.to_ascii("_sip._tcp.example")
    assert info.value.statuses == ["U1"]
    assert uts46.to_ascii("a-.de", check_hyphens=False) == "a-.de"
    assert uts46.to_ascii("fa\u00df.de", transitional_processing=True) == "fass.de"
    assert uts46.to_ascii("xn--X.de", ignore_invalid_punycode=True) == "xn--x.de"
    assert uts46.to_ascii("a.." , verify_dns_length=False) == "a.."
    assert uts46.to_unicode("a\u200cb", check_joiners=False) == "a\u200cb"
    assert uts46.to_unicode("1a.\u05d0", check_bidi=False) == "1a.\u05d0"


def test_arrow_nulls_and_types():
    a = pa.array(["b\u00fccher.example", None, "xn--X", None])
    assert pa.array(idn_hostname.arrow.is_idn_hostname(a)).to_pylist() == [True, None, False, None]
    checked = pa.array(idn_hostname.arrow.check_idn_hostname(a))
    assert checked.to_pylist() == [{"valid": True, "code": None}, None, {"valid": False, "code": "punycode-truncated"}, None]
    for t in (pa.string(), pa.large_string(), pa.string_view()):
        assert pa.array(idn_hostname.arrow.is_hostname(a.cast(t))).to_pylist() == [False, None, False, None]
    for bad in (pa.array([1, 2]), pa.array([b"a"]), pa.array(["a"]).dictionary_encode(), pa.record_batch({"x": ["a"]})):
        with pytest.raises(TypeError, match="string"):
            idn_hostname.arrow.is_hostname(bad)
    with pytest.raises(TypeError, match="list"):
        idn_hostname.arrow.is_hostname(["a"])
    empty = pa.array([], pa.string())
    assert len(idn_hostname.arrow.is_hostname(empty)) == 0
    assert pa.array(idn_hostname.arrow.is_hostname(pa.chunked_array([["a"], [], ["b_", None]]))).to_pylist() == [True, False, None]
    big = pa.array(["a" * (1 << 20), "\ud7ff" * 1000])
    assert pa.array(idn_hostname.arrow.is_idn_hostname(big)).to_pylist() == [False, False]


def test_memory_is_bounded_by_the_input():
    # Peak memory, in a fresh interpreter: a 64 MiB name costs a small multiple of itself (the
    # UTF-8 form CPython makes and keeps with a non-ASCII str, whose encoder may overallocate;
    # the crate refuses a name that long first); a million names through Arrow cost the
    # result's buffers, no Python object per name.
    code = r'''
import resource, sys
import pyarrow as pa
import idn_hostname, idn_hostname.arrow

def peak():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

name = "\u00fc" * (32 << 20)  # 32 Mi code points, 64 MiB of UTF-8
base = peak()
assert not idn_hostname.is_idn_hostname(name)
try:
    idn_hostname.check_idn_hostname(name)
except idn_hostname.HostnameError:
    pass
one = peak() - base
names = pa.array(["b\u00fccher.example"] * 1_000_000)
base = peak()
checked = pa.array(idn_hostname.arrow.check_idn_hostname(names))
assert checked.field("valid").true_count == 1_000_000
column = peak() - base
print(one, column)
'''
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    one, column = map(int, run.stdout.split())
    assert one <= 3 * (64 << 20), one
    # The result: a bitmap for valid, offsets and a bitmap for code, the struct's bitmap.
    assert column <= 32 << 20, column
